// Web push on the page side: permission, the service worker's PushManager subscription with the server's
// VAPID key, and the POST that stores it. The service worker (sw/) shows what arrives. Loaded on demand:
// nothing here is needed for the first paint.
import { fetchVapidPublicKey, postWebPushSubscription } from '../api/push';

/** Push subscribe calls give the result 'failed!' on error (console only, no message). */
export const PUSH_FAILED = 'failed!';
/** A page without a registered service worker never resolves `ready`; give up after this. */
export const SW_READY_TIMEOUT_MS = 10_000;

export type WebPushSupport = 'unsupported' | 'denied' | 'granted' | 'default';

/** What this browser allows: push needs a service worker, PushManager and the Notification API. */
export function webPushSupport(): WebPushSupport {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator)) return 'unsupported';
  if (!('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** base64url → bytes, as pushManager.subscribe wants the applicationServerKey. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null | undefined, b: Uint8Array) =>
  !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((x, i) => x === b[i]);

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const id = setTimeout(() => reject(new Error(`${what} timed out`)), ms);
    promise.then(
      (v) => {
        clearTimeout(id);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(id);
        reject(e);
      },
    );
  });
}

/**
 * Asks for permission (when not yet given), subscribes with the server's key and stores the subscription.
 * Resolves to the server's `response` ('subscribed') or 'failed!'; never rejects.
 */
export async function subscribeWebPush(lang: string): Promise<string> {
  try {
    if (webPushSupport() === 'unsupported') throw new Error('web push is not supported here');
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') throw new Error(`notification permission ${permission}`);
    const [{ publicKey }, registration] = await Promise.all([
      fetchVapidPublicKey(),
      withTimeout(navigator.serviceWorker.ready, SW_READY_TIMEOUT_MS, 'service worker'),
    ]);
    const key = base64UrlToBytes(publicKey);
    let subscription = await registration.pushManager.getSubscription();
    // A subscription made with another server key (keys rotated) cannot receive our pushes.
    if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: key,
    });
    const { response } = await postWebPushSubscription(subscription.toJSON(), lang);
    return response;
  } catch (error) {
    console.error('web push subscription failed', error);
    return PUSH_FAILED;
  }
}

/** True when this browser already holds a push subscription (the button then says notifications are on). */
export async function hasWebPushSubscription(): Promise<boolean> {
  if (webPushSupport() !== 'granted') return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    return Boolean(await registration?.pushManager.getSubscription());
  } catch {
    return false;
  }
}
