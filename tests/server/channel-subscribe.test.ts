// Subscribing by USSD and SMS over the real app: the price and period (site.json: M 5.00 a week) with the
// terms come first, and only a confirmation subscribes — USSD `1` on that screen, SMS a YES within 10
// minutes of the price. Back, anything else, a late or unprompted YES subscribe no one.
import { expect, it } from 'vitest';
import { isSubscribed } from '../../server/wallet/subscriptions.ts';
import { inboundSms, outbox, slipsOf, ussd } from './channelFixtures.ts';
import { describeEachDb, type TestApp } from './helper.ts';
import { addSubscriber, seedPlay } from './playFixtures.ts';

let sessions = 0;
const newSession = () => `ATUsub_${++sessions}_${Math.random().toString(36).slice(2)}`;
let ids = 0;
const newId = () => `ATXsub_${++ids}_${Math.random().toString(36).slice(2)}`;

async function walk(t: TestApp, msisdn: string, texts: string[], session = newSession()) {
  const screens: string[] = [];
  for (const text of texts) {
    const res = await ussd(t.app, session, msisdn, text);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body.length, res.body).toBeLessThanOrEqual(182);
    screens.push(res.body);
  }
  return screens;
}

const subscribed = (t: TestApp, msisdn: string) => isSubscribed(t.db.kysely, msisdn);

/** Sends one SMS and returns the reply it got. */
async function sms(t: TestApp, msisdn: string, text: string) {
  expect((await inboundSms(t.app, msisdn, text, newId())).statusCode).toBe(200);
  return (await outbox(t.app, msisdn))[0];
}

describeEachDb('subscribing by phone', (t) => {
  it('USSD: Play shows the price, period and terms; 1 Confirm subscribes, nothing before it', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650007701';
    await addSubscriber(tt, msisdn, { subscribed: false, walletCents: 10_00 });
    const session = newSession();
    const [, offer] = await walk(tt, msisdn, ['', '1'], session);
    expect(offer).toMatch(
      /^CON Ingolisetse ho bapala Jackpot 14: M 5\.00 ka beke\.\nLipehelo: http\S+\/tnc\n1\. Netefatsa\n0\. Morao$/,
    );
    expect(await subscribed(tt, msisdn)).toBe(false);
    // Anything but 1 keeps the screen and subscribes no one.
    const [wrong] = await walk(tt, msisdn, ['1*2'], session);
    expect(wrong).toMatch(/^CON Khetho e fosahetse\.\nIngolisetse ho bapala/);
    expect(await subscribed(tt, msisdn)).toBe(false);

    const done = (await ussd(tt.app, session, msisdn, '1*2*1')).body;
    expect(done).toBe(
      'END U ingoliselitse Jackpot 14: M 5.00 ka beke. Letsetsa hape ho bapala. Mahlohonolo!',
    );
    expect(await subscribed(tt, msisdn)).toBe(true);
    // The gateway's retry gets the same answer; nothing was played on the way.
    expect((await ussd(tt.app, session, msisdn, '1*2*1')).body).toBe(done);
    expect(await slipsOf(tt, msisdn)).toEqual([]);
    // The next session plays.
    const [, play] = await walk(tt, msisdn, ['', '1']);
    expect(play).toMatch(/^CON Jackpot 14 - E koala/);
  });

  it('USSD: 0 goes back from the price without subscribing, in English too', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650007702';
    await addSubscriber(tt, msisdn, { subscribed: false });
    const screens = await walk(tt, msisdn, ['', '4', '4*2', '4*2*1', '4*2*1*0']);
    expect(screens[3]).toMatch(
      /^CON Subscribe to play Jackpot 14: M 5\.00 a week\.\nTerms: http\S+\/tnc\n1\. Confirm\n0\. Back$/,
    );
    expect(screens[4]).toMatch(/^CON Jackpot 14\n1\. Play/);
    expect(await subscribed(tt, msisdn)).toBe(false);
  });

  it('SMS: SUBSCRIBE answers the price, period and terms; only YES after it subscribes', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650007703';
    await addSubscriber(tt, msisdn, { subscribed: false, walletCents: 10_00 });
    // A PLAY refused for want of a subscription says how to get one.
    expect(await sms(tt, msisdn, 'PLAY QP')).toBe(
      'You need an active Jackpot 14 subscription to play. Nothing was charged. Send SUBSCRIBE to see the price and subscribe.',
    );
    // YES out of the blue (the last message was a PLAY) subscribes no one.
    expect(await sms(tt, msisdn, 'YES')).toBe('Nothing to confirm. Send SUBSCRIBE to see the price first.');
    expect(await subscribed(tt, msisdn)).toBe(false);

    expect(await sms(tt, msisdn, 'subscribe')).toMatch(
      /^Jackpot 14 costs M 5\.00 a week\. Terms: http\S+\/tnc\. To subscribe, reply YES within 10 minutes\.$/,
    );
    expect(await subscribed(tt, msisdn)).toBe(false);
    expect(await sms(tt, msisdn, 'yes')).toBe(
      'You are subscribed to Jackpot 14: M 5.00 a week. Send HELP to see how to play. Good luck!',
    );
    expect(await subscribed(tt, msisdn)).toBe(true);
    expect(await sms(tt, msisdn, 'SUBSCRIBE')).toBe(
      'You are already subscribed to Jackpot 14 (M 5.00 a week).',
    );
    expect(await slipsOf(tt, msisdn)).toEqual([]);
  });

  it('SMS: in Sesotho; a YES more than 10 minutes after the price subscribes no one', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650007704';
    await addSubscriber(tt, msisdn, { subscribed: false });
    const back = tt.clock.now();
    try {
      expect(await sms(tt, msisdn, 'NGOLISETSA')).toMatch(
        /^Jackpot 14 e theko ea M 5\.00 ka beke\. Lipehelo: http\S+\/tnc\. Ho ingolisetsa, araba EE nakong ea metsotso e 10\.$/,
      );
      tt.clock.advance(10 * 60_000 + 1000);
      expect(await sms(tt, msisdn, 'EE')).toBe(
        'Ha ho letho la ho netefatsa. Romela NGOLISETSA ho bona theko pele.',
      );
      expect(await subscribed(tt, msisdn)).toBe(false);

      await sms(tt, msisdn, 'NGOLISETSA');
      tt.clock.advance(60_000);
      await sms(tt, msisdn, 'CHELETE');
      expect(await sms(tt, msisdn, 'EE')).toBe(
        'U ingoliselitse Jackpot 14: M 5.00 ka beke. Romela THUSO ho bona kamoo u bapalang. Mahlohonolo!',
      );
      expect(await subscribed(tt, msisdn)).toBe(true);
    } finally {
      tt.clock.set(back);
    }
  });

  it('SMS: the same YES delivered twice is worked once', async () => {
    const tt = t();
    await seedPlay(tt);
    const msisdn = '26650007705';
    await addSubscriber(tt, msisdn, { subscribed: false });
    await sms(tt, msisdn, 'SUBSCRIBE');
    const id = newId();
    await inboundSms(tt.app, msisdn, 'YES', id);
    await inboundSms(tt.app, msisdn, 'YES', id);
    const replies = await outbox(tt.app, msisdn);
    expect(replies).toHaveLength(2);
    expect(replies[0]).toMatch(/^You are subscribed to Jackpot 14/);
  });
});
