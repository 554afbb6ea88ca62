// Fixed date and time formats (dd/MM/yyyy, HH:mm:ss), in local time and the same in every language.
const pad = (n: number) => String(n).padStart(2, '0');

/** dd/MM/yyyy */
export const formatDate = (d: Date): string =>
  `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;

/** dd/MM/yyyy HH:mm (24-hour), local time */
export const formatDateTime = (d: Date): string =>
  `${formatDate(d)} ${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** HH:mm:ss (24-hour) */
export const formatTime = (d: Date): string =>
  `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/**
 * A wire date 'yyyy-mm-dd hh:mm' as the app shows dates, 'dd/MM/yyyy hh:mm', in Maseru time as sent (the
 * time of a match or a bet in Lesotho, whatever the phone's zone); anything unreadable is shown as sent.
 */
export function showWireDate(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2})/.exec(text);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : text;
}
