// USSD (Africa's Talking callback) over the real app: every menu path in both languages within 182
// characters, paying through the app's submission code (once per session, also on a gateway retry),
// and every refusal a short END with nothing charged.
import { expect, it } from 'vitest';
import { NO_LIMITS } from '../../server/play/limitRules.ts';
import { saveLimits } from '../../server/play/limits.ts';
import { setSubscription } from '../../server/wallet/subscriptions.ts';
import { balance, openBetslip, priceOf, slipsOf, ussd } from './channelFixtures.ts';
import { describeEachDb, type TestApp } from './helper.ts';
import { addSubscriber, seedPlay } from './playFixtures.ts';

let sessions = 0;
const newSession = () => `ATUid_${++sessions}_${Math.random().toString(36).slice(2)}`;

/** Every screen must fit a USSD screen and start with CON or END. */
function screenOf(res: { statusCode: number; body: string; headers: Record<string, unknown> }) {
  expect(res.statusCode, res.body).toBe(200);
  expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
  expect(res.body).toMatch(/^(CON|END) /);
  expect(res.body.length, res.body).toBeLessThanOrEqual(182);
  return res.body;
}

/** Plays `texts` one after another in one session (as the gateway sends them) and returns the screens. */
async function walk(t: TestApp, msisdn: string, texts: string[], session = newSession()) {
  const screens: string[] = [];
  for (const text of texts) screens.push(screenOf(await ussd(t.app, session, msisdn, text)));
  return screens;
}

/** Every path through the menu, as the cumulative texts the gateway sends. */
const PATHS: string[][] = [
  [
    '',
    '1',
    '1*1',
    '1*1*0',
    '1*1*0*2',
    '1*1*0*2*1234567',
    '1*1*0*2*1234567*7111121',
    '1*1*0*2*1234567*7111121*0',
  ],
  [
    '',
    '1',
    '1*2',
    '1*2*123',
    '1*2*12345678',
    '1*2*abc',
    // Fourteen triples: more than the demo round allows (8).
    '1*2*7777777',
    '1*2*7777777*9',
    '1*2*7777777*7777777',
  ],
  ['', '2', '2*5', '2*0', '2*0*3', '2*0*3*00', '2*0*3*00*4', '2*0*3*00*4*7', '2*0*3*00*4*0'],
  [
    '',
    '9',
    '9*',
    '9**',
    `9***${'1'.repeat(25)}`,
    `9***${'1'.repeat(25)}*00`,
    '9***1111111111111111111111111*00*1*1*9',
  ],
];

describeEachDb('USSD', (t) => {
  it('tells a number without an account how to register, in Sesotho', async () => {
    await seedPlay(t());
    const [screen] = await walk(t(), '26650009901', ['']);
    expect(screen).toMatch(/^END .*Bula ak'haonte.*\/register/s);
  });

  it('shows every screen within 182 characters in Sesotho (the default) and in English', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650009902';
    await addSubscriber(tt, msisdn, { walletCents: 50_00 });
    const sesotho = (await Promise.all(PATHS.map((texts) => walk(tt, msisdn, texts)))).flat();
    expect(sesotho[0]).toBe(
      'CON Jackpot 14\n1. Bapala\n2. Mokotla oa chelete\n3. Li-slip tsa ka\n4. Puo/Language\n5. Bapala le sehlopha',
    );
    expect(sesotho.join('\n')).toContain('Khetho e fosahetse.');
    // Choosing English is remembered for the next session.
    const chosen = await walk(tt, msisdn, ['', '4', '4*2']);
    expect(chosen[2]).toMatch(/^CON Jackpot 14\n1\. Play/);
    const english = (await Promise.all(PATHS.map((texts) => walk(tt, msisdn, texts)))).flat();
    expect(english[0]).toBe(
      'CON Jackpot 14\n1. Play\n2. Wallet\n3. My slips\n4. Language/Puo\n5. Group play',
    );
    const all = english.join('\n');
    expect(all).toContain('Invalid choice.');
    expect(all).toContain('Too many multi-picks.');
    expect(all).toContain('Matches 8-14');
    expect(all).toMatch(/Quick pick:\n[1-3]{7}\n[1-3]{7}\nPrice: M \d+\.\d\d\n1\. Pay from wallet/);
    expect(all).toMatch(/Your picks:\n1234567\n7111121\n3 doubles, 2 triples\nPrice: M 144\.00\n/);
    // Back to Sesotho, remembered again.
    await walk(tt, msisdn, ['', '4', '4*1']);
    expect((await walk(tt, msisdn, ['']))[0]).toContain('Bapala');
    // Nothing was played on the way.
    expect(await slipsOf(tt, msisdn)).toEqual([]);
    expect(await balance(tt, msisdn)).toBe(50_00);
  });

  it('pays a quick pick from the wallet once, also when the gateway repeats the final request', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650009903';
    await addSubscriber(tt, msisdn, { walletCents: 20_00 });
    const session = newSession();
    const [, , shown] = await walk(tt, msisdn, ['', '1', '1*1'], session);
    const digits = /Khetho ka potlako:\n([1-3]{7})\n([1-3]{7})/.exec(shown ?? '');
    expect(digits).not.toBeNull();
    const picks = [...`${digits?.[1]}${digits?.[2]}`];
    const price = await priceOf(tt, picks);
    expect(shown).toContain(`Theko: M ${(price / 100).toFixed(2)}`);

    const paid = screenOf(await ussd(tt.app, session, msisdn, '1*1*1'));
    expect(paid).toMatch(/^END U lefile M \d+\.\d\d ka mokotla oa chelete\. Tshupiso: (\S+)\. Mahlohonolo!$/);
    const again = screenOf(await ussd(tt.app, session, msisdn, '1*1*1'));
    expect(again).toBe(paid);
    expect(await balance(tt, msisdn)).toBe(20_00 - price);
    const slips = await slipsOf(tt, msisdn);
    expect(slips).toHaveLength(1);
    expect(slips[0]?.paid_from).toBe('WALLET');
    // The receipt's reference, on a slip of channel USSD.
    expect(slips[0]?.channel).toBe('USSD');
    expect(paid).toContain(`Tshupiso: ${slips[0]?.reference}.`);
    const stored = (
      typeof slips[0]?.predictions === 'string' ? JSON.parse(slips[0].predictions) : slips[0]?.predictions
    ) as { prediction: number }[];
    expect(stored.map((p) => String(p.prediction))).toEqual(picks);

    // Wallet and My slips now show the stake and the slip.
    const [, wallet] = await walk(tt, msisdn, ['', '2']);
    expect(wallet).toContain(`Chelete: M ${((20_00 - price) / 100).toFixed(2)}`);
    expect(wallet).toContain(`-M ${(price / 100).toFixed(2)} Slip`);
    const [, mine] = await walk(tt, msisdn, ['', '3']);
    expect(mine).toContain(`${picks.join('')} e bulehile`);
  });

  it('pays entered picks with doubles and triples at the price the rules give', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650009904';
    await addSubscriber(tt, msisdn, { walletCents: 100_00 });
    const { params } = await openBetslip(tt);
    expect(params.multipleChance).toBeGreaterThanOrEqual(2);
    const screens = await walk(tt, msisdn, [
      '',
      '1',
      '1*2',
      '1*2*4111111',
      '1*2*4111111*1111117',
      '1*2*4111111*1111117*1',
    ]);
    const outcomes = ['12', ...'111111111111'.split(''), '123'];
    const price = await priceOf(tt, outcomes);
    expect(screens[4]).toContain(`Theko: M ${(price / 100).toFixed(2)}`);
    expect(screens[5]).toMatch(/^END U lefile/);
    expect(await balance(tt, msisdn)).toBe(100_00 - price);
    const [slip] = await slipsOf(tt, msisdn);
    expect(Number(slip?.cost_cents)).toBe(price);
  });

  it('ends with a short reason and charges nothing: empty wallet, a pause, a weekly limit (no subscription: the price to confirm)', async () => {
    const tt = t();
    await seedPlay(tt);
    const empty = '26650009905';
    await addSubscriber(tt, empty);
    const [, , , broke] = await walk(tt, empty, ['', '1', '1*1', '1*1*1']);
    expect(broke).toBe(
      'END Chelete e mokotleng oa chelete ha e lekane. Kenya chelete ebe u leka hape. Ha ua lefisoa letho.',
    );

    const unsubscribed = '26650009906';
    await addSubscriber(tt, unsubscribed, { walletCents: 10_00 });
    await setSubscription(tt.db.kysely, unsubscribed, false);
    // Not an end any more: the subscription's price, to confirm (tests/server/channel-subscribe.test.ts).
    const [, play] = await walk(tt, unsubscribed, ['', '1']);
    expect(play).toMatch(/^CON Ingolisetse ho bapala Jackpot 14: M 5\.00 ka beke\./);

    const paused = '26650009907';
    await addSubscriber(tt, paused, { walletCents: 10_00 });
    await saveLimits(
      tt.db.kysely,
      paused,
      { ...NO_LIMITS, pausedUntil: new Date(tt.clock.now().getTime() + 3600_000) },
      tt.clock.now(),
    );
    expect((await walk(tt, paused, ['', '1']))[1]).toMatch(/^END U emisitse/);

    const limited = '26650009908';
    await addSubscriber(tt, limited, { walletCents: 10_00 });
    await saveLimits(tt.db.kysely, limited, { ...NO_LIMITS, weeklyLimitCents: 1_00 }, tt.clock.now());
    const [, , , refused] = await walk(tt, limited, ['', '1', '1*1', '1*1*1']);
    expect(refused).toMatch(/^END Slip ena e ka feta moedi/);

    for (const msisdn of [empty, unsubscribed, paused, limited])
      expect(await slipsOf(tt, msisdn)).toEqual([]);
    expect(await balance(tt, limited)).toBe(10_00);
    expect(await balance(tt, empty)).toBe(0);
  });

  it('ends when the round closed before paying, charging nothing', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650009909';
    await addSubscriber(tt, msisdn, { walletCents: 10_00 });
    const { sid } = await openBetslip(tt);
    const betslips = tt.db.kysely.updateTable('betslips').where('sid', '=', sid);
    const { end_at: endAt } = await tt.db.kysely
      .selectFrom('betslips')
      .select('end_at')
      .where('sid', '=', sid)
      .executeTakeFirstOrThrow();
    // The round closes a minute from now, while the subscriber is on the price screen.
    await betslips.set({ end_at: new Date(tt.clock.now().getTime() + 60_000) }).execute();
    tt.app.events.emit('betslip.changed', { sid });
    const session = newSession();
    try {
      await walk(tt, msisdn, ['', '1', '1*1'], session);
      tt.clock.advance(61_000);
      const closed = screenOf(await ussd(tt.app, session, msisdn, '1*1*1'));
      expect(closed).toBe('END Ha ho papali e bulehileng hona joale. Leka hamorao.');
      expect((await walk(tt, msisdn, ['', '1']))[1]).toBe(
        'END Ha ho papali e bulehileng hona joale. Leka hamorao.',
      );
    } finally {
      await betslips.set({ end_at: endAt }).execute();
      tt.app.events.emit('betslip.changed', { sid });
    }
    expect(await slipsOf(tt, msisdn)).toEqual([]);
    expect(await balance(tt, msisdn)).toBe(10_00);
  });

  it('expires a session idle for more than 180 seconds', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650009910';
    await addSubscriber(tt, msisdn, { walletCents: 10_00 });
    const session = newSession();
    await walk(tt, msisdn, ['', '1'], session);
    tt.clock.advance(170_000);
    expect(screenOf(await ussd(tt.app, session, msisdn, '1*1'))).toMatch(/^CON /);
    tt.clock.advance(181_000);
    expect(screenOf(await ussd(tt.app, session, msisdn, '1*1*1'))).toBe('END Nako e felile. Letsetsa hape.');
    expect(await slipsOf(tt, msisdn)).toEqual([]);
  });

  it('does not continue another number’s session, and refuses malformed calls without a 500', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650009911';
    await addSubscriber(tt, msisdn, { walletCents: 10_00 });
    await addSubscriber(tt, '26650009912', { walletCents: 10_00 });
    const session = newSession();
    await walk(tt, msisdn, ['', '1', '1*1'], session);
    expect(screenOf(await ussd(tt.app, session, '26650009912', '1*1*1'))).toMatch(/^END /);
    expect(await slipsOf(tt, '26650009912')).toEqual([]);
    expect(screenOf(await ussd(tt.app, newSession(), msisdn, '1*'.repeat(60)))).toMatch(/^END /);
    for (const payload of [
      '',
      'sessionId=x',
      'phoneNumber=266',
      `sessionId=${'x'.repeat(500)}&phoneNumber=1`,
      'text=%00&sessionId=a&phoneNumber=1',
    ]) {
      const res = await tt.app.inject({
        method: 'POST',
        url: '/api/ussd',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    const nonsense = screenOf(await ussd(tt.app, newSession(), 'not a number', ''));
    expect(nonsense).toMatch(/^END /);
  });
});

describeEachDb(
  'USSD gateway token',
  (t) => {
    it('refuses a call without the gateway token and does nothing', async () => {
      const tt = t();
      await seedPlay(tt);
      const msisdn = '26650009920';
      await addSubscriber(tt, msisdn, { walletCents: 10_00 });
      for (const query of ['', '?token=wrong', '?token=']) {
        const forged = await ussd(tt.app, 'forged', msisdn, '1*1*1', query);
        expect(forged.statusCode).toBe(403);
        expect(forged.json()).toMatchObject({ messageKey: 'GATEWAY.FORBIDDEN' });
      }
      const rows = await tt.db.kysely.selectFrom('ussd_sessions').selectAll().execute();
      expect(rows).toEqual([]);
      expect(screenOf(await ussd(tt.app, 'real', msisdn, '', '?token=gw-secret'))).toMatch(/^CON Jackpot 14/);
    });
  },
  { config: { gatewayToken: 'gw-secret' } },
);
