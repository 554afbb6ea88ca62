// The ledger's invariants for groups, read from the database: shared by the group play tests and the
// bank test (kept apart from groupFixtures.ts so a suite that runs the server as a child process can use
// them without loading the app).
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../server/db/index.ts';

const n = (v: unknown) => Number(v ?? 0);

/**
 * What must hold of every group once its round is closed: its escrow is empty; an escrow never went below
 * zero; every share paid in exactly once and, for a cancelled group, refunded exactly once; a submitted
 * group's slip cost its price, paid once from the escrow; a settled group's prize moves add up to the slip's.
 */
export async function checkGroups(db: Kysely<Database>) {
  const escrows = await sql<{ id: string; status: string; balance: string; lowest: string | null }>`
    SELECT g.id, g.status, coalesce(sum(m.amount_cents), 0)::text AS balance,
      (SELECT min(r)::text FROM (SELECT sum(amount_cents) OVER (ORDER BY id) AS r FROM wallet_moves
        WHERE msisdn = 'escrow:' || g.id) x) AS lowest
    FROM groups g LEFT JOIN wallet_moves m ON m.msisdn = 'escrow:' || g.id
    GROUP BY g.id, g.status`.execute(db);
  expect(
    escrows.rows.filter((e) => (e.status !== 'OPEN' && n(e.balance) !== 0) || n(e.lowest) < 0),
    'escrows not empty after their close, or below zero',
  ).toEqual([]);
  const shares = await sql<Record<string, unknown>>`
    SELECT s.id::text, g.status, s.amount_cents::text AS amount,
      (SELECT count(*) FROM wallet_moves m WHERE m.msisdn = s.msisdn AND m.idempotency_key = 'group-share:' || s.id
        AND m.amount_cents = -s.amount_cents AND m.kind = 'GROUP')::int AS paid,
      (SELECT count(*) FROM wallet_moves m WHERE m.msisdn = 'escrow:' || g.id AND m.idempotency_key = 'share:' || s.id
        AND m.amount_cents = s.amount_cents)::int AS received,
      (SELECT count(*) FROM wallet_moves m WHERE m.msisdn = s.msisdn AND m.idempotency_key = 'group-refund:' || s.id
        AND m.amount_cents = s.amount_cents AND m.reason = 'GROUP_REFUND')::int AS refunded
    FROM group_shares s JOIN groups g ON g.id = s.group_id`.execute(db);
  expect(
    shares.rows.filter(
      (s) => s.paid !== 1 || s.received !== 1 || s.refunded !== (s.status === 'CANCELLED' ? 1 : 0),
    ),
    'shares not paid once (and refunded once when cancelled)',
  ).toEqual([]);
  const sold = await sql<Record<string, unknown>>`
    SELECT g.id, g.sold, g.shares, g.status, g.price_cents::text AS price,
      (SELECT coalesce(sum(count), 0) FROM group_shares s WHERE s.group_id = g.id)::int AS counted,
      (SELECT coalesce(sum(amount_cents), 0) FROM group_shares s WHERE s.group_id = g.id)::text AS paid,
      (SELECT count(*) FROM submissions x WHERE x.id = g.submission_id AND x.cost_cents = g.price_cents
        AND x.paid_from = 'GROUP' AND x.channel = 'GROUP' AND x.msisdn = g.captain_msisdn)::int AS slips,
      (SELECT count(*) FROM submissions x WHERE x.idempotency_key = 'group:' || g.id)::int AS all_slips,
      (SELECT coalesce(sum(m.amount_cents), 0) FROM wallet_moves m
        WHERE m.idempotency_key = 'group-prize:' || g.id AND m.reason = 'GROUP_PRIZE')::text AS prizes,
      (SELECT coalesce(amount_won_cents, 0) FROM slip_results r WHERE r.submission_id = g.submission_id)::text AS won
    FROM groups g`.execute(db);
  expect(
    sold.rows.filter((g) => {
      if (g.sold !== g.counted || n(g.counted) > n(g.shares)) return true;
      if (g.status === 'SUBMITTED' || g.status === 'SETTLED') {
        if (g.sold !== g.shares || n(g.paid) !== n(g.price) || g.slips !== 1 || g.all_slips !== 1)
          return true;
      } else if (g.all_slips !== 0) return true;
      return g.status === 'SETTLED' ? n(g.prizes) !== n(g.won) : n(g.prizes) !== 0;
    }),
    'groups: shares counted, full when submitted, one slip at its price, prizes adding up',
  ).toEqual([]);
}
