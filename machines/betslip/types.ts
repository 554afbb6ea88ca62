// Shapes of the betslip machine: the wire betslip (docs/CONTRACTS.md "Play API"), the machine's
// context, events, input and the dependencies a host injects (clock, randomness, keys, storage).
import type { BetslipParams, Outcome, PredictionDto } from '../rules/betslip';

/** A match as fetch-current-betslip sends it (field names as the original API spells them). */
export interface Match {
  betslipPosotion: number;
  tournament: string;
  startDate: string;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo: string;
  awayTeamLogo: string;
}

export interface Betslip {
  sid: string;
  /** 'yyyy-mm-dd hh:mm', Africa/Maseru local time. */
  endDate: string;
  /** ISO 8601 UTC; our addition, preferred over endDate when present. */
  endsAt?: string;
  matches: Match[];
  betslipParams: BetslipParams;
}

/** What the submit actor sends (the host adds msisdn and lang, which the machine does not know). */
export interface SubmitInput {
  betSlipSid: string;
  positionAndPredictionDtos: PredictionDto[];
  betSlipCost: number;
  idempotencyKey: string;
}

export interface SubmitResult {
  message: string;
  messageKey?: string;
}

/** Picks kept across reloads, per betslip sid, until submitted. */
export interface PicksStorage {
  load(sid: string): unknown;
  save(sid: string, outcomes: Outcome[]): void;
  remove(sid: string): void;
}

/** Everything impure the machine reads, injected so tests control it. */
export interface BetslipDeps {
  /** Server time in ms (Date.now() plus the server-clock offset). */
  now: () => number;
  /** A number in [0, 1) for quick pick. */
  random: () => number;
  /** A fresh idempotency key (crypto.randomUUID). */
  newKey: () => string;
  storage: PicksStorage;
}

export type Popover =
  | { kind: 'incomplete' }
  | { kind: 'submitted'; message: string; messageKey: string | null }
  | null;

export interface BetslipContext {
  deps: BetslipDeps;
  betslip: Betslip | null;
  /** End of the betslip in server-time ms. */
  endsAtMs: number;
  /** Last tick's server time in ms. */
  now: number;
  outcomes: Outcome[];
  popover: Popover;
  /** Message key of the last refused or failed submission, shown until the next action. */
  error: string | null;
  /** The key of the attempt in flight or to retry, and the picks it was made for. */
  attempt: { key: string; fingerprint: string } | null;
  /** Whether the toast panel is expanded. */
  panelOpen: boolean;
}

export type BetslipEvent =
  | { type: 'TICK'; now: number }
  | { type: 'TAP'; index: number; digit: '1' | '2' | '3' }
  | { type: 'QUICK_PICK' }
  | { type: 'CLEAR' }
  | { type: 'SUBMIT' }
  | { type: 'RETRY' }
  | { type: 'TOGGLE_PANEL' }
  | { type: 'POPOVER.CLOSE' };

export type BetslipInput = Partial<BetslipDeps>;
