// Failed sign-ins, counted in the database: a short progressive wait per account (Keycloak's model), and
// per address only a high ceiling on how many accounts fail from it, so one subscriber's mistakes never
// lock out the others behind the same carrier NAT address.
import { expect, it } from 'vitest';
import { BRUTE_FORCE } from '../../server/identity/bruteForce.ts';
import { describeEachDb, MOBILE, register, resetPassword, TOKEN_PATH, testConfig } from './helper.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
/** Slower than the quick-login check: a person retyping. */
const TYPING = 2 * SECOND;
/** Distinct accounts that may fail from one address per window, lowered for this suite. */
const CEILING = 30;
/** The address ceiling's window. */
const WINDOW = 15 * MINUTE;

describeEachDb(
  'sign-in limits',
  (t) => {
    const attempt = (username: string, password: string, ip: string) =>
      t().app.inject({
        method: 'POST',
        url: TOKEN_PATH,
        remoteAddress: ip,
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: MOBILE },
        payload: new URLSearchParams({ grant_type: 'password', username, password }).toString(),
      });
    const retryAfter = (res: { headers: Record<string, unknown> }) => Number(res.headers['retry-after']);
    const statuses = (responses: { statusCode: number }[], code: number) =>
      responses.filter((r) => r.statusCode === code).length;

    /** `n` wrong passwords at typing speed, each answered 401. */
    async function failTimes(n: number, username: string, ip: string) {
      for (let i = 0; i < n; i++) {
        t().clock.advance(TYPING);
        expect((await attempt(username, 'wrong123', ip)).statusCode).toBe(401);
      }
    }

    it('makes the owner wait half a minute after five wrong passwords, then lets the right one in', async () => {
      const { app, clock } = t();
      await register(app, '26657000001', 'right123');
      const ip = '198.51.100.1';
      await failTimes(5, '26657000001', ip);

      // The right password during the wait is refused too: that is what the wait is for.
      const blocked = await attempt('26657000001', 'right123', ip);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({
        error: 'invalid_grant',
        error_description: 'Too many failed sign-in attempts; try again later',
      });
      const wait = retryAfter(blocked);
      expect(wait).toBe(BRUTE_FORCE.waitIncrementMs / SECOND);
      expect(wait).toBeLessThanOrEqual(60);
      // From another address, and typed differently, it is the same account.
      expect((await attempt('+266 5700 0001', 'right123', '203.0.113.9')).statusCode).toBe(429);

      clock.advance(wait * SECOND - 1);
      expect((await attempt('26657000001', 'right123', ip)).statusCode).toBe(429);
      clock.advance(1);
      expect((await attempt('26657000001', 'right123', ip)).statusCode).toBe(200);
    });

    it('answers alike whether or not the account exists', async () => {
      await register(t().app, '26657000002', 'right123');
      const answers = [];
      for (const username of ['26657000002', '26657999999']) {
        await failTimes(5, username, '198.51.100.2');
        const res = await attempt(username, 'right123', '198.51.100.2');
        answers.push({ status: res.statusCode, body: res.json(), retryAfter: retryAfter(res) });
      }
      expect(answers[0]).toMatchObject({ status: 429 });
      expect(answers[1]).toEqual(answers[0]);
    });

    it('grows the wait with further failures up to fifteen minutes, and forgets them after twelve hours', async () => {
      const { app, clock } = t();
      await register(app, '26657000003', 'right123');
      const ip = '198.51.100.3';
      // failures so far → the wait they imposed, in seconds
      const waits = new Map<number, number>();
      let failures = 0;
      while (failures < 150) {
        clock.advance(TYPING);
        const res = await attempt('26657000003', 'wrong123', ip);
        if (res.statusCode === 401) {
          failures++;
          continue;
        }
        // Refused attempts are not failures: waiting them out is all a guesser can do.
        expect(res.statusCode).toBe(429);
        waits.set(failures, retryAfter(res) + TYPING / SECOND);
        clock.advance(retryAfter(res) * SECOND);
      }
      expect([...waits.keys()].slice(0, 3)).toEqual([5, 6, 7]);
      expect([5, 9, 10, 14, 15, 20, 149].map((n) => waits.get(n))).toEqual([30, 30, 60, 60, 90, 120, 870]);
      clock.advance(TYPING);
      const capped = await attempt('26657000003', 'right123', ip);
      expect(capped.statusCode).toBe(429);
      expect(retryAfter(capped) + TYPING / SECOND).toBe(15 * 60);

      clock.advance(12 * 60 * MINUTE);
      // Counting starts again: four free failures, and the owner is in.
      await failTimes(4, '26657000003', ip);
      clock.advance(TYPING);
      expect((await attempt('26657000003', 'right123', ip)).statusCode).toBe(200);
    });

    it('makes two failures within a second (a script, not a person) wait the quick-login minimum', async () => {
      const { app, clock } = t();
      await register(app, '26657000004', 'right123');
      const ip = '198.51.100.4';
      expect((await attempt('26657000004', 'wrong123', ip)).statusCode).toBe(401);
      clock.advance(BRUTE_FORCE.quickLoginCheckMs - 1);
      expect((await attempt('26657000004', 'wrong123', ip)).statusCode).toBe(401);
      const blocked = await attempt('26657000004', 'right123', ip);
      expect(blocked.statusCode).toBe(429);
      expect(retryAfter(blocked)).toBe(BRUTE_FORCE.minimumQuickLoginWaitMs / SECOND);
      clock.advance(BRUTE_FORCE.minimumQuickLoginWaitMs);
      expect((await attempt('26657000004', 'right123', ip)).statusCode).toBe(200);
    });

    it('lets no burst of parallel guesses past the wait', async () => {
      await register(t().app, '26657000005', 'right123');
      const burst = await Promise.all(
        Array.from({ length: 20 }, () => attempt('26657000005', 'wrong123', '198.51.100.5')),
      );
      // The first is free; the second, in the same instant, is a quick login and starts a wait.
      expect(statuses(burst, 401)).toBe(2);
      expect(statuses(burst, 429)).toBe(18);
    });

    it('does not lock out a subscriber because neighbours behind the same address failed twenty times', async () => {
      const { app } = t();
      const nat = '198.51.100.6';
      await register(app, '26657000006', 'right123');
      await register(app, '26657000016', 'right123');
      for (const neighbour of ['26657100001', '26657100002', '26657100003', '26657100004']) {
        await failTimes(4, neighbour, nat);
      }
      await failTimes(5, '26657000006', nat);
      // 21 failures from the address within a minute or two: the one who failed five times waits, the
      // other signs in.
      expect((await attempt('26657000006', 'right123', nat)).statusCode).toBe(429);
      expect((await attempt('26657000016', 'right123', nat)).statusCode).toBe(200);
    });

    it('refuses new accounts from an address that fails across many (mass guessing), and only there, unless proven by SMS', async () => {
      const { app, clock } = t();
      await register(app, '26657000007', 'right123');
      await register(app, '26657000008', 'right123');
      // Start at a window's beginning so the whole test is inside one.
      clock.set(new Date(Math.ceil(clock.now().getTime() / WINDOW) * WINDOW));
      const guesser = '198.51.100.7';
      expect((await attempt('26657000007', 'wrong123', guesser)).statusCode).toBe(401);
      const spray = await Promise.all(
        Array.from({ length: CEILING + 9 }, (_, i) =>
          attempt(`2665720${String(i).padStart(4, '0')}`, 'wrong123', guesser),
        ),
      );
      // Parallel requests cannot exceed the ceiling.
      expect(statuses(spray, 401)).toBe(CEILING - 1);
      expect(statuses(spray, 429)).toBe(10);

      clock.advance(TYPING);
      const refused = await attempt('26657000008', 'wrong123', guesser);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
      expect(retryAfter(refused)).toBeGreaterThan(0);
      expect(retryAfter(refused)).toBeLessThanOrEqual(WINDOW / SECOND);
      // The right password there is not refused flat: it is asked for a code sent to the account's own
      // phone (tests/server/sign-in-step-up.test.ts).
      clock.advance(TYPING);
      expect((await attempt('26657000008', 'right123', guesser)).json()).toEqual({
        error: 'invalid_grant',
        error_description: 'Code required',
      });
      // Elsewhere the account is fine, and an account already counted from the address gets its answer.
      expect((await attempt('26657000008', 'right123', '203.0.113.70')).statusCode).toBe(200);
      expect((await attempt('26657000007', 'right123', guesser)).statusCode).toBe(200);

      clock.advance(retryAfter(refused) * SECOND);
      expect((await attempt('26657000008', 'right123', guesser)).statusCode).toBe(200);
    });

    it('lets two right sign-ins that race both in, whichever forgives first', async () => {
      await register(t().app, '26657000011', 'right123');
      for (let round = 0; round < 8; round++) {
        t().clock.advance(BRUTE_FORCE.minimumQuickLoginWaitMs);
        const pair = await Promise.all([
          attempt('26657000011', 'right123', '198.51.100.11'),
          attempt('26657000011', 'right123', '198.51.100.11'),
        ]);
        expect(pair.map((r) => r.statusCode)).toEqual([200, 200]);
      }
    });

    it('forgives an account its failures after a successful sign-in', async () => {
      await register(t().app, '26657000009', 'right123');
      const ip = '198.51.100.9';
      for (let round = 0; round < 2; round++) {
        await failTimes(4, '26657000009', ip);
        t().clock.advance(TYPING);
        expect((await attempt('26657000009', 'right123', ip)).statusCode).toBe(200);
      }
    });

    it('ends the wait when the owner proves the phone and sets a new password', async () => {
      const { app, clock } = t();
      await register(app, '26657000010', 'right123');
      await failTimes(5, '26657000010', '198.51.100.10');
      clock.advance(TYPING);
      await resetPassword(app, '26657000010', 'new12345');
      expect((await attempt('26657000010', 'new12345', '198.51.100.10')).statusCode).toBe(200);
    });
  },
  {
    config: {
      // Every registration here comes from inject's one address: the OTP caps are raised out of the way.
      limits: {
        ...testConfig().limits,
        otpSendsPerAddressPerMinute: 1000,
        otpSendsPerMinute: 1000,
        loginFailedAccountsPerAddress: CEILING,
      },
    },
  },
);
