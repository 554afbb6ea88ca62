// The call centre's read-only view of a subscriber's wallet: the same figures and moves the subscriber
// sees in fetch-wallet-info (CONTRACTS.md "Play API"), from the same ledger functions.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { formatMaseru } from '../play/maseruTime.ts';
import { listMoves, walletSummary } from '../wallet/ledger.ts';

const m = (cents: number) => cents / 100;

export async function walletInfo(db: Kysely<Database>, msisdn: string) {
  const [summary, moves] = await Promise.all([walletSummary(db, msisdn), listMoves(db, msisdn)]);
  return {
    totalAvailableAmount: m(summary.totalAvailableAmount),
    withdrawablemount: m(summary.withdrawablemount),
    totalWonAmount: m(summary.totalWonAmount),
    totalWithdrawnAmount: m(summary.totalWithdrawnAmount),
    currentlyWithheldAmount: m(summary.currentlyWithheldAmount),
    walletMovesDto: moves.map((move) => ({
      createDate: formatMaseru(move.createdAt, true),
      amount: m(move.amountCents),
      reason: move.reason,
      serviceId: move.serviceId,
    })),
  };
}
