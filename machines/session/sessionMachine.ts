// The session: signed out, signing in, signed in with a countdown to token expiry, and refreshing on user
// actions and shortly before the token expires (DESIGN.md "Staying signed in"). A pure declaration: the token
// calls, storage, navigation and the one-second ticker are actors and actions the app supplies with
// `.provide()`, so tests run it on fake time.
import { assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import { messageKeyOf } from '../rules/messageKey';
import {
  isCountdownOver,
  isLoggedIn,
  remainingMs,
  type Session,
  shouldRefresh,
  shouldRefreshBeforeExpiry,
} from './rules';
import type { Credentials, SessionContext, SessionEvent, SessionInput } from './types';

export type { Credentials, SessionContext, SessionEvent, SessionInput } from './types';

/** The countdown ticks every second. */
export const TICK_MS = 1000;
/** Logged, word for word as the original client logs it, when a refresh fails; the user sees nothing. */
export const REFRESH_ERROR_LOG = 'There was an error during the acquisition of oauth token';

/** The session as sign-out leaves it: token and role are the text 'null', no refresh token. */
export const signedOut = (s: Session | null): Session => ({
  user: s?.user ?? null,
  role: 'null',
  token: 'null',
  refreshToken: null,
  exp: null,
  iat: null,
});

const notProvided = (name: string) => () => {
  throw new Error(`session machine: ${name} was not provided`);
};

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    /** Password grant; resolves to the new session (not yet stored). */
    login: fromPromise<Session, Credentials>(notProvided('login')),
    /** Refresh grant, single-flight across tabs; resolves to the session to use. */
    refresh: fromPromise<Session, Session>(notProvided('refresh')),
    /** Sends TICK {now} at once and then every TICK_MS. */
    ticker: fromCallback<EventObject>(({ sendBack }) => {
      const tick = () => sendBack({ type: 'TICK', now: Date.now() });
      tick();
      const id = setInterval(tick, TICK_MS);
      return () => clearInterval(id);
    }),
    /** Sends STORAGE_CHANGED when another tab writes the session; nothing by default. */
    storageWatcher: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    persist: (_, _params: { session: Session }) => undefined,
    clearStorage: () => undefined,
    goToLogin: (_, _params: { reason: 'signOut' | 'expired' | 'elsewhere' }) => undefined,
    goAfterLogin: (_, _params: { redirect: string | null }) => undefined,
    logRefreshError: () => console.error(REFRESH_ERROR_LOG),
    /** What sign-out stores (role and token the text 'null'), mirrored in context for selectors at once. */
    forgetSession: assign({ session: ({ context }) => signedOut(context.session) }),
  },
  guards: {
    storedSessionValid: ({ context }) => isLoggedIn(context.session, context.now),
    incomingValid: ({ event }) => event.type === 'STORAGE_CHANGED' && isLoggedIn(event.session, event.now),
    countdownOver: ({ context, event }) =>
      event.type === 'TICK' && isCountdownOver(remainingMs(context.session?.exp ?? null, event.now)),
    refreshDue: ({ context }) =>
      shouldRefresh({
        platform: context.platform,
        now: context.now,
        exp: context.session?.exp ?? null,
        iat: context.session?.iat ?? null,
        allowAutoRefresh: context.allowAutoRefresh,
      }),
    expiryNear: ({ context, event }) =>
      event.type === 'TICK' &&
      shouldRefreshBeforeExpiry({
        now: event.now,
        exp: context.session?.exp ?? null,
        hasRefreshToken: !!context.session?.refreshToken,
        allowAutoRefresh: context.allowAutoRefresh,
        lastAttempt: context.expiryRefreshAt,
      }),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, error: null, redirect: null, expiryRefreshAt: null }),
  // Another tab's sign-in, rotation or sign-out reaches this one in every state.
  invoke: { src: 'storageWatcher' },
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'storedSessionValid', target: 'loggedIn' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      on: {
        LOGIN: {
          target: 'loggingIn',
          actions: assign({ error: null, redirect: ({ event }) => event.redirect ?? null }),
        },
        STORAGE_CHANGED: {
          guard: 'incomingValid',
          target: 'loggedIn',
          actions: assign({ session: ({ event }) => event.session, now: ({ event }) => event.now }),
        },
      },
    },
    loggingIn: {
      invoke: {
        src: 'login',
        input: ({ event }) => {
          const e = event as Extract<SessionEvent, { type: 'LOGIN' }>;
          return { username: e.username, password: e.password };
        },
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ session: ({ event }) => event.output }),
            { type: 'persist', params: ({ event }) => ({ session: event.output }) },
            { type: 'goAfterLogin', params: ({ context }) => ({ redirect: context.redirect }) },
          ],
        },
        onError: {
          target: 'loggedOut',
          actions: assign({ error: ({ event }) => messageKeyOf(event.error) }),
        },
      },
    },
    loggedIn: {
      // The ticker lives on the parent so the countdown keeps running while a refresh is under way.
      invoke: { src: 'ticker' },
      on: {
        TICK: [
          {
            guard: 'countdownOver',
            target: 'loggedOut',
            actions: ['forgetSession', 'clearStorage', { type: 'goToLogin', params: { reason: 'expired' } }],
          },
          { actions: assign({ now: ({ event }) => event.now }) },
        ],
        SIGN_OUT: {
          target: 'loggedOut',
          actions: ['forgetSession', 'clearStorage', { type: 'goToLogin', params: { reason: 'signOut' } }],
        },
        STORAGE_CHANGED: [
          {
            guard: 'incomingValid',
            actions: assign({ session: ({ event }) => event.session, now: ({ event }) => event.now }),
          },
          {
            target: 'loggedOut',
            actions: [
              assign({ session: ({ event }) => event.session }),
              { type: 'goToLogin', params: { reason: 'elsewhere' } },
            ],
          },
        ],
      },
      initial: 'idle',
      states: {
        idle: {
          on: {
            USER_ACTION: { guard: 'refreshDue', target: 'refreshing' },
            // Taken instead of the parent's TICK, so it keeps the clock too. At 00:00 the parent logs out.
            TICK: {
              guard: 'expiryNear',
              target: 'refreshing',
              actions: assign({ now: ({ event }) => event.now, expiryRefreshAt: ({ event }) => event.now }),
            },
          },
        },
        refreshing: {
          invoke: {
            src: 'refresh',
            input: ({ context }) => context.session!,
            onDone: {
              target: 'idle',
              actions: [
                assign({ session: ({ event }) => event.output }),
                { type: 'persist', params: ({ event }) => ({ session: event.output }) },
              ],
            },
            onError: { target: 'idle', actions: 'logRefreshError' },
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
