// Pure helpers of the betslip machine: the end time, the countdown units, restoring stored picks,
// the submission body, and how to read a failed request.
import {
  type BetslipParams,
  centsToM,
  emptyOutcomes,
  isValidOutcome,
  type Outcome,
  outcomeToPrediction,
  priceCents,
  withinLimits,
} from '../rules/betslip';
import { parseWireDate } from '../rules/maseruTime';
import { messageKeyOf } from '../rules/messageKey';
import { fitsShape, type SystemShape, shapePriceCents } from '../rules/systemShape';
import type { Betslip, SubmitInput } from './types';

/** The betslip's end in ms: endsAt (UTC) when sent, else endDate read as Maseru local time. */
export function endsAtMs(b: Pick<Betslip, 'endDate' | 'endsAt'>): number {
  const fromIso = b.endsAt ? Date.parse(b.endsAt) : Number.NaN;
  return Number.isFinite(fromIso) ? fromIso : parseWireDate(b.endDate).getTime();
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds left (all zero once passed). */
export function countdownParts(remainingMs: number): CountdownParts {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor(total / 3600) % 24,
    minutes: Math.floor(total / 60) % 60,
    seconds: total % 60,
  };
}

/** Stored picks when they still fit this betslip (right length, valid digits, limits), else empty. */
export function restorePicks(stored: unknown, matchCount: number, params: BetslipParams): Outcome[] {
  if (!Array.isArray(stored) || stored.length !== matchCount) return emptyOutcomes(matchCount);
  const ok = stored.every((o) => o === null || (typeof o === 'string' && isValidOutcome(o)));
  return ok && withinLimits(stored, params) ? (stored as Outcome[]) : emptyOutcomes(matchCount);
}

/**
 * The reduced system (as plain data: id, triples, doubles, rows) when the picks fit it within the round's
 * limits, else null (the full system): a choice that no longer fits the picks is dropped, never sent.
 */
export function fittingSystem(
  outcomes: readonly Outcome[],
  params: BetslipParams,
  system: SystemShape | null,
): SystemShape | null {
  if (!system || !fitsShape(system, outcomes) || !withinLimits(outcomes, params)) return null;
  const { id, triples, doubles, rows } = system;
  return { id, triples, doubles, rows };
}

/** What a slip costs in cents: its reduced system's price when one is chosen (and fits), else the full price. */
export function slipPriceCents(
  params: BetslipParams,
  outcomes: readonly Outcome[],
  system: SystemShape | null,
): number {
  return system && fitsShape(system, outcomes)
    ? shapePriceCents(system, params)
    : priceCents(params, outcomes);
}

/** The body of a submission (positions 0-based, predictions as numbers, cost in M); `systemId` only
 * for a reduced system, so a full slip's body is what it always was. */
export function submissionBody(
  betslip: Betslip,
  outcomes: Outcome[],
  chosen: SystemShape | null = null,
): Omit<SubmitInput, 'idempotencyKey'> {
  const system = fittingSystem(outcomes, betslip.betslipParams, chosen);
  return {
    betSlipSid: betslip.sid,
    positionAndPredictionDtos: outcomes.map((o, i) => ({
      betSlipPosition: i,
      prediction: outcomeToPrediction(o ?? ''),
    })),
    betSlipCost: centsToM(slipPriceCents(betslip.betslipParams, outcomes, system)),
    ...(system ? { systemId: system.id } : {}),
  };
}

/** Identifies "the same slip" (picks and system) for reusing an idempotency key. */
export const fingerprint = (
  betslip: Betslip,
  outcomes: Outcome[],
  system: SystemShape | null = null,
): string => `${betslip.sid}|${outcomes.join(',')}${system ? `|${system.id}` : ''}`;

/**
 * Whether a retry should send the same Idempotency-Key: only when we do not know if the first request
 * went through (no answer, a 5xx, or still in progress). A definite refusal is stored by the server
 * and would be replayed for the same key, so after one the next attempt needs a new key.
 */
export function isAmbiguousFailure(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (messageKeyOf(error) === 'IDEMPOTENCY.IN_PROGRESS') return true;
  return typeof status !== 'number' || status === 0 || status >= 500;
}

/** Refusals after which this betslip can no longer be played: fetch the current one. */
export const BETSLIP_GONE = new Set(['BETSLIP.CLOSED', 'BETSLIP.NOT_CURRENT']);

/** The refusal that offers a top-up (submit-online-betslip's 402; the server keeps no answer for it). */
export const SHORT_OF_MONEY_KEY = 'WALLET.INSUFFICIENT_FUNDS';

/** Whether a failed submission was refused only for money: the slip, its picks and its key stay. */
export function isShortOfMoney(error: unknown): boolean {
  const status = (error as { status?: unknown } | null | undefined)?.status;
  return status === 402 && messageKeyOf(error) === SHORT_OF_MONEY_KEY;
}
