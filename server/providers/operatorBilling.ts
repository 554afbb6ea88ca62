// Operator billing: charging a stake to the subscriber's prepaid airtime when the wallet cannot
// cover it. Real operators expose this as a "direct carrier billing" API (charge, status by reference,
// refund); the simulator below is used in demo mode and tests.
import { memoryOutcomes, type OutcomeStore } from './simulatorOutcomes.ts';

export interface ChargeRequest {
  msisdn: string;
  amountCents: number;
  /** Stable per logical payment: a retry with the same reference must not charge twice. */
  reference: string;
  serviceId: string;
  description: string;
}

export type ChargeResult =
  | { status: 'CHARGED'; providerRef: string }
  | { status: 'INSUFFICIENT_AIRTIME' }
  | { status: 'FAILED'; reason: string };

/** What the operator knows of a reference: charged (and not refunded), or not charged at all. */
export type ChargeStatus =
  | { status: 'CHARGED'; providerRef: string }
  | { status: 'REFUNDED' }
  | { status: 'NOT_CHARGED' };

export type RefundResult = { status: 'REFUNDED' } | { status: 'FAILED'; reason: string };

export interface OperatorBilling {
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The fate of an earlier charge (reconciliation after a lost answer or a crash). */
  status(reference: string): Promise<ChargeStatus>;
  /** Gives a charge back (its slip could not be written). Idempotent; a reference never charged is a no-op. */
  refund(reference: string): Promise<RefundResult>;
}

export interface OperatorBillingSimulatorOptions {
  /** Delay before answering, in ms (a real billing call over the operator's network is slow). */
  latencyMs?: number;
  /** Probability (0..1) that a charge fails for a technical reason. */
  failureRate?: number;
  /** Subscribers whose airtime balance is too low for any charge. */
  insufficientMsisdns?: Iterable<string>;
  /** Injectable randomness so tests can make failures deterministic. */
  random?: () => number;
  /** Where charges are remembered (the database in the app, so they outlive a crash). */
  outcomes?: OutcomeStore<ChargeStatus>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Simulated operator billing. Options are public and mutable so a test (or the demo operator) can
 * flip a subscriber to 'insufficient airtime' without rebuilding the app.
 */
export class OperatorBillingSimulator implements OperatorBilling {
  latencyMs: number;
  failureRate: number;
  readonly insufficient: Set<string>;
  private readonly random: () => number;
  /** Charges by reference: the simulator is idempotent per reference, as real billing APIs are. */
  private readonly outcomes: OutcomeStore<ChargeStatus>;
  /** Every successful charge this process made, for assertions in tests. */
  readonly charges: Array<ChargeRequest & { providerRef: string }> = [];
  /** Every refund this process made. */
  readonly refunds: string[] = [];

  constructor(options: OperatorBillingSimulatorOptions = {}) {
    this.latencyMs = options.latencyMs ?? 0;
    this.failureRate = options.failureRate ?? 0;
    this.insufficient = new Set(options.insufficientMsisdns ?? []);
    this.random = options.random ?? Math.random;
    this.outcomes = options.outcomes ?? memoryOutcomes();
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    if (await this.outcomes.get(refundKey(request.reference)))
      return { status: 'FAILED', reason: 'REFUNDED' };
    const previous = await this.outcomes.get(request.reference);
    if (previous?.status === 'CHARGED') return previous;
    // Refusals are not remembered: after a top-up the same reference may be charged.
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      return { status: 'FAILED', reason: 'INVALID_AMOUNT' };
    }
    if (this.insufficient.has(request.msisdn)) return { status: 'INSUFFICIENT_AIRTIME' };
    if (this.random() < this.failureRate) return { status: 'FAILED', reason: 'OPERATOR_UNAVAILABLE' };
    const providerRef = `SIM-${request.reference.slice(-12)}`;
    const saved = await this.outcomes.putOnce(request.reference, { status: 'CHARGED', providerRef });
    if (saved.status !== 'CHARGED') return { status: 'FAILED', reason: 'REFUNDED' };
    if (!this.charges.some((c) => c.reference === request.reference))
      this.charges.push({ ...request, providerRef });
    return saved;
  }

  async status(reference: string): Promise<ChargeStatus> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    const charged = await this.outcomes.get(reference);
    if (!charged) return { status: 'NOT_CHARGED' };
    return (await this.outcomes.get(refundKey(reference))) ? { status: 'REFUNDED' } : charged;
  }

  async refund(reference: string): Promise<RefundResult> {
    if (this.latencyMs > 0) await sleep(this.latencyMs);
    // Recorded even for a reference never charged, so that a late charge for it is refused.
    const before = await this.outcomes.get(refundKey(reference));
    await this.outcomes.putOnce(refundKey(reference), { status: 'REFUNDED' });
    if (!before && (await this.outcomes.get(reference))) this.refunds.push(reference);
    return { status: 'REFUNDED' };
  }
}

/** The simulator's history is append-only (insert-once per key): a refund is its own record. */
const refundKey = (reference: string) => `refund:${reference}`;

/** Production without a billing integration: every charge fails, so the route answers 503, never pays. */
export class UnconfiguredOperatorBilling implements OperatorBilling {
  async charge(): Promise<ChargeResult> {
    return { status: 'FAILED', reason: 'OPERATOR_BILLING_NOT_CONFIGURED' };
  }
  async status(): Promise<ChargeStatus> {
    return { status: 'NOT_CHARGED' };
  }
  async refund(): Promise<RefundResult> {
    return { status: 'REFUNDED' };
  }
}

/** The billing provider for this configuration: the simulator in demo mode (and tests). */
export function createOperatorBilling(
  config: { demo: boolean; billingInsufficient?: readonly string[] },
  outcomes?: OutcomeStore<ChargeStatus>,
): OperatorBilling {
  return config.demo
    ? new OperatorBillingSimulator({
        latencyMs: 300,
        outcomes,
        insufficientMsisdns: config.billingInsufficient,
      })
    : new UnconfiguredOperatorBilling();
}
