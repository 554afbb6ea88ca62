// Display format of the results screen's money, 'M. x.xx'; dates use showWireDate in src/lib/dateFormat.ts.
import { formatMoney as groupedMoney } from '../../../machines/rules/money';

/** 'M. 1,250.00' from the wire's M amount: grouped like the wallet's amounts, so a jackpot reads at a glance. */
export const formatMoney = (amount: number): string =>
  `M. ${groupedMoney(Number.isFinite(amount) ? amount : 0)}`;
