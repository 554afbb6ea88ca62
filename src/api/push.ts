// Push subscription calls (docs/CONTRACTS.md "PWA, push and version API").
import type { PushSaved, VapidKey } from '../../machines/wire/push';
import { apiGet, apiPost } from './http';

/** The server's VAPID public key (base64url), for pushManager.subscribe. Website client credential. */
export const fetchVapidPublicKey = () =>
  apiGet<VapidKey>('/web-registration/vapid-public-key', { auth: 'website' });

/** Stores the browser's PushSubscription (its toJSON()) for the signed-in subscriber. */
export const postWebPushSubscription = (subscription: PushSubscriptionJSON, lang: string) =>
  apiPost<PushSaved>('/protected/wep-push-notification-subscription', { ...subscription, lang });

/** Stores the native app's push registration token for the signed-in subscriber. */
export const postMobilePushToken = (registrationToken: string) =>
  apiPost<PushSaved>('/protected/mobile-push-notification-subscription', { registrationToken });
