// Shared set-up for the deposit tests: requests, hand-made provider callbacks and waiting for a status.
import type { FastifyInstance } from 'fastify';
import {
  CALLBACK_PATH,
  callbackBody,
  type DepositResult,
  RESULT,
  SIGNATURE_HEADER,
  signCallback,
} from '../../server/providers/depositCallback.ts';
import type { MpesaTransaction } from '../../server/rails/mpesa/emulator.ts';
import { emulatorsOf, simulatorOf } from './walletFixtures.ts';

export const SECRET = 'demo-callback-secret';

export const depositBody = (amount: unknown, mobileWalletSid = 'MPESA') => ({
  lang: 'en',
  amount,
  mobileWalletSid,
});

/** The simulator answers at once and calls back as configured (`deliver` left as the app set it). */
export function resetDeposits(app: FastifyInstance, outcome: 'confirm' | 'cancel' | 'timeout' | 'never') {
  const sim = simulatorOf(app);
  sim.latencyMs = 0;
  sim.hang = false;
  sim.depositOutcome = outcome;
  return sim;
}

/** Sends a callback body as the provider would: signed with `secret` over exactly `raw`. */
export function sendCallback(
  app: FastifyInstance,
  raw: string,
  signature: string | null = signCallback(SECRET, raw),
) {
  return app.inject({
    method: 'POST',
    url: CALLBACK_PATH,
    headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
    payload: raw,
  });
}

export const paid = (providerRequestId: string, amountCents: number): DepositResult => ({
  providerRequestId,
  resultCode: RESULT.PAID,
  resultDesc: 'The service request is processed successfully.',
  amountCents,
  receipt: `R${providerRequestId.slice(-8)}`,
  phoneNumber: '26650000000',
});

export const unpaid = (providerRequestId: string, resultCode: number): DepositResult => ({
  providerRequestId,
  resultCode,
  resultDesc: `result ${resultCode}`,
});

export const raw = (result: DepositResult) => JSON.stringify(callbackBody(result));

export function getDeposit(app: FastifyInstance, token: string, id: string) {
  return app.inject({
    method: 'GET',
    url: `/api/protected/deposits/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Polls GET deposits/:id until its status is not PENDING (or `ms` passes); returns the last view. */
export async function settled(app: FastifyInstance, token: string, id: string, ms = 10_000) {
  const until = Date.now() + ms;
  for (;;) {
    const view = (await getDeposit(app, token, id)).json();
    if (view.status !== 'PENDING' || Date.now() > until) return view;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Waits until M-Pesa has decided `msisdn`'s deposit prompt (the C2B call runs after the 202): the
 * subscriber answered (any status but Pending), or the given status.
 */
export async function promptTaken(app: FastifyInstance, msisdn: string, status?: string, ms = 5_000) {
  const until = Date.now() + ms;
  const taken = (p: MpesaTransaction) =>
    p.kind === 'C2B' &&
    p.msisdn === msisdn &&
    (status === undefined ? p.status !== 'Pending' : p.status === status);
  while (!(await emulatorsOf(app).mpesa.payments()).some(taken)) {
    if (Date.now() > until) throw new Error(`no deposit prompt for ${msisdn}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
