// Configuration: demo defaults for a fresh clone; production refuses demo and missing secrets.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

const REAL = {
  NODE_ENV: 'production',
  MOBILE_CLIENT_SECRET: 'a-real-mobile-secret-0123',
  WEBSITE_CLIENT_SECRET: 'a-real-website-secret-0123',
  OTP_PEPPER: 'a-real-pepper-0123456789',
  MOBILE_MONEY_CALLBACK_SECRET: 'a-real-callback-secret-0123',
  PUBLIC_URL: 'https://jackpot14.example',
  MPESA_BASE_URL: 'https://openapi.m-pesa.com/openapi/ipg/v2/vodacomLES',
  MPESA_API_KEY: 'a-real-api-key',
  MPESA_PUBLIC_KEY: 'MIICIjANBgkqhkiG9w0BAQEFAAOCAg8AMIICCgKCAgEA',
  MPESA_SERVICE_PROVIDER_CODE: '000000',
  AT_BASE_URL: 'https://api.africastalking.com/version1',
  AT_USERNAME: 'jackpot14',
  AT_API_KEY: 'a-real-at-key',
};

describe('loadConfig', () => {
  it('defaults to demo mode on port 8080 with the embedded database in ./data', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: './data',
      databaseUrl: undefined,
      production: false,
      demo: true,
      // Keycloak's default: a revoked session's access tokens stop working within five minutes.
      accessTokenTtl: 300,
      refreshTokenTtl: 2_592_000,
      clients: { mobile: 'mobile-secret', website: 'website-secret' },
      publicUrl: undefined,
    });
  });

  it('treats an empty DATABASE_URL as unset and reads overrides', () => {
    const c = loadConfig({ DATABASE_URL: '', PORT: '9000', ACCESS_TOKEN_TTL: '60', DATA_DIR: '/tmp/x' });
    expect(c).toMatchObject({ databaseUrl: undefined, port: 9000, accessTokenTtl: 60, dataDir: '/tmp/x' });
  });

  it('caps OTP sends and failing accounts per address, overridable from the environment', () => {
    expect(loadConfig({}).limits).toEqual({
      otpSendsPerAddressPerMinute: 10,
      otpSendsPerMinute: 60,
      loginFailedAccountsPerAddress: 100,
    });
    const c = loadConfig({
      OTP_SENDS_PER_ADDRESS_PER_MINUTE: '3',
      OTP_SENDS_PER_MINUTE: '500',
      LOGIN_FAILED_ACCOUNTS_PER_ADDRESS: '40',
    });
    expect(c.limits).toEqual({
      otpSendsPerAddressPerMinute: 3,
      otpSendsPerMinute: 500,
      loginFailedAccountsPerAddress: 40,
    });
    expect(() => loadConfig({ OTP_SENDS_PER_MINUTE: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ OTP_SENDS_PER_ADDRESS_PER_MINUTE: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOGIN_FAILED_ACCOUNTS_PER_ADDRESS: '0' })).toThrow(ConfigError);
  });

  it('allows the mobile app’s origins by default; CORS_ORIGINS replaces them', () => {
    expect(loadConfig({}).corsOrigins).toEqual([
      'capacitor://localhost',
      'https://localhost',
      'http://localhost',
    ]);
    expect(loadConfig({ CORS_ORIGINS: ' https://App.example , http://10.0.2.2:8080,' }).corsOrigins).toEqual([
      'https://app.example',
      'http://10.0.2.2:8080',
    ]);
    for (const bad of ['*', 'https://app.example/', 'app.example', 'https://*.example']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(ConfigError);
    }
  });

  it("sizes the embedded database's buffer cache and sort memory, PostgreSQL-style, within limits", () => {
    expect(loadConfig({}).pglite).toEqual({ sharedBuffersKb: 32 * 1024, workMemKb: 4 * 1024 });
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '16MB', PGLITE_WORK_MEM: '2048kB' }).pglite).toEqual({
      sharedBuffersKb: 16 * 1024,
      workMemKb: 2048,
    });
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: '1GB' }).pglite.sharedBuffersKb).toBe(1024 * 1024);
    for (const bad of ['lots', '64', '64 mb', '2GB', '64kB', '-1MB'])
      expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: bad }), bad).toThrow(ConfigError);
    for (const bad of ['4', '32kB', '1GB'])
      expect(() => loadConfig({ PGLITE_WORK_MEM: bad }), bad).toThrow(ConfigError);
  });

  it('refuses nonsense numbers', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '-5' })).toThrow(ConfigError);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '9' })).toThrow(ConfigError);
    expect(loadConfig({ ACCESS_TOKEN_TTL: '20' }).accessTokenTtl).toBe(20);
  });

  it('starts in production with real secrets, without demo mode', () => {
    const c = loadConfig(REAL);
    expect(c).toMatchObject({
      production: true,
      demo: false,
      clients: { mobile: REAL.MOBILE_CLIENT_SECRET },
      publicUrl: 'https://jackpot14.example',
    });
  });

  it.each(['MOBILE_CLIENT_SECRET', 'WEBSITE_CLIENT_SECRET', 'OTP_PEPPER', 'PUBLIC_URL'] as const)(
    'refuses production without %s',
    (name) => {
      expect(() => loadConfig({ ...REAL, [name]: undefined })).toThrow(/required in production/);
    },
  );

  it('refuses production with the demo secrets or short ones', () => {
    expect(() => loadConfig({ ...REAL, MOBILE_CLIENT_SECRET: 'mobile-secret' })).toThrow(/demo secret/);
    expect(() => loadConfig({ ...REAL, WEBSITE_CLIENT_SECRET: 'website-secret' })).toThrow(/demo secret/);
    expect(() => loadConfig({ ...REAL, OTP_PEPPER: 'short' })).toThrow(/at least/);
  });

  it('refuses a production PUBLIC_URL that is not https', () => {
    expect(() => loadConfig({ ...REAL, PUBLIC_URL: 'http://jackpot14.example' })).toThrow(/https/);
    expect(loadConfig({ PUBLIC_URL: 'http://192.168.1.10:8080/' }).publicUrl).toBe(
      'http://192.168.1.10:8080',
    );
  });

  it('refuses demo mode in production', () => {
    expect(() => loadConfig({ ...REAL, DEMO: 'true' })).toThrow(/DEMO/);
  });

  it('runs every rail on its emulator in demo mode, and only the configured ones in production', () => {
    const demo = loadConfig({}).rails;
    expect([demo.mpesa.kind, demo.ecocash.kind, demo.billing.kind, demo.africasTalking.kind]).toEqual([
      'emulator',
      'emulator',
      'emulator',
      'emulator',
    ]);
    expect(demo.smsProvider).toBe('outbox');
    const real = loadConfig(REAL).rails;
    expect(real.mpesa).toMatchObject({
      kind: 'real',
      settings: { serviceProviderCode: '000000', sessionLiveMs: 30_000, timeoutMs: 120_000, origin: '*' },
    });
    expect([real.ecocash.kind, real.billing.kind]).toEqual(['off', 'off']);
    expect(real.smsProvider).toBe('africastalking');
  });

  it('refuses production without a mobile-money rail or an SMS provider, and half-set rails', () => {
    const none = { ...REAL, MPESA_BASE_URL: undefined, MPESA_API_KEY: undefined };
    expect(() => loadConfig(none)).toThrow(/MPESA_BASE_URL, MPESA_API_KEY missing/);
    expect(() =>
      loadConfig({ ...none, MPESA_PUBLIC_KEY: undefined, MPESA_SERVICE_PROVIDER_CODE: undefined }),
    ).toThrow(/mobile-money rail/);
    expect(() =>
      loadConfig({ ...REAL, AT_BASE_URL: undefined, AT_USERNAME: undefined, AT_API_KEY: undefined }),
    ).toThrow(/SMS provider/);
    expect(() => loadConfig({ ...REAL, MPESA_BASE_URL: 'http://openapi.example/x' })).toThrow(/https/);
    expect(() => loadConfig({ ...REAL, SMS_PROVIDER: 'outbox' })).toThrow(/demo mode only/);
    // A loopback rail over http (an emulator process, a local gateway) is allowed.
    expect(loadConfig({ ...REAL, MPESA_BASE_URL: 'http://127.0.0.1:9100/mpesa' }).rails.mpesa.kind).toBe(
      'real',
    );
  });
});
