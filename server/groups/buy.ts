// POST /api/protected/groups/:code/shares: a member buys shares, paid from the wallet at once into the
// group's escrow. The purchase holds the round open (its row FOR SHARE, the clock read under the lock)
// and the group's row FOR UPDATE, so two buyers racing for the last share are served one after the other
// (the second finds it full) and a purchase is wholly before or after the close (which takes the same
// group lock). It counts against the weekly limit and pause like a submission (the same stake guards).
import { ApiError, refusal } from '../errors.ts';
import {
  type Complete,
  type IdempotentAnswer,
  runIdempotent,
  type StoredResponse,
} from '../idempotency/idempotency.ts';
import { lockOpenBetslip } from '../play/betslips.ts';
import { newReference } from '../play/receipts.ts';
import { inTransaction, lockWallet } from '../wallet/ledger.ts';
import { isSubscribed } from '../wallet/subscriptions.ts';
import type { GroupDeps } from './deps.ts';
import { insertShare, payShare } from './pay.ts';
import { GROUP_CODE, sharesCost } from './rules.ts';
import { findByCode, lockGroup, sharesOf } from './store.ts';

export const BUY_ROUTE = 'group-shares';

export interface BuyRequest {
  count: number;
  lang?: string;
}

/** Buys `count` shares of group `code`, at most once per Idempotency-Key; refusals are answered. */
export async function buyShares(
  deps: GroupDeps,
  msisdn: string,
  code: string,
  request: BuyRequest,
  key: string,
): Promise<IdempotentAnswer> {
  try {
    return await runIdempotent(
      deps.db,
      { msisdn, route: BUY_ROUTE, key },
      { code, ...request },
      (complete) => buy(deps, msisdn, code, request.count, key, complete),
      deps.now(),
    );
  } catch (error) {
    // Short of money: nothing was written and the key is not kept (top up, then the same key pays).
    if (error instanceof ApiError) return { ...refusal(error.statusCode, error.messageKey), replayed: false };
    throw error;
  }
}

async function buy(
  deps: GroupDeps,
  msisdn: string,
  code: string,
  count: number,
  key: string,
  complete: Complete,
): Promise<StoredResponse> {
  const { db } = deps;
  const found = GROUP_CODE.test(code) ? await findByCode(db, code) : undefined;
  if (!found) return refusal(404, 'GROUP.UNKNOWN');
  if (!Number.isInteger(count) || count < 1) return refusal(400, 'ERRORS.INVALID_REQUEST');
  if (!(await isSubscribed(db, msisdn))) return refusal(403, 'SUBSCRIPTION.REQUIRED');
  return inTransaction(db, async (trx) => {
    const open = await lockOpenBetslip(trx, found.sid, deps.now);
    const group = await lockGroup(trx, found.id);
    if (group.status === 'CANCELLED') return refusal(409, 'GROUP.CANCELLED');
    if (group.status !== 'OPEN' || open !== 'OPEN') return refusal(409, 'GROUP.CLOSED');
    if (group.sold + count > group.shares) return refusal(409, 'GROUP.FULL');
    const amountCents = sharesCost(group.sharePriceCents, count, group.extraCents, false);
    await lockWallet(trx, msisdn);
    const now = deps.now();
    for (const guard of deps.guards) {
      const refused = await guard(trx, msisdn, amountCents, now);
      if (refused) return refused;
    }
    const reference = newReference(group.sid);
    const shareId = await insertShare(
      trx,
      { groupId: group.id, msisdn, count, amountCents, reference, source: 'BUY', key },
      now,
    );
    if (!(await payShare(trx, { id: shareId, groupId: group.id, msisdn, amountCents }))) {
      throw new ApiError(402, 'WALLET.INSUFFICIENT_FUNDS');
    }
    const sold = group.sold + count;
    await trx.updateTable('groups').set({ sold, updated_at: now }).where('id', '=', group.id).execute();
    const response = {
      statusCode: 200,
      body: { code: group.code, sold, myShares: await sharesOf(trx, group.id, msisdn), reference },
    };
    await complete(trx, response);
    return response;
  });
}
