// Fixed formats of SPEC.md §2 (dd/MM/yyyy, HH:mm:ss), in local time and the same in every language.
const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy */
export const formatDate = (d: Date): string =>
  `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;

/** HH:mm:ss (24-hour) */
export const formatTime = (d: Date): string =>
  `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
