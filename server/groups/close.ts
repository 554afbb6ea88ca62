// The close of a round's groups (DESIGN.md "Group play"): once the round has ended, each open group is
// closed exactly once, in one transaction holding the round's row and the group's row: a full group is
// submitted as one slip of its captain's number (channel and paid from GROUP) paid from its escrow; an
// unfull one follows its rule (CAPTAIN_COVERS: the captain's wallet buys the rest, else the group is
// cancelled; CANCEL); a cancelled group refunds every share. Run by a pg-boss job at the round's end,
// by the roll-forward job as a backstop, and by settlement (in its first transaction) if neither has:
// run twice or killed half way, the group is closed once (its status is re-read under its lock and the
// transaction commits or rolls back whole).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { maskMsisdn } from '../../machines/rules/phoneDisplay.ts';
import type { Database } from '../db/index.ts';
import type { ReceiptKey } from '../play/receiptKey.ts';
import { newReference, recordSlip } from '../play/receipts.ts';
import type { StakeGuard } from '../play/submit.ts';
import { inTransaction, lockWallet, postMove } from '../wallet/ledger.ts';
import { SERVICE_ID } from '../wallet/subscriptions.ts';
import type { GroupDeps } from './deps.ts';
import { insertShare, payShare, refundShare } from './pay.ts';
import { closeAction, escrowAccount } from './rules.ts';
import { type Group, lockGroup, membersOf } from './store.ts';

type Db = Kysely<Database>;

export type Closed = 'SUBMITTED' | 'CANCELLED';

interface CloseContext {
  now: Date;
  guards: StakeGuard[];
  /** Signs the group's slip; a close that must submit without one is a programming error. */
  receiptKey?: ReceiptKey;
}

/** Closes `group` (read under its lock, OPEN, its round ended and held by the caller's transaction). */
export async function closeLockedGroup(trx: Db, group: Group, ctx: CloseContext): Promise<Closed> {
  let action = closeAction(group);
  if (action === 'COVER') action = (await captainCovers(trx, group, ctx)) ? 'SUBMIT' : 'CANCEL';
  if (action === 'SUBMIT') {
    await submitGroupSlip(trx, group, ctx);
    return 'SUBMITTED';
  }
  await cancelGroup(trx, group, ctx.now);
  return 'CANCELLED';
}

/** The captain's wallet buys the unsold shares at the share price, within their limits; false if not. */
async function captainCovers(trx: Db, group: Group, ctx: CloseContext): Promise<boolean> {
  const missing = group.shares - group.sold;
  const amountCents = group.sharePriceCents * missing;
  await lockWallet(trx, group.captain);
  for (const guard of ctx.guards) {
    if (await guard(trx, group.captain, amountCents, ctx.now)) return false;
  }
  const shareId = await insertShare(
    trx,
    {
      groupId: group.id,
      msisdn: group.captain,
      count: missing,
      amountCents,
      reference: newReference(group.sid),
      source: 'COVER',
      key: `cover:${group.id}`,
    },
    ctx.now,
  );
  if (!(await payShare(trx, { id: shareId, groupId: group.id, msisdn: group.captain, amountCents }))) {
    await trx.deleteFrom('group_shares').where('id', '=', shareId).execute();
    return false;
  }
  await trx.updateTable('groups').set({ sold: group.shares }).where('id', '=', group.id).execute();
  group.sold = group.shares;
  return true;
}

/** The group's one slip: the captain's number, paid from the escrow (which holds exactly its price). */
async function submitGroupSlip(trx: Db, group: Group, ctx: CloseContext): Promise<void> {
  if (!ctx.receiptKey) throw new Error(`closing group ${group.id} needs the receipt key`);
  const stake = await postMove(trx, {
    msisdn: escrowAccount(group.id),
    amountCents: -group.priceCents,
    kind: 'STAKE',
    reason: 'BETSLIP_STAKE',
    serviceId: SERVICE_ID,
    idempotencyKey: `stake:group:${group.id}`,
  });
  if (!stake.ok) throw new Error(`escrow of group ${group.id} does not hold the slip's price`);
  const members = await membersOf(trx, group);
  const submissionId = randomUUID();
  await recordSlip(
    trx,
    ctx.receiptKey,
    {
      id: submissionId,
      sid: group.sid,
      msisdn: group.captain,
      predictions: group.predictions,
      systemId: group.systemId,
      costCents: group.priceCents,
      paidFrom: 'GROUP',
      paymentRef: group.id,
      idempotencyKey: `group:${group.id}`,
      channel: 'GROUP',
      group: {
        code: group.code,
        name: group.name,
        members: members.map((m) => ({ msisdnMasked: maskMsisdn(m.msisdn), shares: m.shares })),
      },
    },
    ctx.now,
  );
  await trx
    .updateTable('groups')
    .set({ status: 'SUBMITTED', submission_id: submissionId, updated_at: ctx.now })
    .where('id', '=', group.id)
    .execute();
}

/** Refunds every share from the escrow and marks the group CANCELLED. */
async function cancelGroup(trx: Db, group: Group, now: Date): Promise<void> {
  const shares = await trx
    .selectFrom('group_shares')
    .select(['id', 'msisdn', 'amount_cents'])
    .where('group_id', '=', group.id)
    .orderBy('id')
    .execute();
  for (const share of shares) {
    await refundShare(trx, {
      id: Number(share.id),
      groupId: group.id,
      msisdn: share.msisdn,
      amountCents: Number(share.amount_cents),
    });
  }
  await trx
    .updateTable('groups')
    .set({ status: 'CANCELLED', updated_at: now })
    .where('id', '=', group.id)
    .execute();
}

export interface CloseReport {
  submitted: number;
  cancelled: number;
}

/**
 * Closes one group if it is open and its round has ended: the round's row FOR SHARE (a settlement, which
 * takes it FOR UPDATE, waits), then the group's FOR UPDATE. 'NOT_DUE' before the round's end.
 */
export function closeGroup(
  deps: Pick<GroupDeps, 'db' | 'now' | 'guards' | 'receiptKey'>,
  groupId: string,
): Promise<Closed | 'NOT_DUE' | 'DONE_BEFORE'> {
  return inTransaction(deps.db, async (trx) => {
    const sid = (
      await trx.selectFrom('groups').select('betslip_sid').where('id', '=', groupId).executeTakeFirstOrThrow()
    ).betslip_sid;
    const round = await trx
      .selectFrom('betslips')
      .select(['status', 'end_at'])
      .where('sid', '=', sid)
      .forShare()
      .executeTakeFirstOrThrow();
    const now = deps.now();
    // Settlement closes what is left in its own first transaction, before anything is counted.
    if (round.status === 'SETTLING' || round.status === 'SETTLED') return 'DONE_BEFORE';
    if (now.getTime() < round.end_at.getTime()) return 'NOT_DUE';
    const group = await lockGroup(trx, groupId);
    if (group.status !== 'OPEN') return 'DONE_BEFORE';
    return closeLockedGroup(trx, group, { now, guards: deps.guards, receiptKey: deps.receiptKey });
  });
}

/** Closes every open group of round `sid` (each in its own transaction). */
export async function closeRoundGroups(
  deps: Pick<GroupDeps, 'db' | 'now' | 'guards' | 'receiptKey'>,
  sid: string,
): Promise<CloseReport> {
  const open = await deps.db
    .selectFrom('groups')
    .select('id')
    .where('betslip_sid', '=', sid)
    .where('status', '=', 'OPEN')
    .orderBy('created_at')
    .execute();
  const report: CloseReport = { submitted: 0, cancelled: 0 };
  for (const { id } of open) {
    const closed = await closeGroup(deps, id);
    if (closed === 'SUBMITTED') report.submitted++;
    if (closed === 'CANCELLED') report.cancelled++;
  }
  return report;
}

/** The backstop: closes the open groups of every round that has ended (the roll-forward job runs it). */
export async function closeDueGroups(
  deps: Pick<GroupDeps, 'db' | 'now' | 'guards' | 'receiptKey'>,
): Promise<CloseReport> {
  const rounds = await deps.db
    .selectFrom('groups')
    .select('betslip_sid')
    .distinct()
    .where('status', '=', 'OPEN')
    .where('closes_at', '<=', deps.now())
    .execute();
  const report: CloseReport = { submitted: 0, cancelled: 0 };
  for (const { betslip_sid } of rounds) {
    const one = await closeRoundGroups(deps, betslip_sid);
    report.submitted += one.submitted;
    report.cancelled += one.cancelled;
  }
  return report;
}

/**
 * Settlement's part: in its first transaction, which holds round `sid`'s row FOR UPDATE, closes every
 * group still open, so the slips it counts next are all there will be and no escrow is left holding money.
 */
export async function closeGroupsBeforeSettling(
  trx: Db,
  sid: string,
  ctx: CloseContext,
): Promise<CloseReport> {
  const rows = await trx
    .selectFrom('groups')
    .selectAll()
    .where('betslip_sid', '=', sid)
    .where('status', '=', 'OPEN')
    .orderBy('created_at')
    .execute();
  const report: CloseReport = { submitted: 0, cancelled: 0 };
  for (const row of rows) {
    const group = await lockGroup(trx, row.id);
    if (group.status !== 'OPEN') continue;
    const closed = await closeLockedGroup(trx, group, ctx);
    if (closed === 'SUBMITTED') report.submitted++;
    else report.cancelled++;
  }
  return report;
}
