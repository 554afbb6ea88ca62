// Jepsen-style: hundreds of deposits, stakes, cash-outs and provider callbacks at once — callbacks
// duplicated, reordered against each other, forged — then reconciliation. Whatever the interleaving,
// the ledger must sum exactly to what was confirmed: each CONFIRMED deposit credited once and nothing
// else credited, no balance ever below zero, every answer a client got true of what is stored, and
// every intent (cash-outs, airtime stakes) final. No cent created or lost.
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { reconcilePayments } from '../../server/play/reconcile.ts';
import { RESULT, signCallback } from '../../server/providers/depositCallback.ts';
import { transactionReference } from '../../server/rails/mpesa/adapter.ts';
import { openIntents } from './bankChecks.ts';
import { depositBody, paid, raw, resetDeposits, sendCallback, unpaid } from './depositFixtures.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber, body, get, picks, seedPlay, submit } from './playFixtures.ts';
import { post, resetSimulator } from './walletFixtures.ts';

const SUBSCRIBERS = 8;
const DEPOSITS_EACH = 12;
const CREDIT_CENTS = 20_00;
type Fate = 'paid' | 'cancel' | 'fail' | 'race' | 'wrong' | 'none';
const FATES: Fate[] = ['paid', 'paid', 'paid', 'cancel', 'fail', 'race', 'wrong', 'none'];

/** A small deterministic generator, so a failing run can be repeated. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j] as T, a[i] as T];
  }
  return a;
}

describeEachDb(
  'deposits under concurrency (Jepsen-style)',
  (t) => {
    it('sums the ledger exactly to what was confirmed, whatever the interleaving', async () => {
      const { app, db } = t();
      const k = db.kysely;
      const random = rng(1401);
      await seedPlay(t());
      resetSimulator(app);
      // 'never': the provider's own callbacks are lost; the test plays the provider.
      resetDeposits(app, 'never');
      const msisdns = Array.from({ length: SUBSCRIBERS }, (_, i) => `2665990${String(i).padStart(4, '0')}`);
      const tokens = await Promise.all(
        msisdns.map((m) => addSubscriber(t(), m, { walletCents: CREDIT_CENTS })),
      );
      const sid = (await get(app, tokens[0]!, 'fetch-current-betslip')).json().sid;

      // ── Phase 1: deposits (each sent twice with its key: a client retry) and stakes, all at once ──
      type Sent = { msisdn: string; token: string; key: string; amountCents: number; fate: Fate };
      const deposits: Sent[] = msisdns.flatMap((msisdn, i) =>
        Array.from({ length: DEPOSITS_EACH }, (_, j) => ({
          msisdn,
          token: tokens[i]!,
          key: `dep-${i}-${j}`,
          amountCents: (1 + Math.floor(random() * 20)) * 100 + Math.floor(random() * 100),
          fate: FATES[Math.floor(random() * FATES.length)]!,
        })),
      );
      const stakes = msisdns.flatMap((_, i) =>
        Array.from({ length: 4 }, (_, j) => ({ i, key: `stake-${i}-${j}` })),
      );
      const phase1 = shuffle(
        [
          ...deposits.flatMap((d) => [
            () => post(app, d.token, 'deposit', depositBody((d.amountCents / 100).toFixed(2)), d.key),
            () => post(app, d.token, 'deposit', depositBody((d.amountCents / 100).toFixed(2)), d.key),
          ]),
          ...stakes.map((s) => () => submit(app, tokens[s.i]!, body(sid, picks(), 2), s.key)),
        ],
        random,
      );
      const answers1 = await Promise.all(phase1.map((run) => run()));
      expect(
        answers1.every((a) => [200, 202, 409].includes(a.statusCode)),
        'no refusal but a busy key',
      ).toBe(true);

      // Every deposit exists once per key, as told (a 409 one is asked again after).
      const told = new Map<string, { depositId: string; reference: string }>();
      for (const d of deposits) {
        const again = await post(
          app,
          d.token,
          'deposit',
          depositBody((d.amountCents / 100).toFixed(2)),
          d.key,
        );
        expect(again.statusCode).toBe(202);
        told.set(d.key, again.json());
      }
      const rows = await k.selectFrom('deposits').selectAll().where('msisdn', 'like', '2665990%').execute();
      expect(rows).toHaveLength(deposits.length);
      for (const row of rows) expect(told.get(row.idempotency_key)?.depositId).toBe(row.id);

      // ── Phase 2: the provider's callbacks (duplicated, reordered, forged), cash-outs, more stakes ──
      const byKey = new Map(rows.map((r) => [r.idempotency_key, r]));
      const callbacks: Array<() => Promise<{ statusCode: number }>> = [];
      const forged = (body: string) => () => sendCallback(app, body, signCallback('not-the-secret', body));
      for (const d of deposits) {
        const id = byKey.get(d.key)!.provider_request_id!;
        const good = raw(paid(id, d.amountCents));
        const send = (b: string) => () => sendCallback(app, b);
        // A forged "paid ten times over" for every deposit: never counts.
        callbacks.push(forged(raw(paid(id, d.amountCents * 10))));
        if (d.fate === 'paid') callbacks.push(send(good), send(good), send(good));
        if (d.fate === 'cancel') callbacks.push(send(raw(unpaid(id, RESULT.CANCELLED))), forged(good));
        if (d.fate === 'fail')
          callbacks.push(send(raw(unpaid(id, RESULT.UNREACHABLE))), send(raw(unpaid(id, 1))));
        if (d.fate === 'race')
          callbacks.push(send(good), send(raw(unpaid(id, RESULT.CANCELLED))), send(good));
        if (d.fate === 'wrong') callbacks.push(send(raw(paid(id, d.amountCents + 1))));
      }
      const cashOuts = msisdns.flatMap((_, i) =>
        Array.from({ length: 3 }, (_, j) => ({ i, key: `out-${i}-${j}` })),
      );
      const phase2 = shuffle(
        [
          ...callbacks,
          ...cashOuts.map(
            (c) => () =>
              post(
                app,
                tokens[c.i]!,
                'cash-out',
                { lang: 'en', amount: '7.00', mobileWalletSid: 'MPESA' },
                c.key,
              ),
          ),
          ...msisdns.map((_, i) => () => submit(app, tokens[i]!, body(sid, picks(), 2), `late-stake-${i}`)),
        ],
        random,
      );
      const answers2 = await Promise.all(phase2.map((run) => run()));
      expect(
        answers2.every((a) => a.statusCode < 500),
        'no 500',
      ).toBe(true);

      // ── Phase 3: reconciliation finishes what no callback settled ──
      await reconcilePayments(app.reconcilerDeps, { minAgeMs: 0, timeoutMs: 2_000 });
      expect(await openIntents(k)).toBe('');

      // ── Verdict ──
      const final = new Map(
        (await k.selectFrom('deposits').selectAll().where('msisdn', 'like', '2665990%').execute()).map(
          (r) => [r.idempotency_key, r],
        ),
      );
      const moves = await k
        .selectFrom('wallet_moves')
        .selectAll()
        .where('msisdn', 'like', '2665990%')
        .where('kind', '=', 'DEPOSIT')
        .execute();
      const movesById = new Map(moves.map((m) => [Number(m.id), m]));
      const wrong: unknown[] = [];
      for (const d of deposits) {
        const row = final.get(d.key)!;
        const expected: Record<Fate, string[]> = {
          paid: ['CONFIRMED'],
          cancel: ['CANCELLED'],
          fail: ['FAILED'],
          race: ['CONFIRMED', 'CANCELLED'],
          wrong: ['PENDING'],
          none: ['CONFIRMED'],
        };
        if (!expected[d.fate].includes(row.status))
          wrong.push({ key: d.key, fate: d.fate, status: row.status });
        if (d.fate === 'wrong' && row.flag !== 'AMOUNT_MISMATCH') wrong.push({ key: d.key, flag: row.flag });
        if (d.fate === 'race' && row.status === 'CANCELLED' && row.flag !== 'PAID_AFTER_CLOSE') {
          wrong.push({ key: d.key, raceFlag: row.flag });
        }
        const move = row.move_id === null ? undefined : movesById.get(Number(row.move_id));
        if ((row.status === 'CONFIRMED') !== Boolean(move))
          wrong.push({ key: d.key, status: row.status, move });
        if (move && Number(move.amount_cents) !== d.amountCents)
          wrong.push({ key: d.key, credited: move.amount_cents });
      }
      expect(wrong, 'each deposit settled as its callbacks allow, credited iff CONFIRMED').toEqual([]);
      // One DEPOSIT move per confirmed deposit, nothing else credited as a deposit.
      const confirmed = [...final.values()].filter((r) => r.status === 'CONFIRMED');
      expect(moves).toHaveLength(confirmed.length);
      const confirmedCents = confirmed.reduce((a, r) => a + Number(r.amount_cents), 0);
      expect(moves.reduce((a, m) => a + Number(m.amount_cents), 0)).toBe(confirmedCents);

      // Each balance: credit + confirmed deposits − wallet stakes − cash-outs not reversed, never below 0.
      const { rows: balances } = await sql<{ msisdn: string; balance: string; lowest: string }>`
        SELECT msisdn, sum(amount_cents)::text AS balance, min(running)::text AS lowest FROM (
          SELECT msisdn, amount_cents, sum(amount_cents) OVER (PARTITION BY msisdn ORDER BY id) AS running
          FROM wallet_moves WHERE msisdn LIKE '2665990%') AS m
        GROUP BY msisdn`.execute(k);
      const { rows: parts } = await sql<{ msisdn: string; stakes: string; outs: string }>`
        SELECT w.msisdn,
          (SELECT coalesce(sum(cost_cents), 0) FROM submissions s
            WHERE s.msisdn = w.msisdn AND s.paid_from = 'WALLET')::text AS stakes,
          (SELECT coalesce(sum(amount_cents), 0) FROM cash_outs c
            WHERE c.msisdn = w.msisdn AND c.status <> 'FAILED')::text AS outs
        FROM wallets w WHERE w.msisdn LIKE '2665990%'`.execute(k);
      let ledgerTotal = 0;
      let expectedTotal = 0;
      for (const msisdn of msisdns) {
        const b = balances.find((r) => r.msisdn === msisdn)!;
        const p = parts.find((r) => r.msisdn === msisdn)!;
        const deposited = confirmed
          .filter((r) => r.msisdn === msisdn)
          .reduce((a, r) => a + Number(r.amount_cents), 0);
        const expected = CREDIT_CENTS + deposited - Number(p.stakes) - Number(p.outs);
        expect({ msisdn, balance: Number(b.balance) }).toEqual({ msisdn, balance: expected });
        expect(Number(b.lowest)).toBeGreaterThanOrEqual(0);
        ledgerTotal += Number(b.balance);
        expectedTotal += expected;
      }
      expect(ledgerTotal).toBe(expectedTotal);
      // Cash-outs were paid out only from money that was there (deposits), and paid once each.
      const confirmedOuts = await k
        .selectFrom('cash_outs')
        .select(['reference'])
        .where('msisdn', 'like', '2665990%')
        .where('status', '=', 'CONFIRMED')
        .execute();
      const paidOut = resetSimulator(app).paid.filter(
        (p) => p.msisdn.startsWith('2665990') && p.kind === 'DISBURSE',
      );
      // The run did exercise each path (else the checks above would prove little).
      expect(confirmedOuts.length).toBeGreaterThan(0);
      expect(new Set(deposits.map((d) => d.fate)).size).toBe(6);
      expect(paidOut.map((p) => p.reference).sort()).toEqual(
        confirmedOuts.map((c) => transactionReference(c.reference ?? '')).sort(),
      );
      resetDeposits(app, 'confirm');
    });
  },
  { config: { mobileMoney: { latencyMs: 0, failureRate: 0, hang: false, timeoutMs: 5_000 } } },
);
