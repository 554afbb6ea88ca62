// Who gets which notification, once: results and winnings when a betslip is settled, and a reminder an
// hour before the current betslip closes to subscribers who have not played it. Each notice is recorded
// in push_notices before it is sent (INSERT ... ON CONFLICT DO NOTHING), so two instances or a repeated
// event never send it twice; a failed delivery is logged and not retried (a stale reminder is worse).
import { setImmediate } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/index.ts';
import type { PushNoticeKind } from '../db/pushTables.ts';
import type { DomainEvents } from '../events.ts';
import { closingSoonPayload, pushLang, resultsPayload, winningsPayload } from './messages.ts';
import type { PushPayload, PushSender } from './sender.ts';
import { removeWebSubscription, webSubscriptionsOf } from './subscriptions.ts';

type Db = Kysely<Database>;
type SettledEvent = DomainEvents['betslip.settled'][0];

/** The reminder goes out when the betslip closes within this window. */
export const CLOSING_SOON_MS = 60 * 60 * 1000;
/** Subscribers notified at once; the rest wait their turn (push services throttle bursts). */
const CONCURRENCY = 8;

export interface Notifier {
  /** Sends `kind` about `sid` to `msisdn` unless already sent; false when it was. */
  notice(
    kind: PushNoticeKind,
    sid: string,
    msisdn: string,
    payload: (lang: string) => PushPayload,
  ): Promise<boolean>;
  /** betslip.settled: winnings to winners, results to the other participants. */
  settled(event: SettledEvent): Promise<void>;
  /** The periodic closing-soon check; returns how many subscribers were reminded. */
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

  const notice: Notifier['notice'] = async (kind, sid, msisdn, payload) => {
    const recorded = await db
      .insertInto('push_notices')
      .values({ kind, betslip_sid: sid, msisdn })
      .onConflict((oc) => oc.doNothing())
      .returning('msisdn')
      .executeTakeFirst();
    if (!recorded) return false;
    await deliver(msisdn, payload);
    return true;
  };

  return {
    notice,
    async settled({ sid, participants, winners }) {
      const won = new Map(winners.map((w) => [w.msisdn, w]));
      const everyone = [...new Set([...participants, ...won.keys()])];
      await eachLimited(everyone, CONCURRENCY, (msisdn) => {
        const w = won.get(msisdn);
        return w
          ? notice('WINNINGS', sid, msisdn, (lang) =>
              winningsPayload(pushLang(lang), sid, w.amountCents, w.prizeWon),
            )
          : notice('RESULTS', sid, msisdn, (lang) => resultsPayload(pushLang(lang), sid));
      });
    },
    async remindClosingSoon(now) {
      const betslip = await db
        .selectFrom('betslips')
        .select('sid')
        .where('status', '=', 'CURRENT')
        .where('end_at', '>', now)
        .where('end_at', '<=', new Date(now.getTime() + CLOSING_SOON_MS))
        .executeTakeFirst();
      if (!betslip) return 0;
      const { sid } = betslip;
      const rows = await db
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
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('push_notices as n')
                .select(sql`1`.as('one'))
                .where('n.kind', '=', 'CLOSING_SOON')
                .where('n.betslip_sid', '=', sid)
                .whereRef('n.msisdn', '=', 'p.msisdn'),
            ),
          ),
        )
        .execute();
      let sent = 0;
      await eachLimited(rows, CONCURRENCY, async ({ msisdn }) => {
        if (await notice('CLOSING_SOON', sid, msisdn, (lang) => closingSoonPayload(pushLang(lang), sid)))
          sent++;
      });
      return sent;
    },
  };
}
