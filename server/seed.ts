// Demo data on start in demo mode. Every seeder is idempotent (it checks before it writes), so running
// them on each start fills a fresh database and leaves an existing one alone.
import { ROLES } from '../machines/rules/roles.ts';
import type { Config } from './config.ts';
import { loadContent } from './content/siteContent.ts';
import { recordAcceptance } from './content/terms.ts';
import type { Db } from './db/index.ts';
import { seedPlayDemo } from './demo/seedPlay.ts';
import { seedWalletDemo } from './demo/seedWallet.ts';
import { createPasswordHasher } from './identity/passwords.ts';
import { createUser, findUserByUsername } from './identity/users.ts';

export interface SeedContext {
  db: Db;
  config: Config;
  now: Date;
}

/** One idempotent piece of demo data. */
export type Seeder = (ctx: SeedContext) => Promise<void>;

/** The demo accounts (DESIGN.md, CONTRACTS.md): subscribers (26650000003 not yet subscribed), an operator,
 * the call centre and marketing. */
export const DEMO_ACCOUNTS = [
  { username: '26650000001', msisdn: '26650000001', password: 'demo1234', roles: [ROLES.user] },
  { username: '26650000003', msisdn: '26650000003', password: 'demo1234', roles: [ROLES.user] },
  { username: 'admin', msisdn: null, password: 'admin1234', roles: [ROLES.admin] },
  { username: 'callcentre', msisdn: null, password: 'callcentre1234', roles: [ROLES.callCenter] },
  { username: 'marketing', msisdn: null, password: 'marketing1234', roles: [ROLES.marketing] },
] as const;

export const seedDemoAccounts: Seeder = async ({ db, config, now }) => {
  const hasher = createPasswordHasher(config.argon2);
  const { termsVersion } = loadContent(config.contentDir).site;
  for (const account of DEMO_ACCOUNTS) {
    // Checked first: hashing costs tens of milliseconds, and an existing account keeps its password.
    if (await findUserByUsername(db.kysely, account.username)) continue;
    await createUser(db.kysely, {
      username: account.username,
      msisdn: account.msisdn,
      passwordHash: await hasher.hash(account.password),
      roles: [...account.roles],
      createdAt: now,
      // The demo subscribers registered as anyone does: 18 or older, today's terms accepted.
      ...(account.msisdn ? { adultConfirmedAt: now } : {}),
    });
    if (account.msisdn) await recordAcceptance(db.kysely, account.msisdn, termsVersion, now);
  }
};

/**
 * Demo seeders in the order they run. Play and wallet data (betslips, prizes, the demo wallet) append
 * theirs here; a seeder may rely on the ones before it (the demo accounts come first).
 */
export const demoSeeders: Seeder[] = [
  seedDemoAccounts,
  ({ db, now }) => seedPlayDemo(db.kysely, now),
  ({ db, now }) => seedWalletDemo(db.kysely, now),
];

/** Runs every demo seeder. Call only in demo mode, after migrations. */
export async function seedDemo(db: Db, config: Config, now: Date = new Date()): Promise<void> {
  for (const seeder of demoSeeders) await seeder({ db, config, now });
}
