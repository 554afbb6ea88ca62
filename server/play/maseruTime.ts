// Wire dates for Lesotho. Africa/Maseru is UTC+2 all year (no DST), so a fixed offset is exact and
// avoids depending on the ICU time-zone data shipped with Node.
const MASERU_OFFSET_MS = 2 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'yyyy-mm-dd hh:mm' (or with ':ss') in Maseru local time, the format the original API sent. */
export function formatMaseru(date: Date, withSeconds = false): string {
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
