// The Capacitor adapters with the plugins mocked at the module boundary: device preferences, native
// push registration (POST of the token, 'Error on registration:' alert), notification taps, app resume.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const prefs = new Map<string, string>();
const listeners = new Map<string, (arg: unknown) => void>();
const handle = (name: string) => ({ remove: vi.fn(async () => void listeners.delete(name)) });
const push = {
  checkPermissions: vi.fn(async () => ({ receive: 'prompt' as string })),
  requestPermissions: vi.fn(async () => ({ receive: 'granted' as string })),
  register: vi.fn(async () => undefined),
  addListener: vi.fn(async (name: string, fn: (arg: unknown) => void) => {
    listeners.set(name, fn);
    return handle(name);
  }),
};
const app = {
  addListener: vi.fn(async (name: string, fn: (arg: unknown) => void) => {
    listeners.set(`app:${name}`, fn);
    return handle(`app:${name}`);
  }),
};

vi.mock('@capacitor/preferences', () => ({
  Preferences: {
    set: vi.fn(async ({ key, value }: { key: string; value: string }) => void prefs.set(key, value)),
    get: vi.fn(async ({ key }: { key: string }) => ({ value: prefs.get(key) ?? null })),
    remove: vi.fn(async ({ key }: { key: string }) => void prefs.delete(key)),
  },
}));
vi.mock('@capacitor/push-notifications', () => ({ PushNotifications: push }));
vi.mock('@capacitor/app', () => ({ App: app }));

const {
  mirrorTokens,
  notificationPath,
  onAppResume,
  onNotificationTap,
  readMirroredTokens,
  REGISTRATION_ERROR,
  registerNativePush,
} = await import('../../src/platform/capacitor');

beforeEach(() => {
  prefs.clear();
  listeners.clear();
  vi.clearAllMocks();
});

describe('capacitor adapters', () => {
  it('mirrors the token and refresh token into device preferences, and removes them on null', async () => {
    await mirrorTokens('access', 'refresh');
    expect(Object.fromEntries(prefs)).toEqual({ token: 'access', refresh_token: 'refresh' });
    expect(await readMirroredTokens()).toEqual({ token: 'access', refreshToken: 'refresh' });
    await mirrorTokens('null', null);
    expect(Object.fromEntries(prefs)).toEqual({ token: 'null' });
    expect(await readMirroredTokens()).toEqual({ token: 'null', refreshToken: null });
  });

  it('asks for permission, registers, and posts the registration token', async () => {
    const post = vi.fn(async () => ({ response: 'ok' }));
    expect(await registerNativePush(post)).toBe('registering');
    expect(push.requestPermissions).toHaveBeenCalledOnce();
    expect(push.register).toHaveBeenCalledOnce();
    listeners.get('registration')?.({ value: 'fcm-token' });
    expect(post).toHaveBeenCalledWith('fcm-token');
  });

  it("alerts 'Error on registration:' with the error", async () => {
    const alertUser = vi.fn();
    await registerNativePush(vi.fn(), alertUser);
    listeners.get('registrationError')?.({ error: 'SERVICE_NOT_AVAILABLE' });
    expect(alertUser).toHaveBeenCalledWith(`${REGISTRATION_ERROR} "SERVICE_NOT_AVAILABLE"`);
    expect(REGISTRATION_ERROR).toBe('Error on registration:');
  });

  it('does not register when permission is refused, and replaces its listeners when asked again', async () => {
    push.requestPermissions.mockResolvedValueOnce({ receive: 'denied' });
    expect(await registerNativePush(vi.fn())).toBe('denied');
    expect(push.register).not.toHaveBeenCalled();
    const post = vi.fn(async () => undefined);
    push.checkPermissions.mockResolvedValueOnce({ receive: 'granted' });
    await registerNativePush(post);
    expect(push.requestPermissions).toHaveBeenCalledOnce();
    listeners.get('registration')?.({ value: 't2' });
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('opens the in-app path a tapped notification names, nothing else', async () => {
    const open = vi.fn();
    await onNotificationTap(open);
    const tap = listeners.get('pushNotificationActionPerformed')!;
    tap({ notification: { data: { url: '/results' } } });
    tap({ notification: { data: { url: 'https://evil.example/' } } });
    tap({ notification: { data: {} } });
    expect(open.mock.calls).toEqual([['/results']]);
    expect(notificationPath({ url: '//evil.example' })).toBeNull();
  });

  it('calls back on app resume until unsubscribed', async () => {
    const resumed = vi.fn();
    const off = await onAppResume(resumed);
    listeners.get('app:resume')?.(undefined);
    expect(resumed).toHaveBeenCalledOnce();
    await off();
    expect(listeners.has('app:resume')).toBe(false);
  });
});
