// Official results for everyone, signed in or not: settled rounds with their matches, results and what
// each tier paid. Nothing about who played (no phone numbers, no slips).
import type { Kysely } from 'kysely';
import { resultToWire } from '../../machines/rules/settlement.ts';
import type { Database } from '../db/index.ts';
import { fromJson } from '../db/json.ts';
import type { StoredStatistics } from './settle.ts';

export async function publicRounds(db: Kysely<Database>, limit = 20) {
  const rows = await db
    .selectFrom('betslips')
    .select(['sid', 'end_at', 'statistics'])
    .where('status', '=', 'SETTLED')
    .orderBy('end_at', 'desc')
    .limit(limit)
    .execute();
  if (rows.length === 0) return [];
  const matches = await db
    .selectFrom('matches')
    .select(['betslip_sid', 'position', 'home_team', 'away_team', 'result'])
    .where(
      'betslip_sid',
      'in',
      rows.map((r) => r.sid),
    )
    .orderBy('position')
    .execute();
  return rows.map((r) => {
    const stats = r.statistics == null ? null : fromJson<StoredStatistics>(r.statistics);
    return {
      sid: r.sid,
      endsAt: r.end_at.toISOString(),
      matches: matches
        .filter((m) => m.betslip_sid === r.sid)
        .map((m) => ({
          position: m.position + 1,
          homeTeam: m.home_team,
          awayTeam: m.away_team,
          result: resultToWire(m.result),
        })),
      // Statistics stored before systems have no rule: those rounds counted slips.
      settlementRule: stats?.rule ?? 'SLIP',
      tiers: (stats?.tiers ?? []).map((t) => ({
        prizeType: t.prizeType,
        winners: t.winners,
        amountEach: t.amountEachCents / 100,
      })),
    };
  });
}
