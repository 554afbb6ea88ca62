// "Play the same picks next round": a subscriber's standing picks, and the pass that plays them when a
// new round is current. Each round is paid through the app's own submission (submitBetslip: the same
// checks, subscription, limits and pauses, wallet then airtime) with an Idempotency-Key made of the round,
// so a pass that runs twice, or on two instances at once, pays once. Each (subscriber, round) is claimed
// in standing_plays before paying and finished once, ACCEPTED or REFUSED with the refusal's message key:
// a refusal is recorded and notified, never retried. Only an answer that may change (billing down, the
// key still in progress elsewhere) leaves the claim PENDING for the next pass.
import type { Kysely } from 'kysely';
import { centsToM, type Outcome, predictionToOutcome, priceCents } from '../../machines/rules/betslip.ts';
import type { Database } from '../db/index.ts';
import { fromJson } from '../db/json.ts';
import type { StoredPrediction } from '../db/playWalletTables.ts';
import type { StandingPlayStatus } from '../db/standingPicksTables.ts';
import type { Notifier } from '../push/notifier.ts';
import type { PushPayload } from '../push/sender.ts';
import { isUniqueViolation } from './betslips.ts';
import { CurrentBetslipCache } from './currentBetslip.ts';
import { BillingUnavailableError, type SubmitDeps, submitBetslip } from './submit.ts';

type Db = Kysely<Database>;

/** The Idempotency-Key of a round's standing play: one per subscriber (the key's scope) and round. */
export const standingKey = (sid: string) => `standing:${sid}`;

export interface StandingPicks {
  predictions: StoredPrediction[];
  /** The round the choice was set in; it is played from the next round on. */
  setInSid: string;
  updatedAt: Date;
}

export interface StandingPlay {
  sid: string;
  status: StandingPlayStatus;
  messageKey: string | null;
  at: Date;
}

export async function standingPicksOf(db: Db, msisdn: string): Promise<StandingPicks | null> {
  const row = await db
    .selectFrom('standing_picks')
    .selectAll()
    .where('msisdn', '=', msisdn)
    .executeTakeFirst();
  return row
    ? { predictions: fromJson(row.predictions), setInSid: row.set_in_sid, updatedAt: row.updated_at }
    : null;
}

/** The last round the standing picks were played (or refused) in, if any. */
export async function lastStandingPlay(db: Db, msisdn: string): Promise<StandingPlay | null> {
  const row = await db
    .selectFrom('standing_plays')
    .selectAll()
    .where('msisdn', '=', msisdn)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row
    ? {
        sid: row.betslip_sid,
        status: row.status,
        messageKey: row.message_key,
        at: row.finished_at ?? row.created_at,
      }
    : null;
}

/** Sets (or replaces) the standing picks, made in round `sid` (not played again in it). */
export async function setStandingPicks(
  db: Db,
  msisdn: string,
  predictions: StoredPrediction[],
  sid: string,
  now: Date,
): Promise<void> {
  const json = JSON.stringify(predictions);
  await db
    .insertInto('standing_picks')
    .values({ msisdn, predictions: json, set_in_sid: sid, created_at: now, updated_at: now })
    .onConflict((oc) =>
      oc.column('msisdn').doUpdateSet({ predictions: json, set_in_sid: sid, updated_at: now }),
    )
    .execute();
}

/** Cancels the standing choice; true when there was one. A round already being paid finishes. */
export async function cancelStandingPicks(db: Db, msisdn: string): Promise<boolean> {
  const res = await db.deleteFrom('standing_picks').where('msisdn', '=', msisdn).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The picks as the rules read them, in position order (what prices the slip on the new round). */
function outcomesOf(predictions: StoredPrediction[]): Outcome[] {
  const outcomes: Outcome[] = [];
  for (const p of predictions) outcomes[p.betSlipPosition] = predictionToOutcome(p.prediction);
  return Array.from(outcomes, (o) => o ?? null);
}

export interface StandingPassDeps {
  submit: SubmitDeps;
  notifier: Pick<Notifier, 'notice'>;
}

export interface StandingPassReport {
  sid: string | null;
  accepted: number;
  refused: number;
  /** Left PENDING for the next pass (billing unavailable, or the key in progress elsewhere). */
  pending: number;
}

/**
 * Plays every standing choice not yet played in the current open round (set in an earlier round), once
 * per subscriber: the job standing-picks runs it each minute, so a new round is played within a minute
 * of becoming current.
 */
export async function playStandingPicks(deps: StandingPassDeps, jobId?: string): Promise<StandingPassReport> {
  const { db } = deps.submit;
  const current = new CurrentBetslipCache(db, { ttlMs: 0 });
  const open = await current.open(deps.submit.now());
  const report: StandingPassReport = { sid: open?.sid ?? null, accepted: 0, refused: 0, pending: 0 };
  if (!open) return report;
  const sid = open.sid;
  const due = await db
    .selectFrom('standing_picks as sp')
    .leftJoin('standing_plays as pl', (join) =>
      join.onRef('pl.msisdn', '=', 'sp.msisdn').on('pl.betslip_sid', '=', sid),
    )
    .select(['sp.msisdn', 'sp.predictions'])
    .where('sp.set_in_sid', '<>', sid)
    .where((eb) => eb.or([eb('pl.status', 'is', null), eb('pl.status', '=', 'PENDING')]))
    .orderBy('sp.msisdn')
    .execute();
  for (const row of due) {
    const outcome = await playOne(
      deps,
      current,
      row.msisdn,
      sid,
      fromJson(row.predictions),
      open.params,
      jobId,
    );
    report[outcome]++;
  }
  return report;
}

async function playOne(
  deps: StandingPassDeps,
  current: CurrentBetslipCache,
  msisdn: string,
  sid: string,
  predictions: StoredPrediction[],
  params: Parameters<typeof priceCents>[0],
  jobId: string | undefined,
): Promise<'accepted' | 'refused' | 'pending'> {
  const { db } = deps.submit;
  await db
    .insertInto('standing_plays')
    .values({ msisdn, betslip_sid: sid, status: 'PENDING', created_at: deps.submit.now() })
    .onConflict((oc) => oc.columns(['msisdn', 'betslip_sid']).doNothing())
    .execute();
  const body = {
    msisdn,
    lang: 'st',
    betSlipSid: sid,
    positionAndPredictionDtos: predictions,
    // The new round's price by the shared rules: the server's own, never a stored or sent one.
    betSlipCost: centsToM(priceCents(params, outcomesOf(predictions))),
  };
  let answer: Awaited<ReturnType<typeof submitBetslip>>;
  try {
    answer = await submitBetslip(deps.submit, current, msisdn, body, standingKey(sid));
  } catch (error) {
    if (error instanceof BillingUnavailableError) return 'pending';
    if (!isUniqueViolation(error)) throw error;
    answer = await submitBetslip(deps.submit, current, msisdn, body, standingKey(sid));
  }
  const messageKey = (answer.body as { messageKey?: string }).messageKey ?? null;
  // The same key still being paid by another pass: that one finishes it.
  if (messageKey === 'IDEMPOTENCY.IN_PROGRESS') return 'pending';
  const accepted = answer.statusCode === 200;
  const finished = await db
    .updateTable('standing_plays')
    .set({
      status: accepted ? 'ACCEPTED' : 'REFUSED',
      message_key: messageKey,
      submission_id: accepted ? ((answer.body as { submissionId?: string }).submissionId ?? null) : null,
      finished_at: deps.submit.now(),
    })
    .where('msisdn', '=', msisdn)
    .where('betslip_sid', '=', sid)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  // Only the pass that finished the record tells the subscriber (a second pass finds it finished).
  if (Number(finished.numUpdatedRows) > 0) {
    const reference = (answer.body as { receipt?: { reference?: string } }).receipt?.reference ?? null;
    await deps.notifier.notice(
      accepted ? 'STANDING_PLAYED' : 'STANDING_REFUSED',
      sid,
      msisdn,
      (lang) => standingPayload(lang, sid, accepted, reference),
      jobId,
    );
  }
  return accepted ? 'accepted' : 'refused';
}

/** The push notice of a standing play, in the subscriber's language. */
export function standingPayload(
  lang: string,
  sid: string,
  accepted: boolean,
  reference: string | null,
): PushPayload {
  const ref = reference ? ` (${reference})` : '';
  const tag = `standing-${sid}`;
  if (accepted) {
    return lang === 'en'
      ? {
          title: 'Jackpot 14: your picks are played',
          body: `Your standing picks were played in round ${sid}${ref}. Good luck!`,
          url: '/play',
          tag,
        }
      : {
          title: 'Jackpot 14: likhetho tsa hau li bapaloa',
          body: `Likhetho tsa hau tse emeng li bapaloe potolohong ${sid}${ref}. Mahlohonolo!`,
          url: '/play',
          tag,
        };
  }
  return lang === 'en'
    ? {
        title: 'Jackpot 14: your picks were not played',
        body: `Your standing picks could not be played in round ${sid}. Open the app to see why.`,
        url: '/play',
        tag,
      }
    : {
        title: 'Jackpot 14: likhetho tsa hau ha lia bapaloa',
        body: `Likhetho tsa hau tse emeng ha lia khona ho bapaloa potolohong ${sid}. Bula app ho bona lebaka.`,
        url: '/play',
        tag,
      };
}
