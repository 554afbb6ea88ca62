// Registration with SMS one-time passwords, end to end through the dev outbox; expiry, try and request
// limits with a moved clock; a number that already has an account is refused (password-reset.test.ts
// covers resetting its password).
import { expect, it } from 'vitest';
import {
  basic,
  CONSENT,
  describeEachDb,
  latestOtp,
  register,
  registrationPost,
  signIn,
  tokenRequest,
} from './helper.ts';

const MINUTE = 60_000;

/** A code that is not `otp`. */
const wrong = (otp: string) => (otp === '000000' ? '111111' : '000000');

describeEachDb('registration', (t) => {
  it('registers through request-otp → dev outbox → submit-otp → register, then signs in', async () => {
    const { app } = t();
    const requested = await registrationPost(app, 'request-otp', { msisdn: '+266 5800 0001', lang: 'st' });
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({ message: 'OTP.SENT', expiresIn: 300 });

    const outbox = (await app.inject({ method: 'GET', url: '/dev/sms?msisdn=26658000001' })).json();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ msisdn: '26658000001', otp: expect.stringMatching(/^\d{6}$/) });
    expect(outbox[0].text).toContain(outbox[0].otp);
    const otp = outbox[0].otp as string;

    const checked = await registrationPost(app, 'submit-otp', {
      msisdn: '26658000001',
      lang: 'st',
      submittedOtp: otp,
    });
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ valid: true });

    const registered = await registrationPost(app, 'register', {
      msisdn: '266-5800-0001',
      lang: 'st',
      submittedOtp: otp,
      userInput: 'secret12',
      ...CONSENT,
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toEqual({ message: 'REGISTER.SUCCESS' });

    const tokens = await signIn(app, '26658000001', 'secret12');
    const who = await app.inject({
      method: 'GET',
      url: '/api/protected/whoami',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(who.json()).toEqual({ msisdn: '26658000001', roles: ['commxp-user'] });
  });

  it('stores only a hash of the code', async () => {
    const { app, db } = t();
    await registrationPost(app, 'request-otp', { msisdn: '26658000002', lang: 'en' });
    const otp = await latestOtp(app, '26658000002');
    const rows = await db.kysely.selectFrom('otps').selectAll().where('msisdn', '=', '26658000002').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(otp);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('makes a code single use', async () => {
    const { app } = t();
    await register(app, '26658000003', 'secret12');
    const again = await registrationPost(app, 'register', {
      msisdn: '26658000003',
      submittedOtp: await latestOtp(app, '26658000003'),
      userInput: 'other123',
      ...CONSENT,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ messageKey: 'OTP.INVALID' });
  });

  it('refuses an expired code after five minutes', async () => {
    const { app, clock } = t();
    await registrationPost(app, 'request-otp', { msisdn: '26658000004', lang: 'en' });
    const otp = await latestOtp(app, '26658000004');
    clock.advance(5 * MINUTE - 1000);
    const inTime = await registrationPost(app, 'submit-otp', { msisdn: '26658000004', submittedOtp: otp });
    expect(inTime.statusCode).toBe(200);
    clock.advance(1000);
    const late = await registrationPost(app, 'submit-otp', { msisdn: '26658000004', submittedOtp: otp });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ statusCode: 400, messageKey: 'OTP.EXPIRED' });
  });

  it('allows five wrong guesses, then refuses even the right code', async () => {
    const { app } = t();
    await registrationPost(app, 'request-otp', { msisdn: '26658000005', lang: 'en' });
    const otp = await latestOtp(app, '26658000005');
    const guess = (submittedOtp: string) =>
      registrationPost(app, 'submit-otp', { msisdn: '26658000005', submittedOtp });
    for (let i = 1; i <= 4; i++) {
      const res = await guess(wrong(otp));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ messageKey: 'OTP.INVALID' });
    }
    // Right answers do not count as tries.
    expect((await guess(otp)).statusCode).toBe(200);
    const fifth = await guess(wrong(otp));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ messageKey: 'OTP.TOO_MANY_TRIES' });
    const right = await guess(otp);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toMatchObject({ messageKey: 'OTP.TOO_MANY_TRIES' });
  });

  it('counts parallel guesses: no more than five are ever compared', async () => {
    const { app } = t();
    await registrationPost(app, 'request-otp', { msisdn: '26658000006', lang: 'en' });
    const otp = await latestOtp(app, '26658000006');
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        registrationPost(app, 'submit-otp', { msisdn: '26658000006', submittedOtp: wrong(otp) }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(4);
    expect(results.filter((r) => r.statusCode === 429)).toHaveLength(8);
  });

  it('allows three code requests per number in ten minutes', async () => {
    const { app, clock } = t();
    const ask = () => registrationPost(app, 'request-otp', { msisdn: '26658000007', lang: 'en' });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    const fourth = await ask();
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ messageKey: 'OTP.TOO_MANY_REQUESTS' });
    // Another number is not affected.
    expect((await registrationPost(app, 'request-otp', { msisdn: '26658000008' })).statusCode).toBe(200);
    clock.advance(10 * MINUTE);
    expect((await ask()).statusCode).toBe(200);
  });

  it('accepts only the newest code of a number', async () => {
    const { app } = t();
    await registrationPost(app, 'request-otp', { msisdn: '26658000009', lang: 'en' });
    const first = await latestOtp(app, '26658000009');
    await registrationPost(app, 'request-otp', { msisdn: '26658000009', lang: 'en' });
    const second = await latestOtp(app, '26658000009');
    const outbox = (await app.inject({ method: 'GET', url: '/dev/sms?msisdn=26658000009' })).json();
    expect(outbox.map((m: { otp: string }) => m.otp)).toEqual([second, first]);
    const ok = await registrationPost(app, 'submit-otp', { msisdn: '26658000009', submittedOtp: second });
    expect(ok.statusCode).toBe(200);
    if (first !== second) {
      const old = await registrationPost(app, 'submit-otp', { msisdn: '26658000009', submittedOtp: first });
      expect(old.statusCode).toBe(400);
    }
  });

  it('refuses a password that breaks the rules without using up the code', async () => {
    const { app } = t();
    await registrationPost(app, 'request-otp', { msisdn: '26658000010', lang: 'en' });
    const submittedOtp = await latestOtp(app, '26658000010');
    for (const userInput of ['short1', 'NOLOWER123', 'nodigitshere', 'has space1', 'emoji😀pass1']) {
      const res = await registrationPost(app, 'register', {
        msisdn: '26658000010',
        submittedOtp,
        userInput,
        ...CONSENT,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ messageKey: 'PASSWORD.NOT_COMPLIANT' });
    }
    const res = await registrationPost(app, 'register', {
      msisdn: '26658000010',
      submittedOtp,
      userInput: 'good1234',
      ...CONSENT,
    });
    expect(res.statusCode).toBe(201);
  });

  it('refuses numbers that are not Lesotho mobiles with MSISDN.INVALID', async () => {
    for (const msisdn of ['26640000000', '2665000000', '+27 82 123 4567', 'abc', '']) {
      const res = await registrationPost(t().app, 'request-otp', { msisdn, lang: 'en' });
      expect(res.statusCode).toBe(400);
      if (msisdn) expect(res.json()).toMatchObject({ messageKey: 'MSISDN.INVALID' });
    }
  });

  it('requires the website client credential', async () => {
    const body = { msisdn: '26658000011', lang: 'en' };
    for (const auth of [basic('website', 'wrong'), basic('mobile', 'mobile-secret'), 'Bearer x', '']) {
      const res = await registrationPost(t().app, 'request-otp', body, auth);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ messageKey: 'ERRORS.UNAUTHORIZED' });
    }
  });

  it('refuses to register a number that has an account, once the code is proven, and changes nothing', async () => {
    const { app } = t();
    await register(app, '26658000012', 'first123');
    const session = await signIn(app, '26658000012', 'first123');

    // Before the code is proven nothing is said about the account: a wrong code is just a wrong code.
    await registrationPost(app, 'request-otp', { msisdn: '26658000012', lang: 'en' });
    const otp = await latestOtp(app, '26658000012');
    const guessed = await registrationPost(app, 'register', {
      msisdn: '26658000012',
      submittedOtp: wrong(otp),
      userInput: 'second12',
      ...CONSENT,
    });
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json()).toMatchObject({ messageKey: 'OTP.INVALID' });

    const checked = await registrationPost(app, 'submit-otp', { msisdn: '26658000012', submittedOtp: otp });
    expect(checked.statusCode).toBe(409);
    expect(checked.json()).toMatchObject({ statusCode: 409, messageKey: 'REGISTER.EXISTS' });
    const registered = await registrationPost(app, 'register', {
      msisdn: '26658000012',
      submittedOtp: otp,
      userInput: 'second12',
      ...CONSENT,
    });
    expect(registered.statusCode).toBe(409);
    expect(registered.json()).toMatchObject({ messageKey: 'REGISTER.EXISTS' });

    // The password and the session are as they were; the code was not used up by the refusals.
    await signIn(app, '26658000012', 'first123');
    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    const open = await t()
      .db.kysely.selectFrom('otps')
      .select('purpose')
      .where('msisdn', '=', '26658000012')
      .where('consumed_at', 'is', null)
      .execute();
    expect(open).toEqual([{ purpose: 'REGISTER' }]);
    const users = await t()
      .db.kysely.selectFrom('users')
      .selectAll()
      .where('msisdn', '=', '26658000012')
      .execute();
    expect(users).toHaveLength(1);
  });
});
