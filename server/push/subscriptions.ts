// Storage of push subscriptions: browser subscriptions by endpoint, native registration tokens by token.
// Each belongs to the subscriber who last registered it (a shared phone changes hands on sign-in).
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import type { WebPushSubscription } from './sender.ts';

type Db = Kysely<Database>;

export interface StoredWebSubscription extends WebPushSubscription {
  msisdn: string;
  lang: string;
}

/** Stores or updates the browser subscription at `endpoint` for `msisdn`. */
export async function saveWebSubscription(db: Db, s: StoredWebSubscription, now: Date): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values({
      endpoint: s.endpoint,
      msisdn: s.msisdn,
      p256dh: s.keys.p256dh,
      auth: s.keys.auth,
      lang: s.lang,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        msisdn: s.msisdn,
        p256dh: s.keys.p256dh,
        auth: s.keys.auth,
        lang: s.lang,
        updated_at: now,
      }),
    )
    .execute();
}

/** Stores or re-assigns a native app's registration token. */
export async function saveMobileToken(db: Db, token: string, msisdn: string, now: Date): Promise<void> {
  await db
    .insertInto('mobile_push_tokens')
    .values({ token, msisdn, created_at: now, updated_at: now })
    .onConflict((oc) => oc.column('token').doUpdateSet({ msisdn, updated_at: now }))
    .execute();
}

export async function removeWebSubscription(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}

/** Every browser subscription of `msisdn`. */
export async function webSubscriptionsOf(db: Db, msisdn: string): Promise<StoredWebSubscription[]> {
  const rows = await db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'msisdn', 'p256dh', 'auth', 'lang'])
    .where('msisdn', '=', msisdn)
    .execute();
  return rows.map((r) => ({
    endpoint: r.endpoint,
    msisdn: r.msisdn,
    lang: r.lang,
    keys: { p256dh: r.p256dh, auth: r.auth },
  }));
}
