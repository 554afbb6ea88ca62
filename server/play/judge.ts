// What a submission asks for, judged before any money is touched: the betslip it names is current and
// open by the server clock (from the cached current betslip, else the database), its picks are complete,
// fit its reduced system if it names one, and keep the betslip's limits, and the price it states is the
// price the shared rules compute from the picks and the system (never the client's rows or price). The
// transaction that pays checks the betslip again under its row lock (submit.ts).
import { checkSlip } from '../../machines/rules/rows.ts';
import type { StoredPrediction } from '../db/playWalletTables.ts';
import { refusal } from '../errors.ts';
import type { StoredResponse } from '../idempotency/idempotency.ts';
import { findBetslip, type OpenCheck } from './betslips.ts';
import type { CurrentBetslipCache } from './currentBetslip.ts';
import type { SubmitBody, SubmitDeps } from './submit.ts';

/** A submission worth paying for (its cost in cents, its picks in position order, its system and rows),
 * or why not. */
export type Offer =
  | { ok: true; cost: number; predictions: StoredPrediction[]; systemId: string | null; rows: number }
  | { ok: false; refusal: StoredResponse };

/** The refusal of a slip whose betslip does not take slips. */
export const notOpen = (check: Exclude<OpenCheck, 'OPEN'>) =>
  check === 'CLOSED' ? refusal(409, 'BETSLIP.CLOSED') : refusal(400, 'BETSLIP.NOT_CURRENT');

/**
 * The rules of the betslip `sid` while it is current and open: from the cache, else from the database
 * (another instance may have published it a moment ago, and the cache has not looked since).
 */
async function betslipRules(deps: SubmitDeps, current: CurrentBetslipCache, sid: string) {
  const now = deps.now();
  const cached = await current.open(now);
  if (cached?.sid === sid) return { ok: true as const, params: cached.params, matchCount: cached.matchCount };
  const known = await findBetslip(deps.db, sid);
  // A slip queued offline for a betslip that has since closed is told so, not "wrong betslip".
  if (!known || known.status === 'DRAFT') return { ok: false as const, refusal: notOpen('NOT_CURRENT') };
  if (known.status !== 'CURRENT' || now.getTime() >= known.endAt.getTime()) {
    return { ok: false as const, refusal: notOpen('CLOSED') };
  }
  // Current in the database, not in the cache: it changed since the cache looked.
  current.invalidate();
  return { ok: true as const, params: known.params, matchCount: known.matches.length };
}

/** Judges the betslip, the picks and the price of `body` (CONTRACTS.md Play API refusals). */
export async function judgeSubmission(
  deps: SubmitDeps,
  current: CurrentBetslipCache,
  body: SubmitBody,
): Promise<Offer> {
  const betslip = await betslipRules(deps, current, body.betSlipSid);
  if (!betslip.ok) return betslip;
  // PICKS.INVALID / INCOMPLETE, then SYSTEM.INVALID, then PICKS.LIMITS (CONTRACTS.md "Systems").
  const checked = checkSlip(
    body.positionAndPredictionDtos,
    betslip.matchCount,
    betslip.params,
    body.systemId,
  );
  if (!checked.ok) return { ok: false, refusal: refusal(400, checked.messageKey) };
  const cost = checked.priceCents;
  if (!Number.isFinite(body.betSlipCost) || Math.round(body.betSlipCost * 100) !== cost) {
    return { ok: false, refusal: refusal(409, 'PRICE.MISMATCH') };
  }
  const predictions = [...body.positionAndPredictionDtos]
    .sort((a, b) => a.betSlipPosition - b.betSlipPosition)
    .map(({ betSlipPosition, prediction }) => ({ betSlipPosition, prediction }));
  return { ok: true, cost, predictions, systemId: checked.systemId, rows: checked.rows };
}
