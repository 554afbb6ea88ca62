// Settlement with its effects: final correct counts, tier shares and prizes written, prizes credited to
// the winners' wallets, statistics published and the betslip marked SETTLED, all in one transaction
// under the betslip's row lock. A second settlement finds it SETTLED and pays nothing; a crash half-way
// leaves nothing half-paid. The pure rules are machines/rules/settlement.ts.
import type { Kysely } from 'kysely';
import {
  asStoredResult,
  outcomesOf,
  type PrizePool,
  pickShares,
  type Settlement,
  settle,
} from '../../machines/rules/settlement.ts';
import type { Database } from '../db/index.ts';
import type { StoredPrediction } from '../db/playWalletTables.ts';
import type { DomainEvents } from '../events.ts';
import { creditPrize, toCents } from '../wallet/ledger.ts';
import { audit } from './audit.ts';
import { done, type OpResult, refused } from './outcome.ts';

type Db = Kysely<Database>;

/** Statistics as stored on the betslip (betslips.statistics), money in cents. */
export interface StoredStatistics {
  matches: Array<{ position: number; home: number; draw: number; away: number }>;
  tiers: Settlement['tiers'];
}

export type SettledEvent = DomainEvents['betslip.settled'][0];

export interface SettleAnswer {
  settled: boolean;
  winners: number;
  /** What this call paid (0 when the betslip was settled before). */
  paidCents: number;
}

const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The pools a betslip pays: its own prize table (copied on publish), else the default table. */
export async function poolsOf(db: Db, sid: string): Promise<PrizePool[]> {
  const query = db.selectFrom('prizes').select(['prize_type', 'amount_cents']);
  let rows = await query.where('betslip_sid', '=', sid).execute();
  if (rows.length === 0) rows = await query.where('betslip_sid', 'is', null).execute();
  return rows.map((r) => ({ prizeType: r.prize_type, amountCents: toCents(r.amount_cents) }));
}

/** Settles and pays betslip `sid`; `event` is set only for the call that did it (emit it after). */
export async function settleBetslip(
  db: Db,
  actor: string,
  sid: string,
  now: Date,
): Promise<OpResult<SettleAnswer & { event: SettledEvent | null }>> {
  return db.transaction().execute(async (trx) => {
    const betslip = await trx
      .selectFrom('betslips')
      .select(['status', 'end_at'])
      .where('sid', '=', sid)
      .forUpdate()
      .executeTakeFirst();
    if (!betslip) return refused(404, 'BETSLIP.NOT_FOUND');
    if (betslip.status === 'DRAFT') return refused(409, 'BETSLIP.NOT_PUBLISHED');
    if (betslip.status === 'SETTLED') {
      const row = await trx
        .selectFrom('submissions')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('betslip_sid', '=', sid)
        .where('amount_won_cents', '>', 0)
        .executeTakeFirstOrThrow();
      await audit(trx, { actor, action: 'BETSLIP.SETTLE', target: sid, detail: { again: true } }, now);
      return done({ settled: true, winners: Number(row.n), paidCents: 0, event: null });
    }
    if (now.getTime() < betslip.end_at.getTime()) return refused(409, 'BETSLIP.OPEN');
    const matches = await trx
      .selectFrom('matches')
      .select(['position', 'result'])
      .where('betslip_sid', '=', sid)
      .orderBy('position')
      .execute();
    const results = matches.map((m) => asStoredResult(m.result));
    if (results.some((r) => r === null)) return refused(409, 'BETSLIP.RESULTS_MISSING');

    const rows = await trx
      .selectFrom('submissions')
      .select(['id', 'msisdn', 'predictions'])
      .where('betslip_sid', '=', sid)
      .execute();
    const slips = rows.map((r) => ({
      id: r.id,
      msisdn: r.msisdn,
      outcomes: outcomesOf(fromJson<StoredPrediction[]>(r.predictions), matches.length),
    }));
    const settlement = settle(slips, results, await poolsOf(trx, sid));

    // Few distinct (count, amount, prize) combinations: one UPDATE per combination and chunk of ids.
    const groups = new Map<string, { count: number; cents: number; prize: string; ids: string[] }>();
    for (const s of settlement.slips) {
      const key = `${s.correctCount}|${s.amountWonCents}|${s.prizeWon}`;
      const group = groups.get(key) ?? {
        count: s.correctCount,
        cents: s.amountWonCents,
        prize: s.prizeWon,
        ids: [],
      };
      group.ids.push(s.id);
      groups.set(key, group);
    }
    for (const g of groups.values()) {
      for (let i = 0; i < g.ids.length; i += 1000) {
        await trx
          .updateTable('submissions')
          .set({ correct_count: g.count, amount_won_cents: g.cents, prize_won: g.prize })
          .where('id', 'in', g.ids.slice(i, i + 1000))
          .execute();
      }
    }

    // Wallets locked in one order (msisdn), so two settlements at once cannot deadlock.
    const msisdnOf = new Map(slips.map((s) => [s.id, s.msisdn]));
    const winners = settlement.slips
      .filter((s) => s.amountWonCents > 0)
      .map((s) => ({ ...s, msisdn: msisdnOf.get(s.id)! }))
      .sort((a, b) => (a.msisdn < b.msisdn ? -1 : a.msisdn > b.msisdn ? 1 : a.id < b.id ? -1 : 1));
    let paidCents = 0;
    for (const w of winners) {
      const paid = await creditPrize(trx, {
        msisdn: w.msisdn,
        amountCents: w.amountWonCents,
        submissionId: w.id,
      });
      if (paid.ok && !paid.replayed) paidCents += w.amountWonCents;
    }

    const statistics: StoredStatistics = {
      matches: pickShares(slips, matches.length),
      tiers: settlement.tiers,
    };
    await trx
      .updateTable('betslips')
      .set({ status: 'SETTLED', settled_at: now, statistics: JSON.stringify(statistics) })
      .where('sid', '=', sid)
      .execute();
    await audit(
      trx,
      { actor, action: 'BETSLIP.SETTLE', target: sid, detail: { winners: winners.length, paidCents } },
      now,
    );
    const event: SettledEvent = {
      sid,
      participants: [...new Set(slips.map((s) => s.msisdn))],
      winners: winners.map((w) => ({
        msisdn: w.msisdn,
        amountCents: w.amountWonCents,
        prizeWon: w.prizeWon,
      })),
    };
    return done({ settled: true, winners: winners.length, paidCents, event });
  });
}
