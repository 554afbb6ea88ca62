// Demo data for the wallet and subscription screens: subscriber 26650000003 is not subscribed to
// Jackpot 14 but to two other services (so subscribing shows the warning modal), and has a small
// operator credit to buy airtime with. Idempotent: the rows are upserts and the credit has a fixed key.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { postMove } from '../wallet/ledger.ts';
import { setSubscription } from '../wallet/subscriptions.ts';

type Db = Kysely<Database>;

/** The demo subscriber who is not yet subscribed (CONTRACTS.md demo data). */
export const DEMO_UNSUBSCRIBED = '26650000003';
export const DEMO_OTHER_SUBSCRIPTIONS = ['Daily Horoscope', 'Football News'] as const;
/** M 25.00 of operator credit: spendable on airtime and stakes, not withdrawable. */
export const DEMO_CREDIT_CENTS = 25_00;

export async function seedWalletDemo(db: Db, now: Date = new Date()): Promise<void> {
  const existing = await db
    .selectFrom('subscriptions')
    .select('service')
    .where('msisdn', '=', DEMO_UNSUBSCRIBED)
    .executeTakeFirst();
  // Seeded once: afterwards the subscriber's own choices (subscribing, unsubscribing) stand.
  if (existing) return;
  await db.transaction().execute(async (trx) => {
    for (const service of DEMO_OTHER_SUBSCRIPTIONS) {
      await setSubscription(trx, DEMO_UNSUBSCRIBED, true, service, now);
    }
    await postMove(trx, {
      msisdn: DEMO_UNSUBSCRIBED,
      amountCents: DEMO_CREDIT_CENTS,
      kind: 'OPERATOR_ADJUSTMENT',
      reason: 'WELCOME_CREDIT',
      serviceId: 'JACKPOT14',
      idempotencyKey: 'demo-welcome-credit',
    });
  });
}
