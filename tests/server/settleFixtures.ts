// A settled-in-batches scenario: an ended betslip whose every result is a home win, and `count`
// submissions written with set-based SQL. Slip j picks away on its first j % 15 matches and home on the
// rest, so it has 14 − (j % 15) correct: 0 → jackpot, 1 → 13, 2 → 12, 3…7 → the 7 tier, 8 → the 6 tier,
// 9…14 → nothing. The expected payout follows by hand (expectedPayout), independently of the rules.
import { sql } from 'kysely';
import { insertBetslip } from '../../server/play/betslips.ts';
import { toCents } from '../../server/wallet/ledger.ts';
import { BETSLIP_PARAMS } from '../support/rounds.ts';
import type { TestApp } from './helper.ts';

const HOUR = 3600 * 1000;

/** The betslip's own pools in cents, by tier. */
export const POOLS: Record<number, number> = {
  14: 50_000_00,
  13: 20_000_00,
  12: 10_000_00,
  7: 5_000_00,
  6: 1_000_00,
};

export const slipId = (sid: string, j: number) => `${sid}-${String(j).padStart(6, '0')}`;
/** Slip j belongs to subscriber j % subscribers (a few slips each): 2665 8xx xxxx. */
export const slipMsisdn = (j: number, subscribers: number) => `2665${8_000_000 + (j % subscribers)}`;

/** Inserts the ended betslip `sid` (CLOSED, every result in) with `count` submissions. */
export async function bigBetslip(t: TestApp, sid: string, count: number, subscribers = Math.ceil(count / 3)) {
  const k = t.db.kysely;
  const endAt = new Date(t.clock.now().getTime() - HOUR);
  await insertBetslip(k, {
    sid,
    endAt,
    params: BETSLIP_PARAMS,
    status: 'CLOSED',
    matches: Array.from({ length: 14 }, (_, position) => ({
      position,
      tournament: 'Batch League',
      startAt: new Date(endAt.getTime() + HOUR),
      homeTeam: `Home ${position}`,
      awayTeam: `Away ${position}`,
      homeTeamLogo: '/logos/team.svg',
      awayTeamLogo: '/logos/team.svg',
      result: '1',
    })),
  });
  await k
    .insertInto('prizes')
    .values(
      Object.entries(POOLS).map(([t, c]) => ({ prize_type: Number(t), amount_cents: c, betslip_sid: sid })),
    )
    .execute();
  await sql`
    INSERT INTO submissions (id, betslip_sid, msisdn, predictions, cost_cents, paid_from, idempotency_key)
    SELECT ${sid} || '-' || lpad(j::text, 6, '0'), ${sid}, '2665' || (8000000 + j % ${subscribers}),
      (SELECT jsonb_agg(jsonb_build_object('betSlipPosition', p, 'prediction', CASE WHEN p < j % 15 THEN 2 ELSE 1 END))
         FROM generate_series(0, 13) AS p),
      200, 'AIRTIME', ${sid} || '-' || j
    FROM generate_series(0, ${count - 1}) AS j`.execute(k);
}

/** Slip j's correct count. */
export const correctOf = (j: number) => 14 - (j % 15);
const tierOf = (correct: number) => (correct >= 12 ? correct : correct >= 7 ? 7 : correct === 6 ? 6 : null);

/** What settlement must pay, worked out by hand: per slip (0 for losers), winners, total. */
export function expectedPayout(count: number) {
  const perTier = new Map<number, number>();
  for (let j = 0; j < count; j++) {
    const tier = tierOf(correctOf(j));
    if (tier !== null) perTier.set(tier, (perTier.get(tier) ?? 0) + 1);
  }
  const each = (tier: number) => Math.floor(POOLS[tier]! / perTier.get(tier)!);
  const perSlip = Array.from({ length: count }, (_, j) => {
    const tier = tierOf(correctOf(j));
    return tier === null ? 0 : each(tier);
  });
  const winners = perSlip.filter((c) => c > 0).length;
  return { perSlip, winners, totalCents: perSlip.reduce((a, b) => a + b, 0) };
}

/** The PRIZE moves of `sid`'s slips: how many, their sum, and any key paid twice. */
export async function prizeMoves(t: TestApp, sid: string) {
  const rows = await sql<{ n: string | number; cents: string | number | null; keys: string | number }>`
    SELECT count(*) AS n, sum(amount_cents) AS cents, count(DISTINCT idempotency_key) AS keys
    FROM wallet_moves WHERE kind = 'PRIZE' AND idempotency_key LIKE ${`prize:${sid}-%`}`.execute(t.db.kysely);
  const row = rows.rows[0]!;
  return { count: Number(row.n), cents: toCents(row.cents), distinctKeys: Number(row.keys) };
}

export async function statusOf(t: TestApp, sid: string) {
  const row = await t.db.kysely
    .selectFrom('betslips')
    .select('status')
    .where('sid', '=', sid)
    .executeTakeFirstOrThrow();
  return row.status;
}
