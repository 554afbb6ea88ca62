// Wire: push subscriptions and the app's version (CONTRACTS.md "PWA, push and version API"): the
// subscriber's browser subscription or native token under /api/protected, and the website client's
// VAPID key, newest version and client type under /api/web-registration.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './fields';
import { Text } from './text';

/** PushSubscription.toJSON() as browsers send it; `lang` (our addition) picks the notification language. */
export const WebSubscription = Type.Object({
  endpoint: Text({ minLength: 1, maxLength: 2048 }),
  expirationTime: Type.Optional(Nullable(Type.Number())),
  keys: Type.Object({
    p256dh: Text({ minLength: 1, maxLength: 256 }),
    auth: Text({ minLength: 1, maxLength: 128 }),
  }),
  lang: Type.Optional(Text({ maxLength: 16 })),
});
export const MobileTokenBody = Type.Object({ registrationToken: Text({ minLength: 1, maxLength: 4096 }) });
/** Both push registrations answer `{ response: 'OK' }`-style text. */
export const PushSaved = Type.Object({ response: Type.String() });
export type PushSaved = Static<typeof PushSaved>;

export const VapidKey = Type.Object({ publicKey: Type.String() });
export type VapidKey = Static<typeof VapidKey>;

/** GET check-version: the newest version, and whether the running one must update. */
export const NewestVersion = Type.Object({
  version: Type.String(),
  isCritical: Type.Boolean(),
  displayMessage: Type.String(),
  link: Type.String(),
});
export type NewestVersion = Static<typeof NewestVersion>;

/** GET client-type: whether the browser is Android, and where the native app is. */
export const ClientType = Type.Object({ android: Type.Boolean(), mobileAppUrl: Nullable(Type.String()) });
export type ClientType = Static<typeof ClientType>;
