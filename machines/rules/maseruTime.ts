// Lesotho's time for client and server: the wire dates, the Maseru calendar and dates as people see them.
// The original API writes instants as 'yyyy-mm-dd hh:mm' (wallet moves with ':ss') in Lesotho's
// wall-clock time, whatever the phone's zone. One parser and one formatter for both sides, so a date
// means the same instant on the server, in the betslip countdown, the results and the wallet.
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

/** The instant of a Maseru wall-clock time (month 1-based). */
export function maseruInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - MASERU_OFFSET_MS);
}

/** Midnight (Maseru) of the day `date` falls on, plus `days` days, at `hour`:`minute`. */
export function maseruDayAt(date: Date, days: number, hour: number, minute = 0): Date {
  const d = new Date(date.getTime() + MASERU_OFFSET_MS);
  return maseruInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate() + days, hour, minute);
}

// How people see dates and times: dd/MM/yyyy and HH:mm (24-hour), in Maseru time in every language and
// whatever zone the phone is in, so a subscriber, the call centre and an SMS name the same day and hour.

/** A Date whose UTC fields read Maseru's wall clock. */
const wallClock = (date: Date) => new Date(date.getTime() + MASERU_OFFSET_MS);

/** dd/MM/yyyy */
export function formatDate(date: Date): string {
  const d = wallClock(date);
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
}

/** HH:mm */
export function formatTime(date: Date): string {
  const d = wallClock(date);
  return `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** HH:mm:ss: the header's live clock. */
export const formatClock = (date: Date): string =>
  `${formatTime(date)}:${pad(wallClock(date).getUTCSeconds())}`;

/** dd/MM/yyyy HH:mm */
export const formatDateTime = (date: Date): string => `${formatDate(date)} ${formatTime(date)}`;

/** An instant as the server sends it (ISO 8601) as dd/MM/yyyy HH:mm; anything unreadable as sent. */
export function showInstant(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatDateTime(date);
}

/** A wire date 'yyyy-mm-dd hh:mm[:ss]' (already Maseru time) as dd/MM/yyyy HH:mm; anything else as sent. */
export function showWireDate(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}:\d{2})/.exec(text);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}` : text;
}

/** The day of a wire date, dd/MM/yyyy; anything else as sent. */
export function showWireDay(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : text;
}
