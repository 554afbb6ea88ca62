// Read side of the play and wallet APIs: shapes exactly as CONTRACTS.md, demo data, roll-forward.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BETSLIP_PARAMS } from '../../server/demo/content.ts';
import { DEMO_SUBSCRIBER } from '../../server/demo/seedPlay.ts';
import { backends, buildTestApp, describeEachDb } from './helper.ts';
import { addSubscriber, get, seedPlay, tokenFor } from './playFixtures.ts';

const DAY = 86_400_000;
const WIRE_DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;
const publicDir = join(import.meta.dirname, '..', '..', 'public');

describeEachDb('play API (demo data)', (t) => {
  beforeAll(async () => {
    await seedPlay(t());
    await addSubscriber(t(), DEMO_SUBSCRIBER, { subscribed: true });
  });
  /** A fresh token of the demo subscriber (a test may have moved the clock past an older one's expiry). */
  const demoToken = () => tokenFor(t(), DEMO_SUBSCRIBER);

  it('requires a bearer token', async () => {
    const res = await t().app.inject({ method: 'GET', url: '/api/protected/fetch-current-betslip' });
    expect(res.statusCode).toBe(401);
  });

  it('serves the current betslip in the contract shape', async () => {
    const res = await get(t().app, await demoToken(), 'fetch-current-betslip');
    expect(res.statusCode).toBe(200);
    const betslip = res.json();
    expect(Object.keys(betslip).sort()).toEqual([
      'betslipParams',
      'endDate',
      'endsAt',
      'matches',
      'settlementRule',
      'sid',
    ]);
    // Rolled forward after rows counted: every row of a slip is an entry.
    expect(betslip.settlementRule).toBe('ROWS');
    expect(betslip.endDate).toMatch(WIRE_DATE);
    // Closes about three days after seeding, at noon in Maseru (10:00 UTC).
    const endsAt = new Date(betslip.endsAt);
    expect(endsAt.getTime() - t().clock.now().getTime()).toBeGreaterThan(2 * DAY);
    expect(endsAt.getUTCHours()).toBe(10);
    expect(betslip.endDate).toBe(`${betslip.endsAt.slice(0, 10)} 12:00`);
    expect(betslip.betslipParams).toEqual(DEMO_BETSLIP_PARAMS);
    expect(betslip.matches).toHaveLength(14);
    expect(betslip.matches.map((m: { betslipPosotion: number }) => m.betslipPosotion)).toEqual(
      Array.from({ length: 14 }, (_, i) => i + 1),
    );
    const tournaments = new Set(betslip.matches.map((m: { tournament: string }) => m.tournament));
    expect(tournaments).toContain('Vodacom Premier League Lesotho');
    for (const match of betslip.matches) {
      expect(Object.keys(match).sort()).toEqual(
        [
          'awayTeam',
          'awayTeamLogo',
          'betslipPosotion',
          'homeTeam',
          'homeTeamLogo',
          'startDate',
          'tournament',
        ].sort(),
      );
      expect(match.startDate).toMatch(WIRE_DATE);
      for (const logo of [match.homeTeamLogo, match.awayTeamLogo]) {
        expect(logo).toMatch(/^\/logos\/[a-z0-9-]+\.svg$/);
        expect(existsSync(join(publicDir, logo))).toBe(true);
      }
      // Picks must be in before the first whistle.
      expect(match.startDate > betslip.endDate).toBe(true);
    }
  });

  it('serves prizes and testimonials in both languages', async () => {
    const token = await demoToken();
    const prizes = await get(t().app, token, 'fetch-current-prizes');
    expect(prizes.json()).toEqual([
      { prizeType: 14, amount: 250000 },
      { prizeType: 13, amount: 25000 },
      { prizeType: 12, amount: 2500 },
      { prizeType: 7, amount: 50 },
      { prizeType: 6, amount: 20 },
    ]);
    const testimonials = (await get(t().app, token, 'fetch-testimonials')).json();
    expect(new Set(testimonials.map((x: { lang: string }) => x.lang))).toEqual(new Set(['st', 'en']));
    expect(testimonials[0]).toEqual({
      lang: 'st',
      imgUrl: expect.stringMatching(/^\/testimonials\/[a-z]+\.svg$/),
      testimonialDto: {
        name: expect.any(String),
        occupation: expect.any(String),
        testimonial: expect.any(String),
      },
    });
  });

  it("shows the demo subscriber's funded wallet with withdrawable winnings of at least M 500", async () => {
    const res = await get(t().app, await demoToken(), 'fetch-wallet-info');
    expect(res.statusCode).toBe(200);
    const wallet = res.json();
    expect(wallet).toMatchObject({
      totalAvailableAmount: 1054,
      withdrawablemount: 1050,
      totalWonAmount: 2550,
      totalWithdrawnAmount: 1500,
      currentlyWithheldAmount: 0,
    });
    const moves = wallet.walletMovesDto as {
      createDate: string;
      amount: number;
      reason: string;
      serviceId: string;
    }[];
    expect(moves.reduce((sum, m) => sum + m.amount * 100, 0)).toBe(105400);
    expect(moves[0]).toEqual({
      createDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      amount: -6,
      reason: 'BETSLIP_STAKE',
      serviceId: 'JACKPOT14',
      balanceAfter: expect.any(Number),
    });
    // Newest first.
    expect([...moves].sort((a, b) => b.createDate.localeCompare(a.createDate))).toEqual(moves);
    expect(moves.map((m) => m.reason)).toEqual(
      expect.arrayContaining(['PRIZE_WON', 'WELCOME_BONUS', 'CASH_OUT']),
    );
  });

  it('answers subscriber info', async () => {
    const res = await get(t().app, await demoToken(), 'fetch-subscriber-info');
    expect(res.json()).toEqual({
      msisdn: DEMO_SUBSCRIBER,
      createDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      isSubscriptionEnabled: true,
      otherSubscriptions: [],
    });
    const other = await addSubscriber(t(), '26650000777', { subscribed: false });
    expect((await get(t().app, other, 'fetch-subscriber-info')).json()).toMatchObject({
      isSubscriptionEnabled: false,
    });
  });

  it('rolls a passed betslip forward in demo mode', async () => {
    const before = (await get(t().app, await demoToken(), 'fetch-current-betslip')).json();
    t().clock.set(new Date(new Date(before.endsAt).getTime() + 1000));
    const token = await demoToken();
    const [a, b] = await Promise.all([
      get(t().app, token, 'fetch-current-betslip'),
      get(t().app, token, 'fetch-current-betslip'),
    ]);
    expect(a.json().sid).not.toBe(before.sid);
    expect(b.json().sid).toBe(a.json().sid);
    expect(new Date(a.json().endsAt).getTime()).toBeGreaterThan(t().clock.now().getTime() + 2 * DAY);
    const old = await t()
      .db.kysely.selectFrom('betslips')
      .select('status')
      .where('sid', '=', before.sid)
      .executeTakeFirstOrThrow();
    expect(old.status).toBe('CLOSED');
  });
});

describeEachDb(
  'play API (no demo data)',
  (t) => {
    it('answers 404 BETSLIP.NONE when there is no open betslip, and empty lists', async () => {
      const token = await addSubscriber(t(), '26650000701');
      const res = await get(t().app, token, 'fetch-current-betslip');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ statusCode: 404, messageKey: 'BETSLIP.NONE' });
      expect((await get(t().app, token, 'fetch-current-prizes')).json()).toEqual([]);
      expect((await get(t().app, token, 'fetch-testimonials')).json()).toEqual([]);
      expect((await get(t().app, token, 'fetch-wallet-info')).json()).toEqual({
        totalAvailableAmount: 0,
        withdrawablemount: 0,
        totalWonAmount: 0,
        totalWithdrawnAmount: 0,
        currentlyWithheldAmount: 0,
        walletMovesDto: [],
        pendingCashOuts: [],
        totalDepositedAmount: 0,
        deposits: [],
      });
    });
  },
  { config: { demo: false } },
);

describe('demo seeding', () => {
  it('writes demo data once however often it runs (main.ts seeds on every start)', async () => {
    const t = await buildTestApp(backends[0]!);
    try {
      await seedPlay(t);
      await seedPlay(t);
      const count = await t.db.kysely
        .selectFrom('betslips')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(4);
    } finally {
      await t.close();
    }
  });
});
