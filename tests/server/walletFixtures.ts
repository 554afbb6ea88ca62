// Shared set-up for the wallet money tests: requests to the money routes, and the demo's rail emulators
// (M-Pesa, EcoCash, Africa's Talking) turned by one set of knobs, as the demo's settings turn them.
import type { FastifyInstance } from 'fastify';
import type { MobileMoneyProvider } from '../../server/providers/mobileMoney.ts';
import type { RailEmulators } from '../../server/rails/build.ts';
import type { RailsMobileMoney } from '../../server/rails/mobileMoney.ts';
import { creditPrize } from '../../server/wallet/ledger.ts';
import type { TestApp } from './helper.ts';

export const emulatorsOf = (app: FastifyInstance): RailEmulators => {
  if (!app.railEmulators) throw new Error('this app runs no rail emulators (not demo mode)');
  return app.railEmulators;
};

/** A payment the emulators made to a subscriber: a B2C cash-out, or airtime (payer from our reference). */
export interface Paid {
  kind: 'DISBURSE' | 'AIRTIME';
  /** As the provider has it: M-Pesa's TransactionReference (ours without separators), AT's key. */
  reference: string;
  msisdn: string;
  receivingMsisdn: string;
  amountCents: number;
}

/**
 * The mobile-money rails of a demo app as one provider to test against: its knobs set every emulator,
 * `paid` lists what the emulators paid out, and its methods are the app's own adapters (a test may wrap
 * them to hold or drop a call, as a slow network would).
 */
export class RailsControl {
  constructor(private readonly app: FastifyInstance) {}
  private get emu() {
    return emulatorsOf(this.app);
  }
  get latencyMs() {
    return this.emu.mpesa.latencyMs;
  }
  set latencyMs(ms: number) {
    this.emu.mpesa.latencyMs = ms;
    this.emu.ecocash.latencyMs = ms;
    this.emu.at.latencyMs = ms;
  }
  get failureRate() {
    return this.emu.mpesa.failureRate;
  }
  set failureRate(rate: number) {
    this.emu.mpesa.failureRate = rate;
    this.emu.at.failureRate = rate;
  }
  get hang() {
    return this.emu.mpesa.hang;
  }
  set hang(on: boolean) {
    this.emu.mpesa.hang = on;
    this.emu.at.hang = on;
  }
  /** What the subscriber does with a deposit prompt (M-Pesa's PIN prompt, EcoCash's approval). */
  set depositOutcome(outcome: 'confirm' | 'cancel' | 'timeout' | 'never') {
    this.emu.mpesa.outcome = outcome;
    this.emu.ecocash.outcome = outcome === 'timeout' ? 'never' : outcome;
  }
  get paid(): Paid[] {
    const b2c = this.emu.mpesa.completed
      .filter((t) => t.kind === 'B2C')
      .map((t) => ({
        kind: 'DISBURSE' as const,
        reference: t.reference,
        msisdn: t.msisdn,
        receivingMsisdn: t.msisdn,
        amountCents: t.amountCents,
      }));
    const airtime = this.emu.at.airtimeSent
      .filter((a) => a.status === 'Sent')
      .map((a) => ({
        kind: 'AIRTIME' as const,
        reference: a.idempotencyKey ?? a.requestId,
        // Our purchase reference is airtime:<payer>:<key>, sent as the Idempotency-Key.
        msisdn: a.idempotencyKey?.split(':')[1] ?? a.phoneNumber.slice(1),
        receivingMsisdn: a.phoneNumber.slice(1),
        amountCents: Math.round(a.amount * 100),
      }));
    return [...b2c, ...airtime];
  }
  /** The app's mobile-money provider (the adapters), as reconciliation is handed it. */
  get provider(): MobileMoneyProvider {
    return this.app.mobileMoney;
  }
  get disburse(): MobileMoneyProvider['disburse'] {
    return this.provider.disburse.bind(this.provider);
  }
  set disburse(fn: MobileMoneyProvider['disburse']) {
    this.provider.disburse = fn;
  }
  get buyAirtime(): MobileMoneyProvider['buyAirtime'] {
    return this.provider.buyAirtime.bind(this.provider);
  }
  set buyAirtime(fn: MobileMoneyProvider['buyAirtime']) {
    this.provider.buyAirtime = fn;
  }
  get depositStatus(): MobileMoneyProvider['depositStatus'] {
    return this.provider.depositStatus.bind(this.provider);
  }
  set depositStatus(fn: MobileMoneyProvider['depositStatus']) {
    this.provider.depositStatus = fn;
  }
  /** Waits for the M-Pesa C2B calls still waiting on a PIN. */
  settled() {
    return (this.app.mobileMoney as RailsMobileMoney).settled();
  }
}

export const simulatorOf = (app: FastifyInstance) => new RailsControl(app);

/** Resets the rails to instant, reliable providers. */
export function resetSimulator(app: FastifyInstance): RailsControl {
  const sim = simulatorOf(app);
  sim.latencyMs = 0;
  sim.failureRate = 0;
  sim.hang = false;
  return sim;
}

/** POST JSON to a protected route, with an Idempotency-Key unless `key` is null. */
export function post(
  app: FastifyInstance,
  token: string,
  route: string,
  payload: unknown,
  key: string | null = crypto.randomUUID(),
) {
  return app.inject({
    method: 'POST',
    url: `/api/protected/${route}`,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    payload: JSON.stringify(payload),
  });
}

/** Winnings (withdrawable) for `msisdn`. */
export const win = (t: TestApp, msisdn: string, amountCents: number, id: string = crypto.randomUUID()) =>
  creditPrize(t.db.kysely, { msisdn, amountCents, submissionId: id });

/** Rows a request may write for `msisdn`: moves, cash-outs and idempotency records. */
export async function rowsOf(t: TestApp, msisdn: string) {
  const db = t.db.kysely;
  const [moves, cashOuts, keys] = await Promise.all([
    db.selectFrom('wallet_moves').selectAll().where('msisdn', '=', msisdn).execute(),
    db.selectFrom('cash_outs').selectAll().where('msisdn', '=', msisdn).execute(),
    db.selectFrom('idempotency_keys').selectAll().where('msisdn', '=', msisdn).execute(),
  ]);
  return { moves: moves.length, cashOuts: cashOuts.length, keys: keys.length };
}
