/**
 * The bank test's verdict, read from the database after the run: every rule of "money safe under
 * races, crashes and abuse" as SQL over the ledger (the groups' escrows counted), the intents, the groups
 * and the rail emulators' own records, each compared with what the clients were told. Each check collects its violations, so a failure names
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
import { checkGroups } from './groupChecks.ts';

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
  /** Group play: the groups opened at setup, and the share purchases with the shares each asked for. */
  groupCreates: Keyed[];
  groupShares: Array<Keyed & { count: number }>;
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
  const group = await groupMoney(k);
  const balances = await sql<{ msisdn: string; balance: string; lowest: string }>`
    SELECT msisdn, sum(amount_cents)::text AS balance, min(running)::text AS lowest FROM (
      SELECT msisdn, amount_cents, sum(amount_cents) OVER (PARTITION BY msisdn ORDER BY id) AS running
      FROM wallet_moves WHERE msisdn LIKE ${BENCH}) AS m
    GROUP BY msisdn`.execute(k);
  const byMsisdn = new Map(balances.rows.map((r) => [r.msisdn, r]));
  const subs = await sql<{ msisdn: string; paid_from: string; cost: string; won: string }>`
    SELECT s.msisdn, s.paid_from, sum(s.cost_cents)::text AS cost, coalesce(sum(r.amount_won_cents), 0)::text AS won
    FROM submissions s LEFT JOIN slip_results r ON r.submission_id = s.id
    WHERE s.msisdn LIKE ${BENCH} GROUP BY s.msisdn, s.paid_from`.execute(k);
  // A group's slip is the captain's number, but its stake is the escrow's and its prize the members'.
  const ownSlips = subs.rows.filter((r) => r.paid_from !== 'GROUP');
  const buys = await sql<{ msisdn: string; status: string; amount: string }>`
    SELECT msisdn, status, sum(amount_cents)::text AS amount FROM airtime_purchases
    WHERE msisdn LIKE ${BENCH} GROUP BY msisdn, status`.execute(k);
  const outs = await sql<{ msisdn: string; status: string; amount: string }>`
    SELECT msisdn, status, sum(amount_cents)::text AS amount FROM cash_outs
    WHERE msisdn LIKE ${BENCH} GROUP BY msisdn, status`.execute(k);
  const wrongBalances: unknown[] = [];
  let expectedTotal = 0;
  for (const s of facts.subscribers) {
    const mine = <T extends { msisdn: string }>(rows: T[]) => rows.filter((r) => r.msisdn === s.msisdn);
    const won = mine(ownSlips).reduce((a, r) => a + n(r.won), 0);
    const walletStakes = mine(ownSlips)
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
    const inGroups = group.byMember.get(s.msisdn) ?? { paid: 0, refunded: 0, prizes: 0 };
    const expected =
      s.creditCents +
      s.seededPrizeCents +
      won +
      reversed +
      failedOut -
      walletStakes -
      bought -
      cashedOut -
      inGroups.paid +
      inGroups.refunded +
      inGroups.prizes;
    const row = byMsisdn.get(s.msisdn);
    const balance = n(row?.balance);
    if (balance !== expected || balance < 0 || n(row?.lowest) < 0) {
      wrongBalances.push({ msisdn: s.msisdn, balance, expected, lowestRunningBalance: n(row?.lowest) });
    }
    expectedTotal += expected;
  }
  expect(
    wrongBalances,
    'balance = credit + prizes + reversals − wallet stakes − airtime − cash-outs − shares + refunds + group prizes ≥ 0',
  ).toEqual([]);

  // ── The whole ledger, escrows counted: group money only ever moves between members and escrows ───
  const ledger = await sql<{ kind: string; total: string }>`
    SELECT kind, sum(amount_cents)::text AS total FROM wallet_moves
    WHERE msisdn LIKE ${BENCH} OR msisdn LIKE 'escrow:%' GROUP BY kind`.execute(k);
  const byKind = new Map(ledger.rows.map((r) => [r.kind, n(r.total)]));
  const allSlips = subs.rows.reduce((a, r) => a + n(r.cost), 0);
  const allWon = subs.rows.reduce((a, r) => a + n(r.won), 0);
  const seeded = facts.subscribers.reduce((a, s) => a + s.seededPrizeCents, 0);
  const escrows = await sql<{ total: string }>`
    SELECT coalesce(sum(amount_cents), 0)::text AS total FROM wallet_moves WHERE msisdn LIKE 'escrow:%'`.execute(
    k,
  );
  expect(
    {
      group: byKind.get('GROUP') ?? 0,
      stakes: byKind.get('STAKE') ?? 0,
      prizes: byKind.get('PRIZE') ?? 0,
      total: [...byKind.values()].reduce((a, v) => a + v, 0),
      escrows: n(escrows.rows[0]?.total),
    },
    'whole ledger (subscribers and escrows): GROUP moves net to zero, every slip staked once, every prize paid once',
  ).toEqual({ group: 0, stakes: -allSlips, prizes: seeded + allWon, total: expectedTotal, escrows: 0 });

  // ── Submissions: what the clients were told is what is stored ──────────────────────────────────
  const rows = await k
    .selectFrom('submissions as s')
    .leftJoin('slip_results as r', 'r.submission_id', 's.id')
    .select([
      's.id',
      's.msisdn',
      's.idempotency_key',
      's.betslip_sid',
      's.cost_cents',
      's.paid_from',
      's.created_at',
    ])
    .select(['r.correct_count', 'r.amount_won_cents', 's.predictions', 's.payment_ref'])
    .where('s.msisdn', 'like', BENCH)
    .where('s.paid_from', '<>', 'GROUP') // the groups' slips, checked with their groups (checkGroups)
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
    .selectFrom('submissions as s')
    .leftJoin('slip_results as r', 'r.submission_id', 's.id')
    .select(['s.id', 's.msisdn', 's.predictions', 's.system_id', 'r.correct_count', 'r.amount_won_cents'])
    .select(['s.created_at', 's.paid_from'])
    .where('s.betslip_sid', '=', facts.settledSid)
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
    // A group's slip is paid to its members (their GROUP_PRIZE moves), never as the captain's own prize.
    const ofGroup = group.bySlip.get(r.id);
    if (r.paid_from === 'GROUP' && (!ofGroup || move)) {
      wrongSettlement.push({ id: r.id, groupSlip: ofGroup?.id ?? null, prizeMove: move ?? null });
    }
    const paid = ofGroup ? ofGroup.prizesPaid : n(move?.amount);
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
      AND m.idempotency_key <> 'bench-prize' AND m.idempotency_key NOT LIKE 'group-prize:%' AND NOT EXISTS (SELECT 1 FROM submissions s
        JOIN slip_results r ON r.submission_id = s.id
        WHERE 'prize:' || s.id = m.idempotency_key AND s.msisdn = m.msisdn AND r.amount_won_cents = m.amount_cents)`.execute(
    k,
  );
  expect(strayPrizes.rows, 'prize moves without their winning slip').toEqual([]);

  // ── Stakes: one STAKE move per slip and one slip per STAKE move ────────────────────────────────
  // A group's slip is staked by its escrow ('escrow:<group id>'), everyone else's by its subscriber.
  const stakeless = await sql<{ id: string; moves: number }>`
    SELECT s.id, (SELECT count(*) FROM wallet_moves m WHERE m.kind = 'STAKE'
      AND m.msisdn = coalesce((SELECT 'escrow:' || g.id FROM groups g WHERE g.submission_id = s.id), s.msisdn)
      AND m.idempotency_key = 'stake:' || s.idempotency_key AND m.amount_cents = -s.cost_cents)::int AS moves
    FROM submissions s WHERE s.msisdn LIKE ${BENCH}`.execute(k);
  expect(
    stakeless.rows.filter((r) => r.moves !== 1),
    'slips without exactly one STAKE move',
  ).toEqual([]);
  const slipless = await sql<{ id: string }>`
    SELECT m.id::text FROM wallet_moves m WHERE m.kind = 'STAKE' AND (m.msisdn LIKE ${BENCH} OR m.msisdn LIKE 'escrow:%')
      AND NOT EXISTS (SELECT 1 FROM submissions s WHERE 'stake:' || s.idempotency_key = m.idempotency_key
        AND (s.msisdn = m.msisdn OR EXISTS (SELECT 1 FROM groups g
          WHERE g.submission_id = s.id AND m.msisdn = 'escrow:' || g.id)))`.execute(k);
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
  // Stakes, and group shares net of their refunds (kind GROUP), as the limit counts them.
  const spent = await sql<{ msisdn: string; spent: string }>`
    SELECT msisdn, (-sum(amount_cents))::text AS spent FROM wallet_moves
    WHERE kind IN ('STAKE', 'GROUP') AND msisdn LIKE ${BENCH} GROUP BY msisdn`.execute(k);
  const spentOf = new Map(spent.rows.map((r) => [r.msisdn, n(r.spent)]));
  const overLimit = facts.subscribers
    .filter((s) => s.limitCents !== null && (spentOf.get(s.msisdn) ?? 0) > s.limitCents)
    .map((s) => ({ msisdn: s.msisdn, limit: s.limitCents, spent: spentOf.get(s.msisdn) }));
  expect(overLimit, 'stakes above the weekly limit').toEqual([]);

  await checkGroupPlay(k, facts, group, report);
  return report;
}

/** '' when every intent is final, else what is still open. */
export async function openIntents(k: Db): Promise<string> {
  const { rows } = await sql<{ stakes: number; purchases: number; cash_outs: number }>`
    SELECT (SELECT count(*) FROM airtime_stakes WHERE status IN ('RESERVED', 'REFUNDING', 'RELEASING'))::int AS stakes,
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
      (SELECT string_agg(status || ':' || n, ',' ORDER BY status) FROM (
        SELECT status, count(*) AS n FROM groups GROUP BY status) x) AS groups,
      (SELECT count(*) FROM group_shares)::int AS group_shares,
      (SELECT count(*) FROM rail_emulator_records)::int AS provider_records,
      (SELECT count(*) FROM idempotency_keys)::int AS keys`.execute(k);
  return rows[0]!;
}

interface GroupRow {
  id: string;
  code: string;
  captain: string;
  status: string;
  shares: number;
  unsold: string;
  sid: string;
  submission_id: string | null;
  key: string;
  won: string;
  prizes_paid: string;
}

interface ShareRow {
  id: string;
  group_id: string;
  msisdn: string;
  count: number;
  amount: string;
  source: string;
  key: string;
  reference: string;
}

/** The groups and their shares, and what each member's group money should be by the shares' rows. */
interface GroupMoney {
  groups: GroupRow[];
  shares: ShareRow[];
  /** Per member, from the shares' rows: paid in, refunded (cancelled groups), and their part of prizes. */
  byMember: Map<string, { paid: number; refunded: number; prizes: number }>;
  /** Per member and group (`msisdn group-id`): their part of the group's prize by the split rule. */
  prizeParts: Map<string, number>;
  /** A group's slip → its group and the GROUP_PRIZE moves the ledger holds for it. */
  bySlip: Map<string, { id: string; prizesPaid: number }>;
}

async function groupMoney(k: Db): Promise<GroupMoney> {
  const groups = await sql<GroupRow>`
    SELECT g.id, g.code, g.captain_msisdn AS captain, g.status, g.shares, g.unsold, g.betslip_sid AS sid,
      g.submission_id, g.idempotency_key AS key, coalesce(x.amount_won_cents, 0)::text AS won,
      (SELECT coalesce(sum(m.amount_cents), 0) FROM wallet_moves m
        WHERE m.idempotency_key = 'group-prize:' || g.id AND m.kind = 'PRIZE')::text AS prizes_paid
    FROM groups g LEFT JOIN slip_results x ON x.submission_id = g.submission_id`.execute(k);
  const shares = await sql<ShareRow>`
    SELECT id::text, group_id, msisdn, count, amount_cents::text AS amount, source,
      idempotency_key AS key, reference FROM group_shares ORDER BY id`.execute(k);
  const byMember = new Map<string, { paid: number; refunded: number; prizes: number }>();
  const member = (msisdn: string) => {
    const m = byMember.get(msisdn) ?? { paid: 0, refunded: 0, prizes: 0 };
    byMember.set(msisdn, m);
    return m;
  };
  const prizeParts = new Map<string, number>();
  for (const g of groups.rows) {
    const mine = shares.rows.filter((s) => s.group_id === g.id);
    for (const s of mine) {
      member(s.msisdn).paid += n(s.amount);
      if (g.status === 'CANCELLED') member(s.msisdn).refunded += n(s.amount);
    }
    // The split rule (DESIGN.md "Group play"): floor per share, the cents left over to the captain.
    const won = n(g.won);
    if (won <= 0) continue;
    const total = mine.reduce((a, s) => a + s.count, 0);
    const perShare = Math.floor(won / total);
    for (const s of mine) {
      const part = perShare * s.count;
      prizeParts.set(`${s.msisdn} ${g.id}`, (prizeParts.get(`${s.msisdn} ${g.id}`) ?? 0) + part);
      member(s.msisdn).prizes += part;
    }
    const left = won - perShare * total;
    prizeParts.set(`${g.captain} ${g.id}`, (prizeParts.get(`${g.captain} ${g.id}`) ?? 0) + left);
    member(g.captain).prizes += left;
  }
  const bySlip = new Map(
    groups.rows
      .filter((g) => g.submission_id)
      .map((g) => [g.submission_id!, { id: g.id, prizesPaid: n(g.prizes_paid) }]),
  );
  return { groups: groups.rows, shares: shares.rows, byMember, prizeParts, bySlip };
}

/**
 * Group play under the same abuse: every group of the settled round closed (settled or cancelled, its
 * escrow empty), the ledger's group invariants (checkGroups), every answer as stored — a group opened or a
 * share sold exactly when the client was told so, never twice, none lost — the captain's cover only where
 * the rule allows it, and each member's part of a prize to the cent.
 */
async function checkGroupPlay(
  k: Db,
  facts: BankFacts,
  { groups, shares, prizeParts }: GroupMoney,
  report: Record<string, number>,
): Promise<void> {
  const settled = groups.filter((g) => g.sid === facts.settledSid);
  expect(
    settled.filter((g) => g.status !== 'SETTLED' && g.status !== 'CANCELLED').map((g) => [g.code, g.status]),
    'groups of the settled round not closed',
  ).toEqual([]);
  await checkGroups(k);

  const wrongCreates: unknown[] = [];
  for (const q of facts.groupCreates) {
    const g = groups.find((x) => x.captain === q.msisdn && x.key === q.key);
    if (q.final.status !== 201) {
      if (g) wrongCreates.push({ key: q.key, told: q.final.body, stored: g.id });
      continue;
    }
    const body = q.final.body;
    const first = shares.filter((s) => s.group_id === body.groupId && s.source === 'CREATE');
    if (
      !g ||
      g.id !== body.groupId ||
      g.code !== body.code ||
      g.shares !== body.shares ||
      first.length !== 1 ||
      first[0]!.msisdn !== q.msisdn ||
      first[0]!.key !== q.key ||
      first[0]!.count !== body.sold
    ) {
      wrongCreates.push({ key: q.key, told: body, stored: g ?? null, first });
    }
  }
  const toldCreates = new Set(facts.groupCreates.map((q) => `${q.msisdn} ${q.key}`));
  for (const g of groups)
    if (!toldCreates.has(`${g.captain} ${g.key}`)) wrongCreates.push({ unknownGroup: g.id });
  expect(wrongCreates, 'every group opened as told, and no other').toEqual([]);

  const bought = shares.filter((s) => s.source === 'BUY');
  const wrongShares: unknown[] = [];
  for (const q of facts.groupShares) {
    const rows = bought.filter((s) => s.msisdn === q.msisdn && s.key === q.key);
    if (q.final.status !== 200) {
      if (rows.length) wrongShares.push({ key: q.key, told: q.final.body, stored: rows });
      continue;
    }
    const g = groups.find((x) => x.id === rows[0]?.group_id);
    if (
      rows.length !== 1 ||
      rows[0]!.reference !== q.final.body.reference ||
      rows[0]!.count !== q.count ||
      g?.code !== q.final.body.code
    ) {
      wrongShares.push({ key: q.key, told: q.final.body, stored: rows });
    }
  }
  const toldShares = new Set(facts.groupShares.map((q) => `${q.msisdn} ${q.key}`));
  for (const s of bought) if (!toldShares.has(`${s.msisdn} ${s.key}`)) wrongShares.push({ unknownShare: s });
  expect(wrongShares, 'every share sold once as told (none twice, none lost), and no other').toEqual([]);

  // The captain's cover: only under CAPTAIN_COVERS, the captain's, once, and the group then played.
  const covers = shares.filter((s) => s.source === 'COVER');
  const wrongCovers = covers.filter((s) => {
    const g = groups.find((x) => x.id === s.group_id)!;
    const again = covers.filter((c) => c.group_id === s.group_id).length;
    return g.unsold !== 'CAPTAIN_COVERS' || s.msisdn !== g.captain || again !== 1 || g.status === 'CANCELLED';
  });
  expect(wrongCovers, 'captain covers: CAPTAIN_COVERS only, once, the group played').toEqual([]);

  // Each member's part of a group's prize, to the cent, and no part to anyone else.
  const parts = await sql<{ msisdn: string; group_id: string; amount: string }>`
    SELECT msisdn, substr(idempotency_key, length('group-prize:') + 1) AS group_id, amount_cents::text AS amount
    FROM wallet_moves WHERE idempotency_key LIKE 'group-prize:%'`.execute(k);
  const paidParts = new Map(parts.rows.map((p) => [`${p.msisdn} ${p.group_id}`, n(p.amount)]));
  const wrongParts: unknown[] = [];
  for (const [who, want] of prizeParts) {
    if (want > 0 && paidParts.get(who) !== want) wrongParts.push({ who, want, paid: paidParts.get(who) });
  }
  for (const [who, paid] of paidParts) {
    if (!prizeParts.has(who)) wrongParts.push({ who, paid, notAMember: true });
  }
  expect(wrongParts, "members' parts of the groups' prizes").toEqual([]);

  const status = (s: string) => groups.filter((g) => g.status === s).length;
  report.groups = groups.length;
  report.groupsSettled = status('SETTLED');
  report.groupsCancelled = status('CANCELLED');
  report.groupsCovered = new Set(covers.map((c) => c.group_id)).size;
  report.groupsFilledByMembers = groups.filter(
    (g) => g.status === 'SETTLED' && !covers.some((c) => c.group_id === g.id),
  ).length;
  report.groupSharesBought = bought.length;
  report.groupsWon = groups.filter((g) => n(g.won) > 0).length;
  report.groupPrizesCents = [...paidParts.values()].reduce((a, v) => a + v, 0);
}
