// The call centre's support API and marketing's prize read: only their roles (401 without a token, 403
// for a subscriber); a subscriber looked up by local or full number shows account, subscription, wallet,
// slips with their references and open payments; a password-reset SMS goes out exactly as the public reset
// flow sends it, under its limits. Every successful read or action leaves one audit row; a refused one none.
import { beforeAll, expect, it } from 'vitest';
import { seedDemo } from '../../server/seed.ts';
import { describeEachDb, signIn } from './helper.ts';
import { addSubscriber, billingOf, body, get, picks, submit } from './playFixtures.ts';

describeEachDb('support and marketing screens API', (t) => {
  const app = () => t().app;
  const db = () => t().db.kysely;
  let callcentre = '';
  let marketing = '';
  let admin = '';
  let subscriber = '';
  let reference = '';
  const MSISDN = '26650000601';

  const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    app().inject({
      method,
      url: `/api/admin${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const lookup = (token: string | null, msisdn: string) =>
    call(token, 'GET', `/support/subscriber?msisdn=${encodeURIComponent(msisdn)}`);
  const reset = (token: string | null, msisdn: string) =>
    call(token, 'POST', '/support/password-reset', { msisdn });
  const auditRows = (action: string, target?: string) => {
    let q = db().selectFrom('operator_audit').select(['actor', 'target']).where('action', '=', action);
    if (target) q = q.where('target', '=', target);
    return q.execute();
  };
  const outbox = (msisdn: string) =>
    db().selectFrom('sms_outbox').select(['text', 'otp']).where('msisdn', '=', msisdn).execute();

  beforeAll(async () => {
    await seedDemo(t().db, t().config, t().clock.now());
    billingOf(app()).latencyMs = 0;
    callcentre = (await signIn(app(), 'callcentre', 'callcentre1234')).access_token;
    marketing = (await signIn(app(), 'marketing', 'marketing1234')).access_token;
    admin = (await signIn(app(), 'admin', 'admin1234')).access_token;
    subscriber = await addSubscriber(t(), MSISDN, { walletCents: 50_00 });
    const sid = (await get(app(), subscriber, 'fetch-current-betslip')).json().sid;
    const played = await submit(app(), subscriber, body(sid, picks(), 2), 'support-601');
    expect(played.statusCode).toBe(200);
    reference = played.json().receipt.reference;
  });

  it('shows the call centre a subscriber by local or full number, and audits each read', async () => {
    const before = (await auditRows('SUBSCRIBER.READ', MSISDN)).length;
    for (const asked of [MSISDN, '50000601']) {
      const res = await lookup(callcentre, asked);
      expect(res.statusCode, res.body).toBe(200);
      const view = res.json();
      expect(view.account).toMatchObject({ msisdn: MSISDN, registeredAt: expect.any(String) });
      expect(view.subscription.enabled).toBe(true);
      // The same wallet the subscriber reads in fetch-wallet-info.
      const own = (await get(app(), subscriber, 'fetch-wallet-info')).json();
      expect(view.wallet).toEqual(own);
      expect(view.wallet.totalAvailableAmount).toBe(48);
      expect(view.slips).toEqual([
        expect.objectContaining({ reference, cost: 2, paidFrom: 'WALLET', channel: 'APP', outcome: null }),
      ]);
      expect(view.pending).toEqual({ cashOuts: [], deposits: [] });
    }
    const rows = await auditRows('SUBSCRIBER.READ', MSISDN);
    expect(rows.length - before).toBe(2);
    expect(rows.at(-1)).toEqual({ actor: 'callcentre', target: MSISDN });
    // Admins may look too.
    expect((await lookup(admin, MSISDN)).statusCode).toBe(200);
  });

  it('refuses a bad or unknown number, the wrong role and no token, writing no audit row', async () => {
    const before = await db().selectFrom('operator_audit').select('id').execute();
    const bad = await lookup(callcentre, '12ab');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messageKey).toBe('MSISDN.INVALID');
    const unknown = await lookup(callcentre, '26659999998');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().messageKey).toBe('SUBSCRIBER.NOT_FOUND');
    const badReset = await reset(callcentre, 'nope');
    expect(badReset.statusCode).toBe(400);
    expect(badReset.json().messageKey).toBe('MSISDN.INVALID');
    const unknownReset = await reset(callcentre, '26659999998');
    expect(unknownReset.statusCode).toBe(404);
    expect(unknownReset.json().messageKey).toBe('SUBSCRIBER.NOT_FOUND');
    expect(await outbox('26659999998')).toEqual([]);
    for (const token of [subscriber, marketing]) {
      for (const res of [await lookup(token, MSISDN), await reset(token, MSISDN)]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().messageKey).toBe('AUTH.FORBIDDEN');
      }
    }
    expect((await call(subscriber, 'GET', '/prizes')).statusCode).toBe(403);
    expect((await call(callcentre, 'GET', '/prizes')).statusCode).toBe(403);
    for (const res of [
      await lookup(null, MSISDN),
      await reset(null, MSISDN),
      await call(null, 'GET', '/prizes'),
    ])
      expect(res.statusCode).toBe(401);
    expect(await db().selectFrom('operator_audit').select('id').execute()).toHaveLength(before.length);
  });

  it('sends the password-reset code as the public flow does, audited, within the same limits', async () => {
    const msisdn = '26650000602';
    await addSubscriber(t(), msisdn);
    const sent = await reset(callcentre, '50000602');
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toEqual({ message: 'OTP.SENT', expiresIn: 300 });
    const sms = await outbox(msisdn);
    expect(sms).toHaveLength(1);
    // Sesotho, the default, with the reset wording (not the registration one).
    expect(sms[0]?.text).toContain('phasewete e ncha');
    expect(await auditRows('PASSWORD_RESET.SENT', msisdn)).toEqual([{ actor: 'callcentre', target: msisdn }]);

    // The code is a reset code: the public reset-password takes it.
    const code = sms[0]?.otp ?? '';
    const done = await app().inject({
      method: 'POST',
      url: '/api/web-registration/reset-password',
      headers: { authorization: `Basic ${Buffer.from('website:website-secret').toString('base64')}` },
      payload: { msisdn, submittedOtp: code, newPassword: 'newpass123' },
    });
    expect(done.statusCode, done.body).toBe(200);

    // Three codes per number per ten minutes, whoever asks: the fourth is refused and not audited.
    expect((await reset(admin, msisdn)).statusCode).toBe(200);
    expect((await reset(callcentre, msisdn)).statusCode).toBe(200);
    const refused = await reset(callcentre, msisdn);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().messageKey).toBe('OTP.TOO_MANY_REQUESTS');
    expect(await auditRows('PASSWORD_RESET.SENT', msisdn)).toHaveLength(3);
    expect(await outbox(msisdn)).toHaveLength(3);
  });

  it('gives marketing the default prize table the banner uses, audited', async () => {
    const res = await call(marketing, 'GET', '/prizes');
    expect(res.statusCode).toBe(200);
    const table = res.json() as { prizeType: number; amount: number }[];
    expect(table.length).toBeGreaterThan(0);
    const stored = await db()
      .selectFrom('prizes')
      .select(['prize_type', 'amount_cents'])
      .where('betslip_sid', 'is', null)
      .orderBy('prize_type', 'desc')
      .execute();
    expect(table).toEqual(
      stored.map((p) => ({ prizeType: p.prize_type, amount: Number(p.amount_cents) / 100 })),
    );
    const changed = table.map((p) => (p.prizeType === 6 ? { ...p, amount: p.amount + 1.5 } : p));
    expect(
      (
        await app().inject({
          method: 'PUT',
          url: '/api/admin/prizes',
          headers: { authorization: `Bearer ${marketing}` },
          payload: changed,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(admin, 'GET', '/prizes')).json()).toEqual(changed);
    expect(await auditRows('PRIZES.READ', 'prizes')).toHaveLength(2);
  });

  it('takes a testimonial without a picture (stored without one), still only our own pictures', async () => {
    const post = (payload: object) =>
      app().inject({
        method: 'POST',
        url: '/api/admin/testimonials',
        headers: { authorization: `Bearer ${marketing}` },
        payload,
      });
    const added = await post({ lang: 'st', name: 'Lineo', occupation: '', testimonial: 'Ke hapile!' });
    expect(added.statusCode, added.body).toBe(201);
    const list = (await call(marketing, 'GET', '/testimonials')).json() as { id: number; imgUrl: string }[];
    expect(list.find((x) => x.id === added.json().id)?.imgUrl).toBe('');
    // Reading the list is audited like any operator read.
    expect(await auditRows('TESTIMONIALS.READ', 'testimonials')).toHaveLength(1);
    const foreign = await post({
      lang: 'st',
      name: 'Lineo',
      occupation: '',
      testimonial: 'Ke hapile!',
      imgUrl: 'https://example.com/x.png',
    });
    expect(foreign.statusCode).toBe(400);
  });
});
