// Configuration: demo defaults for a fresh clone; production refuses demo and missing secrets.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';

const REAL = {
  NODE_ENV: 'production',
  MOBILE_CLIENT_SECRET: 'a-real-mobile-secret-0123',
  WEBSITE_CLIENT_SECRET: 'a-real-website-secret-0123',
  OTP_PEPPER: 'a-real-pepper-0123456789',
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
      accessTokenTtl: 1800,
      refreshTokenTtl: 2_592_000,
      clients: { mobile: 'mobile-secret', website: 'website-secret' },
    });
  });

  it('treats an empty DATABASE_URL as unset and reads overrides', () => {
    const c = loadConfig({ DATABASE_URL: '', PORT: '9000', ACCESS_TOKEN_TTL: '60', DATA_DIR: '/tmp/x' });
    expect(c).toMatchObject({ databaseUrl: undefined, port: 9000, accessTokenTtl: 60, dataDir: '/tmp/x' });
  });

  it('refuses nonsense numbers', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ ACCESS_TOKEN_TTL: '-5' })).toThrow(ConfigError);
  });

  it('starts in production with real secrets, without demo mode', () => {
    const c = loadConfig(REAL);
    expect(c).toMatchObject({
      production: true,
      demo: false,
      clients: { mobile: REAL.MOBILE_CLIENT_SECRET },
    });
  });

  it.each(['MOBILE_CLIENT_SECRET', 'WEBSITE_CLIENT_SECRET', 'OTP_PEPPER'] as const)(
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

  it('refuses demo mode in production', () => {
    expect(() => loadConfig({ ...REAL, DEMO: 'true' })).toThrow(/DEMO/);
  });
});
