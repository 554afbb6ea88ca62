// Operator billing: charging a stake to the subscriber's prepaid airtime when the wallet cannot
// cover it. Real operators expose this as a "direct carrier billing" API; the simulator below is
// used in demo mode and tests.

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

export interface OperatorBilling {
  charge(request: ChargeRequest): Promise<ChargeResult>;
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
}

/**
 * In-memory operator billing. Options are public and mutable so a test (or the demo operator) can
 * flip a subscriber to 'insufficient airtime' without rebuilding the app.
 */
export class OperatorBillingSimulator implements OperatorBilling {
  latencyMs: number;
  failureRate: number;
  readonly insufficient: Set<string>;
  private readonly random: () => number;
  /** Charges by reference: the simulator is idempotent per reference, as real billing APIs are. */
  private readonly done = new Map<string, ChargeResult>();
  /** Every successful charge, for assertions in tests. */
  readonly charges: Array<ChargeRequest & { providerRef: string }> = [];

  constructor(options: OperatorBillingSimulatorOptions = {}) {
    this.latencyMs = options.latencyMs ?? 0;
    this.failureRate = options.failureRate ?? 0;
    this.insufficient = new Set(options.insufficientMsisdns ?? []);
    this.random = options.random ?? Math.random;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const previous = this.done.get(request.reference);
    if (previous) return previous;
    // Refusals are not remembered: after a top-up the same reference may be charged.
    if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
      return { status: 'FAILED', reason: 'INVALID_AMOUNT' };
    }
    if (this.insufficient.has(request.msisdn)) return { status: 'INSUFFICIENT_AIRTIME' };
    if (this.random() < this.failureRate) return { status: 'FAILED', reason: 'OPERATOR_UNAVAILABLE' };
    const providerRef = `SIM-${this.charges.length + 1}`;
    this.charges.push({ ...request, providerRef });
    const result: ChargeResult = { status: 'CHARGED', providerRef };
    this.done.set(request.reference, result);
    return result;
  }
}

/** Production without a billing integration: every charge fails, so the route answers 503, never pays. */
export class UnconfiguredOperatorBilling implements OperatorBilling {
  async charge(): Promise<ChargeResult> {
    return { status: 'FAILED', reason: 'OPERATOR_BILLING_NOT_CONFIGURED' };
  }
}

/** The billing provider for this configuration: the simulator in demo mode (and tests). */
export function createOperatorBilling(config: { demo: boolean }): OperatorBilling {
  return config.demo ? new OperatorBillingSimulator({ latencyMs: 300 }) : new UnconfiguredOperatorBilling();
}
