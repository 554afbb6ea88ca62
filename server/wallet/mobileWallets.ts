// The mobile-money wallets (providers) a subscriber can cash out to or buy airtime through, from the
// mobile_wallets reference table (migration 003).
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';

type Db = Kysely<Database>;

export interface SupportedWallet {
  sid: string;
  name: string;
}

/** Enabled wallets in display order (fetch-supported-wallets). */
export async function supportedWallets(db: Db): Promise<SupportedWallet[]> {
  return db
    .selectFrom('mobile_wallets')
    .select(['sid', 'name'])
    .where('enabled', '=', true)
    .orderBy('position')
    .orderBy('sid')
    .execute();
}

/** The enabled wallet with this sid, if any. */
export async function findWallet(db: Db, sid: string): Promise<SupportedWallet | undefined> {
  return db
    .selectFrom('mobile_wallets')
    .select(['sid', 'name'])
    .where('sid', '=', sid)
    .where('enabled', '=', true)
    .executeTakeFirst();
}
