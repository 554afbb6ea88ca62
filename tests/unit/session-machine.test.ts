// The session machine (DESIGN.md's "Staying signed in"): pure steps with transition(),
// then the machine with stubbed actors on fake time. A refresh's failure is `{ status }` like ApiError:
// 0 no answer (offline), 400 refused (invalid_grant).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createActor,
  type ExecutableActionsFrom,
  fromPromise,
  getInitialSnapshot,
  getNextSnapshot,
  initialTransition,
  transition,
} from 'xstate';
import type { Session } from '../../machines/session/rules';
import {
  type Credentials,
  REFRESH_ERROR_LOG,
  type SessionInput,
  sessionMachine,
  TICK_MS,
} from '../../machines/session/sessionMachine';

const T0 = Date.UTC(2026, 10, 23, 12, 0, 0);
const sec = (ms: number) => Math.floor(ms / 1000);
const MINUTE = 60_000;

/** A session whose access token expires in `expInMs` (of a 5-minute lifetime unless told). */
const session = (
  expInMs: number,
  token = 'tok-1',
  opts: { lifetimeMs?: number; refreshInMs?: number; issuedAt?: number } = {},
): Session => ({
  user: '26650000001',
  role: '["commxp-user"]',
  token,
  refreshToken: `refresh-${token}`,
  exp: sec(Date.now() + expInMs),
  iat: sec(opts.issuedAt ?? Date.now() + expInMs - (opts.lifetimeMs ?? 5 * MINUTE)),
  refreshExp: sec(Date.now() + (opts.refreshInMs ?? 30 * 24 * 60 * MINUTE)),
});

/** A fresh session as the refresh grant answers it. */
const fresh = (token = 'tok-2') => session(5 * MINUTE, token);

const offline = () => Promise.reject(Object.assign(new Error('Failed to fetch'), { status: 0 }));
const refused = () =>
  Promise.reject(Object.assign(new Error('Session not active'), { status: 400, messageKey: 'X' }));

/** The machine with stubbed side effects, recording what it did. */
function start(
  opts: {
    stored?: Session | null;
    login?: (c: Credentials) => Promise<Session>;
    refresh?: (s: Session) => Promise<Session>;
    platform?: 'web' | 'native';
    allowAutoRefresh?: boolean;
  } = {},
) {
  const calls = {
    persist: [] as Session[],
    cleared: 0,
    ended: [] as (string | null)[],
    goToLogin: [] as string[],
    goAfterLogin: [] as (string | null)[],
    refresh: [] as number[],
  };
  const refreshResult = { next: opts.refresh ?? (() => Promise.resolve(fresh())) };
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<Session, Credentials>(({ input }) =>
        opts.login ? opts.login(input) : Promise.resolve(session(30 * MINUTE)),
      ),
      refresh: fromPromise<Session, Session>(({ input }) => {
        calls.refresh.push(Date.now());
        return refreshResult.next(input);
      }),
    },
    actions: {
      persist: (_, p) => void calls.persist.push(p.session),
      clearStorage: () => void calls.cleared++,
      endServerSession: (_, p) => void calls.ended.push(p.refreshToken),
      goToLogin: (_, p) => void calls.goToLogin.push(p.reason),
      goAfterLogin: (_, p) => void calls.goAfterLogin.push(p.redirect),
    },
  });
  const input: SessionInput = {
    session: opts.stored ?? null,
    now: Date.now(),
    platform: opts.platform ?? 'web',
    allowAutoRefresh: opts.allowAutoRefresh ?? true,
  };
  const actor = createActor(machine, { input });
  actor.start();
  const signedIn = () => actor.getSnapshot().matches('loggedIn');
  const token = () => actor.getSnapshot().context.session?.token;
  return { actor, calls, refreshResult, signedIn, token };
}

/** A promise settled from outside: a refresh still under way. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let log: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const input = (stored: Session | null): SessionInput => ({
  session: stored,
  now: Date.now(),
  platform: 'web',
  allowAutoRefresh: true,
});
type Actions = ExecutableActionsFrom<typeof sessionMachine>[];
/** The actors a step starts, by source. */
const started = (actions: Actions) =>
  actions.flatMap((a) => (a.type === 'xstate.spawnChild' ? [(a.params as { src: string }).src] : []));
/** The app's own actions a step runs (not XState's). */
const effects = (actions: Actions) => actions.map((a) => a.type).filter((t) => !t.startsWith('xstate.'));

describe('session machine: pure steps', () => {
  it('starts logged out with nothing stored, logged in with a valid stored session', () => {
    expect(getInitialSnapshot(sessionMachine, input(null)).value).toBe('loggedOut');
    expect(getInitialSnapshot(sessionMachine, input(session(4 * MINUTE))).value).toEqual({
      loggedIn: 'idle',
    });
    expect(getInitialSnapshot(sessionMachine, input({ ...session(4 * MINUTE), token: 'null' })).value).toBe(
      'loggedOut',
    );
  });

  it('starts with an expired access token and a live refresh token: signed in, refreshing', () => {
    const [snap, actions] = initialTransition(sessionMachine, input(session(-10 * MINUTE)));
    expect(snap.value).toEqual({ loggedIn: 'refreshing' });
    expect(started(actions)).toContain('refresh');
    // Nearly expired is refreshed at start too.
    expect(initialTransition(sessionMachine, input(session(20_000)))[0].value).toEqual({
      loggedIn: 'refreshing',
    });
  });

  it('starts with an expired refresh token: signed out without a call, the dead tokens forgotten', () => {
    const dead = session(-10 * MINUTE, 'tok-1', { refreshInMs: -MINUTE });
    const [snap, actions] = initialTransition(sessionMachine, input(dead));
    expect(snap.value).toBe('loggedOut');
    expect(started(actions)).not.toContain('refresh');
    expect(effects(actions)).toEqual(['clearStorage']);
    expect(snap.context.session?.token).toBe('null');
  });

  it('Sign out during a refresh stops it: its answer finds no one to store it', () => {
    const [refreshing] = initialTransition(sessionMachine, input(session(-MINUTE)));
    const [out, actions] = transition(sessionMachine, refreshing, { type: 'SIGN_OUT' });
    expect(out.value).toBe('loggedOut');
    expect(actions.map((a) => a.type as string)).toContain('xstate.stopChild');
    expect(effects(actions)).toEqual(['endServerSession', 'clearStorage', 'wipeUserData', 'goToLogin']);
    expect(out.context.session?.token).toBe('null');
  });

  it('ONLINE and RESUME refresh an expired token, not a fresh one', () => {
    const [idle] = initialTransition(sessionMachine, input(session(4 * MINUTE)));
    const later = Date.now() + 5 * MINUTE;
    for (const type of ['ONLINE', 'RESUME'] as const) {
      expect(transition(sessionMachine, idle, { type, now: Date.now() })[0].value).toEqual({
        loggedIn: 'idle',
      });
      expect(transition(sessionMachine, idle, { type, now: later })[0].value).toEqual({
        loggedIn: 'refreshing',
      });
    }
  });

  it('LOGIN moves to loggingIn and clears an old error', () => {
    const next = getNextSnapshot(sessionMachine, getInitialSnapshot(sessionMachine, input(null)), {
      type: 'LOGIN',
      username: 'u',
      password: 'p',
      redirect: '/wallet',
    });
    expect(next.value).toBe('loggingIn');
    expect(next.context.redirect).toBe('/wallet');
    expect(next.context.error).toBeNull();
  });
});

describe('session machine: with stubbed actors and fake time', () => {
  it('signs in, stores the session and goes to the redirect target', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'LOGIN', username: '26650000001', password: 'demo1234', redirect: '/results' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('loggedIn')).toBe(true));
    expect(calls.persist).toHaveLength(1);
    expect(calls.goAfterLogin).toEqual(['/results']);
  });

  it('keeps the message key of a failed sign-in', async () => {
    const { actor } = start({
      login: () =>
        Promise.reject(Object.assign(new Error('nope'), { messageKey: 'AUTH.INVALID_CREDENTIALS' })),
    });
    actor.send({ type: 'LOGIN', username: 'x', password: 'y' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('loggedOut'));
    expect(actor.getSnapshot().context.error).toBe('AUTH.INVALID_CREDENTIALS');
  });

  it('starts with an expired access token: refreshes, stores the new session, stays signed in', async () => {
    const { actor, calls, signedIn, token } = start({ stored: session(-2 * MINUTE) });
    expect(actor.getSnapshot().matches({ loggedIn: 'refreshing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.refresh).toHaveLength(1);
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(token()).toBe('tok-2');
    expect(calls.persist.at(-1)?.token).toBe('tok-2');
    await vi.advanceTimersByTimeAsync(10 * TICK_MS);
    expect(signedIn()).toBe(true);
    expect(calls.refresh).toHaveLength(1);
    expect(calls.goToLogin).toEqual([]);
  });

  it('starts offline: signed in on the old token, refreshes when the network returns', async () => {
    const { actor, calls, signedIn, token, refreshResult } = start({
      stored: session(-2 * MINUTE),
      refresh: offline,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.refresh).toHaveLength(1);
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(token()).toBe('tok-1');
    expect(log).toHaveBeenCalledWith(REFRESH_ERROR_LOG);
    // Still offline a while later: signed in all along, retrying every 15 s, storage untouched.
    await vi.advanceTimersByTimeAsync(40 * TICK_MS);
    expect(signedIn()).toBe(true);
    expect(calls.cleared).toBe(0);
    expect(calls.goToLogin).toEqual([]);
    const tries = calls.refresh.length;
    refreshResult.next = () => Promise.resolve(fresh());
    actor.send({ type: 'ONLINE', now: Date.now() });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.refresh).toHaveLength(tries + 1);
    expect(token()).toBe('tok-2');
    expect(calls.persist.at(-1)?.token).toBe('tok-2');
  });

  it('refreshes on RESUME when the app comes back with an expired token', async () => {
    const { actor, calls, token } = start({ stored: session(4 * MINUTE) });
    // The phone slept: timers did not run, the clock moved on.
    vi.setSystemTime(T0 + 10 * MINUTE);
    actor.send({ type: 'RESUME', now: Date.now() });
    expect(actor.getSnapshot().matches({ loggedIn: 'refreshing' })).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.refresh).toHaveLength(1);
    expect(token()).toBe('tok-2');
  });

  it('refreshes an idle session a minute before its token expires, so it stays signed in', async () => {
    const { actor, calls, token } = start({ stored: session(90_000) });
    await vi.advanceTimersByTimeAsync(29 * TICK_MS);
    expect(calls.refresh).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(2 * TICK_MS);
    expect(calls.refresh).toHaveLength(1);
    expect(token()).toBe('tok-2');
    expect(calls.persist.at(-1)?.token).toBe('tok-2');
    // Past the first token's expiry: still signed in on the new one, with no further refresh yet.
    await vi.advanceTimersByTimeAsync(90 * TICK_MS);
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(calls.refresh).toHaveLength(1);
    expect(calls.goToLogin).toEqual([]);
  });

  it('refreshes when the countdown reaches 00:00, sooner than the next retry', async () => {
    // A 20-second token with 12 s left: nearly expired from 10 s left; that try fails (offline).
    const { actor, calls, token, refreshResult } = start({
      stored: session(12_000, 'tok-1', { lifetimeMs: 20_000 }),
      refresh: offline,
    });
    await vi.advanceTimersByTimeAsync(3 * TICK_MS);
    expect(calls.refresh).toEqual([T0 + 3000]);
    refreshResult.next = () => Promise.resolve(fresh());
    await vi.advanceTimersByTimeAsync(8 * TICK_MS);
    expect(calls.refresh).toHaveLength(1);
    // 12 s after start the countdown shows 00:00 (9 s after the failed try): refreshed at once.
    await vi.advanceTimersByTimeAsync(TICK_MS);
    expect(calls.refresh).toEqual([T0 + 3000, T0 + 12_000]);
    expect(token()).toBe('tok-2');
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
  });

  it('stays signed in past 00:00 while the refresh fails for want of network, trying every 15 s', async () => {
    const { actor, calls } = start({ stored: session(40_000), refresh: offline });
    await vi.advanceTimersByTimeAsync(39 * TICK_MS);
    // At 40, 25 and 10 s left.
    expect(calls.refresh).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(TICK_MS);
    expect(calls.refresh).toHaveLength(4); // 00:00
    await vi.advanceTimersByTimeAsync(60 * TICK_MS);
    expect(calls.refresh).toHaveLength(8);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(actor.getSnapshot().context.session?.token).toBe('tok-1');
    expect(calls.cleared).toBe(0);
    expect(calls.goToLogin).toEqual([]);
  });

  it('signs out when the refresh is refused (invalid_grant)', async () => {
    const { actor, calls } = start({ stored: session(-MINUTE), refresh: refused });
    await vi.advanceTimersByTimeAsync(0);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('loggedOut');
    expect(snap.context.session?.token).toBe('null');
    expect(snap.context.session?.role).toBe('null');
    expect(calls.cleared).toBe(1);
    expect(calls.goToLogin).toEqual(['refused']);
    expect(log).toHaveBeenCalledWith(REFRESH_ERROR_LOG);
    // The ticker stopped with the state: no interval (nor any other timer) is left running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('signs out at 00:00 without a call when the refresh token has expired', async () => {
    const { actor, calls } = start({ stored: session(3_000, 'tok-1', { refreshInMs: -1_000 }) });
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    await vi.advanceTimersByTimeAsync(3 * TICK_MS);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.refresh).toHaveLength(0);
    expect(calls.cleared).toBe(1);
    expect(calls.goToLogin).toEqual(['expired']);
  });

  it('Sign out during a refresh wins: the late answer is neither stored nor adopted', async () => {
    const late = deferred<Session>();
    const { actor, calls } = start({ stored: session(-MINUTE), refresh: () => late.promise });
    expect(actor.getSnapshot().matches({ loggedIn: 'refreshing' })).toBe(true);
    actor.send({ type: 'SIGN_OUT' });
    late.resolve(fresh());
    await vi.advanceTimersByTimeAsync(5 * TICK_MS);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(actor.getSnapshot().context.session?.token).toBe('null');
    expect(calls.persist).toEqual([]);
    expect(calls.goToLogin).toEqual(['signOut']);
  });

  it('signs out: clears storage and goes to /login', () => {
    const { actor, calls } = start({ stored: session(4 * MINUTE) });
    const { refreshToken } = actor.getSnapshot().context.session!;
    actor.send({ type: 'SIGN_OUT' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.ended).toEqual([refreshToken]);
    expect(refreshToken).toBeTruthy();
    expect(calls.cleared).toBe(1);
    expect(calls.goToLogin).toEqual(['signOut']);
  });

  it('refreshes on a user action only past half the token’s lifetime, not on every click', async () => {
    const { actor, calls, token } = start({ stored: session(4 * MINUTE) });
    for (let i = 0; i < 5; i++) actor.send({ type: 'USER_ACTION' });
    await vi.advanceTimersByTimeAsync(89 * TICK_MS);
    actor.send({ type: 'USER_ACTION' });
    expect(calls.refresh).toHaveLength(0);
    // 149 s left of 300.
    await vi.advanceTimersByTimeAsync(2 * TICK_MS);
    actor.send({ type: 'USER_ACTION' });
    actor.send({ type: 'USER_ACTION' }); // single-flight: no second call while one is under way
    expect(actor.getSnapshot().matches({ loggedIn: 'refreshing' })).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true));
    expect(calls.refresh).toHaveLength(1);
    expect(token()).toBe('tok-2');
    expect(calls.persist.at(-1)?.token).toBe('tok-2');
  });

  it('native: a user action refreshes once a day, not by the web’s rule', async () => {
    const today = start({ platform: 'native', stored: session(100_000) });
    today.actor.send({ type: 'USER_ACTION' });
    expect(today.calls.refresh).toHaveLength(0);
    const yesterday = start({
      platform: 'native',
      stored: session(20 * MINUTE, 'tok-1', { issuedAt: T0 - 24 * 60 * MINUTE }),
    });
    yesterday.actor.send({ type: 'USER_ACTION' });
    await vi.advanceTimersByTimeAsync(0);
    expect(yesterday.calls.refresh).toHaveLength(1);
  });

  it('never refreshes when auto-refresh is off, and then logs out at 00:00', async () => {
    const { actor, calls } = start({ stored: session(60_000), allowAutoRefresh: false });
    actor.send({ type: 'USER_ACTION' });
    actor.send({ type: 'ONLINE', now: Date.now() });
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    await vi.advanceTimersByTimeAsync(50 * TICK_MS);
    expect(calls.refresh).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(10 * TICK_MS);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.goToLogin).toEqual(['expired']);
  });

  it('logs a failed user-action refresh and stays signed in on the old token', async () => {
    const { actor, refreshResult, token } = start({ stored: session(2 * MINUTE) });
    refreshResult.next = () => Promise.reject(Object.assign(new Error('down'), { status: 503 }));
    actor.send({ type: 'USER_ACTION' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true));
    expect(log).toHaveBeenCalledWith(REFRESH_ERROR_LOG);
    expect(token()).toBe('tok-1');
  });

  it('follows another tab: a rotated token is adopted, a sign-out logs this tab out', () => {
    const { actor, calls, token } = start({ stored: session(4 * MINUTE) });
    actor.send({ type: 'STORAGE_CHANGED', session: session(30 * MINUTE, 'tok-9'), now: Date.now() });
    expect(token()).toBe('tok-9');
    actor.send({
      type: 'STORAGE_CHANGED',
      session: { ...session(0), token: 'null', role: 'null', refreshToken: null },
      now: Date.now(),
    });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.goToLogin).toEqual(['elsewhere']);
  });
});
