// Brute-force protection for the password grant: after too many failed sign-ins for one account or from
// one address within a window, further attempts are refused with 429 until old failures age out.
// Counted in the database so every instance sees the same numbers.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';

export const FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_ACCOUNT_FAILURES = 5;
export const MAX_IP_FAILURES = 20;

type Db = Kysely<Database>;

const accountKey = (username: string) => `user:${username}`;
const ipKey = (ip: string) => `ip:${ip}`;

async function count(db: Db, key: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('login_failures')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Seconds until the caller may try again, or 0 when neither the account nor the address is blocked. */
export async function retryAfter(db: Db, username: string, ip: string, now: Date): Promise<number> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const [account, address] = await Promise.all([
    count(db, accountKey(username), since),
    count(db, ipKey(ip), since),
  ]);
  if (account < MAX_ACCOUNT_FAILURES && address < MAX_IP_FAILURES) return 0;
  // The window slides: the wait is until the oldest counted failure leaves it. A whole window is
  // a safe upper bound and needs no second query.
  return Math.ceil(FAILURE_WINDOW_MS / 1000);
}

/** Records a failed sign-in against both the account and the address. */
export async function recordFailure(db: Db, username: string, ip: string, now: Date): Promise<void> {
  await db
    .insertInto('login_failures')
    .values([
      { key: accountKey(username), created_at: now },
      { key: ipKey(ip), created_at: now },
    ])
    .execute();
  // Rows older than the window count for nothing; trimming them here keeps the table small.
  await db
    .deleteFrom('login_failures')
    .where('created_at', '<', new Date(now.getTime() - FAILURE_WINDOW_MS))
    .execute();
}

/** A successful sign-in forgives the account's earlier failures (not the address's). */
export async function clearAccountFailures(db: Db, username: string): Promise<void> {
  await db.deleteFrom('login_failures').where('key', '=', accountKey(username)).execute();
}
