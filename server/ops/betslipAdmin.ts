// The operator's betslip operations, shared by the admin API and the CLI: create (DRAFT), publish (the
// one CURRENT betslip), enter or correct a result, list. Each checks what it is given against the
// server clock, and writes its change and its audit row in one transaction.
import type { Kysely } from 'kysely';
import { priceCents } from '../../machines/rules/betslip.ts';
import { asStoredResult, resultFromWire, resultToWire } from '../../machines/rules/settlement.ts';
import type { Database } from '../db/index.ts';
import type { StoredBetslipParams } from '../db/playWalletTables.ts';
import { ALL_TEAMS, logoPath } from '../demo/teams.ts';
import { type Betslip, findBetslip, insertBetslip, isUniqueViolation } from '../play/betslips.ts';
import { formatMaseru } from '../play/maseruTime.ts';
import { toCents } from '../wallet/ledger.ts';
import { audit } from './audit.ts';
import { inCents, insertPrizes, prizesProblem } from './content.ts';
import { done, type OpResult, refused } from './outcome.ts';
import type { CreateBetslipInput } from './schemas.ts';

type Db = Kysely<Database>;

/** A betslip has this many matches (the game's name). */
export const MATCH_COUNT = 14;
const YEAR = 365 * 24 * 60 * 60 * 1000;
/** The dearest slip the parameters allow may cost at most this (M): a typo must not price slips in millions. */
const MAX_SLIP_PRICE = 100_000;

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

/** Why these parameters are not sane, or null when they are. */
export function paramsProblem(p: StoredBetslipParams): string | null {
  const cents = p.defaultBetslipPrice * 100;
  if (!(p.defaultBetslipPrice > 0) || Math.abs(cents - Math.round(cents)) > 1e-6)
    return 'defaultBetslipPrice must be a positive amount with at most two decimals';
  if (p.thirdChance < 0 || p.thirdChance > MATCH_COUNT) return `thirdChance must be 0..${MATCH_COUNT}`;
  if (p.multipleChance < p.thirdChance || p.multipleChance > MATCH_COUNT)
    return `multipleChance must be thirdChance..${MATCH_COUNT}`;
  for (const fee of ['feePerSecond', 'feePerThird'] as const) {
    if (!(p[fee] >= 1 && p[fee] <= 10)) return `${fee} must be between 1 and 10`;
  }
  // The dearest slip: every multiple allowed, as many of them triples as allowed (or as doubles when
  // a triple costs less than a double).
  let dearest = 0;
  for (let triples = 0; triples <= p.thirdChance; triples++) {
    const outcomes = Array.from({ length: MATCH_COUNT }, (_, i) =>
      i < triples ? '123' : i < p.multipleChance ? '12' : '1',
    );
    dearest = Math.max(dearest, priceCents(p, outcomes));
  }
  if (dearest > MAX_SLIP_PRICE * 100) return `the dearest slip would cost more than M ${MAX_SLIP_PRICE}`;
  return null;
}

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
  if (input.matches.length !== MATCH_COUNT) return invalid(`a betslip has ${MATCH_COUNT} matches`);
  const endAt = new Date(input.endDate);
  if (Number.isNaN(endAt.getTime())) return invalid('endDate is not a date');
  if (endAt.getTime() <= now.getTime()) return invalid('endDate must be in the future');
  if (endAt.getTime() > now.getTime() + 5 * YEAR) return invalid('endDate is more than five years away');
  const starts = input.matches.map((m) => new Date(m.startDate));
  if (starts.some((d) => Number.isNaN(d.getTime()))) return invalid('a startDate is not a date');
  if (input.matches.some((m) => m.homeTeam.trim() === m.awayTeam.trim()))
    return invalid('a team cannot play itself');
  const problem = paramsProblem(input.betslipParams);
  if (problem) return invalid(problem);
  const prizes = input.prizes ?? [];
  const prizeProblem = prizesProblem(prizes);
  if (prizeProblem) return invalid(prizeProblem);

  const sid = input.sid ?? (await nextSid(db));
  if (await findBetslip(db, sid)) return refused(409, 'BETSLIP.EXISTS');
  const { defaultBetslipPrice, thirdChance, multipleChance, feePerSecond, feePerThird } = input.betslipParams;
  const betslip: Betslip = {
    sid,
    endAt,
    params: { defaultBetslipPrice, thirdChance, multipleChance, feePerSecond, feePerThird },
    status: 'DRAFT',
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
 * Makes a DRAFT betslip the CURRENT one. A betslip still current is closed (no more submissions): the
 * operator's newest betslip wins. Copies the default prize table to the betslip when it has none, so
 * the pools it advertises while open are the pools it pays, whatever marketing changes later.
 */
export async function publishBetslip(
  db: Db,
  actor: string,
  sid: string,
  now: Date,
): Promise<OpResult<{ sid: string; status: 'CURRENT'; closed: string | null }>> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('betslips')
          .select(['status', 'end_at'])
          .where('sid', '=', sid)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return refused(404, 'BETSLIP.NOT_FOUND');
        if (row.status === 'CURRENT') {
          await audit(trx, { actor, action: 'BETSLIP.PUBLISH', target: sid, detail: { already: true } }, now);
          return done({ sid, status: 'CURRENT' as const, closed: null });
        }
        if (row.status !== 'DRAFT') return refused(409, 'BETSLIP.NOT_DRAFT');
        if (row.end_at.getTime() <= now.getTime()) return refused(409, 'BETSLIP.ENDED');
        const previous = await trx
          .updateTable('betslips')
          .set({ status: 'CLOSED' })
          .where('status', '=', 'CURRENT')
          .returning('sid')
          .executeTakeFirst();
        await trx.updateTable('betslips').set({ status: 'CURRENT' }).where('sid', '=', sid).execute();
        const own = await trx.selectFrom('prizes').select('id').where('betslip_sid', '=', sid).execute();
        if (own.length === 0) {
          const defaults = await trx
            .selectFrom('prizes')
            .select(['prize_type', 'amount_cents'])
            .where('betslip_sid', 'is', null)
            .execute();
          const copies = defaults.map((p) => ({
            prizeType: p.prize_type,
            amountCents: toCents(p.amount_cents),
          }));
          await insertPrizes(trx, copies, sid);
        }
        const closed = previous?.sid ?? null;
        await audit(trx, { actor, action: 'BETSLIP.PUBLISH', target: sid, detail: { closed } }, now);
        return done({ sid, status: 'CURRENT' as const, closed });
      });
    } catch (error) {
      // A concurrent publish (or the demo roll-forward) made another betslip current meanwhile: retry
      // once, which closes that one.
      if (attempt === 0 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** Enters or corrects the result of match `position` (1-based) until settlement starts. */
export async function setResult(
  db: Db,
  actor: string,
  sid: string,
  position: number,
  wireResult: string,
  now: Date,
): Promise<OpResult<{ sid: string; position: number; result: string }>> {
  const result = resultFromWire(wireResult);
  if (!result) return refused(400, 'RESULT.INVALID');
  return db.transaction().execute(async (trx) => {
    // Locked so a settlement running at the same time sees either the old or the new result, never half.
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
    const match = await trx
      .selectFrom('matches')
      .select('result')
      .where('betslip_sid', '=', sid)
      .where('position', '=', position - 1)
      .executeTakeFirst();
    if (!match) return invalid(`no match at position ${position}`);
    await trx
      .updateTable('matches')
      .set({ result })
      .where('betslip_sid', '=', sid)
      .where('position', '=', position - 1)
      .execute();
    const previous = resultToWire(match.result);
    await audit(
      trx,
      { actor, action: 'BETSLIP.RESULT', target: sid, detail: { position, result: wireResult, previous } },
      now,
    );
    return done({ sid, position, result: wireResult });
  });
}

/** Every betslip, newest end first, with its matches, results and submission count (admin list). */
export async function listBetslips(db: Db, limit = 100) {
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
    };
  });
}
