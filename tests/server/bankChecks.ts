/**
 * The bank test's verdict, read from the database after the run: every rule of "money safe under
 * races, crashes and abuse" as SQL over the ledger, the intents and the rail emulators' own records, each
 * compared with what the clients were told. Each check collects its violations, so a failure names
 * the rows.
 */
import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import { settleRows } from '../../machines/rules/rowSettlement.ts';
import {
  correctCount,
  outcomesOf,
  type PrizePool,
  type StoredResult,
  settle,
} from '../../machines/rules/settlement.ts';
import type { Database } from '../../server/db/index.ts';
import type { Answer } from './bankClient.ts';

type Db = Kysely<Database>;

/** Bench subscribers only (2665 9xx xxxx): the demo accounts are not part of the run. */
const BENCH = '26659%';

export interface BankSubscriber {
  msisdn: string;
  /** What the fixture credited (OPERATOR_ADJUSTMENT) and the prize it seeded for cash-outs. */
  creditCents: number;
  seededPrizeCents: number;
  limitCents: number | null;
}

/** A request with a key, and the last final answer it got before the checks. */
export interface Keyed {
  msisdn: string;
  key: string;
  final: Answer;
}

export interface BankFacts {
  subscribers: BankSubscriber[];
  submits: Keyed[];
  purchases: Keyed[];
  cashOuts: Keyed[];
  settledSid: string;
  /** The final results the operator entered, by position (0-based), as stored. */
  results: StoredResult[];
  /** When the server was killed: intents open then are counted in the report. */
  killedAt: Date;
}

const n = (v: unknown) => Number(v ?? 0);

/** What must be true of money and intents once everything is final; returns counts for the report. */
export async function checkBank(k: Db, facts: BankFacts): Promise<Record<string, number>> {
  const report: Record<string, number> = {};

  // ── Every intent finished ──────────────────────────────────────────────────────────────────────
  const open = await openIntents(k);
  expect(open, 'intents still open after reconciliation').toBe('');

  // ── Ledger: balances are sums, never below zero, and equal what the rows say happened ───────────
  const balances = await sql<{ msisdn: string; balance: string; lowest: string }>`
    SELECT msisdn, sum(amount_cents)::text AS balance, min(running)::text AS lowest FROM (
      SELECT msisdn, amount_cents, sum(amount_cents) OVER (PARTITION BY msisdn ORDER BY id) AS running
      FROM wallet_moves WHERE msisdn LIKE ${BENCH}) AS m
    GROUP BY msisdn`.execute(k);
  const byMsisdn = new Map(balances.rows.map((r) => [r.msisdn, r]));
  const subs = await sql<{ msisdn: string; paid_from: string; cost: string; won: string }>`
    SELECT msisdn, paid_from, sum(cost_cents)::text AS cost, coalesce(sum(amount_won_cents), 0)::text AS won
    FROM submissions WHERE msisdn LIKE ${BENCH} GROUP BY msisdn, paid_from`.execute(k);
  const buys = await sql<{ msisdn: string; status: string; amount: string }>`
    SELECT msisdn, status, sum(amount_cents)::text AS amount FROM airtime_purchases
    WHERE msisdn LIKE ${BENCH} GROUP BY msisdn, status`.execute(k);
  const outs = await sql<{ msisdn: string; status: string; amount: string }>`
    SELECT msisdn, status, sum(amount_cents)::text AS amount FROM cash_outs
    WHERE msisdn LIKE ${BENCH} GROUP BY msisdn, status`.execute(k);
  const wrongBalances: unknown[] = [];
  for (const s of facts.subscribers) {
    const mine = <T extends { msisdn: string }>(rows: T[]) => rows.filter((r) => r.msisdn === s.msisdn);
    const won = mine(subs.rows).reduce((a, r) => a + n(r.won), 0);
    const walletStakes = mine(subs.rows)
      .filter((r) => r.paid_from === 'WALLET')
      .reduce((a, r) => a + n(r.cost), 0);
    const bought = mine(buys.rows).reduce((a, r) => a + n(r.amount), 0);
    const reversed = mine(buys.rows)
      .filter((r) => r.status === 'REVERSED')
      .reduce((a, r) => a + n(r.amount), 0);
    const cashedOut = mine(outs.rows).reduce((a, r) => a + n(r.amount), 0);
    const failedOut = mine(outs.rows)
      .filter((r) => r.status === 'FAILED')
      .reduce((a, r) => a + n(r.amount), 0);
    const expected =
      s.creditCents + s.seededPrizeCents + won + reversed + failedOut - walletStakes - bought - cashedOut;
    const row = byMsisdn.get(s.msisdn);
    const balance = n(row?.balance);
    if (balance !== expected || balance < 0 || n(row?.lowest) < 0) {
      wrongBalances.push({ msisdn: s.msisdn, balance, expected, lowestRunningBalance: n(row?.lowest) });
    }
  }
  expect(
    wrongBalances,
    'balance = credit + prizes + reversals − wallet stakes − airtime − cash-outs ≥ 0',
  ).toEqual([]);

  // ── Submissions: what the clients were told is what is stored ──────────────────────────────────
  const rows = await k
    .selectFrom('submissions')
    .select(['id', 'msisdn', 'idempotency_key', 'betslip_sid', 'cost_cents', 'paid_from', 'created_at'])
    .select(['correct_count', 'amount_won_cents', 'predictions', 'payment_ref'])
    .where('msisdn', 'like', BENCH)
    .execute();
  const stored = new Map(rows.map((r) => [`${r.msisdn} ${r.idempotency_key}`, r]));
  const told = new Map(facts.submits.map((s) => [`${s.msisdn} ${s.key}`, s]));
  const wrongSlips: unknown[] = [];
  for (const s of facts.submits) {
    const row = stored.get(`${s.msisdn} ${s.key}`);
    const body = s.final.body;
    if (s.final.status === 200) {
      const ok =
        row &&
        body.messageKey === 'SUBMISSION.ACCEPTED' &&
        row.id === body.submissionId &&
        row.paid_from === body.paidFrom &&
        n(row.cost_cents) === Math.round(Number(body.amount) * 100);
      if (!ok) wrongSlips.push({ key: s.key, told: body, stored: row ?? null });
    } else if (row) {
      wrongSlips.push({ key: s.key, told: `${s.final.status} ${body.messageKey}`, stored: row.id });
    }
  }
  for (const row of rows) {
    if (!told.has(`${row.msisdn} ${row.idempotency_key}`)) wrongSlips.push({ unknownSlip: row.id });
  }
  expect(wrongSlips, 'every 200 is stored as told, and nothing else is stored').toEqual([]);
  report.slipsStored = rows.length;
  report.slipsByAirtime = rows.filter((r) => r.paid_from === 'AIRTIME').length;

  // ── The settled betslip: every slip settled, none written after, prizes paid once ──────────────
  const betslip = await k
    .selectFrom('betslips')
    .select(['status', 'settled_at', 'end_at', 'settlement_rule'])
    .where('sid', '=', facts.settledSid)
    .executeTakeFirstOrThrow();
  expect(betslip.status).toBe('SETTLED');
  const settledAt = betslip.settled_at!;
  const ofSettled = rows.filter((r) => r.betslip_sid === facts.settledSid);
  const prizeRows = await k
    .selectFrom('prizes')
    .select(['prize_type', 'amount_cents'])
    .where('betslip_sid', '=', facts.settledSid)
    .execute();
  const defaults = await k
    .selectFrom('prizes')
    .select(['prize_type', 'amount_cents'])
    .where('betslip_sid', 'is', null)
    .execute();
  const pools: PrizePool[] = (prizeRows.length ? prizeRows : defaults).map((p) => ({
    prizeType: p.prize_type,
    amountCents: n(p.amount_cents),
  }));
  // Every slip of the betslip, the demo's and the bench's: the shares depend on all of them.
  const all = await k
    .selectFrom('submissions')
    .select(['id', 'msisdn', 'predictions', 'system_id', 'correct_count', 'amount_won_cents', 'created_at'])
    .where('betslip_sid', '=', facts.settledSid)
    .execute();
  const parse = (p: unknown) =>
    (typeof p === 'string' ? JSON.parse(p) : p) as Parameters<typeof outcomesOf>[0];
  // By the rule the round was published under: one entry per slip (SLIP) or per row (ROWS).
  const slips = all.map((r) => ({
    id: r.id,
    msisdn: r.msisdn,
    outcomes: outcomesOf(parse(r.predictions), 14),
    systemId: r.system_id,
  }));
  const expected =
    betslip.settlement_rule === 'ROWS'
      ? settleRows(slips, facts.results, pools)
      : settle(slips, facts.results, pools);
  const expectedById = new Map(expected.slips.map((s) => [s.id, s]));
  const prizeMoves = await sql<{ key: string; msisdn: string; amount: string }>`
    SELECT idempotency_key AS key, msisdn, amount_cents::text AS amount FROM wallet_moves
    WHERE kind = 'PRIZE' AND idempotency_key LIKE 'prize:%'`.execute(k);
  const prizeOf = new Map(prizeMoves.rows.map((m) => [m.key, m]));
  const wrongSettlement: unknown[] = [];
  for (const r of all) {
    const want = expectedById.get(r.id)!;
    const count = correctCount(outcomesOf(parse(r.predictions), 14), facts.results);
    const move = prizeOf.get(`prize:${r.id}`);
    const paid = n(move?.amount);
    if (
      r.correct_count !== count ||
      r.correct_count !== want.correctCount ||
      n(r.amount_won_cents) !== want.amountWonCents ||
      paid !== want.amountWonCents ||
      (move && move.msisdn !== r.msisdn) ||
      r.created_at.getTime() > settledAt.getTime()
    ) {
      wrongSettlement.push({ id: r.id, stored: r.correct_count, count, won: r.amount_won_cents, want, paid });
    }
  }
  expect(wrongSettlement, 'every slip of the settled betslip settled, as the rules say, paid once').toEqual(
    [],
  );
  expect(ofSettled.length, 'slips on the settled betslip').toBeGreaterThan(0);
  report.slipsOnSettledBetslip = ofSettled.length;
  report.winnersOnSettledBetslip = all.filter((r) => n(r.amount_won_cents) > 0).length;
  report.prizesPaidCents = all.reduce((a, r) => a + n(r.amount_won_cents), 0);
  // Prizes with no slip of a settled betslip behind them (other than the fixture's seeded ones).
  const strayPrizes = await sql<{ key: string }>`
    SELECT m.idempotency_key AS key FROM wallet_moves m WHERE m.kind = 'PRIZE' AND m.msisdn LIKE ${BENCH}
      AND m.idempotency_key <> 'bench-prize' AND NOT EXISTS (SELECT 1 FROM submissions s
        WHERE 'prize:' || s.id = m.idempotency_key AND s.msisdn = m.msisdn AND s.amount_won_cents = m.amount_cents)`.execute(
    k,
  );
  expect(strayPrizes.rows, 'prize moves without their winning slip').toEqual([]);

  // ── Stakes: one STAKE move per slip and one slip per STAKE move ────────────────────────────────
  const stakeless = await sql<{ id: string; moves: number }>`
    SELECT s.id, (SELECT count(*) FROM wallet_moves m WHERE m.msisdn = s.msisdn AND m.kind = 'STAKE'
      AND m.idempotency_key = 'stake:' || s.idempotency_key AND m.amount_cents = -s.cost_cents)::int AS moves
    FROM submissions s WHERE s.msisdn LIKE ${BENCH}`.execute(k);
  expect(
    stakeless.rows.filter((r) => r.moves !== 1),
    'slips without exactly one STAKE move',
  ).toEqual([]);
  const slipless = await sql<{ id: string }>`
    SELECT m.id::text FROM wallet_moves m WHERE m.kind = 'STAKE' AND m.msisdn LIKE ${BENCH} AND NOT EXISTS (
      SELECT 1 FROM submissions s WHERE s.msisdn = m.msisdn AND 'stake:' || s.idempotency_key = m.idempotency_key)`.execute(
    k,
  );
  expect(slipless.rows, 'STAKE moves without their slip').toEqual([]);

  // ── Airtime stakes: charged ⇔ slip (with its pair) or refund ───────────────────────────────────
  const airtimeSlips = await sql<Record<string, unknown>>`
    SELECT s.id, a.status, a.submission_id, b.id::text AS billing,
      CASE WHEN o.reference IS NOT NULL THEN 'CHARGED' END AS charged,
      o.provider_ref, s.payment_ref, CASE WHEN o.status = 'Refunded' THEN o.reference END AS refund
    FROM submissions s
    LEFT JOIN airtime_stakes a ON a.msisdn = s.msisdn AND a.idempotency_key = s.idempotency_key
    LEFT JOIN wallet_moves b ON b.msisdn = s.msisdn AND b.kind = 'OPERATOR_BILLING'
      AND b.idempotency_key = 'billing:' || s.idempotency_key AND b.amount_cents = s.cost_cents
    LEFT JOIN (SELECT value->'transaction'->>'referenceCode' AS reference,
        value->'transaction'->>'transactionOperationStatus' AS status,
        value->'transaction'->>'serverReferenceCode' AS provider_ref
      FROM rail_emulator_records WHERE rail = 'billing' AND key LIKE 'tx:%'
        AND value->'transaction'->>'serverReferenceCode' IS NOT NULL
        AND value->'transaction'->>'originalServerReferenceCode' IS NULL) o ON o.reference = a.reference
    WHERE s.msisdn LIKE ${BENCH} AND s.paid_from = 'AIRTIME'`.execute(k);
  expect(
    airtimeSlips.rows.filter(
      (r) =>
        r.status !== 'CONFIRMED' ||
        r.submission_id !== r.id ||
        !r.billing ||
        r.charged !== 'CHARGED' ||
        r.refund ||
        r.payment_ref !== r.provider_ref,
    ),
    'AIRTIME slips without a CONFIRMED stake, OPERATOR_BILLING move and CHARGED (unrefunded) charge',
  ).toEqual([]);
  const walletSlipsWithCharge = await sql<{ id: string }>`
    SELECT s.id FROM submissions s WHERE s.msisdn LIKE ${BENCH} AND s.paid_from = 'WALLET' AND (
      EXISTS (SELECT 1 FROM wallet_moves b WHERE b.msisdn = s.msisdn AND b.idempotency_key = 'billing:' || s.idempotency_key)
      OR EXISTS (SELECT 1 FROM airtime_stakes a WHERE a.msisdn = s.msisdn AND a.idempotency_key = s.idempotency_key
        AND a.status = 'CONFIRMED'))`.execute(k);
  expect(walletSlipsWithCharge.rows, 'WALLET slips also charged to airtime').toEqual([]);
  const strayBilling = await sql<{ key: string }>`
    SELECT m.idempotency_key AS key FROM wallet_moves m WHERE m.kind = 'OPERATOR_BILLING' AND m.msisdn LIKE ${BENCH}
      AND NOT EXISTS (SELECT 1 FROM submissions s WHERE s.msisdn = m.msisdn AND s.paid_from = 'AIRTIME'
        AND 'billing:' || s.idempotency_key = m.idempotency_key)`.execute(k);
  expect(strayBilling.rows, 'OPERATOR_BILLING moves without their AIRTIME slip').toEqual([]);
  const stakes = await sql<Record<string, unknown>>`
    SELECT a.reference, a.msisdn, a.idempotency_key AS key, a.status, a.submission_id,
      CASE WHEN o.reference IS NOT NULL THEN 'CHARGED' END AS charged,
      CASE WHEN o.status = 'Refunded' THEN o.reference END AS refund,
      EXISTS (SELECT 1 FROM submissions s WHERE s.id = a.submission_id) AS slip
    FROM airtime_stakes a
    LEFT JOIN (SELECT value->'transaction'->>'referenceCode' AS reference,
        value->'transaction'->>'transactionOperationStatus' AS status,
        value->'transaction'->>'serverReferenceCode' AS provider_ref
      FROM rail_emulator_records WHERE rail = 'billing' AND key LIKE 'tx:%'
        AND value->'transaction'->>'serverReferenceCode' IS NOT NULL
        AND value->'transaction'->>'originalServerReferenceCode' IS NULL) o ON o.reference = a.reference
    WHERE a.msisdn LIKE ${BENCH}`.execute(k);
  const wrongStakes = stakes.rows.filter((a) => {
    if (a.status === 'CONFIRMED') return !a.slip || a.charged !== 'CHARGED' || a.refund;
    if (a.status === 'REFUNDED') return !a.refund || a.slip;
    // RELEASED: never charged, or the charge was given back.
    return a.slip || (a.charged === 'CHARGED' && !a.refund);
  });
  expect(
    wrongStakes,
    'airtime stakes: CONFIRMED with slip, REFUNDED with refund, RELEASED uncharged',
  ).toEqual([]);
  const byKey = new Map(stakes.rows.map((a) => [`${a.msisdn} ${a.key}`, a]));
  const refundedButAccepted = facts.submits.filter((s) => {
    const a = byKey.get(`${s.msisdn} ${s.key}`);
    return (
      a?.status === 'REFUNDED' && !(s.final.status === 409 && s.final.body.messageKey === 'BETSLIP.CLOSED')
    );
  });
  expect(refundedButAccepted, 'a refunded stake is answered 409 BETSLIP.CLOSED').toEqual([]);
  // Charges at the operator that kept the subscriber's airtime without a slip or a refund.
  const keptCharges = await sql<{ reference: string }>`
    SELECT o.reference FROM (SELECT value->'transaction'->>'referenceCode' AS reference,
        value->'transaction'->>'transactionOperationStatus' AS status,
        value->'transaction'->>'serverReferenceCode' AS provider_ref
      FROM rail_emulator_records WHERE rail = 'billing' AND key LIKE 'tx:%'
        AND value->'transaction'->>'serverReferenceCode' IS NOT NULL
        AND value->'transaction'->>'originalServerReferenceCode' IS NULL) o WHERE o.status = 'Charged'
      AND NOT EXISTS (SELECT 1 FROM airtime_stakes a JOIN submissions s ON s.id = a.submission_id
        WHERE a.reference = o.reference AND a.status = 'CONFIRMED')`.execute(k);
  expect(keptCharges.rows, 'airtime charged with neither a slip nor a refund').toEqual([]);
  for (const status of ['CONFIRMED', 'RELEASED', 'REFUNDED']) {
    report[`stakes${status}`] = stakes.rows.filter((a) => a.status === status).length;
  }

  // ── Airtime purchases: every debit confirmed or given back ─────────────────────────────────────
  const purchases = await sql<Record<string, unknown>>`
    SELECT p.reference, p.msisdn, p.idempotency_key AS key, p.status, p.amount_cents::text AS amount,
      d.amount_cents::text AS debit, v.amount_cents::text AS reversal,
      CASE o.value->'record'->>'status' WHEN 'Sent' THEN 'CONFIRMED' WHEN 'Failed' THEN 'FAILED' END AS provider
    FROM airtime_purchases p
    LEFT JOIN wallet_moves d ON d.msisdn = p.msisdn AND d.kind = 'AIRTIME_PURCHASE'
      AND d.idempotency_key = 'airtime:' || p.idempotency_key
    LEFT JOIN wallet_moves v ON v.msisdn = p.msisdn AND v.reason = 'AIRTIME_REVERSAL'
      AND v.idempotency_key = 'airtime-reversal:' || p.idempotency_key
    LEFT JOIN rail_emulator_records o ON o.rail = 'africastalking' AND o.key LIKE 'tx:%'
      AND o.value->'record'->>'idempotencyKey' = p.reference
    WHERE p.msisdn LIKE ${BENCH}`.execute(k);
  const wrongPurchases = purchases.rows.filter((p) => {
    if (n(p.debit) !== -n(p.amount)) return true;
    if (p.status === 'REVERSED') return n(p.reversal) !== n(p.amount);
    return p.status !== 'CONFIRMED' || p.reversal !== null || p.provider !== 'CONFIRMED';
  });
  expect(wrongPurchases, 'airtime purchases: debited, then CONFIRMED at the provider or reversed').toEqual(
    [],
  );
  const strayAirtime = await sql<{ key: string }>`
    SELECT m.idempotency_key AS key FROM wallet_moves m WHERE m.msisdn LIKE ${BENCH}
      AND (m.kind = 'AIRTIME_PURCHASE' OR m.reason = 'AIRTIME_REVERSAL') AND NOT EXISTS (
        SELECT 1 FROM airtime_purchases p WHERE p.msisdn = m.msisdn AND (
          m.idempotency_key = 'airtime:' || p.idempotency_key
          OR (p.status = 'REVERSED' AND m.idempotency_key = 'airtime-reversal:' || p.idempotency_key)))`.execute(
    k,
  );
  expect(strayAirtime.rows, 'airtime moves without their purchase').toEqual([]);
  const purchaseByKey = new Map(purchases.rows.map((p) => [`${p.msisdn} ${p.key}`, p]));
  const wrongPurchaseAnswers = facts.purchases.filter((q) => {
    const p = purchaseByKey.get(`${q.msisdn} ${q.key}`);
    if (q.final.status !== 200) return p !== undefined;
    const want = p?.status === 'CONFIRMED' ? 'AIRTIME.SUCCESS' : 'AIRTIME.FAILED';
    return !p || q.final.body.messageKey !== want;
  });
  expect(wrongPurchaseAnswers, 'airtime answers match the purchases').toEqual([]);
  report.purchasesConfirmed = purchases.rows.filter((p) => p.status === 'CONFIRMED').length;
  report.purchasesReversed = purchases.rows.filter((p) => p.status === 'REVERSED').length;
  // A top-up the provider made after the request gave up waiting: the operator's loss by design.
  report.purchasesReversedButToppedUp = purchases.rows.filter(
    (p) => p.status === 'REVERSED' && p.provider === 'CONFIRMED',
  ).length;

  // ── Cash-outs: every debit confirmed (paid) or reversed (not paid) ─────────────────────────────
  const cashOuts = await sql<Record<string, unknown>>`
    SELECT c.id::text, c.msisdn, c.status, c.reference, c.amount_cents::text AS amount,
      d.amount_cents::text AS debit, d.kind AS debit_kind, d.idempotency_key AS key,
      v.amount_cents::text AS reversal, v.kind AS reversal_kind,
      CASE o.value->>'status' WHEN 'Completed' THEN 'CONFIRMED' WHEN 'Failed' THEN 'FAILED' END AS provider,
      (SELECT count(*) FROM wallet_moves x WHERE x.idempotency_key = 'cash-out-reversal:' || c.id)::int AS reversals
    FROM cash_outs c
    LEFT JOIN wallet_moves d ON d.id = c.move_id
    LEFT JOIN wallet_moves v ON v.id = c.reversal_move_id
    LEFT JOIN rail_emulator_records o ON o.rail = 'mpesa' AND o.value->>'kind' = 'B2C'
      AND o.value->>'reference' = replace(c.reference, '-', '')
    WHERE c.msisdn LIKE ${BENCH}`.execute(k);
  const wrongCashOuts = cashOuts.rows.filter((c) => {
    if (c.debit_kind !== 'CASH_OUT' || n(c.debit) !== -n(c.amount)) return true;
    if (c.status === 'FAILED') {
      return c.reversal_kind !== 'CASH_OUT_REVERSAL' || n(c.reversal) !== n(c.amount) || c.reversals !== 1;
    }
    return c.status !== 'CONFIRMED' || c.reversal !== null || c.reversals !== 0 || c.provider !== 'CONFIRMED';
  });
  expect(wrongCashOuts, 'cash-outs: CONFIRMED and paid, or FAILED with one CASH_OUT_REVERSAL').toEqual([]);
  const paidAndReversed = cashOuts.rows.filter((c) => c.status === 'FAILED' && c.provider === 'CONFIRMED');
  expect(paidAndReversed, 'cash-outs the provider paid that were also given back').toEqual([]);
  const strayCashOutMoves = await sql<{ id: string }>`
    SELECT m.id::text FROM wallet_moves m WHERE m.msisdn LIKE ${BENCH} AND (
      (m.kind = 'CASH_OUT' AND NOT EXISTS (SELECT 1 FROM cash_outs c WHERE c.move_id = m.id))
      OR (m.kind = 'CASH_OUT_REVERSAL' AND NOT EXISTS (
        SELECT 1 FROM cash_outs c WHERE c.reversal_move_id = m.id AND c.status = 'FAILED')))`.execute(k);
  expect(strayCashOutMoves.rows, 'cash-out moves without their cash-out').toEqual([]);
  const cashOutByKey = new Map(cashOuts.rows.map((c) => [`${c.msisdn} ${c.key}`, c]));
  const wrongCashOutAnswers = facts.cashOuts.filter((q) => {
    const c = cashOutByKey.get(`${q.msisdn} cash-out:${q.key}`);
    if (q.final.status !== 200) return c !== undefined;
    const told = q.final.body.status;
    return !c || q.final.body.reference !== c.reference || (told !== 'PENDING' && told !== c.status);
  });
  expect(wrongCashOutAnswers, 'cash-out answers match the cash-outs').toEqual([]);
  for (const status of ['CONFIRMED', 'FAILED']) {
    report[`cashOuts${status}`] = cashOuts.rows.filter((c) => c.status === status).length;
  }

  // ── For the report: intents the kill left open, finished after the restart ───────────────────
  const cutOff = await sql<{ stakes: number; purchases: number; cash_outs: number }>`
    SELECT
      (SELECT count(*) FROM airtime_stakes WHERE created_at < ${facts.killedAt} AND updated_at > ${facts.killedAt})::int AS stakes,
      (SELECT count(*) FROM airtime_purchases WHERE created_at < ${facts.killedAt} AND updated_at > ${facts.killedAt})::int AS purchases,
      (SELECT count(*) FROM cash_outs WHERE created_at < ${facts.killedAt} AND updated_at > ${facts.killedAt})::int AS cash_outs`.execute(
    k,
  );
  report.stakesOpenAtKill = cutOff.rows[0]!.stakes;
  report.purchasesOpenAtKill = cutOff.rows[0]!.purchases;
  report.cashOutsOpenAtKill = cutOff.rows[0]!.cash_outs;

  // ── Responsible play: no weekly limit exceeded ─────────────────────────────────────────────────
  const spent = await sql<{ msisdn: string; spent: string }>`
    SELECT msisdn, (-sum(amount_cents))::text AS spent FROM wallet_moves
    WHERE kind = 'STAKE' AND msisdn LIKE ${BENCH} GROUP BY msisdn`.execute(k);
  const spentOf = new Map(spent.rows.map((r) => [r.msisdn, n(r.spent)]));
  const overLimit = facts.subscribers
    .filter((s) => s.limitCents !== null && (spentOf.get(s.msisdn) ?? 0) > s.limitCents)
    .map((s) => ({ msisdn: s.msisdn, limit: s.limitCents, spent: spentOf.get(s.msisdn) }));
  expect(overLimit, 'stakes above the weekly limit').toEqual([]);
  return report;
}

/** '' when every intent is final, else what is still open. */
export async function openIntents(k: Db): Promise<string> {
  const { rows } = await sql<{ stakes: number; purchases: number; cash_outs: number }>`
    SELECT (SELECT count(*) FROM airtime_stakes WHERE status IN ('RESERVED', 'REFUNDING'))::int AS stakes,
      (SELECT count(*) FROM airtime_purchases WHERE status = 'PENDING')::int AS purchases,
      (SELECT count(*) FROM cash_outs WHERE status = 'PENDING')::int AS cash_outs`.execute(k);
  const r = rows[0]!;
  const open = Object.entries(r).filter(([, v]) => v > 0);
  return open.map(([name, v]) => `${v} ${name}`).join(', ');
}

/** Everything that money or an answer could change: compared before and after the replays. */
export async function moneySnapshot(k: Db): Promise<Record<string, unknown>> {
  const { rows } = await sql<Record<string, unknown>>`
    SELECT (SELECT count(*) FROM wallet_moves)::int AS moves,
      (SELECT coalesce(sum(amount_cents), 0) FROM wallet_moves)::text AS ledger_total,
      (SELECT coalesce(sum(abs(amount_cents)), 0) FROM wallet_moves)::text AS ledger_volume,
      (SELECT count(*) FROM submissions)::int AS submissions,
      (SELECT string_agg(status || ':' || n, ',' ORDER BY status) FROM (
        SELECT status, count(*) AS n FROM airtime_stakes GROUP BY status) x) AS stakes,
      (SELECT string_agg(status || ':' || n, ',' ORDER BY status) FROM (
        SELECT status, count(*) AS n FROM airtime_purchases GROUP BY status) x) AS purchases,
      (SELECT string_agg(status || ':' || n, ',' ORDER BY status) FROM (
        SELECT status, count(*) AS n FROM cash_outs GROUP BY status) x) AS cash_outs,
      (SELECT count(*) FROM rail_emulator_records)::int AS provider_records,
      (SELECT count(*) FROM idempotency_keys)::int AS keys`.execute(k);
  return rows[0]!;
}
