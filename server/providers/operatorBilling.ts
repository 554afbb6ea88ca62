// Operator billing: charging a stake to the subscriber's prepaid airtime when the wallet cannot
// cover it. The carrier's GSMA OneAPI Payment gateway does it (server/rails/billing/: charge, status by
// reference, refund; its emulator in demo mode and tests).

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

/** No carrier billing configured: every charge fails, so a short wallet is refused; nothing is ever charged. */
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
