// Settlement with its effects, in steps that each hold the database briefly (on the embedded database a
// transaction holds the only connection, so one long one would stall every other request):
//   1. take the betslip row FOR UPDATE, check it may be settled and mark it SETTLING: from then on no
//      submission, result or correction is accepted, so the submissions read next are all there will be;
//   2. read the submissions a page at a time and count each with the pure rules (settleRead.ts,
//      machines/rules/rowSettlement.ts): every row of a slip under the betslip's rule 'ROWS', the slip
//      once under 'SLIP' (rounds published before rows counted), summing each tier's winners; then
//      share the pools, which needs every slip's tiers;
//   3. write counts and pay winners a batch at a time (settleBatch.ts), each batch finding its slips by
//      their place in id order, yielding between batches. Only a few bytes of each slip's count are kept
//      between counting and paying (settleRead.ts PageCounts), so settling a million slips takes a few
//      MB (and the list of winning slips), not the slips;
//   4. mark it SETTLED with its statistics, enqueue its notices (`whenSettled`) and audit, in one transaction.
// A run that dies between batches leaves the betslip SETTLING; settling it again redoes 2–4 and pays
// only the prizes not paid yet (each is keyed by its submission). A SETTLED betslip pays nothing more.
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { centsToM } from '../../machines/rules/betslip.ts';
import { payRows, type SettlementRule } from '../../machines/rules/rowSettlement.ts';
import {
  countsToShares,
  type PrizePool,
  payoutOf,
  type Settlement,
  type StoredResult,
} from '../../machines/rules/settlement.ts';
import type { SettleAnswer as WireSettleAnswer } from '../../machines/wire/admin.ts';
import { audit } from '../audit/audit.ts';
import { done, type OpResult, refused } from '../audit/outcome.ts';
import type { Database } from '../db/index.ts';
import type { DomainEvents } from '../events.ts';
import { closeGroupsBeforeSettling } from '../groups/close.ts';
import { hasGroupSlips, settleRoundGroups } from '../groups/prizes.ts';
import { responsiblePlayGuard } from '../play/limits.ts';
import type { ReceiptKey } from '../play/receiptKey.ts';
import { toCents } from '../wallet/ledger.ts';
import { addToJackpot } from './content.ts';
import { writeBatch } from './settleBatch.ts';
import { batchesToPay, shareSlipTiers, storedResults, tallySlips } from './settleRead.ts';

type Db = Kysely<Database>;

/** Statistics as stored on the betslip (betslips.statistics), money in cents. */
export interface StoredStatistics {
  /** Shares (0..1) of the entries picking each sign: of rows under 'ROWS', of slips under 'SLIP'. */
  matches: Array<{ position: number; home: number; draw: number; away: number }>;
  /** Winners are winning rows under 'ROWS', winning slips under 'SLIP'. */
  tiers: Settlement['tiers'];
  /** What the shares are counted out of (absent from betslips settled before systems). */
  rule?: SettlementRule;
  entries?: number;
}

export type SettledEvent = DomainEvents['betslip.settled'][0];

/**
 * The wire answer (machines/wire/admin.ts SettleAnswer: `paid` in M) plus `paidCents`, the same sum in
 * exact cents for the server's own callers; the route's schema sends only the wire fields.
 */
export interface SettleAnswer extends WireSettleAnswer {
  /** What this call paid (0 when the betslip was settled before). */
  paidCents: number;
}

const answer = (winners: number, paidCents: number): SettleAnswer => ({
  settled: true,
  winners,
  paid: centsToM(paidCents),
  paidCents,
});

export interface SettleOptions {
  /** Slips written (and winners paid) per transaction. */
  batchSize?: number;
  /** Submissions read per query. */
  pageSize?: number;
  /** Called after each batch is committed (tests: a crash between batches). */
  afterBatch?: (index: number) => void | Promise<void>;
  /**
   * Called inside the transaction that marks the betslip SETTLED, once (by the run that finishes it):
   * the notices job is enqueued there, so that it exists exactly when the settlement does.
   */
  whenSettled?: (trx: Db, sid: string) => Promise<void>;
  /**
   * Signs the slip of a full group still open when settlement starts (server/groups/close.ts closes every
   * open group in settlement's first transaction); the servers and the CLI pass theirs.
   */
  receiptKey?: ReceiptKey;
}

/**
 * Sizes that keep each transaction to about 15–30 ms on the embedded database on a small, busy machine
 * (a batch writes and pays; a page only reads, so it can be larger). Its queries run on the JavaScript
 * thread, so while one runs the server does nothing else, not even accept a connection; and it accepts
 * about one new connection per turn of the event loop, so turns must come often, not merely exist.
 * Smaller sizes cost more in total (100 slips per batch take half as long again as 250).
 */
export const SETTLE_BATCH = 250;
export const SETTLE_PAGE = 500;

/** The pools a betslip pays: its own prize table (copied on publish), else the default table. */
export async function poolsOf(db: Db, sid: string): Promise<PrizePool[]> {
  const query = db.selectFrom('prizes').select(['prize_type', 'amount_cents']);
  let rows = await query.where('betslip_sid', '=', sid).execute();
  if (rows.length === 0) rows = await query.where('betslip_sid', 'is', null).execute();
  return rows.map((r) => ({ prizeType: r.prize_type, amountCents: toCents(r.amount_cents) }));
}

type Begun =
  | { settledBefore: true }
  | {
      settledBefore: false;
      resumed: boolean;
      results: StoredResult[];
      rollover: boolean;
      endAt: Date;
      rule: SettlementRule;
    };

/** Step 1: checks the betslip under its row lock and marks it SETTLING (or finds it SETTLING already). */
function begin(
  db: Db,
  sid: string,
  clock: () => Date,
  receiptKey: ReceiptKey | undefined,
): Promise<OpResult<Begun>> {
  return db.transaction().execute(async (trx) => {
    const betslip = await trx
      .selectFrom('betslips')
      .select(['status', 'end_at', 'rollover', 'settlement_rule'])
      .where('sid', '=', sid)
      .forUpdate()
      .executeTakeFirst();
    if (!betslip) return refused(404, 'BETSLIP.NOT_FOUND');
    if (betslip.status === 'DRAFT' || betslip.status === 'SCHEDULED')
      return refused(409, 'BETSLIP.NOT_PUBLISHED');
    if (betslip.status === 'SETTLED') return done({ settledBefore: true as const });
    // Read after the lock: a submission holding the row before us has committed by now, and one coming
    // after us finds the betslip SETTLING.
    const resumed = betslip.status === 'SETTLING';
    if (!resumed && clock().getTime() < betslip.end_at.getTime()) return refused(409, 'BETSLIP.OPEN');
    const results = await storedResults(trx, sid);
    if (!results) return refused(409, 'BETSLIP.RESULTS_MISSING');
    // Groups the close job has not closed yet are closed now, before any slip is counted: a full one's
    // slip is written, an unfull one follows its rule (the same round lock, so nothing comes between).
    await closeGroupsBeforeSettling(trx, sid, { now: clock(), guards: [responsiblePlayGuard], receiptKey });
    if (!resumed)
      await trx.updateTable('betslips').set({ status: 'SETTLING' }).where('sid', '=', sid).execute();
    return done({
      settledBefore: false as const,
      resumed,
      results,
      rollover: betslip.rollover,
      endAt: betslip.end_at,
      rule: betslip.settlement_rule,
    });
  });
}

/** The answer for a betslip settled before: its winners, nothing paid. */
async function settledBefore(db: Db, actor: string, sid: string, now: Date) {
  const row = await db
    .selectFrom('submissions')
    .innerJoin('slip_results', 'slip_results.submission_id', 'submissions.id')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('betslip_sid', '=', sid)
    .where('slip_results.amount_won_cents', '>', 0)
    .executeTakeFirstOrThrow();
  await audit(db, { actor, action: 'BETSLIP.SETTLE', target: sid, detail: { again: true } }, now);
  return done({ ...answer(Number(row.n), 0), event: null });
}

/**
 * Passes an unwon jackpot to the next round (the first scheduled or current one ending after this one),
 * or keeps it on this betslip with no taker until a round is published (publishBetslip claims it).
 */
async function rollOver(trx: Db, sid: string, endAt: Date, cents: number) {
  const next = await trx
    .selectFrom('betslips')
    .select('sid')
    .where('status', 'in', ['SCHEDULED', 'CURRENT'])
    .where('sid', '<>', sid)
    .where('end_at', '>', endAt)
    .orderBy('end_at')
    .forUpdate()
    .executeTakeFirst();
  if (next) await addToJackpot(trx, next.sid, cents);
  await trx
    .updateTable('betslips')
    .set({ rollover_cents: cents, rolled_into: next?.sid ?? null })
    .where('sid', '=', sid)
    .execute();
}

/** Settles and pays betslip `sid`; `event` is set only for the call that finished it (emit it after). */
export async function settleBetslip(
  db: Db,
  actor: string,
  sid: string,
  clock: () => Date,
  options: SettleOptions = {},
): Promise<OpResult<SettleAnswer & { event: SettledEvent | null }>> {
  const begun = await begin(db, sid, clock, options.receiptKey);
  if (!begun.ok) return begun;
  if (begun.value.settledBefore) return settledBefore(db, actor, sid, clock());
  const { results, resumed, rollover, endAt, rule } = begun.value;

  const pools = await poolsOf(db, sid);
  const groups = await hasGroupSlips(db, sid);
  const pageSize = options.pageSize ?? SETTLE_PAGE;
  // Step 2: the tiers' winners and the pick counts, and a few bytes of each slip's count.
  const batchSize = options.batchSize ?? SETTLE_BATCH;
  const tally = await tallySlips(db, sid, results, pools, pageSize, rule, batchSize);
  const { tierRows, picks, entries } = tally;
  const tiers = shareSlipTiers(tierRows, pools).map(({ prizeType, winners, amountEachCents }) => ({
    prizeType,
    winners,
    amountEachCents,
  }));
  const { rolloverCents } = payoutOf(tiers, pools, rollover);

  // Step 3: the slips written and paid in batches of `batchSize` in id order, each found again by its
  // place (the same slips: the betslip is SETTLING). The event's winners are gathered as batches go, so
  // the end has no long stretch of work.
  const winners: SettledEvent['winners'] = [];
  let paidCents = 0;
  let prizeCents = 0;
  let index = 0;
  for (const { after, lastId, counts } of batchesToPay(tally, batchSize)) {
    await yieldToOthers();
    const batch = counts.map((s) => payRows(s, tiers));
    const written = await writeBatch(db, sid, { after, lastId }, batch, groups);
    paidCents += written.paidCents;
    for (const { msisdn, amountCents, prizeWon } of written.winners) {
      winners.push({ msisdn, amountCents, prizeWon });
      prizeCents += amountCents;
    }
    await options.afterBatch?.(index++);
  }

  const statistics: StoredStatistics = { matches: countsToShares(picks, entries), tiers, rule, entries };
  // Step 4. Two runs at once both get here: the one that finds it still SETTLING finishes it.
  const finished = await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('betslips')
      .select('status')
      .where('sid', '=', sid)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const now = clock();
    const first = row.status === 'SETTLING';
    if (first) {
      await trx
        .updateTable('betslips')
        .set({ status: 'SETTLED', settled_at: now, statistics: JSON.stringify(statistics) })
        .where('sid', '=', sid)
        .execute();
      if (rolloverCents > 0) await rollOver(trx, sid, endAt, rolloverCents);
      await settleRoundGroups(trx, sid, now);
      await options.whenSettled?.(trx, sid);
    }
    const detail = {
      winners: winners.length,
      paidCents,
      prizeCents,
      ...(rolloverCents > 0 && { rolloverCents }),
      ...(resumed && { resumed }),
    };
    await audit(
      trx,
      { actor, action: 'BETSLIP.SETTLE', target: sid, detail: first ? detail : { ...detail, again: true } },
      now,
    );
    return first;
  });
  // Every winning slip, for in-process listeners of betslip.settled (not its participants: a list of
  // everyone who played would grow with the round). The push notices do not use it: their job reads
  // participants and winnings from the database, so a crash loses none.
  const event: SettledEvent | null = finished ? { sid, winners } : null;
  return done({ ...answer(winners.length, paidCents), event });
}
