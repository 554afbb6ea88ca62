// Operator accounts (DESIGN.md "Operator accounts"): admins list, add, disable and reset operators through
// /api/admin/operators (each audited; others refused); an operator whose password an admin chose must set
// their own before anything else (the grant says "Account is not fully set up", operator-password sets it);
// a disabled operator cannot sign in and their sessions end; the demo admin keeps working.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { BRUTE_FORCE } from '../../server/identity/bruteForce.ts';
import { projectRoot } from '../../server/paths.ts';
import { seedDemoAccounts } from '../../server/seed.ts';
import {
  type Backend,
  buildTestApp,
  describeEachDb,
  registrationPost,
  signIn,
  tokenRequest,
} from './helper.ts';
import { addSubscriber } from './playFixtures.ts';

const SECOND = 1000;

describeEachDb('operator accounts', (t) => {
  const app = () => t().app;
  const db = () => t().db.kysely;
  let admin = '';
  let callcentre = '';

  const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    app().inject({
      method,
      url: `/api/admin${url}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload }),
    });
  const grant = (username: string, password: string) =>
    tokenRequest(app(), { grant_type: 'password', username, password, client_id: 'mobile' });
  const ownPassword = (username: string, oldPassword: string, newPassword: string) =>
    registrationPost(app(), 'operator-password', { username, oldPassword, newPassword });
  const auditRows = (action: string, target: string) =>
    db()
      .selectFrom('operator_audit')
      .select(['actor', 'target', 'detail'])
      .where('action', '=', action)
      .where('target', '=', target)
      .execute();
  /** Sign-in failures closer than a second apart look like a script: the test clock moves on between. */
  const later = () => t().clock.advance(2 * SECOND);

  beforeAll(async () => {
    const { db: database, config, clock } = t();
    await seedDemoAccounts({ db: database, config, now: clock.now() });
    admin = (await signIn(app(), 'admin', 'admin1234')).access_token;
    callcentre = (await signIn(app(), 'callcentre', 'callcentre1234')).access_token;
  });

  it('lists the operators with their state and last sign-in, and audits the read', async () => {
    const res = await call(admin, 'GET', '/operators');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    // Operators only, by name; the demo admin has just signed in.
    expect(list.map((o) => o.username)).toEqual(['admin', 'callcentre', 'marketing']);
    expect(list[0]).toEqual({
      username: 'admin',
      roles: ['ROLE_ADMIN'],
      disabled: false,
      mustChangePassword: false,
      lastSignInAt: t().clock.now().toISOString(),
      createdAt: expect.any(String),
    });
    expect(list[2]?.lastSignInAt).toBeNull();
    expect(await auditRows('OPERATORS.LIST', 'operators')).toHaveLength(1);
  });

  it('refuses the API to other roles (403) and to no token (401), writing nothing', async () => {
    const subscriber = await addSubscriber(t(), '26650000801');
    for (const token of [callcentre, subscriber]) {
      for (const [method, url, payload] of [
        ['GET', '/operators', undefined],
        ['POST', '/operators', { username: 'sneaky', role: 'ROLE_ADMIN', password: 'secret123' }],
        ['POST', '/operators/admin/disable', {}],
        ['POST', '/operators/admin/password', { password: 'secret123' }],
      ] as const) {
        const res = await call(token, method, url, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(res.json().messageKey).toBe('AUTH.FORBIDDEN');
      }
    }
    expect((await call(null, 'GET', '/operators')).statusCode).toBe(401);
    expect(await db().selectFrom('users').select('id').where('username', '=', 'sneaky').execute()).toEqual(
      [],
    );
  });

  it('adds an operator who must set their own password before signing in', async () => {
    const added = await call(admin, 'POST', '/operators', {
      username: 'lineo',
      role: 'ROLE_CALL_CENTER',
      password: 'temp1234',
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      username: 'lineo',
      roles: ['ROLE_CALL_CENTER'],
      disabled: false,
      mustChangePassword: true,
      lastSignInAt: null,
    });
    expect(await auditRows('OPERATOR.ADD', 'lineo')).toEqual([
      { actor: 'admin', target: 'lineo', detail: { role: 'ROLE_CALL_CENTER', mustChangePassword: true } },
    ]);

    // The right password: Keycloak's answer for a required action. A wrong one is still just wrong.
    const first = await grant('lineo', 'temp1234');
    expect(first.statusCode).toBe(400);
    expect(first.json()).toEqual({
      error: 'invalid_grant',
      error_description: 'Account is not fully set up',
    });
    later();
    expect((await grant('lineo', 'wrong1234')).statusCode).toBe(401);
    later();

    // Setting their own: the old one proves who asks; the new one follows the password rule.
    expect((await ownPassword('lineo', 'temp1234', 'short')).json().messageKey).toBe(
      'PASSWORD.NOT_COMPLIANT',
    );
    expect((await ownPassword('lineo', 'temp1234', 'temp1234')).json().messageKey).toBe(
      'PASSWORD.SAME_AS_OLD',
    );
    const wrong = await ownPassword('lineo', 'nope12345', 'mine5678');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().messageKey).toBe('AUTH.INVALID_CREDENTIALS');
    later();
    const set = await ownPassword('lineo', 'temp1234', 'mine5678');
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ message: 'PASSWORD.CHANGED' });
    expect(await auditRows('OPERATOR.PASSWORD_CHANGED', 'lineo')).toMatchObject([{ actor: 'lineo' }]);

    // Now the operator signs in, and the last sign-in is recorded.
    expect((await grant('lineo', 'temp1234')).statusCode).toBe(401);
    later();
    const tokens = await signIn(app(), 'lineo', 'mine5678');
    const who = await app().inject({
      method: 'GET',
      url: '/api/protected/whoami',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(who.json()).toEqual({ msisdn: 'lineo', roles: ['ROLE_CALL_CENTER'] });
    const list = (await call(admin, 'GET', '/operators')).json() as Array<Record<string, unknown>>;
    expect(list.find((o) => o.username === 'lineo')).toMatchObject({
      mustChangePassword: false,
      lastSignInAt: t().clock.now().toISOString(),
    });
  });

  it('refuses an operator that exists, a weak password and a malformed body, writing nothing', async () => {
    const before = await db().selectFrom('operator_audit').select('id').execute();
    const cases = [
      [{ username: 'admin', role: 'ROLE_ADMIN', password: 'secret123' }, 409, 'OPERATOR.EXISTS'],
      [{ username: 'thabo', role: 'ROLE_MARKETING', password: 'weak' }, 400, 'PASSWORD.NOT_COMPLIANT'],
      // A name that is not the rule's (upper case, a phone number, too short) or a role that is not an
      // operator's never reaches the handler.
      [{ username: 'Thabo', role: 'ROLE_MARKETING', password: 'secret123' }, 400, 'ERRORS.INVALID_REQUEST'],
      [{ username: '26650000001', role: 'ROLE_ADMIN', password: 'secret123' }, 400, 'ERRORS.INVALID_REQUEST'],
      [{ username: 'ab', role: 'ROLE_ADMIN', password: 'secret123' }, 400, 'ERRORS.INVALID_REQUEST'],
      [{ username: 'thabo', role: 'commxp-user', password: 'secret123' }, 400, 'ERRORS.INVALID_REQUEST'],
      [{ username: 'thabo', role: 'ROLE_ADMIN' }, 400, 'ERRORS.INVALID_REQUEST'],
    ] as const;
    for (const [payload, status, key] of cases) {
      const res = await call(admin, 'POST', '/operators', payload);
      expect({ status: res.statusCode, key: res.json().messageKey }, JSON.stringify(payload)).toEqual({
        status,
        key,
      });
    }
    expect(await db().selectFrom('operator_audit').select('id').execute()).toHaveLength(before.length);
  });

  it('disables an operator: no sign-in, their refresh tokens stop working; never oneself', async () => {
    expect(
      (
        await call(admin, 'POST', '/operators', {
          username: 'palesa',
          role: 'ROLE_MARKETING',
          password: 'temp1234',
        })
      ).statusCode,
    ).toBe(201);
    await ownPassword('palesa', 'temp1234', 'mine5678');
    later();
    const session = await signIn(app(), 'palesa', 'mine5678');

    const self = await call(admin, 'POST', '/operators/admin/disable');
    expect(self.statusCode).toBe(409);
    expect(self.json().messageKey).toBe('OPERATOR.SELF');
    const unknown = await call(admin, 'POST', '/operators/nobody/disable');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().messageKey).toBe('OPERATOR.UNKNOWN');
    // A subscriber is not an operator.
    await addSubscriber(t(), '26650000802');
    expect((await call(admin, 'POST', '/operators/26650000802/disable')).json().messageKey).toBe(
      'OPERATOR.UNKNOWN',
    );

    const disabled = await call(admin, 'POST', '/operators/palesa/disable');
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ username: 'palesa', disabled: true });
    expect(await auditRows('OPERATOR.DISABLE', 'palesa')).toEqual([
      { actor: 'admin', target: 'palesa', detail: {} },
    ]);

    later();
    const refused = await grant('palesa', 'mine5678');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: 'invalid_grant', error_description: 'Account disabled' });
    const refreshed = await tokenRequest(app(), {
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
      client_id: 'mobile',
    });
    expect(refreshed.statusCode).toBe(400);
    expect(refreshed.json().error).toBe('invalid_grant');
    // Nor can a disabled operator set a password (told as a wrong one: nothing about the account).
    later();
    expect((await ownPassword('palesa', 'mine5678', 'other5678')).statusCode).toBe(401);
    // Again: no change, audited as such.
    expect((await call(admin, 'POST', '/operators/palesa/disable')).statusCode).toBe(200);
    expect((await auditRows('OPERATOR.DISABLE', 'palesa'))[1]?.detail).toEqual({ already: true });
  });

  it('resets a password: sessions end and the operator must change it at the next sign-in', async () => {
    expect(
      (
        await call(admin, 'POST', '/operators', {
          username: 'mpho',
          role: 'ROLE_ADMIN',
          password: 'temp1234',
        })
      ).statusCode,
    ).toBe(201);
    await ownPassword('mpho', 'temp1234', 'mine5678');
    later();
    const session = await signIn(app(), 'mpho', 'mine5678');

    expect(
      (await call(admin, 'POST', '/operators/mpho/password', { password: 'bad' })).json().messageKey,
    ).toBe('PASSWORD.NOT_COMPLIANT');
    expect((await call(admin, 'POST', '/operators/mpho/password', {})).json().messageKey).toBe(
      'ERRORS.INVALID_REQUEST',
    );
    expect(
      (await call(admin, 'POST', '/operators/nobody/password', { password: 'reset1234' })).statusCode,
    ).toBe(404);
    const reset = await call(admin, 'POST', '/operators/mpho/password', { password: 'reset1234' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ username: 'mpho', mustChangePassword: true });
    expect(await auditRows('OPERATOR.PASSWORD_RESET', 'mpho')).toEqual([
      { actor: 'admin', target: 'mpho', detail: { mustChangePassword: true } },
    ]);

    const refreshed = await tokenRequest(app(), {
      grant_type: 'refresh_token',
      refresh_token: session.refresh_token,
      client_id: 'mobile',
    });
    expect(refreshed.statusCode).toBe(400);
    later();
    expect((await grant('mpho', 'reset1234')).json().error_description).toBe('Account is not fully set up');
    expect((await ownPassword('mpho', 'reset1234', 'again5678')).statusCode).toBe(200);
    later();
    expect((await grant('mpho', 'again5678')).statusCode).toBe(200);
  });

  it('keeps the operator-password route to the website client and to operators', async () => {
    const noClient = await registrationPost(
      app(),
      'operator-password',
      { username: 'admin', oldPassword: 'admin1234', newPassword: 'admin5678' },
      'Basic bm9wZTpub3Bl',
    );
    expect(noClient.statusCode).toBe(401);
    // A subscriber changes theirs while signed in: here their right password is refused as wrong.
    await addSubscriber(t(), '26650000803');
    later();
    expect((await ownPassword('26650000803', 'play1234', 'other5678')).statusCode).toBe(401);
    // The demo admin's password is unchanged by all of the above.
    later();
    expect((await grant('admin', 'admin1234')).statusCode).toBe(200);
  });

  it("keeps the sign-in's wait on the operator-password route: 429 with Retry-After, the old password unused", async () => {
    // Wrong old passwords count as failed sign-ins of the account (one that does not exist alike).
    for (let i = 0; i < BRUTE_FORCE.failureFactor; i++) {
      later();
      expect((await ownPassword('waiting.op', 'wrong1234', 'other5678')).statusCode).toBe(401);
    }
    later();
    const refused = await ownPassword('waiting.op', 'wrong1234', 'other5678');
    expect([refused.statusCode, refused.json().messageKey]).toEqual([429, 'AUTH.TOO_MANY_ATTEMPTS']);
    expect(Number(refused.headers['retry-after'])).toBe(BRUTE_FORCE.waitIncrementMs / SECOND - 2);
  });
});

describe('operator account rules', () => {
  it('never lets an operator name be read as a phone number', async () => {
    const { isOperatorName } = await import('../../machines/rules/operatorName.ts');
    const { normaliseMsisdn } = await import('../../machines/session/msisdn.ts');
    for (const name of ['admin', 'lineo.m', 'call_centre-2', 'abc']) {
      expect(isOperatorName(name), name).toBe(true);
      expect(normaliseMsisdn(name)).toBeNull();
    }
    for (const name of [
      'ab',
      'Admin',
      '26650000001',
      '50000001',
      '+26650000001',
      '1abc',
      'a b',
      `a${'x'.repeat(32)}`,
    ])
      expect(isOperatorName(name), name).toBe(false);
  });
});

// The CLI as an operator runs it: its own process on the server's embedded database (a temporary DATA_DIR),
// the password piped on standard input.
describe('ops CLI: operator accounts', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'j14-operators-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  function ops(args: string[], stdin = ''): Promise<{ code: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], {
        cwd: projectRoot,
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'silent',
          NODE_ENV: 'development',
          ARGON2_MEMORY_KIB: '1024',
          ARGON2_TIME_COST: '1',
        },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d) => {
        stdout += d;
      });
      child.stderr.on('data', (d) => {
        stderr += d;
      });
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(stdin);
    });
  }

  /** The server's app on the CLI's database, between commands (the embedded database takes one process). */
  const onCliDb: Backend = {
    name: 'PGlite',
    async open() {
      const db = await openDb({ dataDir, databaseUrl: undefined });
      await migrate(db);
      return { db, dispose: () => db.close() };
    },
  };
  async function withApp<T>(fn: (app: Awaited<ReturnType<typeof buildTestApp>>) => Promise<T>) {
    const t = await buildTestApp(onCliDb);
    try {
      return await fn(t);
    } finally {
      await t.close();
    }
  }

  it('adds, refuses, resets and disables operators, with the password on stdin', {
    timeout: 180_000,
  }, async () => {
    const added = await ops(['add-operator', 'neo', 'ROLE_ADMIN'], 'first1234\n');
    expect(added.code, added.stderr).toBe(0);
    expect(JSON.parse(added.stdout)).toEqual({ username: 'neo', roles: ['ROLE_ADMIN'] });
    expect(added.stdout).not.toContain('first1234');

    const again = await ops(['add-operator', 'neo', 'ROLE_MARKETING'], 'other1234\n');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('OPERATOR.EXISTS');
    const weak = await ops(['add-operator', 'kea', 'ROLE_MARKETING'], 'weak\n');
    expect(weak.code).toBe(1);
    expect(weak.stderr).toContain('PASSWORD.NOT_COMPLIANT');
    // Usage: a role that is not an operator's, a password as an argument, a missing name.
    expect((await ops(['add-operator', 'kea', 'ROLE_OWNER'], 'secret123\n')).code).toBe(2);
    expect((await ops(['add-operator', 'kea', 'ROLE_ADMIN', 'secret123'])).code).toBe(2);
    expect((await ops(['disable-operator'])).code).toBe(2);

    // The operator chose it: signed in at once, no change asked; the audit names the CLI.
    await withApp(async ({ app, db }) => {
      expect((await signIn(app, 'neo', 'first1234')).access_token).toEqual(expect.any(String));
      const rows = await db.kysely
        .selectFrom('operator_audit')
        .select(['actor', 'action', 'target'])
        .where('target', '=', 'neo')
        .execute();
      expect(rows).toEqual([{ actor: expect.stringMatching(/^cli/), action: 'OPERATOR.ADD', target: 'neo' }]);
    });

    const reset = await ops(['set-operator-password', 'neo'], 'second1234\n');
    expect(reset.code, reset.stderr).toBe(0);
    expect(JSON.parse(reset.stdout)).toMatchObject({ username: 'neo', mustChangePassword: false });
    expect((await ops(['set-operator-password', 'nobody'], 'second1234\n')).stderr).toContain(
      'OPERATOR.UNKNOWN',
    );
    await withApp(async ({ app }) => {
      expect((await signIn(app, 'neo', 'second1234')).access_token).toEqual(expect.any(String));
    });

    const disabled = await ops(['disable-operator', 'neo']);
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(JSON.parse(disabled.stdout)).toMatchObject({ username: 'neo', disabled: true });
    await withApp(async ({ app }) => {
      const res = await tokenRequest(app, {
        grant_type: 'password',
        username: 'neo',
        password: 'second1234',
        client_id: 'mobile',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'Account disabled' });
    });
  });
});
