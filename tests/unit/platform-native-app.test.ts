// @vitest-environment jsdom
// The native shell's start-up and resume, with the Capacitor plugins mocked at the module boundary and
// the API calls stubbed: tokens mirrored to preferences and restored from them, /login when signed out,
// the newest version checked on each resume, push registration on sign-in.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const prefs = new Map<string, string>();
const listeners = new Map<string, (arg?: unknown) => void>();
const addListener = vi.fn(async (name: string, fn: (arg?: unknown) => void) => {
  listeners.set(name, fn);
  return { remove: async () => void listeners.delete(name) };
});
vi.mock('@capacitor/preferences', () => ({
  Preferences: {
    set: async ({ key, value }: { key: string; value: string }) => void prefs.set(key, value),
    get: async ({ key }: { key: string }) => ({ value: prefs.get(key) ?? null }),
    remove: async ({ key }: { key: string }) => void prefs.delete(key),
  },
}));
const register = vi.fn(async () => undefined);
vi.mock('@capacitor/push-notifications', () => ({
  PushNotifications: {
    checkPermissions: async () => ({ receive: 'granted' }),
    requestPermissions: async () => ({ receive: 'granted' }),
    register,
    addListener,
  },
}));
vi.mock('@capacitor/app', () => ({ App: { addListener } }));

const checkVersion = vi.fn(async () => ({
  version: '1.0.0',
  isCritical: false,
  displayMessage: '',
  link: '/',
}));
vi.mock('../../src/api/appInfo', () => ({ checkVersion, checkClientType: vi.fn() }));
const postMobilePushToken = vi.fn(async () => ({ response: 'ok' }));
vi.mock('../../src/api/push', () => ({ postMobilePushToken }));

const { onResume, restoreTokens, startNativeApp } = await import('../../src/platform/nativeApp');
const { writeSession } = await import('../../src/storage/session');
const { resetAppInfo } = await import('../../src/shell/notices/versionStore');

const b64url = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (expInSec: number) =>
  `${b64url({ alg: 'RS256' })}.${b64url({
    exp: Math.floor(Date.now() / 1000) + expInSec,
    iat: Math.floor(Date.now() / 1000),
    preferred_username: '26650000001',
    realm_access: { roles: ['commxp-user'] },
  })}.sig`;

/** A stand-in for the running app: a session whose logged-in state the test sets. */
function host(path = '/play') {
  let loggedIn = false;
  const observers: ((s: { matches(state: 'loggedIn'): boolean }) => void)[] = [];
  const h = {
    session: {
      isLoggedIn: () => loggedIn,
      actor: {
        send: vi.fn(),
        subscribe: (o: (s: { matches(state: 'loggedIn'): boolean }) => void) => observers.push(o),
      },
    },
    navigate: vi.fn(),
    currentPath: () => path,
    setLoggedIn(value: boolean) {
      loggedIn = value;
      for (const o of observers) o({ matches: () => value });
    },
  };
  return h;
}

beforeEach(() => {
  prefs.clear();
  listeners.clear();
  localStorage.clear();
  resetAppInfo();
  vi.clearAllMocks();
});

describe('native app', () => {
  it('restores the tokens from device preferences when localStorage lost them', async () => {
    const token = jwt(600);
    prefs.set('token', token);
    prefs.set('refresh_token', 'r1');
    expect(await restoreTokens()).toBe(true);
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('refresh_token')).toBe('r1');
    expect(localStorage.getItem('user')).toBe('26650000001');
    expect(JSON.parse(localStorage.getItem('role')!)).toEqual(['commxp-user']);
  });

  it('keeps a sign-out: a mirrored null token or a stored one is left alone', async () => {
    prefs.set('token', 'null');
    expect(await restoreTokens()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    localStorage.setItem('token', 'null');
    prefs.set('token', jwt(600));
    expect(await restoreTokens()).toBe(false);
    expect(localStorage.getItem('token')).toBe('null');
  });

  it('on resume: tells the session (to refresh), goes to /login when signed out, and checks the newest version', async () => {
    const h = host('/wallet');
    await onResume(h);
    expect(h.session.actor.send).toHaveBeenCalledWith(expect.objectContaining({ type: 'STORAGE_CHANGED' }));
    // An access token that expired while the app slept is refreshed now.
    expect(h.session.actor.send).toHaveBeenCalledWith(expect.objectContaining({ type: 'RESUME' }));
    expect(h.navigate).toHaveBeenCalledWith('/login');
    expect(checkVersion).toHaveBeenCalledOnce();

    const signedIn = host('/play');
    signedIn.setLoggedIn(true);
    await onResume(signedIn);
    expect(signedIn.navigate).not.toHaveBeenCalled();
    expect(checkVersion).toHaveBeenCalledTimes(2);
  });

  it('starts: mirrors every token write, registers push on sign-in, and handles each resume', async () => {
    const h = host('/login');
    await startNativeApp(h);
    expect(h.navigate).not.toHaveBeenCalled(); // already on /login
    expect(checkVersion).toHaveBeenCalledOnce();

    const token = jwt(600);
    writeSession({
      user: '26650000001',
      role: '["commxp-user"]',
      token,
      refreshToken: 'r2',
      exp: null,
      iat: null,
      refreshExp: null,
    });
    await vi.waitFor(() => expect(prefs.get('token')).toBe(token));
    expect(prefs.get('refresh_token')).toBe('r2');

    h.setLoggedIn(true);
    await vi.waitFor(() => expect(register).toHaveBeenCalledOnce());
    listeners.get('registration')?.({ value: 'fcm-1' });
    expect(postMobilePushToken).toHaveBeenCalledWith('fcm-1');
    h.setLoggedIn(true);
    expect(register).toHaveBeenCalledOnce();

    listeners.get('resume')?.();
    await vi.waitFor(() => expect(checkVersion).toHaveBeenCalledTimes(2));
  });
});
