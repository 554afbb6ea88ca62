// The demo subscriber's past: submissions on past betslips (a big win, a small win, a loss, one
// awaiting results) and the wallet moves they caused, back-dated and in an order in which the balance
// never goes below zero. Ends with M 1,054.00 available, M 1,050.00 withdrawable.
import type { Kysely } from 'kysely';
import { outcomeToPrediction, priceCents } from '../../machines/rules/betslip.ts';
import { rowCount } from '../../machines/rules/rows.ts';
import { asStoredResult, pickShares, type SettledSlip, settle } from '../../machines/rules/settlement.ts';
import type { Database } from '../db/index.ts';
import type { MoveKind, PaidFrom } from '../db/playWalletTables.ts';
import type { Betslip } from '../play/betslips.ts';
import { SERVICE_ID } from '../wallet/subscriptions.ts';
import { DEMO_PRIZES } from './content.ts';

type Db = Kysely<Database>;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Outcomes with exactly `correct` right picks against `results`; `multi` maps position → pick count. */
export function outcomesWithCorrect(
  results: string[],
  correct: number,
  multi: Record<number, 2 | 3> = {},
): string[] {
  return results.map((result, i) => {
    const right = i < correct;
    const others = ['1', '2', '3'].filter((d) => d !== result);
    const size = multi[i] ?? 1;
    if (size === 3) return right ? '123' : others[0]!; // a triple is always right: only use it on `right`
    const picks = right ? [result, ...others].slice(0, size) : others.slice(0, size);
    return picks.join('');
  });
}

interface Played {
  betslip: Betslip;
  id: string;
  outcomes: string[];
  paidFrom: PaidFrom;
  at: Date;
}

/**
 * What settlement gives each demo submission on a SETTLED betslip (the same rules and default prizes as
 * the real one: server/ops/settle.ts), and the statistics it publishes with it.
 */
function settleDemo(played: Played[]) {
  const slips = new Map<string, SettledSlip>();
  const statistics = new Map<string, string>();
  for (const betslip of new Set(played.map((p) => p.betslip))) {
    if (betslip.status !== 'SETTLED') continue;
    const own = played.filter((p) => p.betslip === betslip);
    const results = betslip.matches.map((m) => asStoredResult(m.result));
    const settlement = settle(own, results, DEMO_PRIZES);
    for (const s of settlement.slips) slips.set(s.id, s);
    statistics.set(
      betslip.sid,
      JSON.stringify({ matches: pickShares(own, betslip.matches.length), tiers: settlement.tiers }),
    );
  }
  return { slips, statistics };
}

export async function seedDemoHistory(db: Db, msisdn: string, past: Betslip[], now: Date): Promise<void> {
  const [a, b, c] = past as [Betslip, Betslip, Betslip];
  const results = (betslip: Betslip) => betslip.matches.map((m) => m.result ?? '1');
  // Played in the evening some days before the close (not on the hour, as people play).
  const before = (betslip: Betslip, days: number) =>
    new Date(betslip.endAt.getTime() - days * DAY + 7 * HOUR + 23 * MINUTE);
  const played: Played[] = [
    {
      betslip: a,
      id: 'demo-sub-1',
      outcomes: outcomesWithCorrect(results(a), 7),
      paidFrom: 'WALLET',
      at: before(a, 1),
    },
    {
      betslip: b,
      id: 'demo-sub-2',
      outcomes: outcomesWithCorrect(results(b), 12, { 0: 2, 1: 2 }),
      paidFrom: 'WALLET',
      at: before(b, 2),
    },
    {
      betslip: b,
      id: 'demo-sub-3',
      outcomes: outcomesWithCorrect(results(b), 4),
      paidFrom: 'AIRTIME',
      at: before(b, 1),
    },
    // Awaiting the last results: right so far on the known ones (one triple, so the price differs).
    {
      betslip: c,
      id: 'demo-sub-4',
      outcomes: outcomesWithCorrect(results(c), 14, { 5: 3 }),
      paidFrom: 'WALLET',
      at: before(c, 1),
    },
  ];

  const moves: Array<{ at: Date; kind: MoveKind; cents: number; reason: string; key: string }> = [
    {
      at: new Date(now.getTime() - 35 * DAY),
      kind: 'OPERATOR_ADJUSTMENT',
      cents: 20_00,
      reason: 'WELCOME_BONUS',
      key: 'demo:welcome',
    },
  ];
  const settled = settleDemo(played);
  // Every slip in one insert and every result in another (a fresh demo database is seeded at start-up).
  await db
    .insertInto('submissions')
    .values(
      played.map((p) => ({
        id: p.id,
        betslip_sid: p.betslip.sid,
        msisdn,
        predictions: JSON.stringify(
          p.outcomes.map((o, i) => ({ betSlipPosition: i, prediction: outcomeToPrediction(o) })),
        ),
        cost_cents: priceCents(p.betslip.params, p.outcomes),
        rows: rowCount({ outcomes: p.outcomes }),
        paid_from: p.paidFrom,
        payment_ref: p.paidFrom === 'AIRTIME' ? `DEMO-${p.id}` : null,
        idempotency_key: p.id,
        created_at: p.at,
      })),
    )
    .execute();
  const slipResults = played.flatMap((p) => {
    const result = settled.slips.get(p.id);
    return result
      ? [
          {
            submission_id: p.id,
            correct_count: result.correctCount,
            amount_won_cents: result.amountWonCents,
            prize_won: result.prizeWon,
          },
        ]
      : [];
  });
  if (slipResults.length > 0) await db.insertInto('slip_results').values(slipResults).execute();
  for (const p of played) {
    const cost = priceCents(p.betslip.params, p.outcomes);
    const result = settled.slips.get(p.id);
    const prize = result && result.amountWonCents > 0 ? result : undefined;
    if (p.paidFrom === 'AIRTIME') {
      moves.push({
        at: p.at,
        kind: 'OPERATOR_BILLING',
        cents: cost,
        reason: 'AIRTIME_CHARGE',
        key: `billing:${p.id}`,
      });
    }
    moves.push({ at: p.at, kind: 'STAKE', cents: -cost, reason: 'BETSLIP_STAKE', key: `stake:${p.id}` });
    if (prize) {
      const settledAt = new Date(p.betslip.endAt.getTime() + 3 * DAY + 2 * HOUR);
      moves.push({
        at: settledAt,
        kind: 'PRIZE',
        cents: prize.amountWonCents,
        reason: 'PRIZE_WON',
        key: `prize:${p.id}`,
      });
    }
  }
  for (const [sid, statistics] of settled.statistics) {
    const betslip = past.find((b) => b.sid === sid)!;
    await db
      .updateTable('betslips')
      .set({ statistics, settled_at: new Date(betslip.endAt.getTime() + 3 * DAY + 2 * HOUR) })
      .where('sid', '=', sid)
      .execute();
  }
  const cashOutAt = new Date(now.getTime() - 10 * DAY);
  moves.push({
    at: cashOutAt,
    kind: 'CASH_OUT',
    cents: -1_500_00,
    reason: 'CASH_OUT',
    key: 'cash-out:demo-1',
  });
  moves.sort((x, y) => x.at.getTime() - y.at.getTime());

  await db
    .insertInto('wallets')
    .values({ msisdn })
    .onConflict((oc) => oc.doNothing())
    .execute();
  for (const m of moves) {
    const row = await db
      .insertInto('wallet_moves')
      .values({
        msisdn,
        amount_cents: m.cents,
        kind: m.kind,
        reason: m.reason,
        service_id: SERVICE_ID,
        idempotency_key: m.key,
        created_at: m.at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (m.kind === 'CASH_OUT') {
      await db
        .insertInto('cash_outs')
        .values({
          msisdn,
          amount_cents: -m.cents,
          mobile_wallet_sid: 'MPESA',
          status: 'CONFIRMED',
          move_id: Number(row.id),
          provider_ref: 'DEMO-MPESA-0001',
          created_at: m.at,
          updated_at: m.at,
        })
        .execute();
    }
  }
}
