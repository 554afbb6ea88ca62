// What every payment rail adapter answers (M-Pesa OpenAPI, EcoCash, carrier billing, Africa's Talking).
// Adapters decide by the provider's own result code, never by the HTTP status alone, and keep that code
// for the operator. `UNKNOWN` means "we cannot tell" (a timeout, a dropped connection, INS-9): the
// payment stays PENDING for reconciliation, never credited or failed on that alone.
import { plainCents } from '../../machines/rules/money.ts';

/** Why a payment did not go through, as the subscriber is told (DESIGN "Payment and messaging rails"). */
export type FailureReason = 'INSUFFICIENT_FUNDS' | 'DECLINED' | 'NOT_REACHED' | 'PROVIDER_ERROR';

export type RailOutcome =
  | { status: 'CONFIRMED'; providerRef: string; providerCode: string | null }
  | { status: 'CANCELLED'; failureReason: 'DECLINED'; providerCode: string | null }
  | { status: 'FAILED'; failureReason: FailureReason; providerCode: string | null }
  | { status: 'UNKNOWN'; providerCode: string | null };

/** A status query's answer: an outcome, or the provider is still waiting on the subscriber. */
export type RailStatus = RailOutcome | { status: 'PENDING'; providerCode: string | null };

/** One payment as the rails see it. `reference` is ours, stable per payment and reused on every retry. */
export interface RailPayment {
  reference: string;
  /** 266XXXXXXXX */
  msisdn: string;
  amountCents: number;
  description: string;
}

/** A fetch the adapters use (the global one by default; tests may inject). */
export type Fetch = typeof globalThis.fetch;

/** Our reference as a provider field that allows letters and digits only (`DP-7F3K` → `DP7F3K`). */
export const alnum = (reference: string, max: number) => reference.replace(/[^A-Za-z0-9]/g, '').slice(0, max);

/** Cents as the decimal string the rails take ("25.00"). */
export const decimalAmount = (cents: number) => plainCents(cents);

/**
 * Where an emulator keeps what the provider would remember (its payments, sessions): in memory for a
 * separate emulator process or a test, in the database for the demo server, so a payment outlives a
 * kill -9 of our process exactly as it would at the real provider.
 */
export interface RailStore<T> {
  get(key: string): Promise<T | undefined>;
  set(key: string, value: T): Promise<void>;
}

export function memoryStore<T>(): RailStore<T> {
  const saved = new Map<string, T>();
  return {
    async get(key) {
      return saved.get(key);
    },
    async set(key, value) {
      saved.set(key, value);
    },
  };
}

/** Resolves after `ms` (emulator latency). */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
