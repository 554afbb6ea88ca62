// React access to the session: narrow selectors, so a component re-renders only when what it shows changes.
import { useSelector } from '@xstate/react';
import { createContext, useContext } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Role } from '../../machines/rules/roles';
import { formatCountdown, hasRole, remainingMs } from '../../machines/session/rules';
import type { sessionMachine } from '../../machines/session/sessionMachine';
import type { SessionService } from './service';

export const SessionContext = createContext<SessionService | null>(null);

/** The session service (login, signOut, userAction, actor). */
export function useSession(): SessionService {
  const service = useContext(SessionContext);
  if (!service) throw new Error('useSession outside <SessionContext.Provider>');
  return service;
}

type Snapshot = SnapshotFrom<typeof sessionMachine>;

/** Any narrow slice of the session's state. */
export function useSessionSelector<T>(select: (s: Snapshot) => T): T {
  return useSelector(useSession().actor, select);
}

export const useIsLoggedIn = () => useSessionSelector((s) => s.matches('loggedIn'));
export const useIsSigningIn = () => useSessionSelector((s) => s.matches('loggingIn'));
/**
 * A step-up is under way: the password was right, and the SMS code is asked for or being checked
 * (DESIGN.md "Sign-in behind a shared address").
 */
export const useCodeStep = () =>
  useSessionSelector(
    (s) => s.matches('codeRequired') || (s.matches('loggingIn') && s.context.pending?.otp !== undefined),
  );
/** Message key of the last failed sign-in, or null. */
export const useSignInError = () => useSessionSelector((s) => s.context.error);
/** The signed-in login name (normalised msisdn for subscribers). */
export const useSessionUser = () => useSessionSelector((s) => s.context.session?.user ?? null);
/** Time left on the access token as mm:ss, updated every second. */
export const useSessionCountdown = () =>
  useSessionSelector((s) => formatCountdown(remainingMs(s.context.session?.exp ?? null, s.context.now)));
/** Whether the stored role list contains `role`. */
export const useHasRole = (role: Role) => useSessionSelector((s) => hasRole(s.context.session, role));
