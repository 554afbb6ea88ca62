// Demo-mode developer routes. Registered only when config.demo is on, so production has no /dev at all.
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import {
  DevRound,
  DevSmsBody,
  DevSmsQuery,
  EndSoonBody,
  RoundQuery,
  SmsList,
} from '../../machines/wire/dev.ts';
import type { Database } from '../db/index.ts';
import { normaliseMsisdn } from '../identity/msisdn.ts';
import { promoteScheduled } from '../play/betslips.ts';
import { PHONE_HTML, PHONE_JS } from './phonePage.ts';

export interface DevOptions {
  db: Kysely<Database>;
  /** The gateways' token, so the simulator's inbound SMS passes as the gateway's would. */
  gatewayToken?: string;
}

const OUTBOX_LIMIT = 50;

export const devRoutes: FastifyPluginAsyncTypebox<DevOptions> = async (app, { db, gatewayToken }) => {
  /** The phone simulator: USSD and SMS from a browser (phonePage.ts). */
  app.get('/ussd', async (_request, reply) => reply.type('text/html; charset=utf-8').send(PHONE_HTML));
  app.get('/ussd.js', async (_request, reply) => reply.type('text/javascript; charset=utf-8').send(PHONE_JS));

  /**
   * An inbound SMS from `from`, as the SMS gateway would deliver it (POST /api/sms/inbound with a fresh
   * message id); the reply lands in the outbox above.
   */
  app.post(
    '/sms',
    {
      schema: {
        body: DevSmsBody,
      },
    },
    async (request, reply) => {
      const query = gatewayToken ? `?token=${encodeURIComponent(gatewayToken)}` : '';
      const res = await app.inject({
        method: 'POST',
        url: `/api/sms/inbound${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          from: request.body.from,
          to: 'dev',
          text: request.body.text,
          id: `dev-${randomUUID()}`,
          date: app.now().toISOString(),
        }).toString(),
      });
      return reply.code(res.statusCode).type('text/plain; charset=utf-8').send(res.body);
    },
  );

  /** The dev SMS outbox, newest first; ?msisdn= in any spelling narrows it to one number. */
  app.get(
    '/sms',
    {
      schema: {
        querystring: DevSmsQuery,
        response: { 200: SmsList },
      },
    },
    async (request) => {
      const raw = request.query.msisdn;
      const msisdn = raw ? (normaliseMsisdn(raw) ?? raw) : undefined;
      let query = db
        .selectFrom('sms_outbox')
        .select(['msisdn', 'text', 'otp', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(OUTBOX_LIMIT);
      if (msisdn) query = query.where('msisdn', '=', msisdn);
      const rows = await query.execute();
      return rows.map((r) => ({
        msisdn: r.msisdn,
        text: r.text,
        otp: r.otp,
        createdAt: r.created_at.toISOString(),
      }));
    },
  );

  /**
   * Ends the current betslip now (demo only): shows what a slip saved offline meets when its betslip
   * closed before the network came back. The demo roll-forward then opens the next one.
   */
  app.post(
    '/close-current-betslip',
    {
      schema: {
        querystring: RoundQuery,
        response: { 200: DevRound },
      },
    },
    async (request) => {
      const ended = new Date(app.now().getTime() - 1000);
      const row = await db
        .updateTable('betslips')
        .set({ end_at: ended })
        .where('status', '=', 'CURRENT')
        .returning('sid')
        .executeTakeFirst();
      // ?played=1: its matches have been played too (kick-offs moved to the close), so results can be
      // entered at once instead of hours later.
      if (row && request.query.played === '1')
        await db
          .updateTable('matches')
          .set({ start_at: ended })
          .where('betslip_sid', '=', row.sid)
          .where('start_at', '>', ended)
          .execute();
      // A round scheduled behind it goes live now rather than at the next minute's job.
      await promoteScheduled(db, app.now());
      app.events.emit('betslip.changed', { sid: row?.sid ?? null });
      return { sid: row?.sid ?? null };
    },
  );

  /**
   * Moves the current betslip's end to `minutes` from now (demo only): shows what a subscriber sees as
   * a round nears its close, e.g. the offer to send a slip stuck in the offline queue by SMS.
   */
  app.post(
    '/current-betslip-ends-in',
    {
      schema: {
        body: EndSoonBody,
        response: { 200: DevRound },
      },
    },
    async (request) => {
      const row = await db
        .updateTable('betslips')
        .set({ end_at: new Date(app.now().getTime() + request.body.minutes * 60_000) })
        .where('status', '=', 'CURRENT')
        .returning('sid')
        .executeTakeFirst();
      app.events.emit('betslip.changed', { sid: row?.sid ?? null });
      return { sid: row?.sid ?? null };
    },
  );
};
