// Shapes of the betslip machine: the wire betslip (docs/CONTRACTS.md "Play API"), the machine's
// context (plain data only, so a snapshot can be persisted and stepped with `transition()`), events and input.
import type { Outcome, PredictionDto, Replacement } from '../rules/betslip';
import type { SystemShape } from '../rules/systemShape';
import type { CurrentBetslip } from '../wire/play';

/** A match as fetch-current-betslip sends it (field names as the original API spells them). */
export type Match = CurrentBetslip['matches'][number];

/**
 * The wire betslip, with `endsAt` (ISO UTC, our addition, preferred over endDate) optional: an answer
 * cached by an older build may lack it, and endDate ('yyyy-mm-dd hh:mm', Maseru) is read instead. So may
 * `settlementRule` (absent: a betslip cached before rows counted, 'SLIP').
 */
export type Betslip = Omit<CurrentBetslip, 'endsAt' | 'settlementRule'> &
  Partial<Pick<CurrentBetslip, 'endsAt' | 'settlementRule'>>;

/** What the submit actor sends (the host adds msisdn and lang, which the machine does not know). */
export interface SubmitInput {
  betSlipSid: string;
  positionAndPredictionDtos: PredictionDto[];
  betSlipCost: number;
  /** The reduced system chosen (machines/rules/reducedSystems.ts); absent for a full slip. */
  systemId?: string;
  idempotencyKey: string;
}

export interface SubmitResult {
  message: string;
  messageKey?: string;
}

/** Picks kept across reloads, per betslip sid, until submitted: the host's store behind loadPicks/savePicks. */
export interface PicksStorage {
  load(sid: string): unknown;
  save(sid: string, outcomes: Outcome[]): void;
  remove(sid: string): void;
}

export type Popover =
  | { kind: 'incomplete' }
  | { kind: 'submitted'; message: string; messageKey: string | null }
  /** A tap swapped a pick out because a limit was reached. */
  | ({ kind: 'replaced' } & Replacement)
  | null;

/** The round the player was on closed while they were on the screen and another one is now shown. */
export interface RoundChange {
  closedSid: string;
  openedSid: string;
  /** The closed round had unsent picks, which were cleared (picks belong to their round). */
  picksCleared: boolean;
}

export interface BetslipContext {
  betslip: Betslip | null;
  /** End of the betslip in server-time ms. */
  endsAtMs: number;
  /** Last tick's server time in ms. */
  now: number;
  outcomes: Outcome[];
  /** The reduced system chosen for these picks (null: the full system), as plain data (its table stays
   * with the picker). Only ever one the picks fit; cleared as soon as they stop fitting it, and after
   * the slip is sent. */
  system: SystemShape | null;
  popover: Popover;
  /** Message key of the last refused or failed submission, shown until the next action. */
  error: string | null;
  /** The key of the attempt in flight or to retry, and the picks it was made for. */
  attempt: { key: string; fingerprint: string } | null;
  /** Counts "incomplete" submissions: above 0, unpicked matches are marked (and the screen scrolls to the
   * first one each time it grows). Back to 0 when the slip is cleared, sent or replaced. */
  missingMarked: number;
  /** The picks of the last accepted (or queued) slip and its answer's key, for the offer to play them
   * again each round; cleared when dismissed or when another round is shown. */
  lastSent: { sid: string; dtos: PredictionDto[]; messageKey: string | null } | null;
  /** Shown until dismissed: the round closed and this other one is open. */
  roundChange: RoundChange | null;
  /** Whether the toast panel is expanded. */
  panelOpen: boolean;
  /** State of the quick-pick random sequence: the same seed gives the same picks. */
  seed: number;
}

export type BetslipEvent =
  | { type: 'TICK'; now: number }
  | { type: 'TAP'; index: number; digit: '1' | '2' | '3' }
  | { type: 'QUICK_PICK' }
  | { type: 'CLEAR' }
  /** Choose a reduced system for the marked picks, or null for the full system. */
  | { type: 'CHOOSE_SYSTEM'; system: SystemShape | null }
  | { type: 'SUBMIT' }
  /** The player confirmed paying a slip above the default price. */
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DISMISS_ROUND_CHANGE' }
  | { type: 'DISMISS_LAST_SENT' }
  | { type: 'RETRY' }
  | { type: 'TOGGLE_PANEL' }
  | { type: 'POPOVER.CLOSE' };

export interface BetslipInput {
  /** Starts the quick-pick random sequence; the host passes a fresh random one per mount. */
  seed: number;
}
