// The session (DESIGN.md's "Staying signed in"): signed out, signing in, signed in with a
// countdown to access-token expiry, or waiting for a step-up's SMS code (a right password from a shared
// address over its failure limit). Signed in lasts as long as the refresh token: an expired or nearly
// expired access token is refreshed at start, on resume, when the network returns, by the countdown (as
// it nears and when it reaches 00:00) and on a user action when due; only Sign out, a refused refresh or
// an expired refresh token sign out. A failed refresh (offline, server down) keeps the subscriber signed
// in on the old token and cached data. A pure declaration: the token calls, storage, navigation, the
// one-second ticker and the network and resume events are actors and actions the app supplies with
// `.provide()`, so tests run it on fake time.
import { assign, type EventObject, fromCallback, fromPromise, setup } from 'xstate';
import { messageKeyOf } from '../rules/messageKey';
import {
  asksForCode,
  canRefresh,
  isNearlyExpired,
  isRefreshRefused,
  isSignedIn,
  type Session,
  shouldRefresh,
  shouldRefreshOnTick,
} from './rules';
import type { Credentials, SessionContext, SessionEvent, SessionInput } from './types';

export type { Credentials, SessionContext, SessionEvent, SessionInput } from './types';

/** The countdown ticks every second. */
export const TICK_MS = 1000;
/** Logged, word for word as the original client logs it, when a refresh fails; the user sees nothing. */
export const REFRESH_ERROR_LOG = 'There was an error during the acquisition of oauth token';

/** Why the session sends the user to /login. */
export type LoginReason = 'signOut' | 'expired' | 'refused' | 'elsewhere';

/** The session as sign-out leaves it: token and role are the text 'null', no refresh token. */
export const signedOut = (s: Session | null): Session => ({
  user: s?.user ?? null,
  role: 'null',
  token: 'null',
  refreshToken: null,
  exp: null,
  iat: null,
  refreshExp: null,
});

/** The credentials without a code: a code is sent once, and asked for again after a refusal. */
const withoutCode = ({ otp: _, ...credentials }: Credentials): Credentials => credentials;

const notProvided = (name: string) => () => {
  throw new Error(`session machine: ${name} was not provided`);
};

/** The event's clock when it carries one (TICK, STORAGE_CHANGED, ONLINE, RESUME), else the context's. */
const nowOf = (context: SessionContext, event: SessionEvent) => ('now' in event ? event.now : context.now);
/** A refresh is possible at `now`: auto-refresh on and a live refresh token. */
const refreshable = (context: SessionContext, now: number) =>
  context.allowAutoRefresh && canRefresh(context.session, now);
const nearlyExpired = (context: SessionContext, now: number) =>
  isNearlyExpired(context.session?.exp ?? null, context.session?.iat ?? null, now);
const signedIn = (context: SessionContext, session: Session | null, now: number) =>
  isSignedIn(session, now, context.allowAutoRefresh);

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
    /** Sends ONLINE when the network returns and RESUME when the app is shown again; nothing by default. */
    wakeWatcher: fromCallback<EventObject>(() => undefined),
  },
  actions: {
    persist: (_, _params: { session: Session }) => undefined,
    clearStorage: () => undefined,
    /** Sign-out only: the subscriber's data kept on the device goes too (a shared phone). */
    wipeUserData: () => undefined,
    /** Ends the sign-in session on the server too (best effort: offline, it simply lapses). */
    endServerSession: (_, _params: { refreshToken: string | null }) => undefined,
    goToLogin: (_, _params: { reason: LoginReason }) => undefined,
    goAfterLogin: (_, _params: { redirect: string | null }) => undefined,
    logRefreshError: () => console.error(REFRESH_ERROR_LOG),
    /** What sign-out stores (role and token the text 'null'), mirrored in context for selectors at once. */
    forgetSession: assign({ session: ({ context }) => signedOut(context.session) }),
    keepTime: assign({ now: ({ context, event }) => nowOf(context, event) }),
    noteRefreshAttempt: assign({ refreshAttemptAt: ({ context }) => context.now }),
    /** A new sign-in: its credentials (no code yet) and where to go after it. */
    takeCredentials: assign(({ event }) => {
      const e = event as Extract<SessionEvent, { type: 'LOGIN' }>;
      return {
        error: null,
        redirect: e.redirect ?? null,
        pending: { username: e.username, password: e.password, ...(e.lang ? { lang: e.lang } : {}) },
      };
    }),
  },
  guards: {
    storedSignedIn: ({ context }) => signedIn(context, context.session, context.now),
    storedNeedsRefresh: ({ context }) =>
      signedIn(context, context.session, context.now) &&
      refreshable(context, context.now) &&
      nearlyExpired(context, context.now),
    hasStoredToken: ({ context }) => !!context.session?.token && context.session.token !== 'null',
    incomingSignedIn: ({ context, event }) =>
      event.type === 'STORAGE_CHANGED' && signedIn(context, event.session, event.now),
    /** The access token expired and cannot be refreshed (refresh token expired, or auto-refresh off). */
    sessionOver: ({ context, event }) => !signedIn(context, context.session, nowOf(context, event)),
    userActionDue: ({ context }) =>
      refreshable(context, context.now) &&
      shouldRefresh({
        platform: context.platform,
        now: context.now,
        exp: context.session?.exp ?? null,
        iat: context.session?.iat ?? null,
        allowAutoRefresh: context.allowAutoRefresh,
      }),
    tickRefreshDue: ({ context, event }) =>
      event.type === 'TICK' &&
      refreshable(context, event.now) &&
      shouldRefreshOnTick({
        now: event.now,
        previous: context.now,
        exp: context.session?.exp ?? null,
        iat: context.session?.iat ?? null,
        lastAttempt: context.refreshAttemptAt,
      }),
    /** Network back or app resumed with an expired or nearly expired token: refresh now. */
    wakeRefreshDue: ({ context, event }) =>
      refreshable(context, nowOf(context, event)) && nearlyExpired(context, nowOf(context, event)),
    refreshRefused: ({ event }) => isRefreshRefused((event as unknown as { error?: unknown }).error),
    codeAsked: ({ event }) => asksForCode(messageKeyOf((event as unknown as { error?: unknown }).error)),
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => ({ ...input, error: null, redirect: null, refreshAttemptAt: null, pending: null }),
  // Another tab's sign-in, rotation or sign-out, the network's return and resumes reach every state.
  invoke: [{ src: 'storageWatcher' }, { src: 'wakeWatcher' }],
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: 'storedNeedsRefresh', target: '#session.loggedIn.refreshing' },
        { guard: 'storedSignedIn', target: 'loggedIn' },
        // Dead tokens (refresh token expired) are forgotten without a call.
        { guard: 'hasStoredToken', target: 'loggedOut', actions: ['forgetSession', 'clearStorage'] },
        { target: 'loggedOut' },
      ],
    },
    loggedOut: {
      on: {
        LOGIN: { target: 'loggingIn', actions: 'takeCredentials' },
        STORAGE_CHANGED: {
          guard: 'incomingSignedIn',
          target: 'loggedIn',
          actions: assign({ session: ({ event }) => event.session, now: ({ event }) => event.now }),
        },
      },
    },
    loggingIn: {
      invoke: {
        src: 'login',
        input: ({ context }) => context.pending!,
        onDone: {
          target: 'loggedIn',
          actions: [
            assign({ session: ({ event }) => event.output, pending: null }),
            { type: 'persist', params: ({ event }) => ({ session: event.output }) },
            { type: 'goAfterLogin', params: ({ context }) => ({ redirect: context.redirect }) },
          ],
        },
        onError: [
          {
            // The password was right: the credentials wait (in memory) for the code sent by SMS.
            guard: 'codeAsked',
            target: 'codeRequired',
            actions: assign({
              error: ({ event }) => messageKeyOf(event.error),
              pending: ({ context }) => withoutCode(context.pending!),
            }),
          },
          {
            target: 'loggedOut',
            actions: assign({ error: ({ event }) => messageKeyOf(event.error), pending: null }),
          },
        ],
      },
    },
    codeRequired: {
      on: {
        SUBMIT_CODE: {
          target: 'loggingIn',
          actions: assign({
            error: null,
            pending: ({ context, event }) => ({ ...context.pending!, otp: event.otp }),
          }),
        },
        CANCEL_CODE: { target: 'loggedOut', actions: assign({ error: null, pending: null }) },
        LOGIN: { target: 'loggingIn', actions: 'takeCredentials' },
        STORAGE_CHANGED: {
          guard: 'incomingSignedIn',
          target: 'loggedIn',
          actions: assign({
            session: ({ event }) => event.session,
            now: ({ event }) => event.now,
            pending: null,
          }),
        },
      },
    },
    loggedIn: {
      // The ticker lives on the parent so the countdown keeps running while a refresh is under way.
      invoke: { src: 'ticker' },
      on: {
        TICK: [
          {
            guard: 'sessionOver',
            target: 'loggedOut',
            actions: ['forgetSession', 'clearStorage', { type: 'goToLogin', params: { reason: 'expired' } }],
          },
          { actions: 'keepTime' },
        ],
        // Leaving the state stops a refresh under way, so its answer is never stored: sign-out wins.
        SIGN_OUT: {
          target: 'loggedOut',
          actions: [
            {
              type: 'endServerSession',
              params: ({ context }) => ({ refreshToken: context.session?.refreshToken ?? null }),
            },
            'forgetSession',
            'clearStorage',
            'wipeUserData',
            { type: 'goToLogin', params: { reason: 'signOut' } },
          ],
        },
        STORAGE_CHANGED: [
          {
            guard: 'incomingSignedIn',
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
            USER_ACTION: { guard: 'userActionDue', target: 'refreshing' },
            // Taken instead of the parent's TICK, so it keeps the clock too.
            TICK: { guard: 'tickRefreshDue', target: 'refreshing', actions: 'keepTime' },
            ONLINE: { guard: 'wakeRefreshDue', target: 'refreshing', actions: 'keepTime' },
            RESUME: { guard: 'wakeRefreshDue', target: 'refreshing', actions: 'keepTime' },
          },
        },
        // Single-flight: events that would start another refresh are not heard here.
        refreshing: {
          entry: 'noteRefreshAttempt',
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
            onError: [
              {
                guard: 'refreshRefused',
                target: '#session.loggedOut',
                actions: [
                  'logRefreshError',
                  'forgetSession',
                  'clearStorage',
                  { type: 'goToLogin', params: { reason: 'refused' } },
                ],
              },
              { target: 'idle', actions: 'logRefreshError' },
            ],
          },
        },
      },
    },
  },
});

export type SessionMachine = typeof sessionMachine;
