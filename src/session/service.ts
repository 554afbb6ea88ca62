// Mounts the session machine with the app's side effects (token calls, storage, navigation), as the
// house style has it: the machine never imports the router; this module hands it a `navigate`.
import { type Actor, createActor, fromCallback, fromPromise } from 'xstate';
import type { Role } from '../../machines/rules/roles';
import { hasRole, homeFor, isNearlyExpired, isSignedIn, type Session } from '../../machines/session/rules';
import { type Credentials, sessionMachine } from '../../machines/session/sessionMachine';
import { endSession } from '../api/auth';
import { config } from '../config';
import { platform } from '../platform';
import { clearSession, readSession, watchSession, writeSession } from '../storage/session';
import { login, REFRESH_TIMEOUT_MS, refreshSingleFlight } from './tokens';

/** Where the session sends the user; the router implements it. */
export interface SessionNavigator {
  /** To /login; `redirect` is where to come back after signing in. */
  toLogin(redirect?: string): void;
  /** To an in-app href after signing in. */
  to(href: string): void;
  /** The current in-app href (path + search), to come back to after an expired session. */
  currentHref(): string;
}

export type SessionActor = Actor<typeof sessionMachine>;

/**
 * The one way into the signed-in session for code outside React (the API client, route guards, the side
 * effects of screens' machines): read at the instant of the call from the session machine, never from
 * storage, so every reader sees the same session.
 */
export interface SessionReader {
  /** The access token to send as Bearer, or null when signed out. */
  token(): string | null;
  /** The login name (the normalised msisdn for subscribers), or null. */
  user(): string | null;
  /** Whether the signed-in user's realm roles include `role`. */
  hasRole(role: Role): boolean;
  /**
   * Resolves once the refresh of an expired or nearly expired token is over (at once when none is under
   * way), so a call made at start-up or after a resume goes with the new token. Never rejects; waits at
   * most REFRESH_TIMEOUT_MS.
   */
  settled(): Promise<void>;
}

/** What screens, the shell and route guards use. */
export interface SessionService extends SessionReader {
  actor: SessionActor;
  /**
   * Signed in, exact at this instant (a guard may run up to a second before the next tick): a live
   * access token, or an expired one with a live refresh token (DESIGN.md "Staying signed in").
   */
  isLoggedIn(): boolean;
  /** `lang`: the app's language, which a step-up's SMS code is written in. */
  login(username: string, password: string, redirect?: string | null, lang?: string): void;
  /** The SMS code a step-up asked for (state `codeRequired`): signs in with the pending credentials. */
  submitCode(otp: string): void;
  /** Back from the code to the sign-in form. */
  cancelCode(): void;
  signOut(): void;
  /** Where this user lands with no page to go back to (their role's screen; /play for a subscriber). */
  home(): string;
  /** A user action: refreshes the token when the rules say it is due. The app root sends it on clicks. */
  userAction(): void;
}

/** The default page after signing in (a subscriber's; see `homeFor` for operators). */
export const HOME = '/play';

/** Only same-origin app paths are followed after sign-in (no open redirect, no loop back to /login). */
export function safeRedirect(target: string | null | undefined, home: string = HOME): string {
  if (!target?.startsWith('/') || target.startsWith('//')) return home;
  if (/^\/(login|register|reset-password)\b/.test(target)) return home;
  return target;
}

/**
 * The moments worth a refresh besides the ticks: the network coming back (`online`) and the app being
 * shown again (`visibilitychange`, which the native WebView fires on resume too). Returns the removal.
 */
function watchWakeUps(send: (e: { type: 'ONLINE' | 'RESUME'; now: number }) => void): () => void {
  const online = () => send({ type: 'ONLINE', now: Date.now() });
  const visible = () => {
    if (document.visibilityState === 'visible') send({ type: 'RESUME', now: Date.now() });
  };
  window.addEventListener('online', online);
  document.addEventListener('visibilitychange', visible);
  return () => {
    window.removeEventListener('online', online);
    document.removeEventListener('visibilitychange', visible);
  };
}

/**
 * Resolves when the actor leaves `loggedIn.refreshing` (or stops), or after REFRESH_TIMEOUT_MS; never
 * rejects. A subscription of its own rather than XState's `waitFor`, which would bring its timeout and
 * abort-signal handling into the first load for this one use.
 */
function refreshOver(actor: SessionActor): Promise<void> {
  return new Promise((resolve) => {
    let over = false;
    let sub: { unsubscribe(): void } | undefined;
    const done = () => {
      over = true;
      clearTimeout(timer);
      sub?.unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, REFRESH_TIMEOUT_MS);
    sub = actor.subscribe({
      next: (s) => {
        if (!s.matches({ loggedIn: 'refreshing' })) done();
      },
      error: done,
      complete: done,
    });
    // A stopped actor completes inside subscribe(), before `sub` is set.
    if (over) sub.unsubscribe();
  });
}

export function createSessionService(nav: SessionNavigator): SessionService {
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<Session, Credentials>(({ input }) => login(input)),
      refresh: fromPromise<Session, Session>(({ input }) => refreshSingleFlight(input)),
      storageWatcher: fromCallback(({ sendBack }) =>
        watchSession((session) => sendBack({ type: 'STORAGE_CHANGED', session, now: Date.now() })),
      ),
      wakeWatcher: fromCallback(({ sendBack }) => watchWakeUps(sendBack)),
    },
    actions: {
      persist: (_, { session }) => writeSession(session),
      clearStorage: () => clearSession(),
      // Loaded at sign-out only: nothing of it is needed to open the app.
      wipeUserData: () => void import('../storage/userData').then((m) => m.wipeUserData()),
      endServerSession: (_, { refreshToken }) => {
        if (refreshToken) void endSession(refreshToken);
      },
      // After an expiry or a refusal the subscriber comes back where they were once signed in again.
      goToLogin: (_, { reason }) =>
        nav.toLogin(reason === 'expired' || reason === 'refused' ? nav.currentHref() : undefined),
      // Stored by `persist` just before: the new session's roles choose the landing page.
      goAfterLogin: (_, { redirect }) => nav.to(safeRedirect(redirect, homeFor(readSession()))),
    },
  });
  const actor = createActor(machine, {
    input: { session: readSession(), now: Date.now(), platform, allowAutoRefresh: config.allowAutoRefresh },
  });
  actor.start();
  const current = () => actor.getSnapshot().context.session;
  // Worth waiting for: a refresh replacing a token that is expired or about to be (a user action's early
  // refresh leaves a usable token, so calls go on with it).
  const replacingToken = () => {
    const snap = actor.getSnapshot();
    const s = snap.context.session;
    return (
      snap.matches({ loggedIn: 'refreshing' }) && isNearlyExpired(s?.exp ?? null, s?.iat ?? null, Date.now())
    );
  };
  return {
    actor,
    token: () => {
      if (!actor.getSnapshot().matches('loggedIn')) return null;
      const token = current()?.token;
      // Signed out stores the text 'null' (the original client's format), which is no token.
      return token && token !== 'null' ? token : null;
    },
    user: () => current()?.user ?? null,
    hasRole: (role) => hasRole(current(), role),
    settled: () => (replacingToken() ? refreshOver(actor) : Promise.resolve()),
    isLoggedIn: () => {
      const snap = actor.getSnapshot();
      return (
        snap.matches('loggedIn') && isSignedIn(snap.context.session, Date.now(), config.allowAutoRefresh)
      );
    },
    login: (username, password, redirect, lang) =>
      actor.send({ type: 'LOGIN', username, password, redirect, ...(lang ? { lang } : {}) }),
    submitCode: (otp) => actor.send({ type: 'SUBMIT_CODE', otp }),
    cancelCode: () => actor.send({ type: 'CANCEL_CODE' }),
    signOut: () => actor.send({ type: 'SIGN_OUT' }),
    home: () => homeFor(current()),
    userAction: () => actor.send({ type: 'USER_ACTION' }),
  };
}
