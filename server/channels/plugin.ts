// The phone channels' gateway callbacks: POST /api/ussd (Africa's Talking USSD) and POST
// /api/sms/inbound (two-way SMS). Both are form-encoded (JSON is taken too) and both carry the gateway's
// shared secret as ?token= when USSD_GATEWAY_TOKEN is set; production without it registers neither.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { SmsBody, TokenQuery, UssdBody } from '../../machines/wire/channels.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/index.ts';
import { ApiError } from '../errors.ts';
import { CurrentBetslipCache } from '../play/currentBetslip.ts';
import { responsiblePlayGuard } from '../play/limits.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { answerSms, type SmsDeps } from './sms.ts';
import type { ChannelDeps } from './submitChannel.ts';
import { answerUssd, type UssdDeps } from './ussd.ts';

export interface ChannelOptions {
  config: Config;
  db: Db;
  now: () => Date;
  sms: SmsProvider;
}

const FORM_BODY_LIMIT = 8 * 1024;

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the request carries the gateway's token (compared in constant time). */
const tokenMatches = (expected: string, given: unknown): boolean =>
  typeof given === 'string' && timingSafeEqual(digest(expected), digest(given));

const channelsPlugin: FastifyPluginAsync<ChannelOptions> = async (app, options) => {
  const { config } = options;
  if (config.production && !config.gatewayToken) {
    app.log.warn({}, 'no USSD_GATEWAY_TOKEN: the USSD and SMS callbacks are not served');
    return;
  }
  await app.register(channelRoutes, { ...options, prefix: '/api' });
};

const channelRoutes: FastifyPluginAsyncTypebox<ChannelOptions> = async (app, options) => {
  const { config, db, now } = options;
  // Only this scope reads form bodies (the gateways' format), with node's own URLSearchParams.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // A forged callback (no or wrong token) is refused before anything is read or written.
  app.addHook('onRequest', async (request, _reply) => {
    const token = config.gatewayToken;
    if (token && !tokenMatches(token, (request.query as { token?: unknown }).token)) {
      throw new ApiError(403, 'GATEWAY.FORBIDDEN');
    }
  });

  const current = new CurrentBetslipCache(db.kysely);
  const forget = () => current.invalidate();
  app.events.on('betslip.changed', forget);
  app.addHook('onClose', async () => {
    app.events.off('betslip.changed', forget);
  });
  const channel: ChannelDeps = {
    db: db.kysely,
    billing: app.operatorBilling,
    now,
    guards: [responsiblePlayGuard],
    billingTimeoutMs: config.mobileMoney.timeoutMs,
    receiptKey: app.receiptKey,
    current,
    accepted: (event) => app.events.emit('submission.accepted', event),
  };
  const site = config.publicUrl ?? `http://localhost:${config.port}`;
  const links = {
    registerUrl: `${site}/register`,
    termsUrl: `${site}/tnc`,
    offer: app.siteContent.site.subscription,
  };
  const ussd: UssdDeps = { ...channel, ...links, log: app.log };
  const sms: SmsDeps = { ...channel, ...links, log: app.log, sms: options.sms };

  app.post('/ussd', { schema: { body: UssdBody, querystring: TokenQuery } }, async (request, reply) => {
    const { sessionId, phoneNumber, text = '' } = request.body;
    let answer: string;
    try {
      answer = await answerUssd(ussd, { sessionId, phoneNumber, text });
    } catch (error) {
      // The subscriber sees a short message, never a gateway error; nothing was charged (a payment
      // that failed rolled back, and its key was released for the next attempt).
      request.log.error({ err: error }, 'USSD request failed');
      answer = 'END Ho na le bothata. Leka hape hamorao. / Something went wrong. Please try again later.';
    }
    return reply.type('text/plain; charset=utf-8').send(answer);
  });

  app.post('/sms/inbound', { schema: { body: SmsBody, querystring: TokenQuery } }, async (request, reply) => {
    const { from, text, id } = request.body;
    try {
      await answerSms(sms, { from, text, id });
    } catch (error) {
      // Nothing was kept for this id: the gateway's retry works it again.
      request.log.error({ err: error }, 'inbound SMS failed');
      throw new ApiError(503, 'ERRORS.UNAVAILABLE');
    }
    return reply.type('text/plain; charset=utf-8').send('OK');
  });
};

/** Pays with play-and-wallet's billing and receipt key; follows the app's `events` and `siteContent`. */
export const channels = fp(channelsPlugin, {
  name: 'channels',
  fastify: '5.x',
  dependencies: ['play-and-wallet'],
  decorators: { fastify: ['events', 'siteContent'] },
});
