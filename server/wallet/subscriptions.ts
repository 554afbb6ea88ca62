// Subscriptions per service. Playing Jackpot 14 requires an enabled 'JACKPOT14' row; rows for other
// services are the subscriber's "other subscriptions", shown in a warning before subscribing.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';

type Db = Kysely<Database>;

export const SERVICE_ID = 'JACKPOT14';

export async function isSubscribed(db: Db, msisdn: string, service = SERVICE_ID): Promise<boolean> {
  const row = await db
    .selectFrom('subscriptions')
    .select('enabled')
    .where('msisdn', '=', msisdn)
    .where('service', '=', service)
    .executeTakeFirst();
  return row?.enabled === true;
}

/** Sets the subscription state (idempotent: setting the current state again changes nothing). */
export async function setSubscription(
  db: Db,
  msisdn: string,
  enabled: boolean,
  service = SERVICE_ID,
  now: Date = new Date(),
): Promise<void> {
  await db
    .insertInto('subscriptions')
    .values({ msisdn, service, enabled, updated_at: now })
    .onConflict((oc) => oc.columns(['msisdn', 'service']).doUpdateSet({ enabled, updated_at: now }))
    .execute();
}

/** Enabled subscriptions to services other than Jackpot 14. */
export async function otherSubscriptions(db: Db, msisdn: string): Promise<string[]> {
  const rows = await db
    .selectFrom('subscriptions')
    .select('service')
    .where('msisdn', '=', msisdn)
    .where('service', '<>', SERVICE_ID)
    .where('enabled', '=', true)
    .orderBy('service')
    .execute();
  return rows.map((row) => row.service);
}
