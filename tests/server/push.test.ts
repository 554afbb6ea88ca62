// Web push end to end on the server: VAPID key and subscription calls, and real deliveries to a local
// push endpoint that decrypts each aes128gcm body as a browser would (settlement notices, closing-soon
// reminders, each sent once; a subscription the push service calls gone is dropped).
import { importJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadVapidKeys } from '../../server/push/vapid.ts';
import { describeEachDb, type TestApp, WEBSITE } from './helper.ts';
import { addSubscriber, body, picks, seedPlay, submit, tokenFor } from './playFixtures.ts';
import {
  type BrowserSubscription,
  browserSubscription,
  decryptPush,
  type PushEndpoint,
  startPushEndpoint,
} from './pushEndpoint.ts';

const SUBSCRIBE = '/api/protected/wep-push-notification-subscription';

let endpoint: PushEndpoint;
beforeAll(async () => {
  endpoint = await startPushEndpoint();
});
afterAll(() => endpoint.close());

function subscribe(t: TestApp, token: string, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: SUBSCRIBE,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

/** The pushes that reached `path` so far, decrypted with `sub`'s secrets. */
const pushesTo = (path: string, sub: BrowserSubscription) =>
  endpoint.received.filter((r) => r.path === path).map((r) => JSON.parse(decryptPush(r.body, sub)));

let seq = 0;
/** A subscriber with a browser subscription at a fresh endpoint path. */
async function subscribedUser(t: TestApp, msisdn: string, lang = 'en') {
  const token = await addSubscriber(t, msisdn, { walletCents: 10_000 });
  const path = `/push/${msisdn}-${++seq}`;
  const sub = browserSubscription(`${endpoint.url}${path}`);
  const res = await subscribe(t, token, { ...sub.json, lang });
  expect(res.statusCode, res.body).toBe(200);
  return { token, path, sub };
}

describeEachDb('web push', (t) => {
  it('gives the VAPID public key to the website client only', async () => {
    const { app } = t();
    expect(
      (await app.inject({ method: 'GET', url: '/api/web-registration/vapid-public-key' })).statusCode,
    ).toBe(401);
    const res = await app.inject({
      method: 'GET',
      url: '/api/web-registration/vapid-public-key',
      headers: { authorization: WEBSITE },
    });
    expect(res.statusCode).toBe(200);
    const { publicKey } = res.json() as { publicKey: string };
    expect(publicKey).toBe(app.push.vapidPublicKey);
    const raw = Buffer.from(publicKey, 'base64url');
    expect(raw.length).toBe(65);
    expect(raw[0]).toBe(4);
  });

  it('stores a subscription per endpoint, and moves it to whoever subscribes it last', async () => {
    const { app, db } = t();
    const a = await addSubscriber(t(), '26650001001');
    const b = await addSubscriber(t(), '26650001002');
    // Local, like every stored endpoint here: later reminders in this suite really send to it.
    const path = `/push/moved-${++seq}`; // one per database: the endpoint outlives each suite
    const sub = browserSubscription(`${endpoint.url}${path}`);
    const first = await subscribe(t(), a, sub.json);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ response: 'subscribed' });
    expect((await subscribe(t(), b, { ...sub.json, lang: 'en' })).statusCode).toBe(200);
    const rows = await db.kysely
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('endpoint', '=', sub.json.endpoint)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ msisdn: '26650001002', lang: 'en', p256dh: sub.json.keys.p256dh });
    // Delivery follows the move: the first subscriber's results no longer reach this browser, the
    // second's do, in the second's language.
    for (const [sid, msisdn] of [
      ['J14-MOVED-A', '26650001001'],
      ['J14-MOVED-B', '26650001002'],
    ] as const) {
      await app.push.notifier.settled({ sid, participants: [msisdn], winners: [] });
    }
    expect(pushesTo(path, sub)).toEqual([
      expect.objectContaining({ title: 'Jackpot 14: results are in', tag: 'results-J14-MOVED-B' }),
    ]);
  });

  it('refuses endpoints it must not call and keys that are not P-256 / 16 bytes with PUSH.INVALID', async () => {
    const token = await addSubscriber(t(), '26650001003');
    const good = browserSubscription('https://push.example.org/x').json;
    for (const bad of [
      { ...good, endpoint: 'ftp://push.example.org/x' },
      { ...good, endpoint: 'http://push.example.org/x' },
      { ...good, endpoint: 'not a url' },
      { ...good, keys: { ...good.keys, p256dh: good.keys.auth } },
      { ...good, keys: { ...good.keys, auth: good.keys.p256dh } },
      { ...good, keys: { ...good.keys, auth: '!!!!' } },
    ]) {
      const res = await subscribe(t(), token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().messageKey).toBe('PUSH.INVALID');
    }
    const malformed = await subscribe(t(), token, { endpoint: good.endpoint });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().messageKey).toBe('ERRORS.INVALID_REQUEST');
    const stored = await t()
      .db.kysely.selectFrom('push_subscriptions')
      .select('endpoint')
      .where('msisdn', '=', '26650001003')
      .execute();
    expect(stored).toEqual([]);
  });

  it('stores a native registration token', async () => {
    const token = await addSubscriber(t(), '26650001004');
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/protected/mobile-push-notification-subscription',
      headers: { authorization: `Bearer ${token}` },
      payload: { registrationToken: 'fcm-token-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ response: 'ok' });
    const row = await t()
      .db.kysely.selectFrom('mobile_push_tokens')
      .selectAll()
      .where('token', '=', 'fcm-token-1')
      .executeTakeFirstOrThrow();
    expect(row.msisdn).toBe('26650001004');
  });

  it('sends winnings and results on settlement, encrypted and VAPID-signed, once', async () => {
    const { app } = t();
    const winner = await subscribedUser(t(), '26650001010', 'en');
    const loser = await subscribedUser(t(), '26650001011', 'st');
    const event = {
      sid: 'J14-SETTLED-1',
      participants: ['26650001010', '26650001011', '26650009999'],
      winners: [{ msisdn: '26650001010', amountCents: 123_450, prizeWon: '13 CORRECT' }],
    };
    await app.push.notifier.settled(event);

    expect(pushesTo(winner.path, winner.sub)).toEqual([
      {
        title: 'Jackpot 14: you won!',
        body: '13 CORRECT: M 1,234.50 has been credited to your wallet.',
        url: '/results',
        tag: 'results-J14-SETTLED-1',
      },
    ]);
    const [results] = pushesTo(loser.path, loser.sub);
    expect(results).toMatchObject({ url: '/results', tag: 'results-J14-SETTLED-1' });
    expect(results.title).toContain('liphetho');

    // The request a push service sees: aes128gcm, a TTL, and a VAPID JWT for the endpoint's origin signed
    // with the key the page subscribed with.
    const request = endpoint.received.find((r) => r.path === winner.path)!;
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const auth = /^vapid t=([^,]+), k=(.+)$/.exec(String(request.headers.authorization));
    expect(auth?.[2]).toBe(app.push.vapidPublicKey);
    const raw = Buffer.from(auth![2]!, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        x: raw.subarray(1, 33).toString('base64url'),
        y: raw.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const { payload } = await jwtVerify(auth![1]!, key, { audience: endpoint.url });
    expect(payload.sub).toMatch(/^mailto:|^https:/);

    // Notifying again sends nothing more.
    await app.push.notifier.settled(event);
    expect(pushesTo(winner.path, winner.sub)).toHaveLength(1);
    expect(pushesTo(loser.path, loser.sub)).toHaveLength(1);
  });

  it('drops a subscription the push service answers 410 Gone for', async () => {
    const { app, db } = t();
    const user = await subscribedUser(t(), '26650001020');
    endpoint.answer(user.path, 410);
    await app.push.notifier.settled({ sid: 'J14-GONE', participants: ['26650001020'], winners: [] });
    expect(endpoint.received.filter((r) => r.path === user.path)).toHaveLength(1);
    const left = await db.kysely
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('msisdn', '=', '26650001020')
      .execute();
    expect(left).toEqual([]);
  });

  it('reminds, once, subscribers who have not played a betslip closing within the hour', async () => {
    const { app, clock, db } = t();
    await seedPlay(t());
    const current = await db.kysely
      .selectFrom('betslips')
      .select(['sid', 'end_at'])
      .where('status', '=', 'CURRENT')
      .executeTakeFirstOrThrow();
    const idle = await subscribedUser(t(), '26650001030', 'en');
    const played = await subscribedUser(t(), '26650001031', 'en');
    const res = await submit(app, played.token, body(current.sid, picks(), 2), crypto.randomUUID());
    expect(res.statusCode, res.body).toBe(200);

    const before = clock.now();
    try {
      clock.set(new Date(current.end_at.getTime() - 2 * 3600_000));
      expect(await app.push.notifier.remindClosingSoon(clock.now())).toBe(0);
      clock.set(new Date(current.end_at.getTime() - 30 * 60_000));
      // Two instances checking at the same moment: each reminder still goes out once. (Others subscribed
      // in this suite have not played either; what matters is who got what.)
      const [a, b] = await Promise.all([
        app.push.notifier.remindClosingSoon(clock.now()),
        app.push.notifier.remindClosingSoon(clock.now()),
      ]);
      expect(a + b).toBeGreaterThanOrEqual(1);
      expect(await app.push.notifier.remindClosingSoon(clock.now())).toBe(0);
    } finally {
      clock.set(before);
    }
    expect(pushesTo(idle.path, idle.sub)).toEqual([
      {
        title: 'Jackpot 14: last hour to play',
        body: 'The betslip closes in less than an hour. Make your picks now!',
        url: '/play',
        tag: `closing-${current.sid}`,
      },
    ]);
    expect(pushesTo(played.path, played.sub)).toEqual([]);
    // Fresh tokens still work after the clock moved back (nothing else depends on the detour).
    expect(await tokenFor(t(), '26650001030')).toBeTruthy();
  });
});

it('keeps generated VAPID keys in the data folder and reuses them', async () => {
  const { mkdtempSync, rmSync, statSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { tmpdir } = await import('node:os');
  const dir = mkdtempSync(join(tmpdir(), 'vapid-'));
  try {
    const first = loadVapidKeys({ vapid: undefined, dataDir: dir });
    expect(loadVapidKeys({ vapid: undefined, dataDir: dir })).toEqual(first);
    expect(statSync(join(dir, 'vapid.json')).mode & 0o077).toBe(0);
    const configured = { publicKey: 'p', privateKey: 'q' };
    expect(loadVapidKeys({ vapid: configured, dataDir: dir })).toBe(configured);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
