// Who gets which notification, once: results and winnings when a betslip is settled, and a reminder an
// hour before the current betslip closes to subscribers who have not played it. The jobs (server/jobs/)
// call these per batch of subscribers; tests call them directly.
// Each notice is claimed in push_notices before it is sent and marked sent after, so two instances, a
// repeated event or two overlapping jobs never send it twice. A claim made by a job belongs to that job:
// only its retry (same job id, after its earlier attempt died between claiming and marking) sends it
// again, which is the one case where a phone may get it twice, and the notice's tag (and the Topic header
// the push service replaces a pending message by) makes it one notification there. A failed delivery is
// logged and not retried (a stale reminder is worse).
import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/index.ts';
import type { PushNoticeKind } from '../db/pushTables.ts';
import type { SettledWinner } from '../events.ts';
import { closingSoonPayload, pushLang, resultsPayload, winningsPayload } from './messages.ts';
import { closingSoonBetslip, toRemind } from './recipients.ts';
import type { PushPayload, PushSender } from './sender.ts';
import { removeWebSubscription, webSubscriptionsOf } from './subscriptions.ts';

type Db = Kysely<Database>;
/** A batch of a settled betslip's participants to notify, and the winning slips among theirs. */
export interface SettledBatch {
  sid: string;
  participants: string[];
  winners: SettledWinner[];
}

export { CLOSING_SOON_MS } from './recipients.ts';

/** Subscribers notified at once; the rest wait their turn (push services throttle bursts). */
const CONCURRENCY = 8;

export interface Notifier {
  /**
   * Sends `kind` about `sid` to `msisdn` unless it was sent (or claimed) already; false when it was.
   * `jobId`: the job sending it, whose retry may send again what it claimed and never marked sent.
   */
  notice(
    kind: PushNoticeKind,
    sid: string,
    msisdn: string,
    payload: (lang: string) => PushPayload,
    jobId?: string,
  ): Promise<boolean>;
  /** Winnings to the winners among `batch.participants` (and winners), results to the others. */
  settled(batch: SettledBatch, jobId?: string): Promise<void>;
  /** Reminds those of `msisdns` who still have not played `sid`, if it still closes within the hour. */
  remind(sid: string, msisdns: string[], now: Date, jobId?: string): Promise<number>;
  /** The closing-soon check and every reminder in one call; returns how many subscribers were reminded. */
  remindClosingSoon(now: Date): Promise<number>;
}

async function eachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      await run(items[next++] as T);
      // On the embedded database queries resolve without a turn of the event loop: after a settlement
      // with thousands of participants the server would answer nothing else until every notice is done.
      await setImmediate();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function createNotifier(db: Db, sender: PushSender, log: FastifyBaseLogger): Notifier {
  const deliver = async (msisdn: string, payload: (lang: string) => PushPayload) => {
    for (const subscription of await webSubscriptionsOf(db, msisdn)) {
      try {
        const outcome = await sender.send(subscription, payload(pushLang(subscription.lang)));
        if (outcome === 'gone') await removeWebSubscription(db, subscription.endpoint);
        else if (outcome === 'failed') log.warn({ msisdn }, 'push delivery refused by the push service');
      } catch (error) {
        log.warn({ err: error, msisdn }, 'push delivery failed');
      }
    }
  };

  const notice: Notifier['notice'] = async (kind, sid, msisdn, payload, jobId) => {
    const key = { kind, betslip_sid: sid, msisdn };
    const claimed = await db
      .insertInto('push_notices')
      .values({ ...key, job_id: jobId ?? null })
      // Taken again only by the job that claimed it, and only while it is not marked sent.
      .onConflict((oc) =>
        oc
          .columns(['kind', 'betslip_sid', 'msisdn'])
          .doUpdateSet({ claimed_at: sql`now()` })
          .where('push_notices.sent_at', 'is', null)
          .where(({ eb, ref }) => eb('push_notices.job_id', '=', ref('excluded.job_id'))),
      )
      .returning('msisdn')
      .executeTakeFirst();
    if (!claimed) return false;
    await deliver(msisdn, payload);
    await db
      .updateTable('push_notices')
      .set({ sent_at: sql`now()` })
      .where('kind', '=', kind)
      .where('betslip_sid', '=', sid)
      .where('msisdn', '=', msisdn)
      .execute();
    return true;
  };

  const remind: Notifier['remind'] = async (sid, msisdns, now, jobId) => {
    // Checked again at sending time: a batch may run minutes after the check that made it.
    if ((await closingSoonBetslip(db, now)) !== sid) return 0;
    let sent = 0;
    await eachLimited(await toRemind(db, sid, msisdns), CONCURRENCY, async (msisdn) => {
      const payload = (lang: string) => closingSoonPayload(pushLang(lang), sid);
      if (await notice('CLOSING_SOON', sid, msisdn, payload, jobId)) sent++;
    });
    return sent;
  };

  return {
    notice,
    remind,
    async settled({ sid, participants, winners }, jobId) {
      // One notice per subscriber: what they won on all their slips, named after the best one.
      const won = new Map<string, { amountCents: number; prizeWon: string; bestCents: number }>();
      for (const w of winners) {
        const seen = won.get(w.msisdn);
        if (!seen) won.set(w.msisdn, { ...w, bestCents: w.amountCents });
        else {
          seen.amountCents += w.amountCents;
          if (w.amountCents > seen.bestCents)
            Object.assign(seen, { bestCents: w.amountCents, prizeWon: w.prizeWon });
        }
      }
      const everyone = [...new Set([...participants, ...won.keys()])];
      await eachLimited(everyone, CONCURRENCY, (msisdn) => {
        const w = won.get(msisdn);
        return w
          ? notice(
              'WINNINGS',
              sid,
              msisdn,
              (lang) => winningsPayload(pushLang(lang), sid, w.amountCents, w.prizeWon),
              jobId,
            )
          : notice('RESULTS', sid, msisdn, (lang) => resultsPayload(pushLang(lang), sid), jobId);
      });
    },
    async remindClosingSoon(now) {
      const sid = await closingSoonBetslip(db, now);
      return sid ? remind(sid, await toRemind(db, sid), now) : 0;
    },
  };
}
