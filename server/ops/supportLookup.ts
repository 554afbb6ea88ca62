// The call centre's view of one subscriber (CONTRACTS.md "Results and operations API", support): the
// account, the subscription, the wallet exactly as the subscriber sees it, recent slips with their receipt
// references, and the payments not final yet. Read-only; the route audits the read.
import type { Kysely } from 'kysely';
import { preferredLang } from '../channels/phoneData.ts';
import { acceptedVersion } from '../content/terms.ts';
import type { Database } from '../db/index.ts';
import { limitsView } from '../play/limits.ts';
import { isSubscribed, otherSubscriptions } from '../wallet/subscriptions.ts';
import { toWire, walletInfo } from '../wallet/walletInfo.ts';

type Db = Kysely<Database>;

/** Recent slips shown (the subscriber's results screen has the whole history). */
export const SUPPORT_SLIPS = 20;

/** The language the subscriber last chose on a phone channel (phoneData) or for notices, or null if none. */
export async function subscriberLanguage(db: Db, msisdn: string): Promise<string | null> {
  const pref = await preferredLang(db, msisdn);
  if (pref) return pref;
  const push = await db
    .selectFrom('push_subscriptions')
    .select('lang')
    .where('msisdn', '=', msisdn)
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  return push?.lang ?? null;
}

async function recentSlips(db: Db, msisdn: string) {
  const rows = await db
    .selectFrom('submissions')
    .innerJoin('betslips', 'betslips.sid', 'submissions.betslip_sid')
    .leftJoin('slip_results', 'slip_results.submission_id', 'submissions.id')
    .select([
      'submissions.betslip_sid as sid',
      'submissions.reference',
      'submissions.created_at',
      'submissions.cost_cents',
      'submissions.paid_from',
      'submissions.channel',
      'slip_results.correct_count',
      'slip_results.amount_won_cents',
      'slip_results.prize_won',
      'betslips.status',
    ])
    .where('submissions.msisdn', '=', msisdn)
    .orderBy('submissions.created_at', 'desc')
    .orderBy('submissions.id', 'desc')
    .limit(SUPPORT_SLIPS)
    .execute();
  return rows.map((r) => ({
    sid: r.sid,
    reference: r.reference,
    createdAt: r.created_at.toISOString(),
    cost: toWire(Number(r.cost_cents)),
    paidFrom: r.paid_from,
    channel: r.channel,
    roundStatus: r.status,
    // Only a settled round has an outcome: before, nothing is won or lost yet.
    outcome:
      r.status === 'SETTLED'
        ? {
            correctCount: r.correct_count,
            amountWon: toWire(Number(r.amount_won_cents ?? 0)),
            prizeWon: r.prize_won ?? '',
          }
        : null,
  }));
}

/** Everything the call centre sees about `msisdn`, or null when no account has that number. */
export async function supportLookup(db: Db, msisdn: string, now: Date) {
  const user = await db
    .selectFrom('users')
    .select(['created_at', 'adult_confirmed_at'])
    .where('msisdn', '=', msisdn)
    .executeTakeFirst();
  if (!user) return null;
  const [language, termsVersion, limits, subscribed, others, wallet, slips] = await Promise.all([
    subscriberLanguage(db, msisdn),
    acceptedVersion(db, msisdn),
    limitsView(db, msisdn, now),
    isSubscribed(db, msisdn),
    otherSubscriptions(db, msisdn),
    walletInfo(db, msisdn),
    recentSlips(db, msisdn),
  ]);
  return {
    account: {
      msisdn,
      language,
      registeredAt: user.created_at.toISOString(),
      termsVersion,
      ageConfirmedAt: user.adult_confirmed_at ? user.adult_confirmed_at.toISOString() : null,
      pausedUntil: limits.pausedUntil,
      weeklyLimit: limits.weeklyLimit,
      weeklyDepositLimit: limits.weeklyDepositLimit,
    },
    subscription: { enabled: subscribed, otherSubscriptions: others },
    wallet,
    slips,
    // Payments not final yet: the same lists the subscriber's wallet shows, narrowed to the open ones.
    pending: {
      cashOuts: wallet.pendingCashOuts,
      deposits: wallet.deposits.filter((d) => d.status === 'PENDING'),
    },
  };
}

export type SupportView = NonNullable<Awaited<ReturnType<typeof supportLookup>>>;
