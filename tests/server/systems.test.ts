// Systems and pick shares on the server (DESIGN.md "Systems and pick shares"), on both databases: every
// row of a slip is an entry under rule 'ROWS' (a 2-double slip that hits 14 wins one 14, two 13s and a 12;
// each tier's pool is shared per row, rounded down to the cent); a reduced system's rows and price are the
// server's, whatever the client sends; a round published before rows counted ('SLIP') settles as before;
// live pick shares are hidden under 100 rows and refreshed at most once a minute of server time.
import { beforeAll, expect, it } from 'vitest';
import { DEMO_SUBSCRIBER } from '../../server/demo/seedPlay.ts';
import { seedDemo } from '../../server/seed.ts';
import { availableCents } from '../../server/wallet/ledger.ts';
import { BETSLIP_PARAMS, roundBody } from '../support/rounds.ts';
import { describeEachDb, signIn } from './helper.ts';
import { addSubscriber, body, get, picks, submit, tokenFor } from './playFixtures.ts';

const HOUR = 3600 * 1000;
const MINUTE = 60 * 1000;

/** The demo round's limits: every reduced system fits. */
const ROOMY = { ...BETSLIP_PARAMS, thirdChance: 8, multipleChance: 10 };
const prizes = [
  { prizeType: 14, amount: 1000 },
  { prizeType: 13, amount: 100 },
  { prizeType: 12, amount: 10.01 },
  { prizeType: 7, amount: 9 },
  { prizeType: 6, amount: 1 },
];
const allHome = () => Array.from({ length: 14 }, (_, i) => ({ position: i + 1, result: 'HOME_WIN' }));

/** Payload of a compact JWS, unchecked (receipts.test.ts checks signatures). */
const payloadOf = (jws: string) => JSON.parse(Buffer.from(jws.split('.')[1]!, 'base64url').toString());

describeEachDb('systems: rows, reduced systems, the rules switch, pick shares', (t) => {
  const app = () => t().app;
  const db = () => t().db.kysely;
  const admin = async (method: 'GET' | 'POST', url: string, payload?: object) =>
    app().inject({
      method,
      url: `/api/admin${url}`,
      headers: { authorization: `Bearer ${(await signIn(app(), 'admin', 'admin1234')).access_token}` },
      ...(payload === undefined ? {} : { payload }),
    });
  /** Past betslips of `msisdn` (a test subscriber, or the demo's with its own password). */
  const past = async (msisdn: string, password?: string) =>
    (
      await app().inject({
        method: 'POST',
        url: '/api/protected/fetch-past-submitted-betslips',
        headers: {
          authorization: `Bearer ${password ? (await signIn(app(), msisdn, password)).access_token : await tokenFor(t(), msisdn)}`,
        },
        payload: {},
      })
    ).json() as Array<Record<string, unknown> & { sid: string }>;

  /** Publishes round `sid` (live at once: the previous round has ended) closing in an hour. */
  async function openRound(sid: string, params = ROOMY) {
    const endAt = new Date(t().clock.now().getTime() + HOUR);
    const created = await admin(
      'POST',
      '/betslips',
      roundBody(sid, endAt, { prizes, betslipParams: params }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const published = await admin('POST', `/betslips/${sid}/publish`);
    expect(published.json()).toMatchObject({ sid, status: 'CURRENT' });
    return endAt;
  }

  /** Moves past the close, enters every result as a home win and settles. */
  async function closeAndSettle(sid: string, endAt: Date) {
    t().clock.set(new Date(endAt.getTime() + HOUR));
    const results = await admin('POST', `/betslips/${sid}/results`, { results: allHome() });
    expect(results.statusCode, results.body).toBe(200);
    const settled = await admin('POST', `/betslips/${sid}/settle`);
    expect(settled.statusCode, settled.body).toBe(200);
    return settled.json();
  }

  beforeAll(async () => {
    await seedDemo(t().db, t().config, t().clock.now());
    // The demo's open round has ended, so each round published here goes live at once.
    await db()
      .updateTable('betslips')
      .set({ end_at: new Date(t().clock.now().getTime() - MINUTE) })
      .where('status', '=', 'CURRENT')
      .execute();
  });

  it('pays every row of a 2-double slip that hits 14: one 14, two 13s and a 12, pools shared per row', async () => {
    const endAt = await openRound('Y-1');
    const [p, q, s] = ['26652000001', '26652000002', '26652000003'];
    // P: doubles (home or away) on matches 1 and 2, home elsewhere: 4 rows, M 8.
    const tp = await addSubscriber(t(), p, { walletCents: 100_00 });
    expect((await submit(app(), tp, body('Y-1', picks({ 0: 12, 1: 12 }), 8), 'y1-p')).statusCode).toBe(200);
    // Q: home everywhere (one 14); S: away on match 1 (one 13).
    const tq = await addSubscriber(t(), q, { walletCents: 100_00 });
    expect((await submit(app(), tq, body('Y-1', picks(), 2), 'y1-q')).statusCode).toBe(200);
    const ts = await addSubscriber(t(), s, { walletCents: 100_00 });
    expect((await submit(app(), ts, body('Y-1', picks({ 0: 2 }), 2), 'y1-s')).statusCode).toBe(200);

    t().clock.set(new Date(endAt.getTime() + HOUR));
    await admin('POST', '/betslips/Y-1/results', { results: allHome() });
    // The preview counts rows: 2 jackpot rows, 3 second-prize rows (M 100 / 3 = 33.33, a cent left over).
    const preview = await admin('GET', '/betslips/Y-1/settlement-preview');
    expect(preview.json()).toEqual({
      settlementRule: 'ROWS',
      tiers: [
        { prizeType: 14, winners: 2, amountEach: 500, pool: 1000 },
        { prizeType: 13, winners: 3, amountEach: 33.33, pool: 100 },
        { prizeType: 12, winners: 1, amountEach: 10.01, pool: 10.01 },
        { prizeType: 7, winners: 0, amountEach: 0, pool: 9 },
        { prizeType: 6, winners: 0, amountEach: 0, pool: 1 },
      ],
      totalPayout: 1110,
      rollover: 0,
    });
    const settled = await admin('POST', '/betslips/Y-1/settle');
    // P 500 + 2 × 33.33 + 10.01 = 576.67, Q 500, S 33.33.
    expect(settled.json()).toEqual({ settled: true, winners: 3, paid: 1110 });
    expect(await availableCents(db(), p)).toBe(100_00 - 8_00 + 576_67);
    expect(await availableCents(db(), q)).toBe(100_00 - 2_00 + 500_00);
    expect(await availableCents(db(), s)).toBe(100_00 - 2_00 + 33_33);

    const [slip] = await past(p);
    expect(slip).toMatchObject({
      sid: 'Y-1',
      won: true,
      amountWon: 576.67,
      prizeWon: 'JACKPOT',
      correctCount: 14,
      rows: 4,
      systemId: null,
      winningRows: [
        { prizeType: 14, count: 1, amountEach: 500 },
        { prizeType: 13, count: 2, amountEach: 33.33 },
        { prizeType: 12, count: 1, amountEach: 10.01 },
      ],
    });
    // Pick statistics count rows: of 6, match 1 has P's 2 and Q's home, P's 2 and S's away.
    expect((slip!.statistics as { settlementRule: string }).settlementRule).toBe('ROWS');
    expect((slip!.statistics as { matches: unknown[] }).matches[0]).toEqual({
      position: 1,
      home: 0.5,
      draw: 0,
      away: 0.5,
    });
    const [mine] = (await get(app(), await tokenFor(t(), s), 'my-slips?sid=Y-1')).json();
    expect(mine).toMatchObject({
      rows: 1,
      systemId: null,
      winningRows: [{ prizeType: 13, count: 1, amountEach: 33.33 }],
    });

    // Public rounds count winning rows; reports keep slips as entries and add rows.
    const publicRound = (
      (await app().inject({ method: 'GET', url: '/api/public/rounds' })).json() as Array<{
        sid: string;
        settlementRule: string;
        tiers: unknown[];
      }>
    ).find((r) => r.sid === 'Y-1');
    expect(publicRound?.settlementRule).toBe('ROWS');
    expect(publicRound?.tiers.slice(0, 3)).toEqual([
      { prizeType: 14, winners: 2, amountEach: 500 },
      { prizeType: 13, winners: 3, amountEach: 33.33 },
      { prizeType: 12, winners: 1, amountEach: 10.01 },
    ]);
    const report = ((await admin('GET', '/reports/rounds')).json() as Array<{ sid: string }>).find(
      (r) => r.sid === 'Y-1',
    );
    expect(report).toMatchObject({ entries: 3, rows: 6, players: 3, turnover: 12, prizesPaid: 1110 });

    // Settled again: nothing moves.
    expect((await admin('POST', '/betslips/Y-1/settle')).json()).toEqual({
      settled: true,
      winners: 3,
      paid: 0,
    });
  });

  it("recomputes a reduced system's rows and price whatever the client sends, and pays its rows", async () => {
    const endAt = await openRound('Y-2');
    const msisdn = '26652000011';
    const token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
    const fourTriples = picks({ 0: 123, 1: 123, 2: 123, 3: 123 });
    const cases: Array<[object, number, string]> = [
      // The full system's price (81 rows) is not the reduced one's.
      [{ ...body('Y-2', fourTriples, 162), systemId: 'R-4-0-9' }, 409, 'PRICE.MISMATCH'],
      [{ ...body('Y-2', fourTriples, 18), systemId: 'R-9-9-9' }, 400, 'SYSTEM.INVALID'],
      // Three triples and a double are not R-4-0-9's marks.
      [
        { ...body('Y-2', picks({ 0: 123, 1: 123, 2: 123, 3: 12 }), 18), systemId: 'R-4-0-9' },
        400,
        'SYSTEM.INVALID',
      ],
      // Malformed picks are named before the system.
      [{ ...body('Y-2', picks({ 0: 4 }), 18), systemId: 'R-9-9-9' }, 400, 'PICKS.INVALID'],
    ];
    for (const [i, [payload, status, messageKey]] of cases.entries()) {
      const res = await submit(app(), token, payload, `y2-${i}`);
      expect({ i, status: res.statusCode, key: res.json().messageKey }).toEqual({
        i,
        status,
        key: messageKey,
      });
    }
    expect(await availableCents(db(), msisdn)).toBe(100_00);

    // Price = full price × rows ÷ full rows = M 162 × 9 / 81 = M 18.
    const ok = await submit(app(), token, { ...body('Y-2', fourTriples, 18), systemId: 'R-4-0-9' }, 'y2-ok');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().amount).toBe(18);
    expect(payloadOf(ok.json().receipt.jws)).toMatchObject({ systemId: 'R-4-0-9', rows: 9, cost: 18 });
    expect(await availableCents(db(), msisdn)).toBe(82_00);
    // Paid by airtime (an empty wallet), the system goes through the intent to the slip.
    const byAirtime = await addSubscriber(t(), '26652000012');
    const airtime = await submit(
      app(),
      byAirtime,
      {
        ...body('Y-2', picks({ 4: 12, 5: 12, 6: 12, 7: 12, 8: 12, 9: 12, 10: 12 }), 32),
        systemId: 'R-0-7-16',
      },
      'y2-air',
    );
    expect(airtime.statusCode, airtime.body).toBe(200);
    expect(airtime.json().paidFrom).toBe('AIRTIME');
    const [mine] = (await get(app(), token, 'my-slips?sid=Y-2')).json();
    expect(mine).toMatchObject({ rows: 9, systemId: 'R-4-0-9', cost: 18, winningRows: [] });
    const stored = await db()
      .selectFrom('submissions')
      .select(['msisdn', 'system_id', 'rows', 'cost_cents'])
      .where('betslip_sid', '=', 'Y-2')
      .orderBy('msisdn')
      .execute();
    expect(stored.map((r) => [r.msisdn, r.system_id, r.rows, Number(r.cost_cents)])).toEqual([
      [msisdn, 'R-4-0-9', 9, 18_00],
      ['26652000012', 'R-0-7-16', 16, 32_00],
    ]);

    // All home: R-4-0-9's row 0000 has 14; its 8 other rows differ from it in 3 of the 4 triples (the
    // code's distance), so 11 correct: the 7 tier. R-0-7-16: 0000000 is 14, its 7 rows of weight 3 are 11
    // correct, 7 of weight 4 are 10, and 1111111 is 7: 15 rows in the 7 tier.
    const settled = await closeAndSettle('Y-2', endAt);
    expect(settled.winners).toBe(2);
    const [system] = await past(msisdn);
    expect(system).toMatchObject({
      rows: 9,
      systemId: 'R-4-0-9',
      correctCount: 14,
      prizeWon: 'JACKPOT',
      winningRows: [
        { prizeType: 14, count: 1, amountEach: 500 },
        { prizeType: 7, count: 8, amountEach: 0.39 },
      ],
    });
    // 9 / 23 rows in the 7 tier = M 0.39 each (rounded down).
    expect(system!.amountWon).toBe(503.12);
  });

  it("refuses a system the round's limits do not allow (after checking it fits its marks)", async () => {
    const endAt = await openRound('Y-3', BETSLIP_PARAMS);
    const token = await addSubscriber(t(), '26652000021', { walletCents: 100_00 });
    const sevenDoubles = picks({ 0: 12, 1: 12, 2: 12, 3: 12, 4: 12, 5: 12, 6: 12 });
    const limits = await submit(
      app(),
      token,
      { ...body('Y-3', sevenDoubles, 32), systemId: 'R-0-7-16' },
      'y3',
    );
    expect([limits.statusCode, limits.json().messageKey]).toEqual([400, 'PICKS.LIMITS']);
    const unknown = await submit(
      app(),
      token,
      { ...body('Y-3', sevenDoubles, 32), systemId: 'R-0-8-16' },
      'y3b',
    );
    expect([unknown.statusCode, unknown.json().messageKey]).toEqual([400, 'SYSTEM.INVALID']);
    await closeAndSettle('Y-3', endAt);
  });

  it('settles a round published before rows counted (SLIP) as before, and leaves seeded rounds as they paid', async () => {
    const rule = async (sid: string) =>
      ((await admin('GET', '/betslips')).json() as Array<{ sid: string; settlementRule: string }>).find(
        (b) => b.sid === sid,
      )?.settlementRule;
    expect([await rule('J14-0001'), await rule('J14-0002'), await rule('J14-0003')]).toEqual([
      'SLIP',
      'SLIP',
      'SLIP',
    ]);
    // The demo subscriber's seeded wins are what the demo paid (two doubles, 12 correct: one slip).
    const seeded = (await past(DEMO_SUBSCRIBER, 'demo1234')).find((s) => s.sid === 'J14-0002' && s.won);
    expect(seeded).toMatchObject({ rows: 4, systemId: null, correctCount: 12, prizeWon: 'THIRD PRIZE' });
    expect(seeded!.winningRows).toEqual([{ prizeType: 12, count: 1, amountEach: seeded!.amountWon }]);

    const endAt = await openRound('Y-4');
    expect(await rule('Y-4')).toBe('ROWS');
    // As if published before the change: the slip is settled once, in its best tier.
    await db().updateTable('betslips').set({ settlement_rule: 'SLIP' }).where('sid', '=', 'Y-4').execute();
    const msisdn = '26652000031';
    const token = await addSubscriber(t(), msisdn, { walletCents: 100_00 });
    expect((await submit(app(), token, body('Y-4', picks({ 0: 12, 1: 12 }), 8), 'y4')).statusCode).toBe(200);
    const other = await addSubscriber(t(), '26652000032', { walletCents: 100_00 });
    expect((await submit(app(), other, body('Y-4', picks({ 0: 2 }), 2), 'y4b')).statusCode).toBe(200);
    const settled = await closeAndSettle('Y-4', endAt);
    // One jackpot (the whole pool) and one 13 (the whole pool): the double's other rows win nothing.
    expect(settled).toEqual({ settled: true, winners: 2, paid: 1100 });
    const [slip] = await past(msisdn);
    expect(slip).toMatchObject({
      amountWon: 1000,
      prizeWon: 'JACKPOT',
      correctCount: 14,
      rows: 4,
      winningRows: [{ prizeType: 14, count: 1, amountEach: 1000 }],
    });
    // Its statistics and the public rounds page count slips, and say so.
    expect((slip!.statistics as { settlementRule: string }).settlementRule).toBe('SLIP');
    const rounds = (await app().inject({ method: 'GET', url: '/api/public/rounds' })).json() as Array<{
      sid: string;
      settlementRule: string;
    }>;
    expect(rounds.find((r) => r.sid === 'Y-4')?.settlementRule).toBe('SLIP');
    // A seeded round's statistics were stored before systems, without a rule: slips.
    expect(rounds.find((r) => r.sid === 'J14-0002')?.settlementRule).toBe('SLIP');
    expect((slip!.statistics as { tiers: unknown[] }).tiers.slice(0, 2)).toEqual([
      { prizeType: 14, winners: 1, amountEach: 1000 },
      { prizeType: 13, winners: 1, amountEach: 100 },
    ]);
  });

  it('shows pick shares of rows only from 100 rows, refreshed at most once a minute', async () => {
    const endAt = await openRound('Y-5');
    const token = await addSubscriber(t(), '26652000041', { walletCents: 1_000_00 });
    const shares = (query = '') => get(app(), token, `pick-shares${query}`);

    expect((await app().inject({ method: 'GET', url: '/api/protected/pick-shares' })).statusCode).toBe(401);
    expect((await shares()).json()).toEqual({ sid: 'Y-5', rows: 0, hidden: true });
    expect((await shares('?sid=NOPE')).statusCode).toBe(404);

    // 81 rows: four triples.
    const a = picks({ 0: 123, 1: 123, 2: 123, 3: 123 });
    expect((await submit(app(), token, body('Y-5', a, 162), 'y5-a')).statusCode).toBe(200);
    t().clock.advance(MINUTE);
    expect((await shares()).json()).toEqual({ sid: 'Y-5', rows: 81, hidden: true });

    // 18 + 1 more: 100 rows, but the answer is a minute old only after a minute.
    const b = picks({ 0: 123, 1: 123, 2: 13 });
    expect((await submit(app(), token, body('Y-5', b, 36), 'y5-b')).statusCode).toBe(200);
    expect((await submit(app(), token, body('Y-5', picks(), 2), 'y5-c')).statusCode).toBe(200);
    t().clock.advance(MINUTE - 1000);
    expect((await shares('?sid=Y-5')).json()).toEqual({ sid: 'Y-5', rows: 81, hidden: true });
    t().clock.advance(1000);
    const open = (await shares()).json();
    expect(open).toMatchObject({ sid: 'Y-5', rows: 100, updatedAt: t().clock.now().toISOString() });
    expect(open.matches).toHaveLength(14);
    // Match 1: 27 + 6 + 1 home, 27 + 6 draw and away. Match 3: 27 + 9 + 1 home, 27 + 9 draw, 27 away.
    expect(open.matches[0]).toEqual({ position: 1, home: 34, draw: 33, away: 33 });
    expect(open.matches[2]).toEqual({ position: 3, home: 37, draw: 36, away: 27 });
    expect(open.matches[13]).toEqual({ position: 14, home: 100, draw: 0, away: 0 });
    await closeAndSettle('Y-5', endAt);
  });
});
