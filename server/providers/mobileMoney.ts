// What the wallet asks of mobile money (M-Pesa, EcoCash) and airtime: paying a cash-out, asking what
// became of an earlier payment, buying airtime, prompting a deposit. The rails behind it (server/rails/)
// speak each provider's own protocol; real providers answer late, twice or never, so every request
// carries our reference and every retry reuses it: asking again never pays twice.
import type { FailureReason } from '../rails/types.ts';
import type { DepositResult } from './depositCallback.ts';

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
  | { status: 'FAILED'; reason: string; failureReason?: FailureReason; providerCode?: string | null };

/** What the provider knows of a reference: an outcome, still working on it, or never heard of it. */
export type PaymentStatus = PaymentOutcome | { status: 'PENDING' } | { status: 'UNKNOWN' };

/** A payment as reconciliation knows it: enough to ask the right rail about it. */
export interface PaymentRef {
  reference: string;
  msisdn: string;
  walletSid: string;
  amountCents: number;
  createdAt: Date;
}

/** A deposit prompt (money in): the subscriber is asked on their phone to pay `amountCents`. */
export type DepositRequest = PaymentRequest;

/** The provider took the prompt (its id for it), or refused it outright. */
export type DepositInitiation =
  | { status: 'ACCEPTED'; providerRequestId: string }
  | { status: 'FAILED'; reason: string; failureReason?: FailureReason; providerCode?: string | null };

/** The status query's answer for one of our deposit references. */
export type DepositStatus =
  | { status: 'DONE'; result: DepositResult }
  | { status: 'PENDING'; providerRequestId?: string }
  | { status: 'UNKNOWN' };

/** Where a deposit's result goes when the rail answers in the call (M-Pesa C2B) or by notification. */
export type DepositResultSink = (reference: string, result: DepositResult) => Promise<void>;

/** What a mobile wallet can do on this server's rails. */
export interface WalletOffer {
  deposits: boolean;
  payouts: boolean;
}

export interface MobileMoneyProvider {
  /** Which of deposits and cash-outs the wallet `walletSid` is offered for (its rail configured). */
  offers(walletSid: string): WalletOffer;
  /** Pays out to the subscriber's mobile wallet. Rejects when the outcome is unknown (reconciled later). */
  disburse(request: PaymentRequest): Promise<PaymentOutcome>;
  /** The outcome of an earlier cash-out (reconciliation). */
  status(payment: PaymentRef): Promise<PaymentStatus>;
  /** Tops up `receivingMsisdn`'s airtime. Rejects when the outcome is unknown. */
  buyAirtime(request: AirtimeRequest): Promise<PaymentOutcome>;
  /** The outcome of an earlier airtime purchase (reconciliation). */
  airtimeStatus(payment: PaymentRef): Promise<PaymentStatus>;
  /** Prompts the subscriber to pay a deposit; the result comes to `onDepositResult`. Idempotent per reference. */
  requestDeposit(request: DepositRequest): Promise<DepositInitiation>;
  /** The status query for a deposit (reconciliation when no result came). */
  depositStatus(deposit: PaymentRef): Promise<DepositStatus>;
  /** Set by the app: settles a deposit the rail answered for. */
  onDepositResult: DepositResultSink | null;
  /** Gives up waiting on calls in flight (their payments stay pending for reconciliation). */
  close?(): void;
}
