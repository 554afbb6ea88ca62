// Ledger invariants through the API under random sequences of wins, credits, airtime purchases,
// cash-outs (confirmed, declined, or left unanswered) and reconciliation runs: the balance is always the
// sum of the movements, never negative, and matches a simple model of what should have happened.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { listMoves, postMove, walletSummary } from '../../server/wallet/ledger.ts';
import { reconcileCashOuts } from '../../server/wallet/reconcile.ts';
import { describeEachDb } from './helper.ts';
import { addSubscriber } from './playFixtures.ts';
import { post, resetSimulator, win } from './walletFixtures.ts';

const TIMEOUT_MS = 60;
const cents = fc.integer({ min: 1, max: 30_00 });
const op = fc.oneof(
  fc.record({ kind: fc.constant('win' as const), cents }),
  fc.record({ kind: fc.constant('credit' as const), cents }),
  fc.record({ kind: fc.constant('airtime' as const), cents, fail: fc.boolean() }),
  fc.record({
    kind: fc.constant('cashOut' as const),
    cents,
    outcome: fc.constantFrom('confirm', 'decline', 'silent-confirm', 'silent-decline'),
  }),
  fc.record({ kind: fc.constant('reconcile' as const) }),
);

let seq = 0;

describeEachDb(
  'wallet invariants',
  (t) => {
    it('keeps balance = sum of movements ≥ 0 and matches the model for any sequence', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
          const { app, db } = t();
          const sim = resetSimulator(app);
          const msisdn = `2665800${String(seq++).padStart(4, '0')}`;
          const token = await addSubscriber(t(), msisdn);
          const model = { available: 0, won: 0, withdrawn: 0 };
          let pending: Array<{ cents: number; confirm: boolean }> = [];
          const withheld = () => pending.reduce((s, p) => s + p.cents, 0);
          // Winnings not yet cashed out (or on their way), never more than what is available.
          const withdrawable = () =>
            Math.max(0, Math.min(model.won - model.withdrawn - withheld(), model.available));

          for (const [i, o] of ops.entries()) {
            if (o.kind === 'win') {
              await win(t(), msisdn, o.cents, `${msisdn}-${i}`);
              model.available += o.cents;
              model.won += o.cents;
            } else if (o.kind === 'credit') {
              await postMove(db.kysely, {
                msisdn,
                amountCents: o.cents,
                kind: 'OPERATOR_ADJUSTMENT',
                reason: 'TEST',
                serviceId: 'JACKPOT14',
                idempotencyKey: `credit-${i}`,
              });
              model.available += o.cents;
            } else if (o.kind === 'airtime') {
              sim.failureRate = o.fail ? 1 : 0;
              const res = await post(app, token, 'mobile-money-transaction', {
                amount: o.cents / 100,
                receivingMsisdn: null,
                mobileWalletSid: 'MPESA',
              });
              if (o.cents > model.available) expect(res.statusCode).toBe(402);
              else {
                expect(res.json().messageKey).toBe(o.fail ? 'AIRTIME.FAILED' : 'AIRTIME.SUCCESS');
                if (!o.fail) model.available -= o.cents;
              }
            } else if (o.kind === 'cashOut') {
              sim.failureRate = o.outcome.endsWith('decline') ? 1 : 0;
              sim.hang = o.outcome.startsWith('silent');
              const allowed = withdrawable();
              const res = await post(app, token, 'cash-out', {
                amount: o.cents / 100,
                mobileWalletSid: 'MPESA',
              });
              sim.hang = false;
              if (o.cents > allowed) expect(res.statusCode).toBe(402);
              else if (o.outcome === 'confirm') {
                expect(res.json().status).toBe('CONFIRMED');
                model.available -= o.cents;
                model.withdrawn += o.cents;
              } else if (o.outcome === 'decline') {
                expect(res.json().status).toBe('FAILED');
              } else {
                expect(res.json().status).toBe('PENDING');
                model.available -= o.cents;
                pending.push({ cents: o.cents, confirm: o.outcome === 'silent-confirm' });
              }
            } else {
              await reconcileCashOuts(db.kysely, sim.provider, { minAgeMs: 0, timeoutMs: TIMEOUT_MS });
              for (const p of pending) {
                if (p.confirm) model.withdrawn += p.cents;
                else model.available += p.cents;
              }
              pending = [];
            }

            const summary = await walletSummary(db.kysely, msisdn);
            const moves = await listMoves(db.kysely, msisdn);
            const sum = moves.reduce((s, m) => s + m.amountCents, 0);
            expect(summary.totalAvailableAmount).toBe(sum);
            expect(sum).toBeGreaterThanOrEqual(0);
            expect(summary).toEqual({
              totalAvailableAmount: model.available,
              withdrawableAmount: withdrawable(),
              totalWonAmount: model.won,
              totalWithdrawnAmount: model.withdrawn,
              currentlyWithheldAmount: withheld(),
            });
          }
        }),
        { numRuns: 15 },
      );
    });
  },
  { config: { mobileMoney: { latencyMs: 0, failureRate: 0, hang: false, timeoutMs: TIMEOUT_MS } } },
);
