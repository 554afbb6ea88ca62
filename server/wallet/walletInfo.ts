// fetch-wallet-info's answer for one subscriber (CONTRACTS.md "Play API"): the subscriber's own route and
// the call centre's view both build it here, so they always show the same figures and moves.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { formatMaseru } from '../lib/maseruTime.ts';
import { AIRTIME_SERVICE } from './airtime.ts';
import { pendingCashOuts } from './cashOut.ts';
import { depositsOf } from './deposits.ts';
import { listMoves, sumOfKind, walletSummary } from './ledger.ts';
import { isAirtimeMove, type MoveDetail, moveDetails } from './moveDetails.ts';

/**
 * Each move (newest first) with the balance right after it: walking back from today's balance, so the
 * newest figures are exact even when older moves are beyond the list.
 */
export function withBalances<M extends { amountCents: number }>(moves: readonly M[], balanceCents: number) {
  let after = balanceCents;
  return moves.map((move) => {
    const row = { move, balanceCents: after };
    after -= move.amountCents;
    return row;
  });
}

/** Cents to wire money (M with at most two decimals). */
export const toWire = (cents: number) => cents / 100;

/** A move's details on the wire: money in M. */
function wireDetail(detail: MoveDetail | undefined) {
  if (!detail) return {};
  const { groupRemainderCents, ...rest } = detail;
  return groupRemainderCents === undefined ? rest : { ...rest, groupRemainder: toWire(groupRemainderCents) };
}

export async function walletInfo(db: Kysely<Database>, msisdn: string) {
  const [summary, moves, pending, deposits, deposited] = await Promise.all([
    walletSummary(db, msisdn),
    listMoves(db, msisdn),
    pendingCashOuts(db, null, { msisdn }),
    depositsOf(db, msisdn, 20),
    sumOfKind(db, msisdn, 'DEPOSIT'),
  ]);
  // A deposit's or cash-out's status and reference, an airtime friend's masked number, on its row (one more
  // query, none without such moves).
  const details = await moveDetails(db, msisdn, moves);
  return {
    totalAvailableAmount: toWire(summary.totalAvailableAmount),
    // The SPEC's spelling, kept on the wire that phones already read; inside it is withdrawableAmount.
    withdrawablemount: toWire(summary.withdrawableAmount),
    totalWonAmount: toWire(summary.totalWonAmount),
    totalWithdrawnAmount: toWire(summary.totalWithdrawnAmount),
    currentlyWithheldAmount: toWire(summary.currentlyWithheldAmount),
    totalDepositedAmount: toWire(deposited),
    deposits: deposits.map((d) => ({
      depositId: d.id,
      reference: d.reference,
      amount: toWire(d.amountCents),
      status: d.status,
      createDate: formatMaseru(d.createdAt, true),
      mobileWalletSid: d.walletSid,
    })),
    walletMovesDto: withBalances(moves, summary.totalAvailableAmount).map(({ move, balanceCents }) => ({
      createDate: formatMaseru(move.createdAt, true),
      amount: toWire(move.amountCents),
      reason: move.reason,
      // Airtime moves stored before the wallet paid alone name the mobile wallet picked then: airtime too.
      serviceId: isAirtimeMove(move) ? AIRTIME_SERVICE : move.serviceId,
      balanceAfter: toWire(balanceCents),
      ...wireDetail(details.get(move.id)),
    })),
    pendingCashOuts: pending.map((c) => ({
      reference: c.reference,
      amount: toWire(c.amountCents),
      createDate: formatMaseru(c.createdAt, true),
      mobileWalletSid: c.mobileWalletSid,
    })),
  };
}
