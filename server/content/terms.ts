// Which version of the terms a subscriber accepted and when (migration 015_terms_acceptance).
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';

type Db = Kysely<Database>;

/** The newest version `msisdn` accepted, or null. */
export async function acceptedVersion(db: Db, msisdn: string): Promise<string | null> {
  const row = await db
    .selectFrom('terms_acceptances')
    .select('version')
    .where('msisdn', '=', msisdn)
    .orderBy('accepted_at', 'desc')
    .executeTakeFirst();
  return row?.version ?? null;
}

/** Records acceptance of `version` once: accepting again keeps the first time. Returns that time. */
export async function recordAcceptance(db: Db, msisdn: string, version: string, at: Date): Promise<Date> {
  await db
    .insertInto('terms_acceptances')
    .values({ msisdn, version, accepted_at: at })
    .onConflict((oc) => oc.columns(['msisdn', 'version']).doNothing())
    .execute();
  const row = await db
    .selectFrom('terms_acceptances')
    .select('accepted_at')
    .where('msisdn', '=', msisdn)
    .where('version', '=', version)
    .executeTakeFirstOrThrow();
  return row.accepted_at;
}
