// Money between a member's wallet and a group's escrow, always as a pair of GROUP moves in the caller's
// transaction: the member's and the escrow's, keyed by the share (a share's money moves in once and, if
// the group is cancelled, back once). A debit the wallet does not cover writes nothing and says so.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { postMove } from '../wallet/ledger.ts';
import { SERVICE_ID } from '../wallet/subscriptions.ts';
import { REASONS } from './deps.ts';
import { escrowAccount } from './rules.ts';

type Db = Kysely<Database>;

/** The member pays share `shareId` into the escrow; false (nothing written) when the wallet is short. */
export async function payShare(
  trx: Db,
  share: { id: number; groupId: string; msisdn: string; amountCents: number },
): Promise<boolean> {
  const debit = await postMove(trx, {
    msisdn: share.msisdn,
    amountCents: -share.amountCents,
    kind: 'GROUP',
    reason: REASONS.share,
    serviceId: SERVICE_ID,
    idempotencyKey: `group-share:${share.id}`,
  });
  if (!debit.ok) return false;
  await postMove(trx, {
    msisdn: escrowAccount(share.groupId),
    amountCents: share.amountCents,
    kind: 'GROUP',
    reason: REASONS.share,
    serviceId: SERVICE_ID,
    idempotencyKey: `share:${share.id}`,
  });
  return true;
}

/** Gives share `shareId`'s money back from the escrow to its member. */
export async function refundShare(
  trx: Db,
  share: { id: number; groupId: string; msisdn: string; amountCents: number },
): Promise<void> {
  const out = await postMove(trx, {
    msisdn: escrowAccount(share.groupId),
    amountCents: -share.amountCents,
    kind: 'GROUP',
    reason: REASONS.refund,
    serviceId: SERVICE_ID,
    idempotencyKey: `refund:${share.id}`,
  });
  if (!out.ok) throw new Error(`escrow of group ${share.groupId} cannot refund share ${share.id}`);
  await postMove(trx, {
    msisdn: share.msisdn,
    amountCents: share.amountCents,
    kind: 'GROUP',
    reason: REASONS.refund,
    serviceId: SERVICE_ID,
    idempotencyKey: `group-refund:${share.id}`,
  });
}

/** Adds a share row (its money is paid next, in the same transaction); returns its id. */
export async function insertShare(
  trx: Db,
  share: {
    groupId: string;
    msisdn: string;
    count: number;
    amountCents: number;
    reference: string;
    source: 'CREATE' | 'BUY' | 'COVER';
    key: string;
  },
  at: Date,
): Promise<number> {
  const row = await trx
    .insertInto('group_shares')
    .values({
      group_id: share.groupId,
      msisdn: share.msisdn,
      count: share.count,
      amount_cents: share.amountCents,
      reference: share.reference,
      source: share.source,
      idempotency_key: share.key,
      created_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
