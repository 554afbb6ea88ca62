/**
 * Server test harness: each test file gets its own app on its own fresh database — an in-memory PGlite,
 * and the same suite again on PostgreSQL inside a fresh schema that is dropped after. When PostgreSQL is
 * not reachable its runs are reported as skipped, the reason in their name.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { decodeJwt, type JWTPayload, SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { type BuildAppOptions, buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import { type Db, openDb } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { loadSigningKeys } from '../../server/identity/keys.ts';
import { postgresSkipped, TEST_DATABASE_URL } from './postgresTarget.ts';

export { postgresSkipped, TEST_DATABASE_URL };

/** Fixed, settable server time: tests move it to expire tokens and codes without waiting. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
  set(at: Date): void;
}

export function createClock(start = new Date('2026-03-02T08:00:00Z')): TestClock {
  let t = start.getTime();
  return {
    now: () => new Date(t),
    advance: (ms) => {
      t += ms;
    },
    set: (at) => {
      t = at.getTime();
    },
  };
}

/** Demo-mode configuration on an in-memory database, quiet, with a cheap password hash. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      // The minimum argon2 cost: the suite hashes many passwords and the cost is not under test.
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
    }),
    ...overrides,
  };
}

export interface Backend {
  name: 'PGlite' | 'PostgreSQL';
  /** Why this database's runs are skipped (PostgreSQL not reachable), or undefined when they run. */
  skipped?: string;
  /** A fresh, migrated database, and how to throw it away. */
  open(): Promise<{ db: Db; dispose(): Promise<void> }>;
}

const pglite: Backend = {
  name: 'PGlite',
  async open() {
    const db = await openDb({ dataDir: 'memory://', databaseUrl: undefined });
    await migrate(db);
    return { db, dispose: () => db.close() };
  },
};

const postgres: Backend = {
  name: 'PostgreSQL',
  async open() {
    const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const db = await openDb({ dataDir: '', databaseUrl: TEST_DATABASE_URL }, { schema });
    await migrate(db);
    return {
      db,
      async dispose() {
        await db.close();
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        try {
          await client.query(`DROP SCHEMA "${schema}" CASCADE`);
          // pg-boss's, when the suite started jobs (server/jobs/boss.ts bossSchema).
          await client.query(`DROP SCHEMA IF EXISTS "${schema}_pgboss" CASCADE`);
        } finally {
          await client.end();
        }
      },
    };
  },
};

/** The databases every server suite runs against; PostgreSQL's runs are skipped when it is unreachable. */
export const backends: Backend[] = [pglite, { ...postgres, skipped: postgresSkipped }];

/**
 * `describe` for one database: named `title [PGlite]` or `title [PostgreSQL]`, or, when that database is
 * unreachable, skipped with the reason in its name so the summary shows what did not run and why.
 */
export function describeOn(backend: Backend, title: string, suite: () => void): void {
  const name = backend.skipped
    ? `${title} [${backend.name} ${backend.skipped}]`
    : `${title} [${backend.name}]`;
  describe.skipIf(backend.skipped !== undefined)(name, suite);
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: TestClock;
  config: Config;
}

export type TestAppOptions = Partial<Omit<BuildAppOptions, 'db' | 'now' | 'config'>> & {
  config?: Partial<Config>;
};

/**
 * A fresh app on a fresh database of `backend`. Background jobs are off unless `options.jobs` asks for
 * them (tests/server/jobs.test.ts, instances.test.ts): installing pg-boss takes seconds on PGlite.
 */
export async function buildTestApp(backend: Backend, options: TestAppOptions = {}) {
  const { db, dispose } = await backend.open();
  const clock = createClock();
  const config = testConfig(options.config);
  const app = await buildApp({
    ...options,
    jobs: options.jobs ?? { mode: 'off' },
    config,
    db,
    now: clock.now,
  });
  await app.ready();
  const close = async () => {
    await app.close();
    await dispose();
  };
  return { app, db, clock, config, close };
}

/**
 * Registers `suite` once per backend, each with its own app built before its tests. Tests in a suite
 * share that app, so each uses its own msisdns.
 */
export function describeEachDb(
  title: string,
  suite: (t: () => TestApp) => void,
  options: TestAppOptions = {},
) {
  for (const backend of backends) {
    describeOn(backend, title, () => {
      let current: (TestApp & { close(): Promise<void> }) | undefined;
      beforeAll(async () => {
        current = await buildTestApp(backend, options);
      });
      afterAll(async () => {
        await current?.close();
      });
      suite(() => {
        if (!current) throw new Error('test app not built');
        return current;
      });
    });
  }
}

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
export const MOBILE = basic('mobile', 'mobile-secret');
export const WEBSITE = basic('website', 'website-secret');
export const TOKEN_PATH = '/auth/realms/commxp/protocol/openid-connect/token';

/** POST to the token endpoint with a form body. */
export function tokenRequest(
  app: FastifyInstance,
  form: Record<string, string>,
  authorization: string | undefined = MOBILE,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: TOKEN_PATH,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(authorization ? { authorization } : {}),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  refresh_expires_in: number;
  session_state: string;
}

/** Password grant that must succeed. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<Tokens> {
  const res = await tokenRequest(app, { grant_type: 'password', username, password, client_id: 'mobile' });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** POST JSON to a registration route with the website client's credential. */
export function registrationPost(
  app: FastifyInstance,
  route: string,
  body: unknown,
  authorization = WEBSITE,
) {
  return app.inject({
    method: 'POST',
    url: `/api/web-registration/${route}`,
    headers: { authorization },
    payload: body as object,
  });
}

/** The newest OTP the dev outbox holds for `msisdn`. */
export async function latestOtp(app: FastifyInstance, msisdn: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/dev/sms?msisdn=${msisdn}` });
  const list = res.json() as { otp: string }[];
  if (!list[0]) throw new Error(`no SMS for ${msisdn}`);
  return list[0].otp;
}

/** The version of the terms in the shipped demo content (content/site.json). */
export const DEMO_TERMS_VERSION = '2026-11-01';
/** What the registration form sends once both boxes are ticked. */
export const CONSENT = { ageConfirmed: true, termsVersion: DEMO_TERMS_VERSION };

/** Registers `msisdn` with `password` through the whole OTP flow. */
export async function register(app: FastifyInstance, msisdn: string, password: string): Promise<void> {
  const requested = await registrationPost(app, 'request-otp', { msisdn, lang: 'en' });
  if (requested.statusCode !== 200) throw new Error(`request-otp: ${requested.statusCode} ${requested.body}`);
  const submittedOtp = await latestOtp(app, msisdn);
  const res = await registrationPost(app, 'register', {
    msisdn,
    lang: 'en',
    submittedOtp,
    userInput: password,
    ...CONSENT,
  });
  if (res.statusCode !== 201) throw new Error(`register: ${res.statusCode} ${res.body}`);
}

/** Resets the password of `msisdn`'s account through the whole OTP flow (purpose RESET). */
export async function resetPassword(
  app: FastifyInstance,
  msisdn: string,
  newPassword: string,
): Promise<void> {
  const requested = await registrationPost(app, 'request-otp', { msisdn, lang: 'en', purpose: 'RESET' });
  if (requested.statusCode !== 200) throw new Error(`request-otp: ${requested.statusCode} ${requested.body}`);
  const submittedOtp = await latestOtp(app, msisdn);
  const res = await registrationPost(app, 'reset-password', {
    msisdn,
    lang: 'en',
    submittedOtp,
    newPassword,
  });
  if (res.statusCode !== 200) throw new Error(`reset-password: ${res.statusCode} ${res.body}`);
}

/**
 * `token` with some claims changed, signed again with the realm's own key: a token the signature check
 * accepts, so what refuses it is the claim under test (issuer, client).
 */
export async function resignToken(db: Db, token: string, changes: JWTPayload): Promise<string> {
  const keys = await loadSigningKeys(db.kysely);
  return new SignJWT({ ...decodeJwt(token), ...changes })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: keys.kid })
    .sign(keys.privateKey);
}
