// Responsible-play limits in the database (play_limits, migration 003) and the StakeGuard that enforces
// them in submit-online-betslip. The rules themselves are pure, in limitRules.ts.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { refusal } from '../errors.ts';
import { depositedSince } from '../wallet/deposits.ts';
import { toCents } from '../wallet/ledger.ts';
import { reservedCents } from './airtimeStakes.ts';
import { effectiveLimits, type LimitState, NO_LIMITS, stakeRefusal, weekStart } from './limitRules.ts';
import type { StakeGuard } from './submit.ts';

type Db = Kysely<Database>;

const cents = (value: number | string | null) => (value === null ? null : toCents(value));

/** The subscriber's play_limits row: the stake and the deposit limit share it. */
const limitsRow = (db: Db, msisdn: string) =>
  db.selectFrom('play_limits').selectAll().where('msisdn', '=', msisdn).executeTakeFirst();

/** Writes one of the two limits' columns, making the row on the first. */
async function upsertLimits(
  db: Db,
  msisdn: string,
  values: Omit<Insertable<Database['play_limits']>, 'msisdn'>,
) {
  await db
    .insertInto('play_limits')
    .values({ msisdn, ...values })
    .onConflict((oc) => oc.column('msisdn').doUpdateSet(values))
    .execute();
}

export async function loadLimits(db: Db, msisdn: string): Promise<LimitState> {
  const row = await limitsRow(db, msisdn);
  if (!row) return NO_LIMITS;
  return {
    weeklyLimitCents: cents(row.weekly_limit_cents),
    hasPending: row.has_pending,
    pendingLimitCents: cents(row.pending_limit_cents),
    pendingFrom: row.pending_from,
    pausedUntil: row.paused_until,
  };
}

/**
 * The weekly deposit limit, as a LimitState so that limitRules' change rules apply unchanged (lowering
 * now, raising after the cooling-off day); it has no pause of its own.
 */
export async function loadDepositLimit(db: Db, msisdn: string): Promise<LimitState> {
  const row = await limitsRow(db, msisdn);
  if (!row) return NO_LIMITS;
  return {
    weeklyLimitCents: cents(row.weekly_deposit_limit_cents),
    hasPending: row.deposit_has_pending,
    pendingLimitCents: cents(row.pending_deposit_limit_cents),
    pendingFrom: row.deposit_pending_from,
    pausedUntil: null,
  };
}

export async function saveDepositLimit(db: Db, msisdn: string, state: LimitState, now: Date): Promise<void> {
  const values = {
    weekly_deposit_limit_cents: state.weeklyLimitCents,
    deposit_has_pending: state.hasPending,
    pending_deposit_limit_cents: state.pendingLimitCents,
    deposit_pending_from: state.pendingFrom,
    updated_at: now,
  };
  await upsertLimits(db, msisdn, values);
}

export async function saveLimits(db: Db, msisdn: string, state: LimitState, now: Date): Promise<void> {
  const values = {
    weekly_limit_cents: state.weeklyLimitCents,
    has_pending: state.hasPending,
    pending_limit_cents: state.pendingLimitCents,
    pending_from: state.pendingFrom,
    paused_until: state.pausedUntil,
    updated_at: now,
  };
  await upsertLimits(db, msisdn, values);
}

/**
 * Stakes since Monday 00:00 (Maseru), in cents: paid from the wallet or by airtime, group shares net of
 * their refunds (kind GROUP), plus airtime stakes reserved and not yet charged (they are counted from the
 * moment they are reserved, under the wallet lock, so parallel stakes cannot pass the limit together).
 */
export async function spentThisWeek(db: Db, msisdn: string, now: Date): Promise<number> {
  const since = weekStart(now);
  const row = await db
    .selectFrom('wallet_moves')
    .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('total'))
    .where('msisdn', '=', msisdn)
    .where('kind', 'in', ['STAKE', 'GROUP'])
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return (await reservedCents(db, msisdn, since)) - toCents(row?.total);
}

/** play-limits answer (CONTRACTS.md): wire money in M, times ISO. */
export async function limitsView(db: Db, msisdn: string, now: Date, state?: LimitState) {
  const s = effectiveLimits(state ?? (await loadLimits(db, msisdn)), now);
  const m = (c: number | null) => (c === null ? null : c / 100);
  return {
    weeklyLimit: m(s.weeklyLimitCents),
    pendingWeeklyLimit: s.hasPending ? m(s.pendingLimitCents) : null,
    pendingFrom: s.hasPending && s.pendingFrom ? s.pendingFrom.toISOString() : null,
    pausedUntil: s.pausedUntil ? s.pausedUntil.toISOString() : null,
    spentThisWeek: (await spentThisWeek(db, msisdn, now)) / 100,
    ...(await depositLimitView(db, msisdn, now)),
  };
}

/** The deposit half of play-limits (additions): the limit, a pending raise, what was deposited. */
export async function depositLimitView(db: Db, msisdn: string, now: Date) {
  const s = effectiveLimits(await loadDepositLimit(db, msisdn), now);
  const m = (c: number | null) => (c === null ? null : c / 100);
  return {
    weeklyDepositLimit: m(s.weeklyLimitCents),
    pendingWeeklyDepositLimit: s.hasPending ? m(s.pendingLimitCents) : null,
    depositPendingFrom: s.hasPending && s.pendingFrom ? s.pendingFrom.toISOString() : null,
    depositedThisWeek: (await depositedSince(db, msisdn, weekStart(now))) / 100,
  };
}

/** Whether a deposit of `amountCents` fits this week's deposit limit (call with the wallet locked). */
export async function depositAllowed(db: Db, msisdn: string, amountCents: number, now: Date) {
  const s = effectiveLimits(await loadDepositLimit(db, msisdn), now);
  if (s.weeklyLimitCents === null) return true;
  return (await depositedSince(db, msisdn, weekStart(now))) + amountCents <= s.weeklyLimitCents;
}

/** Refuses a stake during a pause (403 PLAY.PAUSED) or above the weekly limit (403 PLAY.LIMIT_REACHED). */
export const responsiblePlayGuard: StakeGuard = async (db, msisdn, costCents, now) => {
  const state = await loadLimits(db, msisdn);
  if (state === NO_LIMITS) return null;
  const why = stakeRefusal(state, await spentThisWeek(db, msisdn, now), costCents, now);
  return why ? refusal(403, why) : null;
};
