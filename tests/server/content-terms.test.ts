// Operator content (CONTENT_DIR) for everyone, and the terms: registration refused without the age
// confirmation and the current terms, both recorded with the time; a new version asked for once.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { loadContent } from '../../server/content/siteContent.ts';
import { projectRoot } from '../../server/paths.ts';
import {
  CONSENT,
  DEMO_TERMS_VERSION,
  describeEachDb,
  latestOtp,
  register,
  registrationPost,
  signIn,
} from './helper.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describeEachDb('content and terms', (t) => {
  it('serves the site settings and each document in both languages without sign-in', async () => {
    const { app } = t();
    const site = await app.inject({ method: 'GET', url: '/api/public/site' });
    expect(site.statusCode).toBe(200);
    expect(site.headers['cache-control']).toBe('public, max-age=300');
    expect(site.json()).toMatchObject({
      termsVersion: DEMO_TERMS_VERSION,
      support: { phone: expect.stringMatching(/^\+266/), email: expect.stringContaining('@') },
      subscription: { price: 5, period: 'week' },
    });
    for (const lang of ['st', 'en'] as const) {
      const res = await app.inject({ method: 'GET', url: `/api/public/content/terms?lang=${lang}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ doc: 'terms', lang, version: DEMO_TERMS_VERSION });
      expect(res.json().markdown).toMatch(lang === 'st' ? /^# Melao le lipehelo/ : /^# Terms and conditions/);
    }
    const privacy = await app.inject({ method: 'GET', url: '/api/public/content/privacy?lang=xx' });
    expect(privacy.json()).toMatchObject({ doc: 'privacy', lang: 'st' });
    const unknown = await app.inject({ method: 'GET', url: '/api/public/content/..%2Fsite.json' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().messageKey).toBe('ERRORS.NOT_FOUND');
  });

  it('refuses registration without the age confirmation or the current terms, keeping the code', async () => {
    const { app, db } = t();
    const msisdn = '26658100001';
    await registrationPost(app, 'request-otp', { msisdn, lang: 'en' });
    const submittedOtp = await latestOtp(app, msisdn);
    const base = { msisdn, lang: 'en', submittedOtp, userInput: 'secret12' };
    const refusals: [object, number, string][] = [
      [{ termsVersion: DEMO_TERMS_VERSION }, 400, 'REGISTER.AGE_REQUIRED'],
      [{ ageConfirmed: false, termsVersion: DEMO_TERMS_VERSION }, 400, 'REGISTER.AGE_REQUIRED'],
      [{ ageConfirmed: true }, 400, 'REGISTER.TERMS_REQUIRED'],
      [{ ageConfirmed: true, termsVersion: '' }, 400, 'REGISTER.TERMS_REQUIRED'],
      [{ ageConfirmed: true, termsVersion: '2020-01-01' }, 409, 'TERMS.OUTDATED'],
    ];
    for (const [extra, status, messageKey] of refusals) {
      const res = await registrationPost(app, 'register', { ...base, ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(status);
      expect(res.json()).toMatchObject({ statusCode: status, messageKey });
    }
    expect(await db.kysely.selectFrom('users').select('id').where('msisdn', '=', msisdn).execute()).toEqual(
      [],
    );

    const before = t().clock.now();
    const ok = await registrationPost(app, 'register', { ...base, ...CONSENT });
    expect(ok.statusCode).toBe(201);
    const user = await db.kysely
      .selectFrom('users')
      .select('adult_confirmed_at')
      .where('msisdn', '=', msisdn)
      .executeTakeFirstOrThrow();
    expect(user.adult_confirmed_at?.getTime()).toBe(before.getTime());
    const accepted = await db.kysely
      .selectFrom('terms_acceptances')
      .selectAll()
      .where('msisdn', '=', msisdn)
      .execute();
    expect(accepted).toEqual([{ msisdn, version: DEMO_TERMS_VERSION, accepted_at: before }]);

    const { access_token } = await signIn(app, msisdn, 'secret12');
    const status = await app.inject({
      method: 'GET',
      url: '/api/protected/terms-status',
      headers: bearer(access_token),
    });
    expect(status.json()).toEqual({
      version: DEMO_TERMS_VERSION,
      acceptedVersion: DEMO_TERMS_VERSION,
      mustAccept: false,
    });
  });

  it('asks a subscriber who accepted an older version to accept the new one once', async () => {
    const { app, db, clock } = t();
    const msisdn = '26658100002';
    await register(app, msisdn, 'secret12');
    // As if they had accepted an earlier text, before the operator published this one.
    await db.kysely.deleteFrom('terms_acceptances').where('msisdn', '=', msisdn).execute();
    await db.kysely
      .insertInto('terms_acceptances')
      .values({ msisdn, version: '2026-01-01', accepted_at: new Date('2026-01-05T10:00:00Z') })
      .execute();
    const { access_token } = await signIn(app, msisdn, 'secret12');
    const headers = bearer(access_token);
    const status = async () =>
      (await app.inject({ method: 'GET', url: '/api/protected/terms-status', headers })).json();
    expect(await status()).toEqual({
      version: DEMO_TERMS_VERSION,
      acceptedVersion: '2026-01-01',
      mustAccept: true,
    });

    const old = await app.inject({
      method: 'POST',
      url: '/api/protected/accept-terms',
      headers,
      payload: { version: '2026-01-01' },
    });
    expect(old.statusCode).toBe(409);
    expect(old.json().messageKey).toBe('TERMS.OUTDATED');

    const first = clock.now();
    const accept = () =>
      app.inject({
        method: 'POST',
        url: '/api/protected/accept-terms',
        headers,
        payload: { version: DEMO_TERMS_VERSION },
      });
    const res = await accept();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: DEMO_TERMS_VERSION, acceptedAt: first.toISOString() });
    clock.advance(60_000);
    // Accepting again keeps the first time.
    expect((await accept()).json().acceptedAt).toBe(first.toISOString());
    expect(await status()).toMatchObject({ acceptedVersion: DEMO_TERMS_VERSION, mustAccept: false });
  });

  it('answers 401 to terms-status and accept-terms without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/protected/terms-status'],
      ['POST', '/api/protected/accept-terms'],
    ] as const) {
      expect((await t().app.inject({ method, url })).statusCode).toBe(401);
    }
  });
});

describe('CONTENT_DIR', () => {
  it('defaults to the shipped content and stops on a broken or unsafe site.json', () => {
    expect(loadConfig({}).contentDir).toBe(join(projectRoot, 'content'));
    const dir = mkdtempSync(join(tmpdir(), 'content-'));
    cpSync(join(projectRoot, 'content'), dir, { recursive: true });
    expect(loadContent(dir).site.termsVersion).toBe(DEMO_TERMS_VERSION);
    const site = JSON.parse(JSON.stringify(loadContent(dir).site));
    site.social = [{ name: 'Evil', url: 'javascript:alert(1)' }];
    writeFileSync(join(dir, 'site.json'), JSON.stringify(site));
    expect(() => loadContent(dir)).toThrow(/social/);
    site.social = [];
    site.subscription.period = 'fortnight';
    writeFileSync(join(dir, 'site.json'), JSON.stringify(site));
    expect(() => loadContent(dir)).toThrow(/subscription.period/);
    writeFileSync(join(dir, 'site.json'), '{');
    expect(() => loadContent(dir)).toThrow(/not JSON/);
  });
});
