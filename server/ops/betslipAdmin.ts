// The operator's betslip operations, shared by the admin API and the CLI: create (DRAFT), publish (the
// one CURRENT betslip), enter or correct a result, list. Each checks what it is given against the
// server clock, and writes its change and its audit row in one transaction.
import type { Kysely } from 'kysely';
import { ALL_TEAMS, logoPath } from '../../machines/data/teams.ts';
import { roundProblem } from '../../machines/rules/round.ts';
import { asStoredResult, resultFromWire, resultToWire } from '../../machines/rules/settlement.ts';
import type { CreateBetslipInput, Published } from '../../machines/wire/admin.ts';
import { audit } from '../audit/audit.ts';
import { done, type OpResult, refused } from '../audit/outcome.ts';
import type { Database } from '../db/index.ts';
import { formatMaseru } from '../lib/maseruTime.ts';
import {
  type Betslip,
  findBetslip,
  insertBetslip,
  isUniqueViolation,
  promoteScheduled,
} from '../play/betslips.ts';
import { toCents } from '../wallet/ledger.ts';
import { addToJackpot, inCents, insertPrizes } from './content.ts';

type Db = Kysely<Database>;

const invalid = (why: string) => refused(400, 'BETSLIP.INVALID', why);

/** The bundled badge of a known team, else '/logos/<slug of the name>.svg' (the bundle's naming). */
export const logoFor = (team: string) => {
  const known = ALL_TEAMS.find((t) => t.name.toLowerCase() === team.trim().toLowerCase());
  return known ? logoPath(known) : slugLogo(team);
};

const slugLogo = (team: string) =>
  `/logos/${
    team
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'team'
  }.svg`;

/** The next free 'J14-NNNN' sid (the demo's naming). */
async function nextSid(db: Db): Promise<string> {
  const row = await db
    .selectFrom('betslips')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  for (let seq = Number(row.n) + 1; ; seq++) {
    const sid = `J14-${String(seq).padStart(4, '0')}`;
    if (!(await db.selectFrom('betslips').select('sid').where('sid', '=', sid).executeTakeFirst()))
      return sid;
  }
}

/** Creates a DRAFT betslip (not offered to anyone until published). */
export async function createBetslip(
  db: Db,
  actor: string,
  input: CreateBetslipInput,
  now: Date,
): Promise<OpResult<{ sid: string }>> {
  const problem = roundProblem(input, now);
  if (problem) return invalid(problem);
  const endAt = new Date(input.endDate);
  const starts = input.matches.map((m) => new Date(m.startDate));
  const prizes = input.prizes ?? [];

  const sid = input.sid ?? (await nextSid(db));
  if (await findBetslip(db, sid)) return refused(409, 'BETSLIP.EXISTS');
  const { defaultBetslipPrice, thirdChance, multipleChance, feePerSecond, feePerThird } = input.betslipParams;
  const betslip: Betslip = {
    sid,
    endAt,
    params: { defaultBetslipPrice, thirdChance, multipleChance, feePerSecond, feePerThird },
    status: 'DRAFT',
    rollover: input.rollover ?? false,
    matches: input.matches.map((m, position) => ({
      position,
      tournament: m.tournament.trim(),
      startAt: starts[position]!,
      homeTeam: m.homeTeam.trim(),
      awayTeam: m.awayTeam.trim(),
      homeTeamLogo: m.homeTeamLogo ?? logoFor(m.homeTeam),
      awayTeamLogo: m.awayTeamLogo ?? logoFor(m.awayTeam),
    })),
  };
  try {
    await db.transaction().execute(async (trx) => {
      await insertBetslip(trx, betslip);
      await insertPrizes(trx, prizes.map(inCents), sid);
      await audit(trx, { actor, action: 'BETSLIP.CREATE', target: sid, detail: { endAt } }, now);
    });
  } catch (error) {
    // Another operator took the sid a moment ago.
    if (isUniqueViolation(error)) return refused(409, 'BETSLIP.EXISTS');
    throw error;
  }
  return done({ sid });
}

/**
 * Publishes a DRAFT betslip. It goes live at once only if no other round is open and no later time was
 * chosen; otherwise it waits as SCHEDULED (publishing never cuts an open round short) and the
 * rounds-roll-forward job makes it CURRENT when its time comes. Copies the default prize table to the
 * betslip when it has none, so the pools it advertises are the pools it pays, whatever marketing
 * changes later; and takes any jackpot rolled over by a settled round that found no next round.
 */
export async function publishBetslip(
  db: Db,
  actor: string,
  sid: string,
  now: Date,
  options: { goLiveAt?: string } = {},
): Promise<OpResult<Published>> {
  const goLiveAt = options.goLiveAt ? new Date(options.goLiveAt) : null;
  if (goLiveAt && Number.isNaN(goLiveAt.getTime())) return invalid('goLiveAt is not a date');
  const published = await db.transaction().execute(async (trx): Promise<OpResult<Published>> => {
    const row = await trx
      .selectFrom('betslips')
      .select(['status', 'end_at', 'go_live_at'])
      .where('sid', '=', sid)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return refused(404, 'BETSLIP.NOT_FOUND');
    if (row.status === 'CURRENT' || row.status === 'SCHEDULED') {
      await audit(trx, { actor, action: 'BETSLIP.PUBLISH', target: sid, detail: { already: true } }, now);
      return done({
        sid,
        status: row.status,
        after: null,
        goLiveAt: row.go_live_at?.toISOString() ?? null,
        closed: null,
      });
    }
    if (row.status !== 'DRAFT') return refused(409, 'BETSLIP.NOT_DRAFT');
    if (row.end_at.getTime() <= now.getTime()) return refused(409, 'BETSLIP.ENDED');
    if (goLiveAt && goLiveAt.getTime() >= row.end_at.getTime())
      return invalid('goLiveAt must be before the betslip closes');
    const later = goLiveAt && goLiveAt.getTime() > now.getTime() ? goLiveAt : null;
    await trx
      .updateTable('betslips')
      .set({ status: 'SCHEDULED', go_live_at: later })
      .where('sid', '=', sid)
      .execute();
    await copyDefaultPrizes(trx, sid);
    await claimRollovers(trx, sid);
    const open = await trx
      .selectFrom('betslips')
      .select('sid')
      .where('status', '=', 'CURRENT')
      .where('end_at', '>', now)
      .executeTakeFirst();
    const detail = { after: open?.sid ?? null, goLiveAt: later?.toISOString() ?? null };
    await audit(trx, { actor, action: 'BETSLIP.PUBLISH', target: sid, detail }, now);
    return done({ sid, status: 'SCHEDULED' as const, ...detail, closed: null });
  });
  if (!published.ok || published.value.status === 'CURRENT') return published;
  // Live at once when nothing is open and no later time was chosen (the same step the job takes).
  const promoted = await promoteScheduled(db, now);
  if (promoted?.opened !== sid) return published;
  return done({ ...published.value, status: 'CURRENT' as const, after: null, closed: promoted.closed });
}

async function copyDefaultPrizes(trx: Db, sid: string) {
  const own = await trx.selectFrom('prizes').select('id').where('betslip_sid', '=', sid).execute();
  if (own.length > 0) return;
  const defaults = await trx
    .selectFrom('prizes')
    .select(['prize_type', 'amount_cents'])
    .where('betslip_sid', 'is', null)
    .execute();
  await insertPrizes(
    trx,
    defaults.map((p) => ({ prizeType: p.prize_type, amountCents: toCents(p.amount_cents) })),
    sid,
  );
}

/** Adds the jackpots that settled rounds rolled over with no next round to take them to `sid`'s. */
async function claimRollovers(trx: Db, sid: string) {
  const claimed = await trx
    .updateTable('betslips')
    .set({ rolled_into: sid })
    .where('rolled_into', 'is', null)
    .where('rollover_cents', '>', 0)
    .where('sid', '<>', sid)
    .returning('rollover_cents')
    .execute();
  const cents = claimed.reduce((sum, r) => sum + toCents(r.rollover_cents), 0);
  if (cents > 0) await addToJackpot(trx, sid, cents);
}

export interface ResultInput {
  position: number;
  result: string;
}

/**
 * Enters or corrects results (positions 1-based), all or none: the list is checked as a whole, then
 * written in one transaction with one audit row per change (old → new). Refused before a match's
 * kick-off (server clock) and once settlement has started.
 */
export async function setResults(
  db: Db,
  actor: string,
  sid: string,
  list: readonly ResultInput[],
  now: Date,
): Promise<OpResult<{ sid: string; results: ResultInput[]; changed: number }>> {
  if (list.length === 0) return refused(400, 'RESULT.INVALID', 'no results given');
  const positions = new Set(list.map((r) => r.position));
  if (positions.size !== list.length) return refused(400, 'RESULT.INVALID', 'a position twice');
  const stored = list.map((r) => resultFromWire(r.result));
  if (stored.some((r) => r === null)) return refused(400, 'RESULT.INVALID');
  return db.transaction().execute(async (trx) => {
    // Locked so a settlement running at the same time sees either the old or the new results, never half.
    const row = await trx
      .selectFrom('betslips')
      .select('status')
      .where('sid', '=', sid)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return refused(404, 'BETSLIP.NOT_FOUND');
    if (row.status === 'SETTLED') return refused(409, 'BETSLIP.SETTLED');
    // Settlement has read the results and may have paid part of the prizes: nothing may change now.
    if (row.status === 'SETTLING') return refused(409, 'BETSLIP.SETTLED', 'settlement has started');
    const matches = await trx
      .selectFrom('matches')
      .select(['position', 'result', 'start_at'])
      .where('betslip_sid', '=', sid)
      .execute();
    const byPosition = new Map(matches.map((m) => [m.position + 1, m]));
    for (const r of list) {
      const match = byPosition.get(r.position);
      if (!match) return invalid(`no match at position ${r.position}`);
      if (match.start_at.getTime() > now.getTime())
        return refused(409, 'RESULT.TOO_EARLY', `match ${r.position} has not kicked off yet`);
    }
    let changed = 0;
    for (const [i, r] of list.entries()) {
      const previous = resultToWire(byPosition.get(r.position)!.result);
      if (previous === r.result) continue;
      changed++;
      await trx
        .updateTable('matches')
        .set({ result: stored[i]! })
        .where('betslip_sid', '=', sid)
        .where('position', '=', r.position - 1)
        .execute();
      await audit(
        trx,
        {
          actor,
          action: 'BETSLIP.RESULT',
          target: sid,
          detail: { position: r.position, result: r.result, previous },
        },
        now,
      );
    }
    if (changed === 0) {
      const detail = { unchanged: list.map((r) => r.position) };
      await audit(trx, { actor, action: 'BETSLIP.RESULT', target: sid, detail }, now);
    }
    return done({ sid, results: list.map((r) => ({ position: r.position, result: r.result })), changed });
  });
}

/** Enters or corrects the result of match `position` (1-based): a list of one. */
export async function setResult(
  db: Db,
  actor: string,
  sid: string,
  position: number,
  wireResult: string,
  now: Date,
): Promise<OpResult<{ sid: string; position: number; result: string }>> {
  const set = await setResults(db, actor, sid, [{ position, result: wireResult }], now);
  return set.ok ? done({ sid, position, result: wireResult }) : set;
}

/** Every betslip, newest end first, with its matches, results and submission count (admin list). */
export async function listBetslips(db: Db, now: Date, limit = 100) {
  const rows = await db.selectFrom('betslips').selectAll().orderBy('end_at', 'desc').limit(limit).execute();
  if (rows.length === 0) return [];
  const sids = rows.map((r) => r.sid);
  const [matches, counts] = await Promise.all([
    db.selectFrom('matches').selectAll().where('betslip_sid', 'in', sids).orderBy('position').execute(),
    db
      .selectFrom('submissions')
      .select((eb) => ['betslip_sid', eb.fn.countAll<string | number>().as('n')])
      .where('betslip_sid', 'in', sids)
      .groupBy('betslip_sid')
      .execute(),
  ]);
  const submissions = new Map(counts.map((c) => [c.betslip_sid, Number(c.n)]));
  return rows.map((row) => {
    const own = matches.filter((m) => m.betslip_sid === row.sid);
    return {
      sid: row.sid,
      status: row.status,
      endDate: formatMaseru(row.end_at),
      endsAt: row.end_at.toISOString(),
      matches: own.map((m) => ({
        position: m.position + 1,
        tournament: m.tournament,
        homeTeam: m.home_team,
        awayTeam: m.away_team,
        startsAt: m.start_at.toISOString(),
        result: resultToWire(asStoredResult(m.result)),
      })),
      resultsMissing: own.filter((m) => asStoredResult(m.result) === null).length,
      submissions: submissions.get(row.sid) ?? 0,
      settledAt: row.settled_at ? row.settled_at.toISOString() : null,
      goLiveAt: row.go_live_at ? row.go_live_at.toISOString() : null,
      rollover: row.rollover,
      settlementRule: row.settlement_rule,
      kickedOff: own.filter((m) => m.start_at.getTime() <= now.getTime()).length,
    };
  });
}
