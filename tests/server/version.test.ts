// The website's version and client-type calls (CONTRACTS.md "PWA, push and version API"): website client
// credential only, values from the configuration, Android told by the User-Agent.
import { expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { basic, describeEachDb, WEBSITE } from './helper.ts';

const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

describeEachDb(
  'check-version and client-type',
  (t) => {
    it('refuses callers without the website credential', async () => {
      for (const url of ['/api/web-registration/check-version', '/api/web-registration/client-type']) {
        for (const authorization of [
          undefined,
          basic('website', 'wrong'),
          basic('mobile', 'mobile-secret'),
        ]) {
          const res = await t().app.inject({
            method: 'GET',
            url,
            headers: authorization ? { authorization } : {},
          });
          expect(res.statusCode, `${url} ${authorization}`).toBe(401);
          expect(res.json().messageKey).toBe('ERRORS.UNAUTHORIZED');
        }
      }
    });

    it('announces the configured newest version', async () => {
      const res = await t().app.inject({
        method: 'GET',
        url: '/api/web-registration/check-version',
        headers: { authorization: WEBSITE },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        version: '2.1.0',
        isCritical: true,
        displayMessage: 'Please update',
        link: 'https://example.org/app.apk',
      });
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('tells Android from the User-Agent and gives the app URL', async () => {
      const ask = (ua: string) =>
        t().app.inject({
          method: 'GET',
          url: '/api/web-registration/client-type',
          headers: { authorization: WEBSITE, 'user-agent': ua },
        });
      const android = await ask(ANDROID_UA);
      expect(android.json()).toEqual({ android: true, mobileAppUrl: 'https://example.org/app.apk' });
      expect(android.headers.vary).toMatch(/user-agent/i);
      expect((await ask(IPHONE_UA)).json()).toEqual({
        android: false,
        mobileAppUrl: 'https://example.org/app.apk',
      });
    });
  },
  {
    config: loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      APP_VERSION: '2.1.0',
      APP_CRITICAL: 'true',
      APP_DISPLAY_MESSAGE: 'Please update',
      MOBILE_APP_URL: 'https://example.org/app.apk',
    }),
  },
);

it('defaults: version 1.0.0, not critical, no app URL; VAPID keys come in pairs', () => {
  const config = loadConfig({ DATA_DIR: 'memory://' });
  expect(config.newestVersion).toEqual({
    version: '1.0.0',
    isCritical: false,
    displayMessage: '',
    link: '/',
  });
  expect(config.mobileAppUrl).toBeNull();
  expect(config.vapid).toBeUndefined();
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'x' })).toThrow(/together/);
  expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'x', VAPID_PRIVATE_KEY: 'y' })).toThrow(/65 bytes/);
  expect(() => loadConfig({ VAPID_SUBJECT: 'someone' })).toThrow(/mailto/);
});
