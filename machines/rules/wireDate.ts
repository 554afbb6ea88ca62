// Wire dates: the original API writes instants as 'yyyy-mm-dd hh:mm' (wallet moves with ':ss') in
// Lesotho's wall-clock time, whatever the phone's zone. One parser and one formatter for both sides, so
// a date means the same instant on the server, in the betslip countdown, the results and the wallet.
// Africa/Maseru is UTC+2 all year (no daylight saving), so a fixed offset is exact and needs no ICU
// time-zone data.

/** Maseru's offset from UTC in ms. */
export const MASERU_OFFSET_MS = 2 * 60 * 60 * 1000;

const WIRE_DATE = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

const pad = (n: number) => String(n).padStart(2, '0');

/** The instant of a wire date 'yyyy-mm-dd hh:mm[:ss]' (Maseru time); Invalid Date when unreadable. */
export function parseWireDate(text: string): Date {
  const m = WIRE_DATE.exec(typeof text === 'string' ? text.trim() : '');
  if (!m) return new Date(Number.NaN);
  const [y, mo, d, h, mi, sec] = m.slice(1).map(Number) as number[];
  return new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, sec || 0) - MASERU_OFFSET_MS);
}

/** An instant as a wire date, 'yyyy-mm-dd hh:mm' (or with ':ss') in Maseru time. */
export function formatWireDate(date: Date, withSeconds = false): string {
  const d = new Date(date.getTime() + MASERU_OFFSET_MS);
  const day = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
  return withSeconds ? `${day} ${time}:${pad(d.getUTCSeconds())}` : `${day} ${time}`;
}
