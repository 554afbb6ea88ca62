// Settlement's writes: one batch of settled slips (counts, prizes, and the winners' credits; a group's
// slip's prize split among its members) in one short transaction of a few set-based statements. Short, because on the embedded database a
// transaction holds the only connection: between batches every other request gets its turn.
import { type Kysely, sql } from 'kysely';
import type { SlipPay } from '../../machines/rules/rowSettlement.ts';
import type { Database } from '../db/index.ts';
import { payGroupPrizes } from '../groups/prizes.ts';
import { LedgerKeyConflictError, toCents } from '../wallet/ledger.ts';
import { SERVICE_ID } from '../wallet/subscriptions.ts';
import { walkSlipsInIdOrder } from './settleRead.ts';

type Db = Kysely<Database>;

/** A winning slip of a batch, as written: for the betslip.settled event. */
export interface BatchWinner {
  id: string;
  msisdn: string;
  amountCents: number;
  prizeWon: string;
}

/** The error a batch throws (rolling itself back) when its slips are not the ones counted. */
export const changedWhileSettling = (sid: string) =>
  new Error(`the submissions of ${sid} changed while it was being settled`);

/**
 * Writes the final count, prize, amount and winning rows of the slips of `sid` in `place` as a narrow
 * slip_results row each (rewriting the wide submission rows was most of settlement's time). `place` is the
 * `batch.length` slips after `place.after` in id order, the last of them `place.lastId` (each slip is
 * found by its place, so paying needs no id kept from counting). Credits each winning slip's prize
 * under its key `prize:<submission id>`. A key already posted (an earlier, interrupted run, or a
 * concurrent one) is skipped, so each prize is paid exactly once. Slips that are not the ones counted
 * (another count, another last id) roll the batch back and throw. Credits take no wallet lock: a credit
 * cannot overdraw a wallet, and debits still lock and sum under their own lock. `groups` false (the round
 * has no group slips) skips looking for them. Returns the cents this call paid and the batch's winning slips.
 */
export function writeBatch(
  db: Db,
  sid: string,
  place: { after: string | null; lastId: string },
  batch: readonly (SlipPay & { correctCount: number })[],
  groups: boolean,
): Promise<{ paidCents: number; winners: BatchWinner[] }> {
  return db.transaction().execute(async (trx) => {
    // As settleRead.ts's pages: walk the (betslip_sid, id) index, whatever the planner guesses.
    await walkSlipsInIdOrder(trx);
    const after = place.after === null ? sql`` : sql`AND id > ${place.after}`;
    // One statement finds the batch's slips by their place and writes them; only the winners come back.
    const { rows } = await sql<{
      total: string | number;
      last: string | null;
      id: string | null;
      msisdn: string | null;
      amount_won_cents: string | number | null;
      prize_won: string | null;
    }>`
      WITH page AS (
        SELECT id, row_number() OVER (ORDER BY id) AS n FROM (
          SELECT id FROM submissions WHERE betslip_sid = ${sid} ${after} ORDER BY id LIMIT ${batch.length}
        ) AS p
      ), v AS (
        SELECT * FROM unnest(
          ${batch.map((s) => s.correctCount)}::smallint[], ${batch.map((s) => s.amountWonCents)}::bigint[],
          ${batch.map((s) => s.prizeWon)}::text[], ${batch.map((s) => JSON.stringify(s.winningRows))}::text[]
        ) WITH ORDINALITY AS v (correct_count, amount_won_cents, prize_won, winning_rows, n)
      ), written AS (
        INSERT INTO slip_results AS r (submission_id, correct_count, amount_won_cents, prize_won, winning_rows)
        SELECT page.id, v.correct_count, v.amount_won_cents, v.prize_won, v.winning_rows::jsonb
        FROM page JOIN v ON v.n = page.n
        ON CONFLICT (submission_id) DO UPDATE SET correct_count = excluded.correct_count,
          amount_won_cents = excluded.amount_won_cents, prize_won = excluded.prize_won,
          winning_rows = excluded.winning_rows
        RETURNING r.submission_id AS id, r.amount_won_cents, r.prize_won
      )
      SELECT t.total, t.last, w.id, s.msisdn, w.amount_won_cents, w.prize_won
      FROM (SELECT count(*) AS total, max(id) AS last FROM written) AS t
      LEFT JOIN written AS w ON w.amount_won_cents > 0
      LEFT JOIN submissions AS s ON s.id = w.id
      ORDER BY w.id`.execute(trx);
    if (Number(rows[0]?.total) !== batch.length || rows[0]?.last !== place.lastId)
      throw changedWhileSettling(sid);
    const won = rows.filter((r) => r.id !== null);
    const winners = won.map(
      (r): BatchWinner => ({
        id: r.id as string,
        msisdn: r.msisdn as string,
        amountCents: toCents(r.amount_won_cents),
        prizeWon: r.prize_won as string,
      }),
    );
    return {
      paidCents: await payWinners(
        trx,
        sid,
        winners.map((w) => w.id),
        groups,
      ),
      winners,
    };
  });
}

/**
 * Credits the winning slips `winning` of `sid` (already written) their prizes; returns the cents paid.
 * `groups`: whether the round has group slips at all (most rounds have none; then nothing is looked up).
 */
async function payWinners(
  trx: Db,
  sid: string,
  winning: readonly string[],
  groups: boolean,
): Promise<number> {
  if (winning.length === 0) return 0;
  // A group's slip is split among its members (server/groups/prizes.ts), in this same transaction.
  const grouped = groups ? await payGroupPrizes(trx, sid, winning) : { paidCents: 0, groupSlips: new Set() };
  const winners = winning.filter((id) => !grouped.groupSlips.has(id));
  if (winners.length === 0) return grouped.paidCents;
  // Every wallet move needs its wallet row (a slip paid by airtime may be a subscriber's first move): made
  // in the same statement, whose foreign-key checks run at its end and so see it. In id order: two runs
  // inserting the same keys wait for each other in one order, never crosswise. `won` is read once (a CTE
  // named twice is computed once).
  const paid = await sql<{ n: string | number; cents: string | number | null }>`
      WITH won AS MATERIALIZED (
        SELECT s.id, s.msisdn, r.amount_won_cents
        FROM submissions AS s JOIN slip_results AS r ON r.submission_id = s.id
        WHERE s.betslip_sid = ${sid} AND s.id = ANY(${winners}::text[]) AND r.amount_won_cents > 0
      ), wallet AS (
        INSERT INTO wallets (msisdn) SELECT DISTINCT msisdn FROM won
        ON CONFLICT (msisdn) DO NOTHING
      ), paid AS (
        INSERT INTO wallet_moves (msisdn, amount_cents, kind, reason, service_id, idempotency_key)
        SELECT msisdn, amount_won_cents, 'PRIZE', 'PRIZE_WON', ${SERVICE_ID}, 'prize:' || id FROM won
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
        SELECT s.id FROM submissions s JOIN slip_results r ON r.submission_id = s.id
        JOIN wallet_moves m ON m.msisdn = s.msisdn AND m.idempotency_key = 'prize:' || s.id
        WHERE s.betslip_sid = ${sid} AND s.id = ANY(${winners}::text[]) AND r.amount_won_cents > 0
          AND (m.amount_cents <> r.amount_won_cents OR m.kind <> 'PRIZE')
        LIMIT 1`.execute(trx);
    if (clash.rows[0]) throw new LedgerKeyConflictError(`prize:${clash.rows[0].id}`);
  }
  return toCents(paid.rows[0]?.cents) + grouped.paidCents;
}
