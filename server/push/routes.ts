// Push subscription calls (CONTRACTS.md "PWA, push and version API"), under /api/protected: the signed-in
// subscriber's browser subscription or native registration token. The subscriber comes from the token.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { MobileTokenBody, PushSaved, WebSubscription } from '../../machines/wire/push.ts';
import type { Database } from '../db/index.ts';
import { ApiError, ErrorResponse } from '../errors.ts';
import { isAcceptableEndpoint } from './sender.ts';
import { saveMobileToken, saveWebSubscription } from './subscriptions.ts';

export interface PushRoutesOptions {
  db: Kysely<Database>;
  now: () => Date;
  production: boolean;
}

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const bytes = (value: string) => (B64URL.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0));

/** An uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte auth secret, as RFC 8291 has them. */
function keysValid(keys: { p256dh: string; auth: string }): boolean {
  const point = bytes(keys.p256dh);
  return point.length === 65 && point[0] === 4 && bytes(keys.auth).length === 16;
}

export const pushRoutes: FastifyPluginAsyncTypebox<PushRoutesOptions> = async (app, o) => {
  app.post(
    '/wep-push-notification-subscription',
    {
      schema: {
        body: WebSubscription,
        response: { 200: PushSaved, ...errors },
      },
    },
    async (request) => {
      const { endpoint, keys, lang } = request.body;
      if (!isAcceptableEndpoint(endpoint, o.production) || !keysValid(keys)) {
        throw new ApiError(400, 'PUSH.INVALID');
      }
      await saveWebSubscription(
        o.db,
        { endpoint, keys, msisdn: request.user.msisdn, lang: lang === 'en' ? 'en' : 'st' },
        o.now(),
      );
      return { response: 'subscribed' };
    },
  );

  app.post(
    '/mobile-push-notification-subscription',
    {
      schema: {
        body: MobileTokenBody,
        response: { 200: PushSaved, ...errors },
      },
    },
    async (request) => {
      await saveMobileToken(o.db, request.body.registrationToken, request.user.msisdn, o.now());
      return { response: 'ok' };
    },
  );
};
