// Shared set-up for the play and wallet API tests: subscribers with tokens, the demo betslip, requests.
import type { FastifyInstance } from 'fastify';
import { ROLES } from '../../machines/rules/roles.ts';
import { seedPlayDemo } from '../../server/demo/seedPlay.ts';
import { createPasswordHasher } from '../../server/identity/passwords.ts';
import { createUser } from '../../server/identity/users.ts';
import { postMove } from '../../server/wallet/ledger.ts';
import { setSubscription } from '../../server/wallet/subscriptions.ts';
import { signIn, type TestApp } from './helper.ts';

const PASSWORD = 'play1234';

/** Creates a subscriber (optionally subscribed, with an operator credit) and returns a bearer token. */
export async function addSubscriber(
  t: TestApp,
  msisdn: string,
  options: { subscribed?: boolean; walletCents?: number } = {},
): Promise<string> {
  const hasher = createPasswordHasher(t.config.argon2);
  await createUser(t.db.kysely, {
    username: msisdn,
    msisdn,
    passwordHash: await hasher.hash(PASSWORD),
    roles: [ROLES.user],
    createdAt: t.clock.now(),
  });
  if (options.subscribed ?? true) await setSubscription(t.db.kysely, msisdn, true);
  if (options.walletCents) {
    await postMove(t.db.kysely, {
      msisdn,
      amountCents: options.walletCents,
      kind: 'OPERATOR_ADJUSTMENT',
      reason: 'TEST_CREDIT',
      serviceId: 'JACKPOT14',
      idempotencyKey: 'test-credit',
    });
  }
  return tokenFor(t, msisdn);
}

/** A fresh access token (after moving the clock, old tokens may have expired). */
export async function tokenFor(t: TestApp, msisdn: string): Promise<string> {
  return (await signIn(t.app, msisdn, PASSWORD)).access_token;
}

/** Demo betslips, prizes and testimonials as of the test clock. */
export const seedPlay = (t: TestApp) => seedPlayDemo(t.db.kysely, t.clock.now());

/** The carrier-billing emulator behind a demo app (its knobs, and the charges and refunds it made). */
export const billingOf = (app: FastifyInstance) => {
  if (!app.railEmulators) throw new Error('this app runs no rail emulators (not demo mode)');
  return app.railEmulators.billing;
};

export function get(app: FastifyInstance, token: string, route: string) {
  return app.inject({
    method: 'GET',
    url: `/api/protected/${route}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

export interface Dto {
  betSlipPosition: number;
  prediction: number;
}

/** Predictions for every position; `overrides` maps position → prediction (e.g. 13 for a double). */
export function picks(overrides: Record<number, number> = {}, count = 14): Dto[] {
  return Array.from({ length: count }, (_, i) => ({ betSlipPosition: i, prediction: overrides[i] ?? 1 }));
}

export function submit(app: FastifyInstance, token: string, body: object, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/protected/submit-online-betslip',
    headers: {
      authorization: `Bearer ${token}`,
      // Explicit, so a string payload is parsed (and refused) as JSON too.
      'content-type': 'application/json',
      ...(key === undefined ? {} : { 'idempotency-key': key }),
    },
    payload: body,
  });
}

/** A submission body for `sid` with the given picks and cost (M). */
export const body = (sid: string, dtos: Dto[], betSlipCost: number) => ({
  msisdn: '26650000000',
  lang: 'en',
  betSlipSid: sid,
  positionAndPredictionDtos: dtos,
  betSlipCost,
});
