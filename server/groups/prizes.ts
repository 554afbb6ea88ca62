// Settlement's part of group play: a group's winning slip is split by shares to the cent (floor per
// share, the cents left over to the captain) and credited in the same transaction that writes the slip's
// prize (settleBatch.ts), one GROUP_PRIZE move per member keyed by the group, so a second or resumed run
// pays nothing twice. Credits take no wallet lock, as settlement's own do (a credit cannot overdraw).
// When the round is settled, its submitted groups are SETTLED, won or not.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/index.ts';
import { LedgerKeyConflictError, toCents } from '../wallet/ledger.ts';
import { SERVICE_ID } from '../wallet/subscriptions.ts';
import { REASONS } from './deps.ts';
import { splitPrize } from './rules.ts';
import { membersOf, toGroup } from './store.ts';

type Db = Kysely<Database>;

/** The move key of a member's part of group `groupId`'s prize. */
export const groupPrizeKey = (groupId: string) => `group-prize:${groupId}`;

/**
 * Whether round `sid` has any group slip. Settlement asks once, after closing the round's groups (no group
 * slip can be added after that), and looks for group slips among each batch's winners only if so.
 */
export async function hasGroupSlips(db: Db, sid: string): Promise<boolean> {
  const row = await db
    .selectFrom('groups')
    .select('id')
    .where('betslip_sid', '=', sid)
    .where('submission_id', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Pays the groups among `winners` (submission ids of round `sid` with a prize written in this
 * transaction); returns the cents this call paid and the ids of the group slips (settlement pays the
 * other winners itself).
 */
export async function payGroupPrizes(
  trx: Db,
  sid: string,
  winners: readonly string[],
): Promise<{ paidCents: number; groupSlips: Set<string> }> {
  const rows = await trx
    .selectFrom('groups as g')
    .innerJoin('slip_results as r', 'r.submission_id', 'g.submission_id')
    .selectAll('g')
    .select('r.amount_won_cents as won')
    .where('g.betslip_sid', '=', sid)
    .where('g.submission_id', 'in', winners.length ? [...winners] : [''])
    .execute();
  let paidCents = 0;
  for (const { won, ...row } of rows) {
    const group = toGroup(row);
    const amount = toCents(won);
    if (amount <= 0) continue;
    const split = splitPrize(amount, await membersOf(trx, group), group.captain);
    for (const payout of split.payouts) {
      if (payout.amountCents <= 0) continue;
      const key = groupPrizeKey(group.id);
      const inserted = await sql<{ amount_cents: string | number }>`
        INSERT INTO wallet_moves (msisdn, amount_cents, kind, reason, service_id, idempotency_key)
        VALUES (${payout.msisdn}, ${payout.amountCents}, 'PRIZE', ${REASONS.prize}, ${SERVICE_ID}, ${key})
        ON CONFLICT (msisdn, idempotency_key) DO NOTHING
        RETURNING amount_cents`.execute(trx);
      if (inserted.rows[0]) {
        paidCents += toCents(inserted.rows[0].amount_cents);
        continue;
      }
      // Paid by an earlier (interrupted or concurrent) run: it must have been this very amount.
      const earlier = await trx
        .selectFrom('wallet_moves')
        .select(['amount_cents', 'kind'])
        .where('msisdn', '=', payout.msisdn)
        .where('idempotency_key', '=', key)
        .executeTakeFirstOrThrow();
      if (toCents(earlier.amount_cents) !== payout.amountCents || earlier.kind !== 'PRIZE') {
        throw new LedgerKeyConflictError(key);
      }
    }
    await trx
      .updateTable('groups')
      .set({
        winnings_cents: amount,
        share_winnings_cents: split.perShareCents,
        remainder_cents: split.remainderCents,
      })
      .where('id', '=', group.id)
      .execute();
  }
  return { paidCents, groupSlips: new Set(rows.map((r) => r.submission_id ?? '')) };
}

/** In the transaction that marks round `sid` SETTLED: its submitted groups are settled, won or not. */
export async function settleRoundGroups(trx: Db, sid: string, at: Date): Promise<void> {
  await trx
    .updateTable('groups')
    .set({
      status: 'SETTLED',
      winnings_cents: sql<number>`coalesce(winnings_cents, 0)`,
      share_winnings_cents: sql<number>`coalesce(share_winnings_cents, 0)`,
      remainder_cents: sql<number>`coalesce(remainder_cents, 0)`,
      updated_at: at,
    })
    .where('betslip_sid', '=', sid)
    .where('status', '=', 'SUBMITTED')
    .execute();
}
