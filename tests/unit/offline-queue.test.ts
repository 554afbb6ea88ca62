// The offline queue's rules: what each answer does to an entry, the back-off, and a replay pass over a
// memory store (only definite answers leave the queue; 401 waits for a new token; another subscriber's
// slip is not sent; concurrent passes under one lock send each entry once; sign-out's clear under the
// lock leaves nothing for a later pass).
import { describe, expect, it } from 'vitest';
import { sendQueuedSubmission } from '../../src/api/replaySubmission';
import {
  afterKeep,
  BASE_BACKOFF_MS,
  backoffMs,
  decide,
  isDue,
  MAX_BACKOFF_MS,
  nextDueAt,
  notificationFor,
  ownedBy,
  type QueuedSubmission,
  type ReplayAnswer,
  tokenTag,
} from '../../src/offline/queueFormat';
import { replayQueue } from '../../src/offline/replay';
import { memoryQueueStore, type StoredAuth } from '../../src/storage/offlineQueue';

const entry = (over: Partial<QueuedSubmission> = {}): QueuedSubmission => ({
  key: 'k1',
  user: '26650000001',
  payload: {
    msisdn: '26650000001',
    lang: 'en',
    betSlipSid: 'J14-0004',
    positionAndPredictionDtos: [],
    betSlipCost: 5,
  },
  endsAt: 10_000,
  queuedAt: 0,
  attempts: 0,
  nextTryAt: 0,
  refusedToken: null,
  ...over,
});

const refusal = (status: number, messageKey: string): ReplayAnswer => ({
  status,
  body: { statusCode: status, error: 'x', messageKey, message: messageKey },
});

describe('decide', () => {
  it('takes a 2xx as accepted, with its amount', () => {
    expect(decide({ status: 200, body: { messageKey: 'SUBMISSION.ACCEPTED', amount: 7.5 } })).toEqual({
      action: 'accepted',
      messageKey: 'SUBMISSION.ACCEPTED',
      amount: 7.5,
    });
  });

  it('takes a 4xx refusal with a message key as final', () => {
    expect(decide(refusal(409, 'BETSLIP.CLOSED'))).toEqual({
      action: 'refused',
      messageKey: 'BETSLIP.CLOSED',
    });
    expect(decide(refusal(402, 'WALLET.INSUFFICIENT_FUNDS'))).toEqual({
      action: 'refused',
      messageKey: 'WALLET.INSUFFICIENT_FUNDS',
    });
    expect(decide(refusal(400, 'PICKS.INCOMPLETE')).action).toBe('refused');
  });

  it('keeps the entry on no answer, a 5xx, a 4xx without our body, "in progress", 408 and 429', () => {
    for (const a of [
      { status: 0, body: null },
      refusal(500, 'ERRORS.INTERNAL'),
      refusal(502, 'x'),
      refusal(503, 'BILLING.UNAVAILABLE'),
      { status: 404, body: '<html>portal</html>' },
      { status: 400, body: null },
      refusal(409, 'IDEMPOTENCY.IN_PROGRESS'),
      refusal(408, 'ERRORS.TIMEOUT'),
      refusal(429, 'ERRORS.TOO_MANY_REQUESTS'),
    ]) {
      expect(decide(a), JSON.stringify(a)).toEqual({ action: 'retry' });
    }
  });

  it('waits for a new token on 401', () => {
    expect(decide(refusal(401, 'ERRORS.UNAUTHORIZED'))).toEqual({ action: 'waitForAuth' });
  });
});

describe('back-off', () => {
  it('doubles from the base up to the cap, with jitter of ±20 %', () => {
    const mid = () => 0.5;
    expect(backoffMs(1, mid)).toBe(BASE_BACKOFF_MS);
    expect(backoffMs(2, mid)).toBe(2 * BASE_BACKOFF_MS);
    expect(backoffMs(4, mid)).toBe(8 * BASE_BACKOFF_MS);
    expect(backoffMs(40, mid)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(1, () => 0)).toBe(0.8 * BASE_BACKOFF_MS);
    expect(backoffMs(1, () => 0.999999)).toBeLessThanOrEqual(1.2 * BASE_BACKOFF_MS);
  });

  it('schedules a kept entry after its pause and counts the attempt', () => {
    const kept = afterKeep(entry({ attempts: 2 }), { action: 'retry' }, 1000, 'tok', () => 0.5);
    expect(kept.attempts).toBe(3);
    expect(kept.nextTryAt).toBe(1000 + 4 * BASE_BACKOFF_MS);
    expect(isDue(kept, 1000, 'tok')).toBe(false);
    expect(isDue(kept, kept.nextTryAt, 'tok')).toBe(true);
    expect(isDue(kept, 1000, 'tok', true)).toBe(true);
    expect(nextDueAt([kept, entry({ key: 'k2', nextTryAt: 500 })])).toBe(500);
  });

  it('after a 401 waits for a different token, even when forced', () => {
    const kept = afterKeep(entry(), { action: 'waitForAuth' }, 1000, 'old-token-abc');
    expect(kept.refusedToken).toBe(tokenTag('old-token-abc'));
    expect(isDue(kept, 5000, 'old-token-abc', true)).toBe(false);
    expect(isDue(kept, 5000, 'new-token-xyz')).toBe(true);
    expect(nextDueAt([kept])).toBeNull();
  });
});

describe('notificationFor', () => {
  it('uses the stored translations and a default body for other keys', () => {
    const texts = {
      acceptedTitle: 'A',
      refusedTitle: 'R',
      bodies: { 'BETSLIP.CLOSED': 'closed!', default: 'see app' },
    };
    const o = { key: 'k', user: null, betSlipSid: 's', amount: null, at: 0 };
    expect(notificationFor({ ...o, kind: 'refused', messageKey: 'BETSLIP.CLOSED' }, texts)).toEqual({
      title: 'R',
      body: 'closed!',
    });
    expect(notificationFor({ ...o, kind: 'refused', messageKey: 'PLAY.PAUSED' }, texts).body).toBe('see app');
    expect(notificationFor({ ...o, kind: 'accepted', messageKey: 'SUBMISSION.ACCEPTED' }).title).toMatch(
      /sent/,
    );
  });
});

describe('replayQueue', () => {
  const setup = async (
    answers: ReplayAnswer[],
    auth: StoredAuth = { token: 'tok-1', user: '26650000001' },
  ) => {
    const store = memoryQueueStore();
    await store.setAuth(auth);
    const sent: string[] = [];
    const deps = {
      store,
      auth: () => store.auth(),
      now: () => 1000,
      random: () => 0.5,
      send: async (e: QueuedSubmission, token: string) => {
        sent.push(`${e.key}:${token}`);
        return answers.shift() ?? { status: 0, body: null };
      },
    };
    return { store, sent, deps };
  };

  it('moves accepted and refused entries to the outcomes and keeps the rest', async () => {
    const { store, sent, deps } = await setup([
      { status: 200, body: { messageKey: 'SUBMISSION.ACCEPTED', amount: 5 } },
      refusal(409, 'BETSLIP.CLOSED'),
      refusal(503, 'BILLING.UNAVAILABLE'),
    ]);
    for (const key of ['a', 'b', 'c']) await store.add(entry({ key }));
    await store.add(entry({ key: 'a' })); // the same key twice is one entry
    const report = await replayQueue(deps);
    expect(sent).toEqual(['a:tok-1', 'b:tok-1', 'c:tok-1']);
    expect(report.outcomes.map((o) => [o.key, o.kind, o.messageKey])).toEqual([
      ['a', 'accepted', 'SUBMISSION.ACCEPTED'],
      ['b', 'refused', 'BETSLIP.CLOSED'],
    ]);
    expect(report.kept).toBe(1);
    expect((await store.list()).map((e) => [e.key, e.attempts, e.nextTryAt])).toEqual([
      ['c', 1, 1000 + BASE_BACKOFF_MS],
    ]);
    expect((await store.outcomes()).map((o) => o.key)).toEqual(['a', 'b']);

    // Not due yet: a plain pass sends nothing, a forced one (network back) sends it again.
    await replayQueue(deps);
    expect(sent).toHaveLength(3);
    await replayQueue(deps, true);
    expect(sent).toHaveLength(4);
  });

  it('sends nothing without a token, and never another subscriber’s slip', async () => {
    const { store, sent, deps } = await setup([], { token: 'null', user: null });
    await store.add(entry());
    await replayQueue(deps, true);
    await store.setAuth({ token: 'tok-2', user: '26650000002' });
    await replayQueue(deps, true);
    expect(sent).toEqual([]);
    expect(await store.list()).toHaveLength(1);
  });

  it('keeps a 401 until the token changes', async () => {
    const { store, sent, deps } = await setup([refusal(401, 'ERRORS.UNAUTHORIZED')]);
    await store.add(entry());
    await replayQueue(deps, true);
    await replayQueue(deps, true);
    expect(sent).toEqual(['k1:tok-1']);
    await store.setAuth({ token: 'tok-2', user: '26650000001' });
    await replayQueue(deps);
    expect(sent).toEqual(['k1:tok-1', 'k1:tok-2']);
  });

  it('two passes under one lock send each entry once', async () => {
    const { store, sent, deps } = await setup([{ status: 200, body: { messageKey: 'SUBMISSION.ACCEPTED' } }]);
    await store.add(entry());
    let chain = Promise.resolve();
    const lock = <T>(fn: () => Promise<T>): Promise<T> => {
      const run = chain.then(fn);
      chain = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    await Promise.all([replayQueue({ ...deps, lock }, true), replayQueue({ ...deps, lock }, true)]);
    expect(sent).toEqual(['k1:tok-1']);
    expect(await store.outcomes()).toHaveLength(1);
  });
});

describe('a reduced system in the queue', () => {
  const sentBody = async (e: QueuedSubmission) => {
    let body: unknown;
    const fetchFn = (async (_url: string, init: RequestInit) => {
      body = JSON.parse(String(init.body));
      return new Response('{}', { status: 200 });
    }) as typeof fetch;
    await sendQueuedSubmission(e, 'token', fetchFn);
    return body;
  };

  it('replays the stored body with its systemId, and an entry stored before it unchanged', async () => {
    const system = entry({ payload: { ...entry().payload, betSlipCost: 24, systemId: 'R-0-6-12' } });
    expect(await sentBody(system)).toEqual(system.payload);
    expect(await sentBody(entry())).toEqual(entry().payload);
    expect(await sentBody(entry())).not.toHaveProperty('systemId');
  });
});

describe('sign-out clearing the queue', () => {
  it('waits under the lock for the pass under way, and no pass after it sends anything', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((r) => {
      release = r;
    });
    const store = memoryQueueStore();
    await store.setAuth({ token: 'tok-1', user: '26650000001' });
    const sent: string[] = [];
    const slow = {
      store,
      auth: () => store.auth(),
      now: () => 1000,
      send: async (e: QueuedSubmission, token: string) => {
        sent.push(`${e.key}:${token}`);
        await answered;
        return { status: 0, body: null };
      },
    };
    await store.add(entry({ key: 'a' }));
    await store.add(entry({ key: 'b', user: null }));
    let chain = Promise.resolve();
    const lock = <T>(fn: () => Promise<T>): Promise<T> => {
      const run = chain.then(fn);
      chain = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const pass = replayQueue({ ...slow, lock }, true);
    const cleared = lock(() => store.clear());
    release();
    await Promise.all([pass, cleared]);
    expect(await store.list()).toEqual([]);
    expect(await store.outcomes()).toEqual([]);
    await replayQueue({ ...slow, lock }, true);
    expect(sent).toEqual(['a:tok-1', 'b:tok-1']);
  });
});

describe('ownedBy', () => {
  it("is one subscriber's entries and those queued signed out, never another's", () => {
    const list = [
      entry({ key: 'a' }),
      entry({ key: 'b', user: '26650000002' }),
      entry({ key: 'c', user: null }),
    ];
    expect(ownedBy(list, '26650000001').map((e) => e.key)).toEqual(['a', 'c']);
    expect(ownedBy(list, '26650000002').map((e) => e.key)).toEqual(['b', 'c']);
    expect(ownedBy([], null)).toEqual([]);
  });
});
