// Display formats of the results screen: money as 'M. x.xx' (SPEC.md §2) and wire dates as dd/MM/yyyy HH:mm.
import { formatMoney as groupedMoney } from '../../../machines/rules/money';
import { parseWireDate } from '../../../machines/rules/results';
import { formatDate } from '../../lib/dateFormat';

/** 'M. 1,250.00' from the wire's M amount: grouped like the wallet's amounts, so a jackpot reads at a glance. */
export const formatMoney = (amount: number): string =>
  `M. ${groupedMoney(Number.isFinite(amount) ? amount : 0)}`;

/** 'yyyy-mm-dd hh:mm' → 'dd/MM/yyyy hh:mm'; anything unreadable is shown as sent. */
export function formatWireDate(text: string): string {
  const d = parseWireDate(text);
  return Number.isNaN(d.getTime()) ? text : `${formatDate(d)} ${text.slice(11, 16)}`;
}
