// SMS cost money: OTP sends are capped per client address and in all, per minute, in the database, and
// parallel requests cannot get past a cap.
import { expect, it } from 'vitest';
import type { SmsMessage, SmsProvider } from '../../server/providers/sms.ts';
import { SmsUnavailableError } from '../../server/providers/sms.ts';
import { describeEachDb, testConfig, WEBSITE } from './helper.ts';

const MINUTE = 60_000;
const PER_ADDRESS = 10;
const PER_MINUTE = 25;

/** Records what it sends; refuses numbers in `failing` as a gateway outage would. */
class RecordingSms implements SmsProvider {
  sent: string[] = [];
  failing = new Set<string>();

  async send(message: SmsMessage): Promise<void> {
    if (this.failing.has(message.to)) throw new SmsUnavailableError('gateway down');
    this.sent.push(message.to);
  }
}

const sms = new RecordingSms();

describeEachDb(
  'OTP send caps',
  (t) => {
    const ask = (msisdn: string, ip: string) =>
      t().app.inject({
        method: 'POST',
        url: '/api/web-registration/request-otp',
        remoteAddress: ip,
        headers: { authorization: WEBSITE },
        payload: { msisdn, lang: 'en' },
      });
    const number = (prefix: string, i: number) => `${prefix}${String(i).padStart(4, '0')}`;
    /** Moves the clock to the start of the next minute: each test gets fresh windows. */
    const nextMinute = () => {
      const { clock } = t();
      clock.set(new Date((Math.floor(clock.now().getTime() / MINUTE) + 1) * MINUTE));
    };

    it('sends at most the per-address cap when one address asks for a hundred numbers at once', async () => {
      nextMinute();
      sms.sent.length = 0;
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => ask(number('2665810', i), '198.51.100.20')),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PER_ADDRESS);
      const refused = answers.filter((a) => a.statusCode === 429);
      expect(refused).toHaveLength(100 - PER_ADDRESS);
      for (const r of refused) expect(r.json()).toMatchObject({ messageKey: 'OTP.TOO_MANY_REQUESTS' });
      expect(sms.sent).toHaveLength(PER_ADDRESS);

      // Another address is not affected; the next minute the address may ask again.
      expect((await ask('26658200001', '198.51.100.21')).statusCode).toBe(200);
      expect((await ask('26658200002', '198.51.100.20')).statusCode).toBe(429);
      t().clock.advance(MINUTE);
      expect((await ask('26658200002', '198.51.100.20')).statusCode).toBe(200);
    });

    it('sends at most the global cap per minute across addresses', async () => {
      nextMinute();
      sms.sent.length = 0;
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => ask(number('2665830', i), `203.0.113.${i + 1}`)),
      );
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(PER_MINUTE);
      expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(40 - PER_MINUTE);
      expect(sms.sent).toHaveLength(PER_MINUTE);
      t().clock.advance(MINUTE);
      expect((await ask('26658400001', '203.0.113.200')).statusCode).toBe(200);
    });

    it('does not count a code the SMS gateway failed to send', async () => {
      nextMinute();
      sms.failing.add('26658500000');
      for (let i = 0; i < PER_ADDRESS + 2; i++) {
        const res = await ask('26658500000', '198.51.100.30');
        expect(res.statusCode).toBe(503);
      }
      sms.failing.clear();
      for (let i = 1; i <= PER_ADDRESS; i++) {
        expect((await ask(number('2665850', i), '198.51.100.30')).statusCode).toBe(200);
      }
    });

    it('still applies the per-number limit first, without using up the address cap', async () => {
      nextMinute();
      const ip = '198.51.100.40';
      for (let i = 0; i < 3; i++) expect((await ask('26658600000', ip)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await ask('26658600000', ip)).statusCode).toBe(429);
      for (let i = 1; i <= PER_ADDRESS - 3; i++) {
        expect((await ask(number('2665860', i), ip)).statusCode).toBe(200);
      }
    });
  },
  {
    sms,
    config: {
      limits: {
        ...testConfig().limits,
        otpSendsPerAddressPerMinute: PER_ADDRESS,
        otpSendsPerMinute: PER_MINUTE,
      },
    },
  },
);
