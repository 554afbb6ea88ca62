// Mobile-money providers (M-Pesa, EcoCash): paying a cash-out to the subscriber's mobile wallet, asking
// what became of an earlier payment, and buying airtime. Real providers answer asynchronously and
// sometimes not at all, so every request carries our reference and the provider is idempotent per
// reference: asking again never pays twice. The simulator below serves demo mode and tests.
import type { MobileMoneyConfig } from '../config.ts';

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

export interface MobileMoneyProvider {
  /** Pays out to the subscriber's mobile wallet. May take long or never settle: callers time it out. */
  disburse(request: PaymentRequest): Promise<PaymentOutcome>;
  /** The outcome of an earlier payment (reconciliation). */
  status(reference: string): Promise<PaymentStatus>;
  /** Tops up `receivingMsisdn`'s airtime. */
  buyAirtime(request: AirtimeRequest): Promise<PaymentOutcome>;
}

export interface MobileMoneySimulatorOptions {
  latencyMs?: number;
  failureRate?: number;
  /** Payments are made but the answer never comes (the provider's callback is lost). */
  hang?: boolean;
  random?: () => number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An in-memory provider. Its options are public and mutable so a test (or a demo operator) can make it
 * slow, failing or silent without rebuilding the app. A payment's outcome is decided when it arrives,
 * so `status()` reports it even when the answer to `disburse()` never came.
 */
export class MobileMoneySimulator implements MobileMoneyProvider {
  latencyMs: number;
  failureRate: number;
  hang: boolean;
  private readonly random: () => number;
  private readonly outcomes = new Map<string, PaymentOutcome>();
  /** Every payment that went through, in order (tests assert nobody is paid twice). */
  readonly paid: Array<PaymentRequest & { kind: 'DISBURSE' | 'AIRTIME'; providerRef: string }> = [];

  constructor(options: MobileMoneySimulatorOptions = {}) {
    this.latencyMs = options.latencyMs ?? 0;
    this.failureRate = options.failureRate ?? 0;
    this.hang = options.hang ?? false;
    this.random = options.random ?? Math.random;
  }

  #decide(request: PaymentRequest, kind: 'DISBURSE' | 'AIRTIME'): PaymentOutcome {
    const known = this.outcomes.get(request.reference);
    if (known) return known;
    let outcome: PaymentOutcome;
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      outcome = { status: 'FAILED', reason: 'INVALID_AMOUNT' };
    } else if (this.random() < this.failureRate) {
      outcome = { status: 'FAILED', reason: 'PROVIDER_DECLINED' };
    } else {
      const providerRef = `${request.walletSid}-SIM-${this.paid.length + 1}`;
      this.paid.push({ ...request, kind, providerRef });
      outcome = { status: 'CONFIRMED', providerRef };
    }
    this.outcomes.set(request.reference, outcome);
    return outcome;
  }

  async #answer(request: PaymentRequest, kind: 'DISBURSE' | 'AIRTIME'): Promise<PaymentOutcome> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const outcome = this.#decide(request, kind);
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
    return this.outcomes.get(reference) ?? { status: 'UNKNOWN' };
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
}

export function createMobileMoney(config: {
  demo: boolean;
  mobileMoney: MobileMoneyConfig;
}): MobileMoneyProvider {
  const { latencyMs, failureRate, hang } = config.mobileMoney;
  return config.demo
    ? new MobileMoneySimulator({ latencyMs, failureRate, hang })
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
