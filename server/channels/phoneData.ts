// What the phone channels read about a subscriber: the account, the language chosen on a phone, the
// wallet and its last moves, the last slips with their results. Texts as the channels show them.
import type { Kysely } from 'kysely';
import { ussdDigit } from '../../machines/rules/channelPicks.ts';
import type { Database } from '../db/index.ts';
import { fromJson } from '../db/json.ts';
import type { StoredPrediction } from '../db/playWalletTables.ts';
import { effectiveLimits } from '../play/limitRules.ts';
import { loadLimits } from '../play/limits.ts';
import { listMoves, toCents, walletSummary } from '../wallet/ledger.ts';
import { isSubscribed } from '../wallet/subscriptions.ts';
import { dayMonth, type Lang, money, moveWord, say } from './texts.ts';

type Db = Kysely<Database>;

export async function hasAccount(db: Db, msisdn: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('msisdn', '=', msisdn).executeTakeFirst();
  return row !== undefined;
}

export async function preferredLang(db: Db, msisdn: string): Promise<Lang | null> {
  const row = await db
    .selectFrom('channel_prefs')
    .select('lang')
    .where('msisdn', '=', msisdn)
    .executeTakeFirst();
  return row?.lang === 'en' ? 'en' : row?.lang === 'st' ? 'st' : null;
}

export async function savePreferredLang(db: Db, msisdn: string, lang: Lang, now: Date): Promise<void> {
  await db
    .insertInto('channel_prefs')
    .values({ msisdn, lang, updated_at: now })
    .onConflict((oc) => oc.column('msisdn').doUpdateSet({ lang, updated_at: now }))
    .execute();
}

/** Why this subscriber may not start a slip now (no subscription, a pause), or null. */
export async function cannotPlay(db: Db, msisdn: string, now: Date): Promise<string | null> {
  if (!(await isSubscribed(db, msisdn))) return 'SUBSCRIPTION.REQUIRED';
  const limits = effectiveLimits(await loadLimits(db, msisdn), now);
  if (limits.pausedUntil && limits.pausedUntil.getTime() > now.getTime()) return 'PLAY.PAUSED';
  return null;
}

/** 'Balance: M 12.00\nWithdrawable: M 10.00' and, with `moves`, the last ones, one a line. */
export async function walletText(db: Db, msisdn: string, lang: Lang, moves: number): Promise<string> {
  const summary = await walletSummary(db, msisdn);
  const lines = [
    `${say(lang, 'balance')}: ${money(summary.totalAvailableAmount)}`,
    `${say(lang, 'withdrawable')}: ${money(summary.withdrawableAmount)}`,
  ];
  if (moves > 0) {
    const last = await listMoves(db, msisdn, { limit: moves });
    if (last.length === 0) lines.push(say(lang, 'noMoves'));
    for (const m of last) {
      lines.push(
        `${m.amountCents > 0 ? '+' : ''}${money(m.amountCents)} ${moveWord(lang, m.kind)} ${dayMonth(m.createdAt)}`,
      );
    }
  }
  return lines.join('\n');
}

/** The last slips, one a line: date, picks in keypad digits, the result, and (`references`) the receipt's reference. */
export async function slipsText(
  db: Db,
  msisdn: string,
  lang: Lang,
  count: number,
  references = false,
): Promise<string> {
  const rows = await db
    .selectFrom('submissions')
    .innerJoin('betslips', 'betslips.sid', 'submissions.betslip_sid')
    .leftJoin('slip_results', 'slip_results.submission_id', 'submissions.id')
    .select([
      'submissions.created_at',
      'submissions.cost_cents',
      'submissions.predictions',
      'slip_results.correct_count',
      'slip_results.amount_won_cents',
      'submissions.reference',
      'betslips.status',
    ])
    .where('submissions.msisdn', '=', msisdn)
    .orderBy('submissions.created_at', 'desc')
    .limit(count)
    .execute();
  if (rows.length === 0) return say(lang, 'noSlips');
  return rows
    .map((r) => {
      const picks = fromJson<StoredPrediction[]>(r.predictions)
        .map((p) => ussdDigit(String(p.prediction)))
        .join('');
      const result =
        r.correct_count === null
          ? say(lang, 'open')
          : `${r.correct_count}/14${toCents(r.amount_won_cents) > 0 ? ` ${say(lang, 'won')} ${money(toCents(r.amount_won_cents))}` : ''}`;
      const reference = references && r.reference ? ` ${r.reference}` : '';
      return `${dayMonth(r.created_at)} ${picks} ${result}${reference}`;
    })
    .join('\n');
}
