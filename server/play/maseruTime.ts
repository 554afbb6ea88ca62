// Lesotho's calendar on the server (Africa/Maseru is UTC+2 all year, no DST). The wire format itself,
// written here and read by the client, is one rule in machines/rules/wireDate.ts.
import { MASERU_OFFSET_MS } from '../../machines/rules/wireDate.ts';

/** 'yyyy-mm-dd hh:mm' (or with ':ss') in Maseru local time, the format the original API sent. */
export { formatWireDate as formatMaseru } from '../../machines/rules/wireDate.ts';

/** The instant of a Maseru wall-clock time (month 1-based). */
export function maseruInstant(year: number, month: number, day: number, hour = 0, minute = 0): Date {
  return new Date(Date.UTC(year, month - 1, day, hour, minute) - MASERU_OFFSET_MS);
}

/** Midnight (Maseru) of the day `date` falls on, plus `days` days, at `hour`:`minute`. */
export function maseruDayAt(date: Date, days: number, hour: number, minute = 0): Date {
  const d = new Date(date.getTime() + MASERU_OFFSET_MS);
  return maseruInstant(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate() + days, hour, minute);
}
