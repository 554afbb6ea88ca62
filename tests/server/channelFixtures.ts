// Shared set-up for the phone-channel tests: gateway calls (form-encoded, as the gateways send them),
// the current betslip's rules, and the money and slips a subscriber has.
import type { FastifyInstance } from 'fastify';
import { type BetslipParams, priceCents } from '../../machines/rules/betslip.ts';
import { CurrentBetslipCache } from '../../server/play/currentBetslip.ts';
import { availableCents } from '../../server/wallet/ledger.ts';
import type { TestApp } from './helper.ts';

export function ussd(app: FastifyInstance, sessionId: string, phoneNumber: string, text: string, query = '') {
  return app.inject({
    method: 'POST',
    url: `/api/ussd${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      sessionId,
      serviceCode: '*384*14#',
      phoneNumber,
      networkCode: '65101',
      text,
    }).toString(),
  });
}

export function inboundSms(app: FastifyInstance, from: string, text: string, id: string, query = '') {
  return app.inject({
    method: 'POST',
    url: `/api/sms/inbound${query}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      from: `+${from}`,
      to: '14014',
      text,
      id,
      date: '2026-03-02 10:00:00',
    }).toString(),
  });
}

/** The open betslip's sid and rules, as the server sees them. */
export async function openBetslip(
  t: TestApp,
): Promise<{ sid: string; params: BetslipParams; matchCount: number }> {
  const open = await new CurrentBetslipCache(t.db.kysely).open(t.clock.now());
  if (!open) throw new Error('no open betslip');
  return open;
}

export const priceOf = async (t: TestApp, outcomes: string[]) =>
  priceCents((await openBetslip(t)).params, outcomes);

export const balance = (t: TestApp, msisdn: string) => availableCents(t.db.kysely, msisdn);

export async function slipsOf(t: TestApp, msisdn: string) {
  return t.db.kysely
    .selectFrom('submissions')
    .select(['id', 'predictions', 'cost_cents', 'paid_from', 'idempotency_key', 'reference', 'channel'])
    .where('msisdn', '=', msisdn)
    .execute();
}

/** The SMS the dev outbox holds for `msisdn`, newest first. */
export async function outbox(app: FastifyInstance, msisdn: string): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `/dev/sms?msisdn=${msisdn}` });
  return (res.json() as { text: string }[]).map((m) => m.text);
}
