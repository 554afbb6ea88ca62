// Settlement in batches (server/ops/settle.ts): a few thousand slips settle to the hand-worked payout
// with every winner paid once; a run that dies between batches leaves the betslip SETTLING, refuses
// result changes, and a second run pays exactly the rest; two runs at once pay once and finish once;
// settlement reads the submissions and the clock only after it holds the betslip row; between counting
// and paying it keeps a few bytes of each slip (not the slips) and refuses counts that no longer match the
// slips read again; and while it runs, /healthz and the JWKS route keep answering.
import { type Kysely, sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { StoredResult } from '../../machines/rules/settlement.ts';
import type { Database } from '../../server/db/index.ts';
import type { SettledEvent } from '../../server/ops/settle.ts';
import { poolsOf, settleBetslip } from '../../server/ops/settle.ts';
import { batchesToPay, tallySlips, walkSlipsInIdOrder } from '../../server/ops/settleRead.ts';
import { seedDemo } from '../../server/seed.ts';
import { describeEachDb, signIn, type TestApp } from './helper.ts';
import { bigBetslip, correctOf, expectedPayout, prizeMoves, slipId, statusOf } from './settleFixtures.ts';

const CERTS = '/auth/realms/commxp/protocol/openid-connect/certs';

describeEachDb('settlement in batches', (t) => {
  const adminToken = async () => (await signIn(t().app, 'admin', 'admin1234')).access_token;
  const admin = async (url: string, payload?: object, token?: string) =>
    t().app.inject({
      method: 'POST',
      url: `/api/admin/betslips${url}`,
      headers: { authorization: `Bearer ${token ?? (await adminToken())}` },
      ...(payload ? { payload } : {}),
    });
  const clock = () => t().clock.now();
  const settledEvents: SettledEvent[] = [];

  beforeAll(async () => {
    await seedDemo(t().db, t().config, t().clock.now());
    t().app.events.on('betslip.settled', (e) => settledEvents.push(e));
  });

  async function storedSlips(tt: TestApp, sid: string) {
    const rows = await tt.db.kysely
      .selectFrom('submissions as s')
      .leftJoin('slip_results as r', 'r.submission_id', 's.id')
      .select(['s.id', 'r.correct_count', 'r.amount_won_cents'])
      .where('s.betslip_sid', '=', sid)
      .orderBy('s.id')
      .execute();
    return rows.map((r) => [r.id, r.correct_count, Number(r.amount_won_cents)]);
  }
  const expectedSlips = (sid: string, count: number) =>
    expectedPayout(count).perSlip.map((cents, j) => [slipId(sid, j), correctOf(j), cents]);

  it('settles 3,000 slips through the admin route to the hand-worked payout, each winner paid once', async () => {
    const count = 3000;
    await bigBetslip(t(), 'B-1', count);
    const expected = expectedPayout(count);
    const res = await admin('/B-1/settle');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ settled: true, winners: expected.winners, paid: expected.totalCents / 100 });
    expect(await storedSlips(t(), 'B-1')).toEqual(expectedSlips('B-1', count));
    expect(await prizeMoves(t(), 'B-1')).toEqual({
      count: expected.winners,
      cents: expected.totalCents,
      distinctKeys: expected.winners,
    });
    expect(await statusOf(t(), 'B-1')).toBe('SETTLED');
    const event = settledEvents.find((e) => e.sid === 'B-1')!;
    expect(event.winners).toHaveLength(expected.winners);
    expect(event.winners.reduce((n, w) => n + w.amountCents, 0)).toBe(expected.totalCents);
    const { statistics } = await t()
      .db.kysely.selectFrom('betslips')
      .select('statistics')
      .where('sid', '=', 'B-1')
      .executeTakeFirstOrThrow();
    const stats = (typeof statistics === 'string' ? JSON.parse(statistics) : statistics) as {
      tiers: Array<{ prizeType: number; winners: number }>;
    };
    expect(stats.tiers.map((x) => [x.prizeType, x.winners])).toEqual([
      [14, 200],
      [13, 200],
      [12, 200],
      [7, 1000],
      [6, 200],
    ]);
    const audits = await t()
      .db.kysely.selectFrom('operator_audit')
      .select('detail')
      .where('target', '=', 'B-1')
      .where('action', '=', 'BETSLIP.SETTLE')
      .execute();
    expect(audits).toHaveLength(1);

    expect((await admin('/B-1/settle')).json()).toEqual({
      settled: true,
      winners: expected.winners,
      paid: 0,
    });
    expect((await prizeMoves(t(), 'B-1')).count).toBe(expected.winners);
  });

  it('resumes a settlement that died between batches and pays exactly the rest', async () => {
    const count = 1200;
    await bigBetslip(t(), 'B-2', count);
    const expected = expectedPayout(count);
    const crash = new Error('power cut');
    await expect(
      settleBetslip(t().db.kysely, 'admin', 'B-2', clock, {
        batchSize: 250,
        afterBatch: (i) => {
          if (i === 1) throw crash;
        },
      }),
    ).rejects.toBe(crash);

    // Two batches committed: their winners are paid, the rest not; nothing may change any more.
    expect(await statusOf(t(), 'B-2')).toBe('SETTLING');
    const half = await prizeMoves(t(), 'B-2');
    const firstTwo = expected.perSlip.slice(0, 500).filter((c) => c > 0);
    expect(half).toEqual({
      count: firstTwo.length,
      cents: firstTwo.reduce((a, b) => a + b, 0),
      distinctKeys: firstTwo.length,
    });
    const change = await admin('/B-2/results', { position: 1, result: 'DRAW' });
    expect(change.statusCode).toBe(409);
    expect(change.json().messageKey).toBe('BETSLIP.SETTLED');

    const resumed = await admin('/B-2/settle');
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toEqual({
      settled: true,
      winners: expected.winners,
      paid: (expected.totalCents - half.cents) / 100,
    });
    expect(await prizeMoves(t(), 'B-2')).toEqual({
      count: expected.winners,
      cents: expected.totalCents,
      distinctKeys: expected.winners,
    });
    expect(await storedSlips(t(), 'B-2')).toEqual(expectedSlips('B-2', count));
    expect(await statusOf(t(), 'B-2')).toBe('SETTLED');
    expect(settledEvents.filter((e) => e.sid === 'B-2')).toHaveLength(1);
    const audit = await t()
      .db.kysely.selectFrom('operator_audit')
      .select('detail')
      .where('target', '=', 'B-2')
      .where('action', '=', 'BETSLIP.SETTLE')
      .executeTakeFirstOrThrow();
    const detail = typeof audit.detail === 'string' ? JSON.parse(audit.detail) : audit.detail;
    expect(detail).toEqual({
      winners: expected.winners,
      paidCents: expected.totalCents - half.cents,
      prizeCents: expected.totalCents,
      resumed: true,
    });

    expect((await admin('/B-2/settle')).json()).toEqual({
      settled: true,
      winners: expected.winners,
      paid: 0,
    });
  });

  it('pays once and finishes once when two settlements of one betslip run at once', async () => {
    const count = 1500;
    await bigBetslip(t(), 'B-3', count);
    const expected = expectedPayout(count);
    const run = () => settleBetslip(t().db.kysely, 'admin', 'B-3', clock, { batchSize: 200 });
    const [a, b] = await Promise.all([run(), run()]);
    if (!a.ok || !b.ok) throw new Error('refused');
    expect(a.value.paidCents + b.value.paidCents).toBe(expected.totalCents);
    expect([a.value.winners, b.value.winners]).toEqual([expected.winners, expected.winners]);
    expect([a.value.event, b.value.event].filter(Boolean)).toHaveLength(1);
    expect(await prizeMoves(t(), 'B-3')).toEqual({
      count: expected.winners,
      cents: expected.totalCents,
      distinctKeys: expected.winners,
    });
    expect(await statusOf(t(), 'B-3')).toBe('SETTLED');
  });

  it('keeps a few bytes of each slip between counting and paying, and pays the same whatever the page size', async () => {
    const count = 1000;
    await bigBetslip(t(), 'B-7', count);
    const { kysely } = t().db;
    const results = Array.from({ length: 14 }, (): StoredResult => '1');
    const pools = await poolsOf(kysely, 'B-7');
    const tally = await tallySlips(kysely, 'B-7', results, pools, 120, 'ROWS', 250);
    // Pages of at most 120 in id order, holding typed arrays of counts and tier rows only for the slips
    // that reached a tier: no slip objects, ids or msisdns but the id that ends each batch of 250.
    expect(tally.pages.map((p) => p.correctCount.length)).toEqual([...Array(8).fill(120), 40]);
    expect(tally.batchEnds).toEqual([249, 499, 749, 999].map((j) => slipId('B-7', j)));
    expect([...batchesToPay(tally, 250)].map((b) => [b.after, b.lastId, b.counts.length])).toEqual([
      [null, slipId('B-7', 249), 250],
      [slipId('B-7', 249), slipId('B-7', 499), 250],
      [slipId('B-7', 499), slipId('B-7', 749), 250],
      [slipId('B-7', 749), slipId('B-7', 999), 250],
    ]);
    const uneven = await tallySlips(kysely, 'B-7', results, pools, 100, 'ROWS', 300);
    expect(uneven.batchEnds).toEqual([299, 599, 899, 999].map((j) => slipId('B-7', j)));
    expect([...batchesToPay(uneven, 300)].map((b) => b.counts.length)).toEqual([300, 300, 300, 100]);
    expect(tally.pages.flatMap((p) => [...p.correctCount])).toEqual(
      Array.from({ length: count }, (_, j) => correctOf(j)),
    );
    const winning = Array.from({ length: count }, (_, j) => correctOf(j)).filter((c) => c >= 6).length;
    expect(tally.pages.reduce((n, p) => n + p.tierRows.size, 0)).toBe(winning);

    // Pages that do not divide the batches: still batches of 250 in id order, paid as by hand.
    const batches: number[] = [];
    const settled = await settleBetslip(kysely, 'admin', 'B-7', clock, {
      pageSize: 120,
      batchSize: 250,
      afterBatch: (i) => {
        batches.push(i);
      },
    });
    expect(settled.ok).toBe(true);
    expect(batches).toEqual([0, 1, 2, 3]);
    expect(await storedSlips(t(), 'B-7')).toEqual(expectedSlips('B-7', count));
    expect(await prizeMoves(t(), 'B-7')).toMatchObject({ cents: expectedPayout(count).totalCents });
  });

  it('refuses to pay from counts that no longer match the slips found again, writing none of that batch', async () => {
    await bigBetslip(t(), 'B-8', 300);
    const { kysely } = t().db;
    // A slip appears after counting (it cannot, the betslip being SETTLING: this proves the check). It
    // sorts inside the second batch, so that batch's 100 slips end one id early.
    const settling = settleBetslip(kysely, 'admin', 'B-8', clock, {
      pageSize: 100,
      batchSize: 100,
      afterBatch: async (i) => {
        if (i !== 0) return;
        await sql`
          INSERT INTO submissions (id, betslip_sid, msisdn, predictions, cost_cents, paid_from, idempotency_key)
          SELECT 'B-8-000150x', 'B-8', '26658000000', predictions, 200, 'AIRTIME', 'B-8-extra'
          FROM submissions WHERE id = 'B-8-000000'`.execute(kysely);
      },
    });
    await expect(settling).rejects.toThrow('the submissions of B-8 changed while it was being settled');
    const written = await kysely
      .selectFrom('submissions as s')
      .innerJoin('slip_results as r', 'r.submission_id', 's.id')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('s.betslip_sid', '=', 'B-8')
      .executeTakeFirstOrThrow();
    expect(Number(written.n)).toBe(100);
    expect(await statusOf(t(), 'B-8')).toBe('SETTLING');
  });

  it('refuses before the end and with results missing, leaving the betslip as it was', async () => {
    await bigBetslip(t(), 'B-4', 30);
    const early = await settleBetslip(t().db.kysely, 'admin', 'B-4', () => new Date(0));
    expect(early).toMatchObject({ ok: false, messageKey: 'BETSLIP.OPEN' });
    await t()
      .db.kysely.updateTable('matches')
      .set({ result: null })
      .where('betslip_sid', '=', 'B-4')
      .execute();
    expect(await settleBetslip(t().db.kysely, 'admin', 'B-4', clock)).toMatchObject({
      ok: false,
      messageKey: 'BETSLIP.RESULTS_MISSING',
    });
    expect(await statusOf(t(), 'B-4')).toBe('CLOSED');
    expect((await prizeMoves(t(), 'B-4')).count).toBe(0);
  });

  it('reads the clock and the submissions only once it holds the betslip row', async () => {
    const count = 30;
    await bigBetslip(t(), 'B-5', count);
    const { kysely } = t().db;
    let clockReads = 0;
    const counted = () => {
      clockReads++;
      return clock();
    };
    // A submission in flight: it holds the row FOR SHARE (as the submit route does) and writes a slip.
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    const inFlight = kysely.transaction().execute(async (trx) => {
      await sql`SELECT sid FROM betslips WHERE sid = 'B-5' FOR SHARE`.execute(trx);
      await sql`
        INSERT INTO submissions (id, betslip_sid, msisdn, predictions, cost_cents, paid_from, idempotency_key)
        VALUES ('B-5-late', 'B-5', '26658000000',
          (SELECT jsonb_agg(jsonb_build_object('betSlipPosition', p, 'prediction', 1)) FROM generate_series(0, 13) AS p),
          200, 'AIRTIME', 'B-5-late')`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    const settling = settleBetslip(kysely, 'admin', 'B-5', counted);
    await new Promise((r) => setTimeout(r, 200));
    expect(clockReads).toBe(0);
    release();
    await inFlight;
    const result = await settling;
    expect(clockReads).toBeGreaterThan(0);
    // The slip written under the lock is settled with the others: a jackpot, shared with the others'.
    const late = await kysely
      .selectFrom('slip_results')
      .select(['correct_count', 'prize_won'])
      .where('submission_id', '=', 'B-5-late')
      .executeTakeFirstOrThrow();
    expect(late).toEqual({ correct_count: 14, prize_won: 'JACKPOT' });
    expect(result.ok && result.value.winners).toBe(expectedPayout(count).winners + 1);
  });

  it('keeps answering /healthz and the JWKS route while it settles 5,000 slips', async () => {
    await bigBetslip(t(), 'B-6', 5000);
    const { app } = t();
    const token = await adminToken();
    let finished = false;
    const settling = admin('/B-6/settle', undefined, token).then((res) => {
      finished = true;
      return res;
    });
    // Each asked again 10 ms after its answer, as from the network (inject alone never leaves the event
    // loop, and would starve a settlement that yields to it).
    const answeredDuring = { healthz: 0, certs: 0 };
    const deadline = Date.now() + 60_000;
    const keepAsking = async (what: keyof typeof answeredDuring, url: string) => {
      while (!finished && Date.now() < deadline) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        if (!finished) answeredDuring[what]++;
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await Promise.all([keepAsking('healthz', '/healthz'), keepAsking('certs', CERTS)]);
    expect((await settling).statusCode).toBe(200);
    expect(answeredDuring.healthz).toBeGreaterThanOrEqual(2);
    expect(answeredDuring.certs).toBeGreaterThanOrEqual(2);
  });

  it('walks the slips with no sort, no bitmap scan and no JIT, for its own transaction only', async () => {
    // Disabled plans make PostgreSQL's estimates huge; with JIT on (its default) every batch statement was
    // compiled, about 200 ms each: 93 s instead of a few to settle 100k slips.
    const show = async (db: Kysely<Database>) =>
      (
        await sql<{ jit: string; sort: string; bitmap: string }>`SELECT current_setting('jit') AS jit,
          current_setting('enable_sort') AS sort, current_setting('enable_bitmapscan') AS bitmap`.execute(db)
      ).rows[0];
    const inside = await t()
      .db.kysely.transaction()
      .execute(async (trx) => {
        await walkSlipsInIdOrder(trx);
        return show(trx);
      });
    expect(inside).toEqual({ jit: 'off', sort: 'off', bitmap: 'off' });
    expect((await show(t().db.kysely))?.sort).toBe('on');
  });
});
