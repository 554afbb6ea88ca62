// Settlement's writes: one batch of settled slips (counts, prizes, and the winners' credits; a group's
// slip's prize split among its members) in one short transaction of a few set-based statements. Short, because on the embedded database a
// transaction holds the only connection: between batches every other request gets its turn.
import { type Kysely, sql } from 'kysely';
import type { SettledRows } from '../../machines/rules/rowSettlement.ts';
import type { Database } from '../db/index.ts';
import { payGroupPrizes } from '../groups/prizes.ts';
import { LedgerKeyConflictError, toCents } from '../wallet/ledger.ts';
import { SERVICE_ID } from '../wallet/subscriptions.ts';

type Db = Kysely<Database>;

/**
 * Writes the final count, prize, amount and winning rows of every slip in `batch` (submissions of `sid`)
 * and credits
 * each winning slip's prize under its key `prize:<submission id>`. A key already posted (an earlier,
 * interrupted run, or a concurrent one) is skipped, so each prize is paid exactly once. Credits take no
 * wallet lock: a credit cannot overdraw a wallet, and debits still lock and sum under their own lock.
 * Returns the cents this call paid.
 */
export function writeBatch(db: Db, sid: string, batch: readonly SettledRows[]): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // Matched on the primary key alone (the ids were read from this betslip): with the betslip in the
    // condition the planner may hash the whole betslip's rows for every batch.
    await sql`
      UPDATE submissions AS s
      SET correct_count = v.correct_count, amount_won_cents = v.amount_won_cents, prize_won = v.prize_won,
        winning_rows = v.winning_rows::jsonb
      FROM unnest(
        ${batch.map((s) => s.id)}::text[], ${batch.map((s) => s.correctCount)}::smallint[],
        ${batch.map((s) => s.amountWonCents)}::bigint[], ${batch.map((s) => s.prizeWon)}::text[],
        ${batch.map((s) => JSON.stringify(s.winningRows))}::text[]
      ) AS v (id, correct_count, amount_won_cents, prize_won, winning_rows)
      WHERE s.id = v.id`.execute(trx);
    const winning = batch.filter((s) => s.amountWonCents > 0).map((s) => s.id);
    if (winning.length === 0) return 0;
    // A group's slip is split among its members (server/groups/prizes.ts), in this same transaction.
    const groups = await payGroupPrizes(trx, sid, winning);
    const winners = winning.filter((id) => !groups.groupSlips.has(id));
    if (winners.length === 0) return groups.paidCents;
    const won = sql`submissions WHERE betslip_sid = ${sid} AND id = ANY(${winners}::text[]) AND amount_won_cents > 0`;
    // Every wallet move needs its wallet row (a slip paid by airtime may be a subscriber's first move).
    await sql`
      INSERT INTO wallets (msisdn) SELECT DISTINCT msisdn FROM ${won}
      ON CONFLICT (msisdn) DO NOTHING`.execute(trx);
    // In id order: two runs inserting the same keys wait for each other in one order, never crosswise.
    const paid = await sql<{ n: string | number; cents: string | number | null }>`
      WITH paid AS (
        INSERT INTO wallet_moves (msisdn, amount_cents, kind, reason, service_id, idempotency_key)
        SELECT msisdn, amount_won_cents, 'PRIZE', 'PRIZE_WON', ${SERVICE_ID}, 'prize:' || id FROM ${won}
        ORDER BY id
        ON CONFLICT (msisdn, idempotency_key) DO NOTHING
        RETURNING amount_cents
      )
      SELECT count(*) AS n, sum(amount_cents) AS cents FROM paid`.execute(trx);
    // Some keys were posted before (an interrupted or concurrent run). One posted with another amount
    // means the prizes changed under a settlement: stop loudly rather than pay one amount and record
    // another.
    if (Number(paid.rows[0]?.n) < winners.length) {
      const clash = await sql<{ id: string }>`
        SELECT s.id FROM submissions s
        JOIN wallet_moves m ON m.msisdn = s.msisdn AND m.idempotency_key = 'prize:' || s.id
        WHERE s.betslip_sid = ${sid} AND s.id = ANY(${winners}::text[]) AND s.amount_won_cents > 0
          AND (m.amount_cents <> s.amount_won_cents OR m.kind <> 'PRIZE')
        LIMIT 1`.execute(trx);
      if (clash.rows[0]) throw new LedgerKeyConflictError(`prize:${clash.rows[0].id}`);
    }
    return toCents(paid.rows[0]?.cents) + groups.paidCents;
  });
}
