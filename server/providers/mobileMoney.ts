// Mobile-money providers (M-Pesa, EcoCash): paying a cash-out to the subscriber's mobile wallet, asking
// what became of an earlier payment, and buying airtime. Real providers answer asynchronously and
// sometimes not at all, so every request carries our reference and the provider is idempotent per
// reference: asking again never pays twice. The simulator below serves demo mode and tests.
import type { DepositConfig, DepositOutcomeSetting, MobileMoneyConfig } from '../config.ts';
import type { DepositResult } from './depositCallback.ts';
import { type CallbackDelivery, DepositSimulator, type SimulatedDeposit } from './depositSimulator.ts';
import { memoryOutcomes, type OutcomeStore } from './simulatorOutcomes.ts';

export interface PaymentRequest {
  /** Ours, stable per logical payment (a cash-out's reference, an airtime purchase's key). */
  reference: string;
  msisdn: string;
  walletSid: string;
  amountCents: number;
}

export interface AirtimeRequest extends PaymentRequest {
  /** Who gets the airtime (the payer's own msisdn when buying for self). */
  receivingMsisdn: string;
}

export type PaymentOutcome =
  | { status: 'CONFIRMED'; providerRef: string }
  | { status: 'FAILED'; reason: string };

/** What the provider knows of a reference: an outcome, still working on it, or never heard of it. */
export type PaymentStatus = PaymentOutcome | { status: 'PENDING' } | { status: 'UNKNOWN' };

/** A deposit prompt (money in): the subscriber is asked on their phone to pay `amountCents`. */
export type DepositRequest = PaymentRequest;

/** The provider took the prompt (its id for it), or refused it outright. */
export type DepositInitiation =
  | { status: 'ACCEPTED'; providerRequestId: string }
  | { status: 'FAILED'; reason: string };

/** The status query's answer for one of our deposit references. */
export type DepositStatus =
  | { status: 'DONE'; result: DepositResult }
  | { status: 'PENDING'; providerRequestId?: string }
  | { status: 'UNKNOWN' };

export interface MobileMoneyProvider {
  /** Pays out to the subscriber's mobile wallet. May take long or never settle: callers time it out. */
  disburse(request: PaymentRequest): Promise<PaymentOutcome>;
  /** The outcome of an earlier payment (reconciliation). */
  status(reference: string): Promise<PaymentStatus>;
  /** Tops up `receivingMsisdn`'s airtime. */
  buyAirtime(request: AirtimeRequest): Promise<PaymentOutcome>;
  /** Prompts the subscriber to pay a deposit; the result comes by callback. Idempotent per reference. */
  requestDeposit(request: DepositRequest): Promise<DepositInitiation>;
  /** The status query for a deposit by our reference (reconciliation when no callback came). */
  depositStatus(reference: string): Promise<DepositStatus>;
  /** Stops whatever the provider had scheduled (the simulator's callbacks). */
  close?(): void;
}

export interface MobileMoneySimulatorOptions {
  latencyMs?: number;
  failureRate?: number;
  /** Payments are made but the answer never comes (the provider's callback is lost). */
  hang?: boolean;
  random?: () => number;
  /** Where outcomes are remembered (the database in the app, so they outlive a crash). */
  outcomes?: OutcomeStore<PaymentOutcome>;
  depositOutcomes?: OutcomeStore<SimulatedDeposit>;
  depositOutcome?: DepositOutcomeSetting;
  callbackSecret?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A simulated provider. Its options are public and mutable so a test (or a demo operator) can make it
 * slow, failing or silent without rebuilding the app. A payment's outcome is decided when it arrives,
 * so `status()` reports it even when the answer to `disburse()` never came.
 */
export class MobileMoneySimulator implements MobileMoneyProvider {
  latencyMs: number;
  failureRate: number;
  hang: boolean;
  /** What the simulated subscriber does with a deposit prompt. */
  depositOutcome: DepositOutcomeSetting;
  callbackSecret: string;
  /** How the simulator reaches our callback route (set by the app; null: callbacks are dropped). */
  deliver: CallbackDelivery | null = null;
  readonly deposits: DepositSimulator;
  readonly random: () => number;
  private readonly outcomes: OutcomeStore<PaymentOutcome>;
  /** Every payment this process made, in order (tests assert nobody is paid twice). */
  readonly paid: Array<PaymentRequest & { kind: 'DISBURSE' | 'AIRTIME'; providerRef: string }> = [];

  constructor(options: MobileMoneySimulatorOptions = {}) {
    this.latencyMs = options.latencyMs ?? 0;
    this.failureRate = options.failureRate ?? 0;
    this.hang = options.hang ?? false;
    this.random = options.random ?? Math.random;
    this.outcomes = options.outcomes ?? memoryOutcomes();
    this.depositOutcome = options.depositOutcome ?? 'confirm';
    this.callbackSecret = options.callbackSecret ?? 'demo-callback-secret';
    this.deposits = new DepositSimulator(this, options.depositOutcomes ?? memoryOutcomes());
  }

  async #decide(request: PaymentRequest, kind: 'DISBURSE' | 'AIRTIME'): Promise<PaymentOutcome> {
    const known = await this.outcomes.get(request.reference);
    if (known) return known;
    let outcome: PaymentOutcome;
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      outcome = { status: 'FAILED', reason: 'INVALID_AMOUNT' };
    } else if (this.random() < this.failureRate) {
      outcome = { status: 'FAILED', reason: 'PROVIDER_DECLINED' };
    } else {
      outcome = {
        status: 'CONFIRMED',
        providerRef: `${request.walletSid}-SIM-${request.reference.slice(-12)}`,
      };
    }
    const saved = await this.outcomes.putOnce(request.reference, outcome);
    if (saved.status === 'CONFIRMED' && !this.paid.some((p) => p.reference === request.reference)) {
      this.paid.push({ ...request, kind, providerRef: saved.providerRef });
    }
    return saved;
  }

  async #answer(request: PaymentRequest, kind: 'DISBURSE' | 'AIRTIME'): Promise<PaymentOutcome> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const outcome = await this.#decide(request, kind);
    if (this.hang) return new Promise<never>(() => {});
    return outcome;
  }

  disburse(request: PaymentRequest): Promise<PaymentOutcome> {
    return this.#answer(request, 'DISBURSE');
  }

  buyAirtime(request: AirtimeRequest): Promise<PaymentOutcome> {
    return this.#answer(request, 'AIRTIME');
  }

  async status(reference: string): Promise<PaymentStatus> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    return (await this.outcomes.get(reference)) ?? { status: 'UNKNOWN' };
  }

  requestDeposit(request: DepositRequest): Promise<DepositInitiation> {
    return this.deposits.request(request);
  }

  depositStatus(reference: string): Promise<DepositStatus> {
    return this.deposits.status(reference);
  }

  close(): void {
    this.deposits.close();
  }
}

/** Production without a provider integration: nothing is paid, every payment fails (and is reversed). */
export class UnconfiguredMobileMoney implements MobileMoneyProvider {
  async disburse(): Promise<PaymentOutcome> {
    return { status: 'FAILED', reason: 'MOBILE_MONEY_NOT_CONFIGURED' };
  }
  async buyAirtime(): Promise<PaymentOutcome> {
    return { status: 'FAILED', reason: 'MOBILE_MONEY_NOT_CONFIGURED' };
  }
  async status(): Promise<PaymentStatus> {
    return { status: 'UNKNOWN' };
  }
  async requestDeposit(): Promise<DepositInitiation> {
    return { status: 'FAILED', reason: 'MOBILE_MONEY_NOT_CONFIGURED' };
  }
  async depositStatus(): Promise<DepositStatus> {
    return { status: 'UNKNOWN' };
  }
}

export function createMobileMoney(
  config: { demo: boolean; mobileMoney: MobileMoneyConfig; deposits: DepositConfig },
  outcomes?: OutcomeStore<PaymentOutcome>,
  depositOutcomes?: OutcomeStore<SimulatedDeposit>,
): MobileMoneyProvider {
  const { latencyMs, failureRate, hang } = config.mobileMoney;
  const { callbackSecret, simulatedOutcome: depositOutcome } = config.deposits;
  return config.demo
    ? new MobileMoneySimulator({
        latencyMs,
        failureRate,
        hang,
        outcomes,
        depositOutcomes,
        depositOutcome,
        callbackSecret,
      })
    : new UnconfiguredMobileMoney();
}

/** `promise`'s value, or 'TIMEOUT' after `ms` (a rejection counts as a timeout: the outcome is unknown). */
export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'TIMEOUT'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'TIMEOUT'>((resolve) => {
    timer = setTimeout(() => resolve('TIMEOUT'), ms);
  });
  try {
    return await Promise.race([promise.catch(() => 'TIMEOUT' as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
