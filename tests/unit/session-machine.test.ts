import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, getInitialSnapshot, getNextSnapshot } from 'xstate';
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
const session = (expInMs: number, token = 'tok-1'): Session => ({
  user: '26650000001',
  role: '["commxp-user"]',
  token,
  refreshToken: `refresh-${token}`,
  exp: sec(Date.now() + expInMs),
  iat: sec(Date.now()),
});

/** The machine with stubbed side effects, recording what it did. */
function start(
  opts: {
    stored?: Session | null;
    login?: (c: Credentials) => Promise<Session>;
    refresh?: (s: Session) => Promise<Session>;
  } = {},
) {
  const calls = {
    persist: [] as Session[],
    cleared: 0,
    goToLogin: [] as string[],
    goAfterLogin: [] as (string | null)[],
    refresh: 0,
  };
  const refreshResult = {
    next: opts.refresh ?? ((s: Session): Promise<Session> => Promise.resolve({ ...s, token: 'tok-2' })),
  };
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<Session, Credentials>(({ input }) =>
        opts.login ? opts.login(input) : Promise.resolve(session(30 * 60_000)),
      ),
      refresh: fromPromise<Session, Session>(({ input }) => {
        calls.refresh++;
        return refreshResult.next(input);
      }),
    },
    actions: {
      persist: (_, p) => void calls.persist.push(p.session),
      clearStorage: () => void calls.cleared++,
      goToLogin: (_, p) => void calls.goToLogin.push(p.reason),
      goAfterLogin: (_, p) => void calls.goAfterLogin.push(p.redirect),
    },
  });
  const input: SessionInput = {
    session: opts.stored ?? null,
    now: Date.now(),
    platform: 'web',
    allowAutoRefresh: true,
  };
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, calls, refreshResult };
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('session machine: pure steps', () => {
  it('starts logged out with nothing stored, logged in with a valid stored session', () => {
    const input = { now: T0, platform: 'web' as const, allowAutoRefresh: true };
    expect(getInitialSnapshot(sessionMachine, { ...input, session: null }).value).toBe('loggedOut');
    const stored = { ...input, session: session(60_000) };
    expect(getInitialSnapshot(sessionMachine, stored).value).toEqual({ loggedIn: 'idle' });
    expect(start().actor.getSnapshot().value).toBe('loggedOut');
    expect(
      start({ stored: session(60_000) })
        .actor.getSnapshot()
        .matches('loggedIn'),
    ).toBe(true);
    expect(start({ stored: { ...session(60_000), token: 'null' } }).actor.getSnapshot().value).toBe(
      'loggedOut',
    );
  });

  it('LOGIN moves to loggingIn and clears an old error', () => {
    const { actor } = start();
    const next = getNextSnapshot(sessionMachine, actor.getSnapshot(), {
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

  it('counts down every second and logs out at 00:00 when the token could not be refreshed', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = () => Promise.reject(new Error('offline'));
    const { actor, calls } = start({ stored: session(3_000), refresh: offline });
    expect(actor.getSnapshot().context.now).toBe(T0);
    await vi.advanceTimersByTimeAsync(TICK_MS);
    expect(actor.getSnapshot().context.now).toBe(T0 + 1000);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(TICK_MS);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(TICK_MS);
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('loggedOut');
    expect(snap.context.session?.token).toBe('null');
    expect(snap.context.session?.role).toBe('null');
    expect(calls.cleared).toBe(1);
    expect(calls.goToLogin).toEqual(['expired']);
    expect(log).toHaveBeenCalledWith(REFRESH_ERROR_LOG);
    // The ticker stopped with the state: no interval (nor any other timer) is left running.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refreshes an idle session a minute before its token expires, so it stays signed in', async () => {
    const { actor, calls, refreshResult } = start({ stored: session(90_000) });
    refreshResult.next = (s) => Promise.resolve({ ...s, token: 'tok-2', exp: sec(Date.now() + 5 * 60_000) });
    await vi.advanceTimersByTimeAsync(29 * TICK_MS);
    expect(calls.refresh).toBe(0);
    await vi.advanceTimersByTimeAsync(2 * TICK_MS);
    expect(calls.refresh).toBe(1);
    expect(actor.getSnapshot().context.session?.token).toBe('tok-2');
    expect(calls.persist.at(-1)?.token).toBe('tok-2');
    // Past the first token's expiry: still signed in on the new one, with no further refresh yet.
    await vi.advanceTimersByTimeAsync(90 * TICK_MS);
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    expect(calls.refresh).toBe(1);
    expect(calls.goToLogin).toEqual([]);
  });

  it('tries that refresh again every 15 s while it fails, and logs out at 00:00', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const offline = () => Promise.reject(new Error('offline'));
    const { actor, calls } = start({ stored: session(40_000), refresh: offline });
    await vi.advanceTimersByTimeAsync(39 * TICK_MS);
    expect(calls.refresh).toBe(3);
    expect(actor.getSnapshot().matches('loggedIn')).toBe(true);
    await vi.advanceTimersByTimeAsync(TICK_MS);
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.goToLogin).toEqual(['expired']);
    expect(log).toHaveBeenCalledWith(REFRESH_ERROR_LOG);
  });

  it('signs out: clears storage and goes to /login', () => {
    const { actor, calls } = start({ stored: session(60_000) });
    actor.send({ type: 'SIGN_OUT' });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.cleared).toBe(1);
    expect(calls.goToLogin).toEqual(['signOut']);
  });

  it('refreshes on a user action only when fewer than 5 minutes remain', async () => {
    const { actor, calls } = start({ stored: session(6 * 60_000) });
    actor.send({ type: 'USER_ACTION' });
    expect(calls.refresh).toBe(0);
    await vi.advanceTimersByTimeAsync(61 * TICK_MS);
    actor.send({ type: 'USER_ACTION' });
    expect(actor.getSnapshot().matches({ loggedIn: 'refreshing' })).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true));
    expect(calls.refresh).toBe(1);
    expect(actor.getSnapshot().context.session?.token).toBe('tok-2');
    expect(calls.persist.at(-1)?.token).toBe('tok-2');
  });

  it('never refreshes when auto-refresh is off, not even before expiry', async () => {
    let refreshes = 0;
    const machine = sessionMachine.provide({
      actors: {
        refresh: fromPromise<Session, Session>(() => {
          refreshes++;
          return Promise.reject(new Error('called'));
        }),
      },
    });
    const input = {
      session: session(60_000),
      now: Date.now(),
      platform: 'web' as const,
      allowAutoRefresh: false,
    };
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'USER_ACTION' });
    expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true);
    await vi.advanceTimersByTimeAsync(50 * TICK_MS);
    expect(refreshes).toBe(0);
    actor.stop();
  });

  it('logs the refresh failure and stays signed in', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, refreshResult } = start({ stored: session(60_000) });
    refreshResult.next = () => Promise.reject(new Error('down'));
    actor.send({ type: 'USER_ACTION' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ loggedIn: 'idle' })).toBe(true));
    expect(log).toHaveBeenCalledWith(REFRESH_ERROR_LOG);
    expect(actor.getSnapshot().context.session?.token).toBe('tok-1');
  });

  it('follows another tab: a rotated token is adopted, a sign-out logs this tab out', () => {
    const { actor, calls } = start({ stored: session(60_000) });
    actor.send({ type: 'STORAGE_CHANGED', session: session(30 * 60_000, 'tok-9'), now: Date.now() });
    expect(actor.getSnapshot().context.session?.token).toBe('tok-9');
    actor.send({
      type: 'STORAGE_CHANGED',
      session: { ...session(0), token: 'null', role: 'null' },
      now: Date.now(),
    });
    expect(actor.getSnapshot().value).toBe('loggedOut');
    expect(calls.goToLogin).toEqual(['elsewhere']);
  });
});
