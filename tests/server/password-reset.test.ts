// Password reset by SMS code (DESIGN.md "Password reset"): request-otp with purpose RESET, then
// reset-password. No account enumeration (a number without an account gets the same answers and limits,
// and no SMS); codes bound to their purpose; wrong, expired and used codes refused; every session ended.
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import {
  CONSENT,
  describeEachDb,
  latestOtp,
  register,
  registrationPost,
  signIn,
  testConfig,
  tokenRequest,
} from './helper.ts';

const MINUTE = 60_000;
/** Lowered for this suite so the per-address cap is reached in a few requests. */
const PER_ADDRESS = 6;

/** A code that is not `otp`. */
const wrong = (otp: string) => (otp === '000000' ? '111111' : '000000');

const askReset = (app: FastifyInstance, msisdn: string, remoteAddress = '192.0.2.1') =>
  app.inject({
    method: 'POST',
    url: '/api/web-registration/request-otp',
    remoteAddress,
    headers: { authorization: `Basic ${Buffer.from('website:website-secret').toString('base64')}` },
    payload: { msisdn, lang: 'en', purpose: 'RESET' },
  });

const outbox = async (app: FastifyInstance, msisdn: string) =>
  (await app.inject({ method: 'GET', url: `/dev/sms?msisdn=${msisdn}` })).json() as {
    otp: string;
    text: string;
  }[];

const reset = (app: FastifyInstance, msisdn: string, submittedOtp: string, newPassword = 'brandnew9') =>
  registrationPost(app, 'reset-password', { msisdn, lang: 'en', submittedOtp, newPassword });

describeEachDb(
  'password reset',
  (t) => {
    /** Moves the clock to the start of the next minute: each test gets fresh per-minute windows. */
    const nextMinute = () => {
      const { clock } = t();
      clock.set(new Date((Math.floor(clock.now().getTime() / MINUTE) + 1) * MINUTE));
    };

    it('resets with a RESET code, ends every session and signs in with the new password only', async () => {
      const { app, db } = t();
      await register(app, '26659000001', 'first123');
      const phone = await signIn(app, '26659000001', 'first123');
      const laptop = await signIn(app, '26659000001', 'first123');

      const requested = await askReset(app, '+266 5900 0001');
      expect(requested.statusCode).toBe(200);
      expect(requested.json()).toEqual({ message: 'OTP.SENT', expiresIn: 300 });
      const [sms] = await outbox(app, '26659000001');
      expect(sms?.text).toContain('password reset code');
      expect(sms?.text).toContain(sms?.otp);
      const otp = sms!.otp;

      const checked = await registrationPost(app, 'submit-otp', {
        msisdn: '26659000001',
        submittedOtp: otp,
        purpose: 'RESET',
      });
      expect(checked.statusCode).toBe(200);
      expect(checked.json()).toEqual({ valid: true });

      const done = await reset(app, '26659000001', otp, 'second12');
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ message: 'PASSWORD.RESET' });

      // Every refresh token of the account is revoked, not just one family.
      const user = await db.kysely
        .selectFrom('users')
        .select('id')
        .where('username', '=', '26659000001')
        .executeTakeFirstOrThrow();
      const tokens = await db.kysely
        .selectFrom('refresh_tokens')
        .select('revoked_at')
        .where('user_id', '=', user.id)
        .execute();
      expect(tokens).toHaveLength(2);
      expect(tokens.every((r) => r.revoked_at !== null)).toBe(true);
      for (const old of [phone, laptop]) {
        const refreshed = await tokenRequest(app, {
          grant_type: 'refresh_token',
          refresh_token: old.refresh_token,
        });
        expect(refreshed.statusCode).toBe(400);
        expect(refreshed.json()).toMatchObject({ error: 'invalid_grant' });
      }
      const oldPassword = await tokenRequest(app, {
        grant_type: 'password',
        username: '26659000001',
        password: 'first123',
      });
      expect(oldPassword.statusCode).toBe(401);
      await signIn(app, '26659000001', 'second12');

      // The code is single use.
      const again = await reset(app, '26659000001', otp, 'third123');
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ messageKey: 'OTP.INVALID' });
    });

    it('answers a number without an account exactly as one with, and sends it nothing', async () => {
      const { app, clock } = t();
      await register(app, '26659000002', 'first123');
      // Past the registration code's window, so both numbers start with no codes counted.
      clock.advance(10 * MINUTE);
      nextMinute();
      // Same answers, request after request, up to and past the per-number limit.
      for (let i = 0; i < 4; i++) {
        const known = await askReset(app, '26659000002', '192.0.2.2');
        const unknown = await askReset(app, '26659000003', '192.0.2.3');
        expect(unknown.statusCode).toBe(known.statusCode);
        expect(unknown.json()).toEqual(known.json());
        expect(known.statusCode).toBe(i < 3 ? 200 : 429);
      }
      expect(await outbox(app, '26659000003')).toEqual([]);
      // A registration code was sent to the known number once, then three reset codes.
      expect(await outbox(app, '26659000002')).toHaveLength(4);

      // Guessing at the unknown number's code gets the answers a real code would.
      for (let i = 1; i <= 5; i++) {
        const res = await reset(app, '26659000003', String(i).padStart(6, '0'));
        expect(res.statusCode).toBe(i < 5 ? 400 : 429);
        expect(res.json()).toMatchObject({ messageKey: i < 5 ? 'OTP.INVALID' : 'OTP.TOO_MANY_TRIES' });
      }
      // And nobody was created.
      const users = await t()
        .db.kysely.selectFrom('users')
        .select('id')
        .where('msisdn', '=', '26659000003')
        .execute();
      expect(users).toEqual([]);
    });

    it('refuses a registration code for a reset, and a reset code for registering', async () => {
      const { app } = t();
      nextMinute();
      await register(app, '26659000004', 'first123');

      // A registration code (the number has an account; the SMS is sent all the same).
      await registrationPost(app, 'request-otp', { msisdn: '26659000004', lang: 'en' });
      const registerCode = await latestOtp(app, '26659000004');
      const byReset = await reset(app, '26659000004', registerCode);
      expect(byReset.statusCode).toBe(400);
      expect(byReset.json()).toMatchObject({ messageKey: 'OTP.INVALID' });
      const checkedAsReset = await registrationPost(app, 'submit-otp', {
        msisdn: '26659000004',
        submittedOtp: registerCode,
        purpose: 'RESET',
      });
      expect(checkedAsReset.json()).toMatchObject({ messageKey: 'OTP.INVALID' });

      // A reset code: neither checked nor used as a registration code.
      await askReset(app, '26659000004');
      const resetCode = await latestOtp(app, '26659000004');
      const checked = await registrationPost(app, 'submit-otp', {
        msisdn: '26659000004',
        submittedOtp: resetCode,
      });
      expect(checked.statusCode).toBe(400);
      expect(checked.json()).toMatchObject({ messageKey: 'OTP.INVALID' });
      const registered = await registrationPost(app, 'register', {
        msisdn: '26659000004',
        submittedOtp: resetCode,
        userInput: 'brandnew9',
        ...CONSENT,
      });
      expect(registered.statusCode).toBe(400);
      expect(registered.json()).toMatchObject({ messageKey: 'OTP.INVALID' });

      // Nothing changed, and the reset code still works for what it was sent for.
      await signIn(app, '26659000004', 'first123');
      expect((await reset(app, '26659000004', resetCode)).statusCode).toBe(200);
      await signIn(app, '26659000004', 'brandnew9');
    });

    it('refuses a wrong code, then an expired one, with their messages', async () => {
      const { app, clock } = t();
      nextMinute();
      await register(app, '26659000005', 'first123');
      await askReset(app, '26659000005');
      const otp = await latestOtp(app, '26659000005');
      const wrongCode = await reset(app, '26659000005', wrong(otp));
      expect(wrongCode.statusCode).toBe(400);
      expect(wrongCode.json()).toMatchObject({ statusCode: 400, messageKey: 'OTP.INVALID' });
      clock.advance(5 * MINUTE);
      const late = await reset(app, '26659000005', otp);
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ statusCode: 400, messageKey: 'OTP.EXPIRED' });
      await signIn(app, '26659000005', 'first123');
    });

    it('refuses a password that breaks the rules without using up a try of the code', async () => {
      const { app } = t();
      nextMinute();
      await register(app, '26659000006', 'first123');
      await askReset(app, '26659000006');
      const otp = await latestOtp(app, '26659000006');
      for (const newPassword of ['short1', 'NOLOWER123', 'nodigitshere', 'has space1', 'x'.repeat(7)]) {
        const res = await reset(app, '26659000006', otp, newPassword);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ messageKey: 'PASSWORD.NOT_COMPLIANT' });
      }
      expect((await reset(app, '26659000006', otp, 'good1234')).statusCode).toBe(200);
      await signIn(app, '26659000006', 'good1234');
    });

    it('counts reset codes in the same per-address send cap as registration codes', async () => {
      const { app, clock } = t();
      nextMinute();
      const address = '198.51.100.77';
      const answers = [];
      for (let i = 0; i < PER_ADDRESS + 2; i++) {
        const msisdn = `2665910${String(i).padStart(4, '0')}`;
        answers.push(
          i % 2 === 0
            ? await askReset(app, msisdn, address)
            : await app.inject({
                method: 'POST',
                url: '/api/web-registration/request-otp',
                remoteAddress: address,
                headers: {
                  authorization: `Basic ${Buffer.from('website:website-secret').toString('base64')}`,
                },
                payload: { msisdn, lang: 'en' },
              }),
        );
      }
      expect(answers.map((a) => a.statusCode)).toEqual([...Array<number>(PER_ADDRESS).fill(200), 429, 429]);
      expect(answers.at(-1)?.json()).toMatchObject({ messageKey: 'OTP.TOO_MANY_REQUESTS' });
      clock.advance(MINUTE);
      expect((await askReset(app, '26659200001', address)).statusCode).toBe(200);
    });
  },
  {
    config: {
      limits: { ...testConfig().limits, otpSendsPerAddressPerMinute: PER_ADDRESS, otpSendsPerMinute: 1000 },
    },
  },
);
