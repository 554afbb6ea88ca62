// Pure helpers for the responsible-play section: reading the typed limit and describing what a change does.
import { parseAmountCents } from '../../../machines/rules/amount';

/**
 * The typed limit in M ("M 150", "1 000.5"), or null when the server would refuse it: the same amount rule
 * as every wallet payment (parseAmountCents), up to M 1,000,000.
 */
export function parseAmount(text: string): number | null {
  const cents = parseAmountCents(text.replace(/^\s*M\.?/i, '').replace(/[\s,]/g, ''));
  return cents === null ? null : cents / 100;
}
