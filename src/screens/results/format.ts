// Display formats of the results screen: money as 'M. x.xx' (SPEC.md §2) and wire dates as dd/MM/yyyy HH:mm.
import { formatCents } from '../../../machines/rules/betslip';
import { parseWireDate } from '../../../machines/rules/results';
import { formatDate } from '../../lib/dateFormat';

/** 'M. 1250.00' from the wire's M amount. */
export const formatMoney = (amount: number): string =>
  `M. ${formatCents(Math.round((Number.isFinite(amount) ? amount : 0) * 100))}`;

/** 'yyyy-mm-dd hh:mm' → 'dd/MM/yyyy hh:mm'; anything unreadable is shown as sent. */
export function formatWireDate(text: string): string {
  const d = parseWireDate(text);
  return Number.isNaN(d.getTime()) ? text : `${formatDate(d)} ${text.slice(11, 16)}`;
}
