// Types of the session machine: what it starts from, what it remembers, what it hears.
import type { Platform, Session } from './rules';

export interface Credentials {
  username: string;
  password: string;
  /** A step-up's SMS code (DESIGN.md "Sign-in behind a shared address"). */
  otp?: string;
  /** The app's language, which a step-up's SMS is written in. */
  lang?: string;
}

export interface SessionInput {
  /** What storage held at start-up. */
  session: Session | null;
  now: number;
  platform: Platform;
  allowAutoRefresh: boolean;
}

export interface SessionContext extends Omit<SessionInput, 'session'> {
  session: Session | null;
  /** Message key of the last failed sign-in (e.g. AUTH.INVALID_CREDENTIALS), translated by the UI. */
  error: string | null;
  /** Where to go after signing in; null means the default (/play). */
  redirect: string | null;
  /** When a refresh was last tried (ms), to space the retries of a failing one. */
  refreshAttemptAt: number | null;
  /**
   * The sign-in under way, or the one waiting for its SMS code (state `codeRequired`), so the code is sent
   * with the same credentials whichever screen asked. In memory only, never stored; null otherwise.
   */
  pending: Credentials | null;
}

export type SessionEvent =
  | { type: 'LOGIN'; username: string; password: string; redirect?: string | null; lang?: string }
  /** The SMS code a step-up asked for, sent with the pending credentials. */
  | { type: 'SUBMIT_CODE'; otp: string }
  /** Back from the code to the sign-in form. */
  | { type: 'CANCEL_CODE' }
  | { type: 'SIGN_OUT' }
  | { type: 'TICK'; now: number }
  /** A click that may refresh the token when the rules say so (tab change, buy, wallet button…). */
  | { type: 'USER_ACTION' }
  /** Another tab changed the stored session (signed in, rotated the token, or signed out). */
  | { type: 'STORAGE_CHANGED'; session: Session | null; now: number }
  /** The network came back (the window's `online` event). */
  | { type: 'ONLINE'; now: number }
  /** The app is in front again (page visible, native resume). */
  | { type: 'RESUME'; now: number };
