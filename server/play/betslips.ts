// Betslip storage: the current betslip with its matches, creation, and the roll-forward that closes a
// passed betslip and opens the next one (demo mode). Wire shapes are in CONTRACTS.md "Play API".
import type { Kysely } from 'kysely';
import type { SettlementRule } from '../../machines/rules/rowSettlement.ts';
import type { Database } from '../db/index.ts';
import { fromJson } from '../db/json.ts';
import type { BetslipStatus, StoredBetslipParams } from '../db/playWalletTables.ts';
import { formatMaseru } from '../lib/maseruTime.ts';

type Db = Kysely<Database>;

export interface MatchInput {
  position: number;
  tournament: string;
  startAt: Date;
  homeTeam: string;
  awayTeam: string;
  homeTeamLogo: string;
  awayTeamLogo: string;
  result?: string | null;
}

export interface Betslip {
  sid: string;
  endAt: Date;
  params: StoredBetslipParams;
  status: BetslipStatus;
  matches: MatchInput[];
  /** An unwon jackpot rolls over to the next round (default false). */
  rollover?: boolean;
  /** How its slips are settled: 'ROWS' (the default for every round inserted now) or 'SLIP' (the demo's
   * seeded past rounds, as rounds published before rows counted). */
  settlementRule?: SettlementRule;
}

export async function findBetslip(db: Db, sid: string): Promise<Betslip | undefined> {
  const row = await db.selectFrom('betslips').selectAll().where('sid', '=', sid).executeTakeFirst();
  if (!row) return undefined;
  const matches = await db
    .selectFrom('matches')
    .selectAll()
    .where('betslip_sid', '=', sid)
    .orderBy('position')
    .execute();
  return {
    sid: row.sid,
    endAt: row.end_at,
    params: fromJson<StoredBetslipParams>(row.params),
    status: row.status,
    settlementRule: row.settlement_rule,
    matches: matches.map((m) => ({
      position: m.position,
      tournament: m.tournament,
      startAt: m.start_at,
      homeTeam: m.home_team,
      awayTeam: m.away_team,
      homeTeamLogo: m.home_logo,
      awayTeamLogo: m.away_logo,
      result: m.result,
    })),
  };
}

/** The betslip marked CURRENT, whether or not it has passed its end. */
export async function currentBetslip(db: Db): Promise<Betslip | undefined> {
  const row = await db
    .selectFrom('betslips')
    .select('sid')
    .where('status', '=', 'CURRENT')
    .executeTakeFirst();
  return row ? findBetslip(db, row.sid) : undefined;
}

export async function insertBetslip(db: Db, betslip: Betslip): Promise<void> {
  await db
    .insertInto('betslips')
    .values({
      sid: betslip.sid,
      end_at: betslip.endAt,
      params: JSON.stringify(betslip.params),
      status: betslip.status,
      rollover: betslip.rollover ?? false,
      settlement_rule: betslip.settlementRule ?? 'ROWS',
    })
    .execute();
  if (betslip.matches.length === 0) return;
  await db
    .insertInto('matches')
    .values(
      betslip.matches.map((m) => ({
        betslip_sid: betslip.sid,
        position: m.position,
        tournament: m.tournament,
        start_at: m.startAt,
        home_team: m.homeTeam,
        away_team: m.awayTeam,
        home_logo: m.homeTeamLogo,
        away_logo: m.awayTeamLogo,
        result: m.result ?? null,
      })),
    )
    .execute();
}

/**
 * Makes the next SCHEDULED betslip CURRENT when no round is open: the earliest due one (its go_live_at
 * passed or unset, and still before its end), closing a current one that has passed. Run by the
 * rounds-roll-forward job on every instance each minute and after a publish; safe to run concurrently:
 * the status is re-checked under the row lock and the unique index on CURRENT refuses a second current
 * betslip. Returns what it opened and closed, or null when nothing was due.
 */
export async function promoteScheduled(
  db: Db,
  now: Date,
): Promise<{ opened: string; closed: string | null } | null> {
  const open = await db
    .selectFrom('betslips')
    .select('sid')
    .where('status', '=', 'CURRENT')
    .where('end_at', '>', now)
    .executeTakeFirst();
  if (open) return null;
  const due = await db
    .selectFrom('betslips')
    .select('sid')
    .where('status', '=', 'SCHEDULED')
    .where('end_at', '>', now)
    .where((eb) => eb.or([eb('go_live_at', 'is', null), eb('go_live_at', '<=', now)]))
    .orderBy('end_at')
    .orderBy('sid')
    .executeTakeFirst();
  if (!due) return null;
  try {
    return await db.transaction().execute(async (trx) => {
      const closed = await trx
        .updateTable('betslips')
        .set({ status: 'CLOSED' })
        .where('status', '=', 'CURRENT')
        .where('end_at', '<=', now)
        .returning('sid')
        .executeTakeFirst();
      const opened = await trx
        .updateTable('betslips')
        .set({ status: 'CURRENT' })
        .where('sid', '=', due.sid)
        .where('status', '=', 'SCHEDULED')
        .returning('sid')
        .executeTakeFirst();
      return opened ? { opened: opened.sid, closed: closed?.sid ?? null } : null;
    });
  } catch (error) {
    // Another instance opened one first: that is the desired outcome.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Closes the current betslip if it has passed and, when there is then no current one, inserts
 * `next(now)` as CURRENT. Safe to run from several instances at once: the UPDATE re-checks the row after
 * waiting for a concurrent one, and the unique index on CURRENT refuses a second current betslip.
 * Returns the sid it opened, if any.
 */
export async function rollForward(
  db: Db,
  now: Date,
  next: (now: Date) => Promise<Betslip>,
): Promise<string | null> {
  const open = await db
    .selectFrom('betslips')
    .select('sid')
    .where('status', '=', 'CURRENT')
    .where('end_at', '>', now)
    .executeTakeFirst();
  if (open) return null;
  // A round the operator scheduled comes before any made-up one.
  const promoted = await promoteScheduled(db, now);
  if (promoted) return promoted.opened;
  const betslip = await next(now);
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('betslips')
        .set({ status: 'CLOSED' })
        .where('status', '=', 'CURRENT')
        .where('end_at', '<=', now)
        .execute();
      await insertBetslip(trx, { ...betslip, status: 'CURRENT' });
    });
    return betslip.sid;
  } catch (error) {
    // Another instance (or a concurrent request) opened one first: that is the desired outcome.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** PostgreSQL unique_violation, from pg or PGlite. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** fetch-current-betslip answer (CONTRACTS.md). */
export function toWireBetslip(betslip: Betslip) {
  return {
    sid: betslip.sid,
    endDate: formatMaseru(betslip.endAt),
    endsAt: betslip.endAt.toISOString(),
    matches: betslip.matches.map((m) => ({
      // The SPEC's spelling, kept on the wire that phones already read; inside it is a 0-based position.
      betslipPosotion: m.position + 1,
      tournament: m.tournament,
      startDate: formatMaseru(m.startAt),
      homeTeam: m.homeTeam,
      awayTeam: m.awayTeam,
      homeTeamLogo: m.homeTeamLogo,
      awayTeamLogo: m.awayTeamLogo,
    })),
    // Field by field: the answer is sent as a string serialised once, not through the response schema.
    betslipParams: {
      defaultBetslipPrice: betslip.params.defaultBetslipPrice,
      thirdChance: betslip.params.thirdChance,
      multipleChance: betslip.params.multipleChance,
      feePerSecond: betslip.params.feePerSecond,
      feePerThird: betslip.params.feePerThird,
    },
    settlementRule: betslip.settlementRule ?? 'ROWS',
  };
}

export type OpenCheck = 'OPEN' | 'CLOSED' | 'NOT_CURRENT';

/**
 * Whether a slip for `sid` may be written now. Call it inside the transaction that writes the slip:
 * it holds the betslip row FOR SHARE until that transaction ends, and reads the clock only once the
 * lock is held, so a close or a settlement (which take the row FOR UPDATE) is ordered wholly before or
 * wholly after the slip: a slip is written only while its betslip is open, and settlement sees it.
 */
export async function lockOpenBetslip(trx: Db, sid: string, now: () => Date): Promise<OpenCheck> {
  const row = await trx
    .selectFrom('betslips')
    .select(['status', 'end_at'])
    .where('sid', '=', sid)
    .forShare()
    .executeTakeFirst();
  return openCheck(row, now());
}

/** Whether a betslip in this state (read under its row lock; undefined: no such betslip) takes slips at `now`. */
export function openCheck(row: { status: BetslipStatus; end_at: Date } | undefined, now: Date): OpenCheck {
  if (!row || row.status === 'DRAFT') return 'NOT_CURRENT';
  if (row.status !== 'CURRENT') return 'CLOSED';
  return now.getTime() < row.end_at.getTime() ? 'OPEN' : 'CLOSED';
}
