// The default prize table as marketing edits it: one amount field per tier, checked as the server checks
// PUT /api/admin/prizes (tiers 14, 13, 12, 7, 6; each at most once; M 0 to 100,000,000 with at most two
// decimals; at least one tier). An empty field leaves that tier out.
import { PRIZE_TIERS, type PrizeTier } from '../../../machines/rules/prizeTiers';
import type { PrizeRow } from '../../api/marketing';

/** The server's largest prize (machines/wire/fields.ts `OperatorMoney`), in M. */
export const MAX_PRIZE = 100_000_000;

export type PrizeFields = Record<PrizeTier, string>;
export type PrizeProblem = 'amount' | 'empty';

/** The form's fields from the stored table (a tier the table lacks starts empty). */
export function fieldsOf(prizes: readonly PrizeRow[]): PrizeFields {
  const fields = {} as PrizeFields;
  for (const tier of PRIZE_TIERS) {
    const row = prizes.find((p) => p.prizeType === tier);
    fields[tier] = row ? String(row.amount) : '';
  }
  return fields;
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** The tiers whose amount is not one the server takes. */
export function badTiers(fields: PrizeFields): number[] {
  return PRIZE_TIERS.filter((tier) => {
    const text = fields[tier].trim().replace(',', '.');
    if (text === '') return false;
    return !AMOUNT.test(text) || Number(text) > MAX_PRIZE;
  });
}

/** The table to send, or why it cannot be sent. */
export function prizesOf(
  fields: PrizeFields,
): { ok: true; prizes: PrizeRow[] } | { ok: false; problem: PrizeProblem } {
  if (badTiers(fields).length > 0) return { ok: false, problem: 'amount' };
  const prizes = PRIZE_TIERS.filter((tier) => fields[tier].trim() !== '').map((tier) => ({
    prizeType: tier,
    amount: Number(fields[tier].trim().replace(',', '.')),
  }));
  return prizes.length === 0 ? { ok: false, problem: 'empty' } : { ok: true, prizes };
}
