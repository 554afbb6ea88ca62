// Running the game through the admin API: a hand-made betslip with known submissions is settled to the
// exact tier counts, payouts and statistics; settling twice pays once; a corrected result re-settles
// right; every admin route refuses the wrong role; a subscriber reads only their own past betslips.
import { beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed.ts';
import { availableCents } from '../../server/wallet/ledger.ts';
import { BETSLIP_PARAMS, roundBody } from '../support/rounds.ts';
import { describeEachDb, signIn, type TestApp } from './helper.ts';
import { addSubscriber, body, submit, tokenFor } from './playFixtures.ts';

const HOUR = 3600 * 1000;

/** Results of the hand-made slip: index 13 is void. */
const R = ['1', '2', '3', '1', '2', '3', '1', '2', '3', '1', '2', '3', '1', 'VOID'] as const;
const WIRE: Record<string, string> = { '1': 'HOME_WIN', '2': 'AWAY_WIN', '3': 'DRAW', VOID: 'VOID' };
const wrong = (r: string) => (r === '1' ? '2' : '1');

/** Picks right everywhere except the first `wrongCount` matches; the void match is picked as a draw. */
function picksWith(wrongCount: number, overrides: Record<number, number> = {}) {
  return R.map((r, i) => ({
    betSlipPosition: i,
    prediction: overrides[i] ?? Number(r === 'VOID' ? '3' : i < wrongCount ? wrong(r) : r),
  }));
}

const params = BETSLIP_PARAMS;
const prizes = [
  { prizeType: 14, amount: 1000 },
  { prizeType: 13, amount: 300 },
  { prizeType: 12, amount: 100 },
  { prizeType: 7, amount: 10 },
  { prizeType: 6, amount: 1 },
];

const betslipBody = (sid: string, endAt: Date, extra: object = {}) =>
  roundBody(sid, endAt, { prizes, ...extra });

describeEachDb('operations: settlement, results, roles', (t) => {
  const app = () => t().app;

  /** A fresh operator token (the clock moves in these tests; tokens live five minutes). */
  const staff = async (who: 'admin' | 'callcentre' | 'marketing') =>
    (await signIn(app(), who, `${who}1234`)).access_token;

  const admin = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token?: string,
  ) =>
    app().inject({
      method,
      url: `/api/admin${url}`,
      headers: { authorization: `Bearer ${token ?? (await staff('admin'))}` },
      ...(payload === undefined ? {} : { payload }),
    });

  const past = (token: string, msisdn?: string) =>
    app().inject({
      method: 'POST',
      url: `/api/protected/fetch-past-submitted-betslips${msisdn ? `?msisdn=${msisdn}` : ''}`,
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });

  const auditCount = async (t0: TestApp) =>
    Number(
      (
        await t0.db.kysely
          .selectFrom('operator_audit')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    await seedDemo(t().db, t().config, t().clock.now());
    // The demo's open round has ended, so the betslips published here go live at once (publishing
    // while a round is open schedules them instead: operations-tools.test.ts).
    await t()
      .db.kysely.updateTable('betslips')
      .set({ end_at: new Date(t().clock.now().getTime() - 60_000) })
      .where('status', '=', 'CURRENT')
      .execute();
  });

  // Nine subscribers with known picks (see picksWith): name → [msisdn, wrong picks, overrides].
  const players: Record<string, [string, number, Record<number, number>]> = {
    A: ['26651000001', 0, {}],
    // A double that holds the result (2 rows: one 14, one 13, as every round published now counts rows);
    // home on the void match.
    B: ['26651000002', 0, { 0: 12, 13: 1 }],
    C: ['26651000003', 1, {}],
    D: ['26651000004', 2, {}],
    E: ['26651000005', 5, {}],
    F: ['26651000006', 6, {}],
    G: ['26651000007', 7, {}],
    H: ['26651000008', 8, {}],
    I: ['26651000009', 9, {}],
  };
  const balance = (name: string) => availableCents(t().db.kysely, players[name]![0]);

  it('runs the hand-made betslip through: published, submitted, settled to the exact tiers once, served with ticks', async () => {
    const tokens: Record<string, string> = {};
    // 1. Created (DRAFT), published (CURRENT), the known submissions taken.
    const endAt = new Date(t().clock.now().getTime() + HOUR);
    const created = await admin('POST', '/betslips', betslipBody('T-1', endAt));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({ sid: 'T-1' });
    const listed = (await admin('GET', '/betslips')).json() as Array<{ sid: string; status: string }>;
    expect(listed.find((b) => b.sid === 'T-1')?.status).toBe('DRAFT');

    const published = await admin('POST', '/betslips/T-1/publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ sid: 'T-1', status: 'CURRENT' });

    for (const [name, [msisdn, wrongCount, overrides]] of Object.entries(players)) {
      tokens[name] = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
      const cost = name === 'B' ? 4 : 2;
      const res = await submit(
        app(),
        tokens[name]!,
        body('T-1', picksWith(wrongCount, overrides), cost),
        `k-${name}`,
      );
      expect(res.statusCode, `${name} ${res.body}`).toBe(200);
    }
    expect(await balance('A')).toBe(98_00);
    expect(await balance('B')).toBe(96_00);

    // 2. Settlement is refused before the end and while results are missing.
    const early = await admin('POST', '/betslips/T-1/settle');
    expect(early.statusCode).toBe(409);
    expect(early.json().messageKey).toBe('BETSLIP.OPEN');
    t().clock.set(new Date(endAt.getTime() + 2 * HOUR));
    const missing = await admin('POST', '/betslips/T-1/settle');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().messageKey).toBe('BETSLIP.RESULTS_MISSING');

    // 3. While results come in: the correct count so far, and no tick or cross yet.
    for (const i of [0, 1, 2]) {
      const res = await admin('POST', '/betslips/T-1/results', { position: i + 1, result: WIRE[R[i]!] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [soFar] = (await past(await tokenFor(t(), players.D![0]))).json();
    expect(soFar).toMatchObject({
      sid: 'T-1',
      betSlipClosed: false,
      won: false,
      correctCount: 1,
      statistics: null,
    });
    expect(soFar.placedBets[0]).toMatchObject({
      positionInBetSlip: 1,
      pick: 'AWAY_WIN',
      result: 'HOME_WIN',
      isCorrect: null,
    });
    expect(soFar.placedBets[3]).toMatchObject({ result: null, isCorrect: null });

    // 4. Settled to the exact tier counts and payouts.
    for (let i = 3; i < 14; i++) {
      const res = await admin('POST', '/betslips/T-1/results', { position: i + 1, result: WIRE[R[i]!] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const settledEvents: unknown[] = [];
    app().events.on('betslip.settled', (e) => settledEvents.push(e));
    const res = await admin('POST', '/betslips/T-1/settle');
    expect(res.statusCode, res.body).toBe(200);
    // 2 × 500 + 2 × 150 (C's 13 and B's second row) + 100 + 3 × 3.33 + 1 = 1410.99
    expect(res.json()).toEqual({ settled: true, winners: 8, paid: 1410.99 });

    const rows = await t()
      .db.kysely.selectFrom('submissions as s')
      .leftJoin('slip_results as r', 'r.submission_id', 's.id')
      .select(['s.msisdn', 'r.correct_count', 'r.amount_won_cents', 'r.prize_won'])
      .where('s.betslip_sid', '=', 'T-1')
      .execute();
    const by = (name: string) => {
      const r = rows.find((x) => x.msisdn === players[name]![0])!;
      return [r.correct_count, Number(r.amount_won_cents), r.prize_won];
    };
    expect(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'].map(by)).toEqual([
      [14, 500_00, 'JACKPOT'],
      [14, 650_00, 'JACKPOT'],
      [13, 150_00, 'SECOND PRIZE'],
      [12, 100_00, 'THIRD PRIZE'],
      [9, 3_33, 'FOURTH PRIZE'],
      [8, 3_33, 'FOURTH PRIZE'],
      [7, 3_33, 'FOURTH PRIZE'],
      [6, 1_00, 'FIFTH PRIZE'],
      [5, 0, ''],
    ]);
    expect(await balance('A')).toBe(98_00 + 500_00);
    expect(await balance('B')).toBe(96_00 + 650_00);
    expect(await balance('E')).toBe(98_00 + 3_33);
    expect(await balance('I')).toBe(98_00);
    expect(settledEvents).toHaveLength(1);
    expect(settledEvents[0]).toMatchObject({ sid: 'T-1' });
    expect((settledEvents[0] as { winners: unknown[] }).winners).toHaveLength(8);

    // 5. The settled slip is served with ticks, prize and statistics matching a hand count.
    const [slip] = (await past(await tokenFor(t(), players.B![0]))).json();
    expect(slip).toMatchObject({
      sid: 'T-1',
      won: true,
      betSlipClosed: true,
      subscriberId: players.B![0],
      amountWon: 650,
      prizeWon: 'JACKPOT',
      correctCount: 14,
      rows: 2,
      systemId: null,
      winningRows: [
        { prizeType: 14, count: 1, amountEach: 500 },
        { prizeType: 13, count: 1, amountEach: 150 },
      ],
    });
    expect(slip.placedBets).toHaveLength(14);
    expect(slip.placedBets[0]).toMatchObject({
      pick: 'EITHER_HOME_OR_AWAY',
      result: 'HOME_WIN',
      isCorrect: true,
    });
    expect(slip.placedBets[13]).toMatchObject({ pick: 'HOME_WIN', result: 'VOID', isCorrect: true });
    expect(slip.placedBets[0].matchDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    // Shares of the 10 rows (B's slip is 2). Match 1 (home win): A home, B one row each, the seven others
    // away.
    expect(slip.statistics.matches[0]).toEqual({ position: 1, home: 0.2, draw: 0, away: 0.8 });
    // Match 2 (away win): A, B (2 rows), C right (away); D–I home.
    expect(slip.statistics.matches[1]).toEqual({ position: 2, home: 0.6, draw: 0, away: 0.4 });
    // Match 14 (void): B home, everyone else draw.
    expect(slip.statistics.matches[13]).toEqual({ position: 14, home: 0.2, draw: 0.8, away: 0 });
    expect(slip.statistics.tiers).toEqual([
      { prizeType: 14, winners: 2, amountEach: 500 },
      { prizeType: 13, winners: 2, amountEach: 150 },
      { prizeType: 12, winners: 1, amountEach: 100 },
      { prizeType: 7, winners: 3, amountEach: 3.33 },
      { prizeType: 6, winners: 1, amountEach: 1 },
    ]);
    const lost = (await past(await tokenFor(t(), players.I![0]))).json()[0];
    expect(lost).toMatchObject({
      won: false,
      betSlipClosed: true,
      amountWon: 0,
      prizeWon: '',
      correctCount: 5,
      winningRows: [],
    });
    expect(lost.placedBets[0].isCorrect).toBe(false);

    // 6. Settled again it pays nothing more, and a result change after payout is refused.
    const before = await Promise.all(Object.keys(players).map(balance));
    const again = await admin('POST', '/betslips/T-1/settle');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ settled: true, winners: 8, paid: 0 });
    expect(await Promise.all(Object.keys(players).map(balance))).toEqual(before);
    const prizes = await t()
      .db.kysely.selectFrom('wallet_moves')
      .select('id')
      .where('kind', '=', 'PRIZE')
      .where('idempotency_key', 'like', 'prize:%')
      .where('msisdn', 'like', '2665100000%')
      .execute();
    expect(prizes).toHaveLength(8);
    const change = await admin('POST', '/betslips/T-1/results', { position: 1, result: 'DRAW' });
    expect(change.statusCode).toBe(409);
    expect(change.json().messageKey).toBe('BETSLIP.SETTLED');
  });

  it('re-settles correctly after a result is corrected before payout', async () => {
    const endAt = new Date(t().clock.now().getTime() + HOUR);
    expect((await admin('POST', '/betslips', betslipBody('T-2', endAt))).statusCode).toBe(201);
    expect((await admin('POST', '/betslips/T-2/publish')).statusCode).toBe(200);
    const x = '26651000021';
    const y = '26651000022';
    const allHome = Array.from({ length: 14 }, (_, i) => ({ betSlipPosition: i, prediction: 1 }));
    const firstAway = allHome.map((p) => (p.betSlipPosition === 0 ? { ...p, prediction: 2 } : p));
    expect(
      (
        await submit(
          app(),
          await addSubscriber(t(), x, { walletCents: 10_00 }),
          body('T-2', allHome, 2),
          'kx',
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await submit(
          app(),
          await addSubscriber(t(), y, { walletCents: 10_00 }),
          body('T-2', firstAway, 2),
          'ky',
        )
      ).statusCode,
    ).toBe(200);
    t().clock.set(new Date(endAt.getTime() + HOUR));

    // Entered wrongly: match 1 an away win. Y would have the jackpot, X 13.
    expect(
      (await admin('POST', '/betslips/T-2/results', { position: 1, result: 'AWAY_WIN' })).statusCode,
    ).toBe(200);
    for (let p = 2; p <= 14; p++)
      await admin('POST', '/betslips/T-2/results', { position: p, result: 'HOME_WIN' });
    expect((await past(await tokenFor(t(), y))).json()[0].correctCount).toBe(14);
    // Corrected before anyone is paid: a home win.
    expect(
      (await admin('POST', '/betslips/T-2/results', { position: 1, result: 'HOME_WIN' })).statusCode,
    ).toBe(200);
    expect((await past(await tokenFor(t(), y))).json()[0].correctCount).toBe(13);

    const res = await admin('POST', '/betslips/T-2/settle');
    expect(res.json()).toEqual({ settled: true, winners: 2, paid: 1300 });
    expect(await availableCents(t().db.kysely, x)).toBe(8_00 + 1000_00);
    expect(await availableCents(t().db.kysely, y)).toBe(8_00 + 300_00);
    const audit = await t()
      .db.kysely.selectFrom('operator_audit')
      .select(['actor', 'action'])
      .where('target', '=', 'T-2')
      .execute();
    expect(audit.filter((a) => a.action === 'BETSLIP.RESULT')).toHaveLength(15);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['BETSLIP.CREATE', 'BETSLIP.PUBLISH', 'BETSLIP.SETTLE']),
    );
    expect(new Set(audit.map((a) => a.actor))).toEqual(new Set(['admin']));
  });

  it('pays once when two settlements race', async () => {
    const endAt = new Date(t().clock.now().getTime() + HOUR);
    expect((await admin('POST', '/betslips', betslipBody('T-3', endAt))).statusCode).toBe(201);
    expect((await admin('POST', '/betslips/T-3/publish')).statusCode).toBe(200);
    const z = '26651000031';
    const allDraw = Array.from({ length: 14 }, (_, i) => ({ betSlipPosition: i, prediction: 3 }));
    const token = await addSubscriber(t(), z, { walletCents: 2_00 });
    expect((await submit(app(), token, body('T-3', allDraw, 2), 'kz')).statusCode).toBe(200);
    t().clock.set(new Date(endAt.getTime() + HOUR));
    for (let p = 1; p <= 14; p++)
      await admin('POST', '/betslips/T-3/results', { position: p, result: 'DRAW' });
    const events: unknown[] = [];
    app().events.on('betslip.settled', (e) => events.push(e));
    const answers = await Promise.all([
      admin('POST', '/betslips/T-3/settle'),
      admin('POST', '/betslips/T-3/settle'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().paid).sort()).toEqual([0, 1000]);
    expect(await availableCents(t().db.kysely, z)).toBe(1000_00);
    expect(events.filter((e) => (e as { sid: string }).sid === 'T-3')).toHaveLength(1);
  });

  it("shows the demo subscriber's past betslips as settled by the same rules", async () => {
    const token = (await signIn(app(), '26650000001', 'demo1234')).access_token;
    const slips = (await past(token)).json() as Array<Record<string, unknown>>;
    const demo = slips.filter((s) => String(s.sid).startsWith('J14-000'));
    expect(demo.map((s) => [s.sid, s.betSlipClosed, s.won, s.amountWon, s.prizeWon, s.correctCount])).toEqual(
      [
        ['J14-0003', false, false, 0, '', 9],
        ['J14-0002', true, false, 0, '', 4],
        ['J14-0002', true, true, 2500, 'THIRD PRIZE', 12],
        ['J14-0001', true, true, 50, 'FOURTH PRIZE', 7],
      ],
    );
    const won = demo[2] as {
      statistics: { tiers: unknown[]; matches: unknown[] };
      placedBets: Array<{ isCorrect: boolean }>;
    };
    expect(won.statistics.tiers).toContainEqual({ prizeType: 12, winners: 1, amountEach: 2500 });
    expect(won.statistics.matches).toHaveLength(14);
    expect(won.placedBets.filter((b) => b.isCorrect)).toHaveLength(12);
    expect((demo[0] as { statistics: unknown }).statistics).toBeNull();
  });

  it('validates a new betslip against the server clock and sane parameters', async () => {
    const now = t().clock.now();
    const future = new Date(now.getTime() + HOUR);
    const base = betslipBody('T-BAD', future);
    // A betslip of this test's own, for the sid already taken and the result for a position it lacks.
    expect((await admin('POST', '/betslips', betslipBody('T-TAKEN', future))).statusCode).toBe(201);
    const cases: Array<[object, number, string]> = [
      [{ ...base, matches: base.matches.slice(0, 13) }, 400, 'BETSLIP.INVALID'],
      [{ ...base, endDate: new Date(now.getTime() - 1000).toISOString() }, 400, 'BETSLIP.INVALID'],
      [{ ...base, endDate: '2026-12-01 10:00' }, 400, 'ERRORS.INVALID_REQUEST'],
      [{ ...base, betslipParams: { ...params, defaultBetslipPrice: 0 } }, 400, 'BETSLIP.INVALID'],
      [{ ...base, betslipParams: { ...params, defaultBetslipPrice: 1.005 } }, 400, 'BETSLIP.INVALID'],
      [{ ...base, betslipParams: { ...params, thirdChance: 7 } }, 400, 'BETSLIP.INVALID'],
      [{ ...base, betslipParams: { ...params, feePerSecond: 0.5 } }, 400, 'BETSLIP.INVALID'],
      [
        { ...base, betslipParams: { ...params, multipleChance: 14, thirdChance: 14, feePerThird: 10 } },
        400,
        'BETSLIP.INVALID',
      ],
      [{ ...base, sid: 'T-TAKEN' }, 409, 'BETSLIP.EXISTS'],
      [
        {
          ...base,
          matches: [
            { ...base.matches[0], homeTeamLogo: 'https://evil.example/x.png' },
            ...base.matches.slice(1),
          ],
        },
        400,
        'ERRORS.INVALID_REQUEST',
      ],
    ];
    const before = await auditCount(t());
    for (const [i, [payload, status, key]] of cases.entries()) {
      const res = await admin('POST', '/betslips', payload);
      expect({ i, status: res.statusCode, key: res.json().messageKey }).toEqual({ i, status, key });
    }
    expect(await auditCount(t())).toBe(before);
    expect((await admin('POST', '/betslips/NOPE/publish')).statusCode).toBe(404);
    expect((await admin('POST', '/betslips/NOPE/settle')).json().messageKey).toBe('BETSLIP.NOT_FOUND');
    const fifteenth = await admin('POST', '/betslips/T-TAKEN/results', { position: 15, result: 'DRAW' });
    expect(fifteenth.statusCode).toBe(400);
    expect(fifteenth.json().messageKey).toBe('BETSLIP.INVALID');
    // Without a sid the next free J14- sid is taken; a draft cannot be settled.
    const made = await admin('POST', '/betslips', { ...base, sid: undefined });
    expect(made.json().sid).toMatch(/^J14-\d{4}$/);
    expect((await admin('POST', `/betslips/${made.json().sid}/settle`)).json().messageKey).toBe(
      'BETSLIP.NOT_PUBLISHED',
    );
  });

  it('refuses every admin route to the roles it is not for (403), writing nothing', async () => {
    const routes = app().routeTable.filter((r) => r.url.startsWith('/api/admin/'));
    expect(routes.length).toBeGreaterThanOrEqual(9);
    const who = {
      subscriber: await addSubscriber(t(), '26651000041'),
      callcentre: await staff('callcentre'),
      marketing: await staff('marketing'),
    };
    const allowed = (role: keyof typeof who, url: string) =>
      (role === 'callcentre' && /\/(subscribers|support)\//.test(url)) ||
      (role === 'marketing' && /testimonials|prizes/.test(url));
    const before = await auditCount(t());
    for (const route of routes) {
      for (const role of Object.keys(who) as Array<keyof typeof who>) {
        if (allowed(role, route.url)) continue;
        const res = await app().inject({
          method: route.method as 'GET',
          url: route.url.replace(/:[a-z]+/gi, 'T-1'),
          headers: { authorization: `Bearer ${who[role]}` },
          ...(route.method === 'GET' ? {} : { payload: { position: 1, result: 'DRAW' } }),
        });
        expect(res.statusCode, `${role} ${route.method} ${route.url}`).toBe(403);
        expect(res.json().messageKey).toBe('AUTH.FORBIDDEN');
      }
    }
    expect(await auditCount(t())).toBe(before);
  });

  it('lets a subscriber read only their own past betslips; the call centre reads any, audited', async () => {
    // A settled betslip of this test's own: P has every match right (jackpot), Q all but the first.
    const endAt = new Date(t().clock.now().getTime() + HOUR);
    expect((await admin('POST', '/betslips', betslipBody('T-4', endAt))).statusCode).toBe(201);
    expect((await admin('POST', '/betslips/T-4/publish')).statusCode).toBe(200);
    const p = '26651000051';
    const q = '26651000052';
    const allHome = Array.from({ length: 14 }, (_, i) => ({ betSlipPosition: i, prediction: 1 }));
    const firstAway = allHome.map((x) => (x.betSlipPosition === 0 ? { ...x, prediction: 2 } : x));
    const token = await addSubscriber(t(), p, { walletCents: 10_00 });
    expect((await submit(app(), token, body('T-4', allHome, 2), 'kp')).statusCode).toBe(200);
    const tokenQ = await addSubscriber(t(), q, { walletCents: 10_00 });
    expect((await submit(app(), tokenQ, body('T-4', firstAway, 2), 'kq')).statusCode).toBe(200);
    t().clock.set(new Date(endAt.getTime() + HOUR));
    for (let position = 1; position <= 14; position++)
      await admin('POST', '/betslips/T-4/results', { position, result: 'HOME_WIN' });
    expect((await admin('POST', '/betslips/T-4/settle')).json()).toMatchObject({ winners: 2 });

    const mine = await tokenFor(t(), p);
    const other = await past(mine, q);
    expect(other.statusCode).toBe(403);
    expect(other.json().messageKey).toBe('AUTH.FORBIDDEN');
    expect(JSON.stringify(other.json())).not.toContain('T-4');
    expect((await past(mine, 'garbage')).statusCode).toBe(403);
    // Their own, in any spelling, or without the parameter.
    expect((await past(mine, p.slice(3))).json()[0].subscriberId).toBe(p);
    expect((await past(mine)).json()[0].subscriberId).toBe(p);

    const before = await auditCount(t());
    const callcentre = await staff('callcentre');
    const read = await past(callcentre, q);
    expect(read.statusCode).toBe(200);
    expect(read.json()[0]).toMatchObject({ sid: 'T-4', subscriberId: q, won: true });
    const wallet = await admin('GET', `/subscribers/${q}/wallet`, undefined, callcentre);
    expect(wallet.statusCode).toBe(200);
    // M 10 credit − M 2 stake + M 300 second prize.
    expect(wallet.json().totalAvailableAmount).toBe(308);
    // The subscriber's own fetch-wallet-info answer, whole: moves with their balance, deposits, cash-outs.
    expect(wallet.json()).toMatchObject({ deposits: [], pendingCashOuts: [] });
    expect(wallet.json().walletMovesDto[0]).toHaveProperty('balanceAfter');
    expect((await admin('GET', '/subscribers/26659999999/wallet', undefined, callcentre)).statusCode).toBe(
      404,
    );
    expect((await admin('GET', '/subscribers/x/wallet', undefined, callcentre)).json().messageKey).toBe(
      'MSISDN.INVALID',
    );
    expect(await auditCount(t())).toBe(before + 2);
    expect((await past(callcentre, 'garbage')).json().messageKey).toBe('MSISDN.INVALID');
  });

  it('lets marketing manage testimonials and the default prize table', async () => {
    const marketing = await staff('marketing');
    const added = await admin(
      'POST',
      '/testimonials',
      {
        lang: 'en',
        imgUrl: '/testimonials/palesa.svg',
        name: 'Lineo',
        occupation: 'Nurse',
        testimonial: 'I won!',
      },
      marketing,
    );
    expect(added.statusCode, added.body).toBe(201);
    const list = (await admin('GET', '/testimonials', undefined, marketing)).json() as Array<{
      id: number;
      name: string;
    }>;
    expect(list.at(-1)).toMatchObject({ id: added.json().id, name: 'Lineo' });
    expect((await admin('DELETE', `/testimonials/${added.json().id}`, undefined, marketing)).statusCode).toBe(
      200,
    );
    expect((await admin('DELETE', `/testimonials/${added.json().id}`, undefined, marketing)).statusCode).toBe(
      404,
    );

    const put = await admin(
      'PUT',
      '/prizes',
      [
        { prizeType: 14, amount: 5000 },
        { prizeType: 6, amount: 2.5 },
      ],
      marketing,
    );
    expect(put.statusCode, put.body).toBe(200);
    const defaults = await t()
      .db.kysely.selectFrom('prizes')
      .select(['prize_type', 'amount_cents'])
      .where('betslip_sid', 'is', null)
      .orderBy('prize_type', 'desc')
      .execute();
    expect(defaults.map((p) => [p.prize_type, Number(p.amount_cents)])).toEqual([
      [14, 5000_00],
      [6, 2_50],
    ]);
    expect(
      (
        await admin(
          'PUT',
          '/prizes',
          [
            { prizeType: 14, amount: 1 },
            { prizeType: 14, amount: 2 },
          ],
          marketing,
        )
      ).statusCode,
    ).toBe(400);
    expect((await admin('PUT', '/prizes', [{ prizeType: 11, amount: 1 }], marketing)).statusCode).toBe(400);
  });
});
