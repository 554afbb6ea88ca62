// The native shell's start-up: tokens mirrored to device preferences and restored
// from them when the WebView lost its storage, push registration while signed in, and on every resume:
// retrieve the tokens, refresh an expired one, go to /login when signed out, check the newest version.
// main.tsx imports this only when running inside Capacitor; in a browser none of it loads.
import type { EventObject } from 'xstate';
import { postMobilePushToken } from '../api/push';
import { claimsOf, sessionOf } from '../session/claims';
import { checkNewestVersionOnce, refreshNewestVersion } from '../shell/notices/versionStore';
import { readSession, setTokenMirror, writeSession } from '../storage/session';
import {
  mirrorTokens,
  onAppResume,
  onNotificationTap,
  readMirroredTokens,
  registerNativePush,
} from './capacitor';

/** The narrow slice of the running app this module drives. */
export interface NativeAppHost {
  session: {
    isLoggedIn(): boolean;
    actor: {
      send(event: EventObject & Record<string, unknown>): void;
      subscribe(observer: (snapshot: { matches(state: 'loggedIn'): boolean }) => void): unknown;
    };
  };
  navigate(path: string): void;
  currentPath(): string;
}

const isNull = (v: string | null) => v === null || v === 'null';

/**
 * Puts the mirrored tokens back into the stored session (src/storage/session.ts) when it lost them
 * (Android may clear a WebView's storage); a sign-out is mirrored too, so a signed-out app stays signed out.
 */
export async function restoreTokens(): Promise<boolean> {
  if (readSession().token !== null) return false;
  const mirrored = await readMirroredTokens();
  if (isNull(mirrored.token)) return false;
  const claims = claimsOf(mirrored.token);
  writeSession(
    sessionOf(
      claims.preferred_username ?? null,
      JSON.stringify(claims.realm_access?.roles ?? []),
      mirrored.token,
      mirrored.refreshToken,
    ),
  );
  return true;
}

/** App resume: retrieve the tokens, refresh, go to /login if signed out, check the version. */
export async function onResume(host: NativeAppHost, checkVersion = refreshNewestVersion): Promise<void> {
  try {
    await restoreTokens();
  } catch (error) {
    console.error('could not read the tokens from device preferences', error);
  }
  host.session.actor.send({ type: 'STORAGE_CHANGED', session: readSession(), now: Date.now() });
  // Signed in on an expired access token (the app slept): refresh it now rather than on the next tick.
  host.session.actor.send({ type: 'RESUME', now: Date.now() });
  if (!host.session.isLoggedIn() && !/^\/(login|register)\b/.test(host.currentPath()))
    host.navigate('/login');
  await checkVersion();
}

export async function startNativeApp(host: NativeAppHost): Promise<void> {
  setTokenMirror((token, refreshToken) => {
    mirrorTokens(token, refreshToken).catch((error: unknown) =>
      console.error('could not copy the tokens to device preferences', error),
    );
  });
  // Keep the preferences in step with what this start found in the stored session.
  const current = readSession();
  if (current.token !== null) await mirrorTokens(current.token, current.refreshToken).catch(() => undefined);

  // Push needs a signed-in subscriber (the POST carries the bearer token): register on each sign-in.
  let registered = false;
  host.session.actor.subscribe((snapshot) => {
    const signedIn = snapshot.matches('loggedIn');
    if (signedIn && !registered) void registerNativePush(postMobilePushToken);
    registered = signedIn;
  });
  await onNotificationTap((path) => host.navigate(path));
  await onAppResume(() => void onResume(host));
  // The start is a resume too; the shell's once-per-start version check is shared, not repeated.
  await onResume(host, checkNewestVersionOnce);
}
