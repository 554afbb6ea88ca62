// Calls the website client makes without a signed-in user (CONTRACTS.md "PWA, push and version API"),
// under /api/web-registration with the website client's HTTP Basic credential: the VAPID public key, the
// newest app version and the client type (Android or not, and where the native app is).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClientType, NewestVersion, VapidKey } from '../../machines/wire/push.ts';
import type { Config } from '../config.ts';
import { ErrorResponse } from '../errors.ts';
import { requireWebsiteClient } from '../identity/registrationRoutes.ts';

export interface WebsiteRoutesOptions {
  websiteSecret: string;
  vapidPublicKey: string;
  newestVersion: Config['newestVersion'];
  mobileAppUrl: string | null;
}

const errors = { '4xx': ErrorResponse, '5xx': ErrorResponse };

/** Android phones say so in their User-Agent ("Linux; Android 13; ..."). */
export const isAndroid = (userAgent: string | undefined): boolean => /\bAndroid\b/i.test(userAgent ?? '');

export const websiteRoutes: FastifyPluginAsyncTypebox<WebsiteRoutesOptions> = async (app, o) => {
  app.addHook('onRequest', requireWebsiteClient(o.websiteSecret));

  app.get('/vapid-public-key', { schema: { response: { 200: VapidKey, ...errors } } }, async () => ({
    publicKey: o.vapidPublicKey,
  }));

  app.get(
    '/check-version',
    {
      schema: {
        response: {
          200: NewestVersion,
          ...errors,
        },
      },
    },
    async () => ({ ...o.newestVersion }),
  );

  app.get(
    '/client-type',
    {
      schema: {
        response: {
          200: ClientType,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      // The answer depends on the User-Agent: a shared cache must not hand an Android answer to an iPhone.
      reply.header('vary', 'User-Agent');
      return { android: isAndroid(request.headers['user-agent']), mobileAppUrl: o.mobileAppUrl };
    },
  );
};
