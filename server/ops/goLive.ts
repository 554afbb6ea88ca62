// A scheduled round goes live when it falls due, not up to a minute later at the next cron run of
// rounds-roll-forward: publishing it as SCHEDULED also sends that job to start at the moment it is due
// (the open round's end, or the chosen go-live time if later). The job is the same idempotent step the
// cron runs, so an early, late or repeated run opens the round once; the cron stays as the safety net
// (an instance that restarts, an open round whose end was moved).
import type { Kysely } from 'kysely';
import type { Published } from '../../machines/wire/admin.ts';
import type { Database } from '../db/index.ts';
import type { Jobs } from '../jobs/index.ts';
import { QUEUES } from '../jobs/queues.ts';

/** When `published` (SCHEDULED) can go live: after the round it waits for ends and not before its time. */
export async function goLiveDue(db: Kysely<Database>, published: Published): Promise<Date | null> {
  if (published.status !== 'SCHEDULED') return null;
  const times: number[] = [];
  if (published.goLiveAt) times.push(Date.parse(published.goLiveAt));
  if (published.after) {
    const open = await db
      .selectFrom('betslips')
      .select('end_at')
      .where('sid', '=', published.after)
      .executeTakeFirst();
    if (open) times.push(open.end_at.getTime());
  }
  return times.length ? new Date(Math.max(...times)) : null;
}

/** Sends the roll-forward job for when `published` falls due; null when nothing was sent. */
export async function sendGoLive(
  db: Kysely<Database>,
  jobs: Pick<Jobs, 'send'>,
  published: Published,
): Promise<string | null> {
  const due = await goLiveDue(db, published);
  if (!due) return null;
  return jobs.send(QUEUES.rollForward, { sid: published.sid }, { startAfter: due });
}
