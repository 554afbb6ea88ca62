// POST /api/protected/groups: a captain opens a group slip on the current round. The server judges the
// picks as a submission is judged (the same refusals) and prices the slip itself, system included; the
// share price is that price ÷ shares rounded down to the cent, and the captain buys their shares at once
// (the first with the cents flooring left) from the wallet into the group's escrow, in the transaction
// that holds the round open, under the wallet lock and the stake guards (limits, pause).
import { randomUUID } from 'node:crypto';
import { checkSlip } from '../../machines/rules/rows.ts';
import type { CreateGroupBody } from '../../machines/wire/groups.ts';
import { ApiError, refusal } from '../errors.ts';
import {
  type Complete,
  type IdempotentAnswer,
  runIdempotent,
  type StoredResponse,
} from '../idempotency/idempotency.ts';
import { findBetslip, lockOpenBetslip } from '../play/betslips.ts';
import { notOpen } from '../play/judge.ts';
import { newReference } from '../play/receipts.ts';
import { inTransaction, lockWallet } from '../wallet/ledger.ts';
import { isSubscribed } from '../wallet/subscriptions.ts';
import type { GroupDeps } from './deps.ts';
import { insertShare, payShare } from './pay.ts';
import { newGroupCode, sharePricing, sharesCost } from './rules.ts';

export const CREATE_ROUTE = 'groups';

/** Tries for a free code; a million codes and few live groups make a second try rare. */
const CODE_ATTEMPTS = 20;

/** Opens a group, at most once per Idempotency-Key; refusals are answered, never thrown. */
export async function createGroup(
  deps: GroupDeps,
  msisdn: string,
  body: CreateGroupBody,
  key: string,
): Promise<IdempotentAnswer> {
  try {
    const answer = await runIdempotent(
      deps.db,
      { msisdn, route: CREATE_ROUTE, key },
      body,
      (complete) => judgeAndOpen(deps, msisdn, body, key, complete),
      deps.now(),
    );
    if (answer.statusCode === 201 && !answer.replayed) {
      const { closesAt } = answer.body as { closesAt: string };
      // After the commit; a lost schedule is made up by the roll-forward job and by settlement.
      await deps.scheduleClose?.(body.betSlipSid, new Date(closesAt)).catch(() => {});
    }
    return answer;
  } catch (error) {
    // A refusal that rolled the transaction back (nothing moved, nothing kept under the key).
    if (error instanceof ApiError) return { ...refusal(error.statusCode, error.messageKey), replayed: false };
    throw error;
  }
}

async function judgeAndOpen(
  deps: GroupDeps,
  msisdn: string,
  body: CreateGroupBody,
  key: string,
  complete: Complete,
): Promise<StoredResponse> {
  const { db } = deps;
  if (body.captainShares > body.shares) return refusal(400, 'ERRORS.INVALID_REQUEST');
  const betslip = await findBetslip(db, body.betSlipSid);
  if (!betslip || betslip.status === 'DRAFT' || betslip.status === 'SCHEDULED') {
    return notOpen('NOT_CURRENT');
  }
  if (betslip.status !== 'CURRENT' || deps.now().getTime() >= betslip.endAt.getTime())
    return notOpen('CLOSED');
  // The same judgement as a submission: PICKS.INVALID / INCOMPLETE, SYSTEM.INVALID, PICKS.LIMITS.
  const checked = checkSlip(
    body.positionAndPredictionDtos,
    betslip.matches.length,
    betslip.params,
    body.systemId,
  );
  if (!checked.ok) return refusal(400, checked.messageKey);
  if (!(await isSubscribed(db, msisdn))) return refusal(403, 'SUBSCRIPTION.REQUIRED');
  const { sharePriceCents, extraCents } = sharePricing(checked.priceCents, body.shares);
  if (sharePriceCents < 1) return refusal(400, 'ERRORS.INVALID_REQUEST');
  const captainCents = sharesCost(sharePriceCents, body.captainShares, extraCents, true);
  const predictions = [...body.positionAndPredictionDtos]
    .sort((a, b) => a.betSlipPosition - b.betSlipPosition)
    .map(({ betSlipPosition, prediction }) => ({ betSlipPosition, prediction }));

  return inTransaction(db, async (trx) => {
    const open = await lockOpenBetslip(trx, betslip.sid, deps.now);
    if (open !== 'OPEN') return notOpen(open);
    await lockWallet(trx, msisdn);
    const now = deps.now();
    for (const guard of deps.guards) {
      const refused = await guard(trx, msisdn, captainCents, now);
      if (refused) return refused;
    }
    // The same key opened a group already (a retry that took over a claim left too long): that group's
    // answer, never a second group, and never a clash mistaken below for a code already taken.
    const earlier = await trx
      .selectFrom('groups')
      .select(['id', 'code', 'share_price_cents', 'shares', 'closes_at'])
      .where('captain_msisdn', '=', msisdn)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (earlier) {
      // As that group's first answer said, whatever it has become since.
      const response = opened(earlier.id, earlier.code, Number(earlier.share_price_cents), earlier, body);
      await complete(trx, response);
      return response;
    }
    const id = randomUUID();
    let code: string | undefined;
    for (let attempt = 0; attempt < CODE_ATTEMPTS && !code; attempt++) {
      const candidate = newGroupCode();
      // Nothing written when the code names a live group (the partial unique index groups_live_code):
      // draw another. Any other clash is an error, not a taken code.
      const written = await trx
        .insertInto('groups')
        .values({
          id,
          code: candidate,
          betslip_sid: betslip.sid,
          captain_msisdn: msisdn,
          name: body.name.trim() || body.name,
          predictions: JSON.stringify(predictions),
          system_id: checked.systemId,
          rows: checked.rows,
          price_cents: checked.priceCents,
          shares: body.shares,
          share_price_cents: sharePriceCents,
          captain_extra_cents: extraCents,
          sold: body.captainShares,
          unsold: body.unsold,
          status: 'OPEN',
          closes_at: betslip.endAt,
          idempotency_key: key,
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column('code').where('status', 'in', ['OPEN', 'SUBMITTED']).doNothing())
        .returning('code')
        .executeTakeFirst();
      code = written?.code;
    }
    if (!code) throw new Error('no free group code');
    const shareId = await insertShare(
      trx,
      {
        groupId: id,
        msisdn,
        count: body.captainShares,
        amountCents: captainCents,
        reference: newReference(betslip.sid),
        source: 'CREATE',
        key,
      },
      now,
    );
    // Short of money: the group is not opened (the transaction rolls back, the key is not kept).
    if (!(await payShare(trx, { id: shareId, groupId: id, msisdn, amountCents: captainCents }))) {
      throw new ApiError(402, 'WALLET.INSUFFICIENT_FUNDS');
    }
    const response = opened(
      id,
      code,
      sharePriceCents,
      { shares: body.shares, closes_at: betslip.endAt },
      body,
    );
    await complete(trx, response);
    return response;
  });
}

/** The 201 answer (the wire's GroupCreated) of a group just opened: the captain's shares sold. */
function opened(
  groupId: string,
  code: string,
  sharePriceCents: number,
  group: { shares: number; closes_at: Date },
  body: CreateGroupBody,
) {
  return {
    statusCode: 201,
    body: {
      groupId,
      code,
      sharePrice: sharePriceCents / 100,
      shares: group.shares,
      sold: body.captainShares,
      status: 'OPEN' as const,
      closesAt: group.closes_at.toISOString(),
    },
  };
}
