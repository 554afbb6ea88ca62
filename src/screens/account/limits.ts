// Pure helpers for the responsible-play section: reading the typed limit and describing what a change does.
import { parseAmountCents, readWrittenAmount } from '../../../machines/rules/amount';

/**
 * The typed limit in M ("M 150", "1 000.5", "2,50"), or null when the server would refuse it: the same amount rule
 * as every wallet payment (parseAmountCents), up to M 1,000,000.
 */
export function parseAmount(text: string): number | null {
  const written = readWrittenAmount(text);
  const cents = written === null ? null : parseAmountCents(written);
  return cents === null ? null : cents / 100;
}
