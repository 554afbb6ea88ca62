// Pure helpers for the responsible-play section: reading the typed limit and describing what a change does.
import { formatCents } from '../../../machines/rules/betslip';
import { formatDate, formatTime } from '../../lib/dateFormat';

/** A positive amount in M with at most two decimals ("M 150", "1 000.5"), or null when not one. */
export function parseAmount(text: string): number | null {
  const clean = text.replace(/^\s*M\.?/i, '').replace(/[\s,]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const cents = Math.round(Number(clean) * 100);
  return cents > 0 ? cents / 100 : null;
}

/** Lowering (or a first limit) applies at once; raising or removing waits 24 hours (server rule). */
export function isImmediate(current: number | null, next: number | null): boolean {
  if (next === null) return current === null;
  return current === null || next <= current;
}

/** "M 150.00", with a no-break space so the M never ends a line on its own. */
export const formatM = (amount: number): string => `M\u00a0${formatCents(Math.round(amount * 100))}`;

/** dd/MM/yyyy HH:mm in local time, from an ISO instant. */
export function formatInstant(iso: string): string {
  const d = new Date(iso);
  return `${formatDate(d)} ${formatTime(d).slice(0, 5)}`;
}

/** dd/MM/yyyy from the server's 'yyyy-mm-dd hh:mm:ss' (already Lesotho time). */
export function formatServerDate(text: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : text;
}
