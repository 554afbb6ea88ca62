// Who is to get which notice, read from the database so that a job needs only a betslip's sid (and a batch
// of msisdns) and a retry finds the same people: the participants of a settled betslip with what each
// won, and the subscribers to remind that the current betslip closes within the hour.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/index.ts';
import type { SettledWinner } from '../events.ts';
import { toCents } from '../wallet/ledger.ts';

type Db = Kysely<Database>;

/** The reminder goes out when the betslip closes within this window. */
export const CLOSING_SOON_MS = 60 * 60 * 1000;

/** The current betslip when it closes within the hour (and has not closed yet). */
export async function closingSoonBetslip(db: Db, now: Date): Promise<string | null> {
  const betslip = await db
    .selectFrom('betslips')
    .select('sid')
    .where('status', '=', 'CURRENT')
    .where('end_at', '>', now)
    .where('end_at', '<=', new Date(now.getTime() + CLOSING_SOON_MS))
    .executeTakeFirst();
  return betslip?.sid ?? null;
}

/**
 * Subscribers with a push subscription who have not played `sid`, in msisdn order. Without `among`: those
 * not reminded of it either (nor being reminded), for the closing-soon check. With `among`: those of a
 * batch, whatever push_notices says (the notice itself sends each once, and a retried batch must find
 * again the ones it claimed).
 */
export async function toRemind(db: Db, sid: string, among?: string[]): Promise<string[]> {
  if (among?.length === 0) return [];
  const query = db
    .selectFrom('push_subscriptions as p')
    .select('p.msisdn')
    .distinct()
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('submissions as s')
            .select(sql`1`.as('one'))
            .where('s.betslip_sid', '=', sid)
            .whereRef('s.msisdn', '=', 'p.msisdn'),
        ),
      ),
    )
    .orderBy('p.msisdn');
  const narrowed = among
    ? query.where('p.msisdn', 'in', among)
    : query.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('push_notices as n')
              .select(sql`1`.as('one'))
              .where('n.kind', '=', 'CLOSING_SOON')
              .where('n.betslip_sid', '=', sid)
              .whereRef('n.msisdn', '=', 'p.msisdn'),
          ),
        ),
      );
  return (await narrowed.execute()).map((r) => r.msisdn);
}

/**
 * Everyone who played `sid` and has a push subscription, in msisdn order: the others have nowhere to be
 * notified, and most subscribers of a big betslip may be among them.
 */
export async function participantsOf(db: Db, sid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('submissions as s')
    .select('s.msisdn')
    .distinct()
    .where('s.betslip_sid', '=', sid)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('push_subscriptions as p').select(sql`1`.as('one')).whereRef('p.msisdn', '=', 's.msisdn'),
      ),
    )
    .orderBy('s.msisdn')
    .execute();
  return rows.map((r) => r.msisdn);
}

/** Whether `sid` is settled (its notices may go out). */
export async function isSettled(db: Db, sid: string): Promise<boolean> {
  const row = await db.selectFrom('betslips').select('status').where('sid', '=', sid).executeTakeFirst();
  return row?.status === 'SETTLED';
}

/** The winning slips of `msisdns` on `sid` (the notifier sums them per subscriber). */
export async function winningsOf(db: Db, sid: string, msisdns: string[]): Promise<SettledWinner[]> {
  if (msisdns.length === 0) return [];
  const slips = await db
    .selectFrom('submissions as s')
    .innerJoin('slip_results as r', 'r.submission_id', 's.id')
    .select(['s.msisdn', 'r.amount_won_cents', 'r.prize_won'])
    .where('s.betslip_sid', '=', sid)
    .where('s.msisdn', 'in', msisdns)
    .where('r.amount_won_cents', '>', 0)
    .execute();
  return slips.map((s) => ({
    msisdn: s.msisdn,
    amountCents: toCents(s.amount_won_cents),
    prizeWon: s.prize_won,
  }));
}
