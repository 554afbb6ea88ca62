// Adapters over the Capacitor plugins (DESIGN.md "mobile wrapper"): device preferences, native push
// registration, app resume and notification taps. Each plugin is imported on first use, so the web build
// never downloads them; the web fall-backs (web storage, web push, no resume) live elsewhere and these
// functions are only called inside the native shell.

/** A native push registration error is shown as an alert starting with these words. */
export const REGISTRATION_ERROR = 'Error on registration:';

/** Device-preferences keys, the same names as the session keys in src/storage/session.ts. */
export const PREF_KEYS = { token: 'token', refreshToken: 'refresh_token' } as const;

export interface MirroredTokens {
  token: string | null;
  refreshToken: string | null;
}

async function prefs() {
  return (await import('@capacitor/preferences')).Preferences;
}

async function put(key: string, value: string | null): Promise<void> {
  const Preferences = await prefs();
  if (value === null) await Preferences.remove({ key });
  else await Preferences.set({ key, value });
}

/** Copies the token and refresh token into device preferences (null removes the entry). */
export async function mirrorTokens(token: string | null, refreshToken: string | null): Promise<void> {
  await put(PREF_KEYS.token, token);
  await put(PREF_KEYS.refreshToken, refreshToken);
}

/** The token and refresh token kept in device preferences. */
export async function readMirroredTokens(): Promise<MirroredTokens> {
  const Preferences = await prefs();
  const [token, refreshToken] = await Promise.all([
    Preferences.get({ key: PREF_KEYS.token }),
    Preferences.get({ key: PREF_KEYS.refreshToken }),
  ]);
  return { token: token.value, refreshToken: refreshToken.value };
}

const registrationListeners: { remove(): Promise<void> }[] = [];

/**
 * Native push: asks for permission and, when granted, registers; the registration token is sent with
 * `post`. A registration error is alerted as 'Error on registration:' and the error. Resolves once asked.
 */
export async function registerNativePush(
  post: (registrationToken: string) => Promise<unknown>,
  alertUser: (message: string) => void = (m) => window.alert(m),
): Promise<'registering' | 'denied'> {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  // Registering again (another sign-in) replaces the listeners instead of doubling every POST.
  await Promise.all(registrationListeners.splice(0).map((h) => h.remove()));
  registrationListeners.push(
    await PushNotifications.addListener('registration', (token) => {
      post(token.value).catch((error: unknown) => console.error('mobile push subscription failed', error));
    }),
    await PushNotifications.addListener('registrationError', (error) => {
      alertUser(`${REGISTRATION_ERROR} ${JSON.stringify(error.error)}`);
    }),
  );
  let { receive } = await PushNotifications.checkPermissions();
  if (receive === 'prompt' || receive === 'prompt-with-rationale') {
    ({ receive } = await PushNotifications.requestPermissions());
  }
  if (receive !== 'granted') return 'denied';
  await PushNotifications.register();
  return 'registering';
}

/** In-app path a tapped notification asks for (payload `url`), or null when it names none we know. */
export function notificationPath(data: unknown): string | null {
  const url = (data as { url?: unknown } | null)?.url;
  return typeof url === 'string' && /^\/[a-z]+$/.test(url) ? url : null;
}

/** Calls `open` with the in-app path of each tapped notification. */
export async function onNotificationTap(open: (path: string) => void): Promise<void> {
  const { PushNotifications } = await import('@capacitor/push-notifications');
  await PushNotifications.addListener('pushNotificationActionPerformed', (action) => {
    const path = notificationPath(action.notification.data);
    if (path) open(path);
  });
}

/** Calls `handler` each time the app comes back to the foreground; resolves to the unsubscribe. */
export async function onAppResume(handler: () => void): Promise<() => Promise<void>> {
  const { App } = await import('@capacitor/app');
  const handle = await App.addListener('resume', handler);
  return () => handle.remove();
}
