// Ledger invariants on both databases: the balance is the sum of the movements, it never goes below
// zero (also under concurrent debits), keys make movements happen once, rows never change.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import type { MoveKind } from '../../server/db/playWalletTables.ts';
import { confirmCashOut, failCashOut, startCashOut } from '../../server/wallet/cashOut.ts';
import {
  availableCents,
  creditPrize,
  inTransaction,
  LedgerKeyConflictError,
  listMoves,
  postMove,
  walletSummary,
} from '../../server/wallet/ledger.ts';
import { backends, describeOn } from './helper.ts';

let msisdnSeq = 0;
const nextMsisdn = () => `2665${String(1_000_000 + msisdnSeq++).padStart(7, '0')}`;

const move = (msisdn: string, amountCents: number, kind: MoveKind, key: string) =>
  postMove(db().kysely, {
    msisdn,
    amountCents,
    kind,
    reason: kind,
    serviceId: 'JACKPOT14',
    idempotencyKey: key,
  });

let current: { db: Db; dispose(): Promise<void> } | undefined;
const db = () => current!.db;

for (const backend of backends) {
  describeOn(backend, 'ledger', () => {
    beforeAll(async () => {
      current = await backend.open();
    });
    afterAll(async () => {
      await current?.dispose();
    });

    it('keeps balance = sum of movements and never below zero, for any sequence', async () => {
      const op = fc.oneof(
        fc.record({
          kind: fc.constantFrom<MoveKind>('PRIZE', 'OPERATOR_ADJUSTMENT'),
          cents: fc.integer({ min: 1, max: 50_000 }),
        }),
        fc.record({
          kind: fc.constantFrom<MoveKind>('STAKE', 'AIRTIME_PURCHASE', 'OPERATOR_ADJUSTMENT'),
          cents: fc.integer({ min: -50_000, max: -1 }),
        }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 25 }), async (ops) => {
          const msisdn = nextMsisdn();
          // The model: the balance and the movements that should have been written, in order.
          let model = 0;
          const accepted: { amountCents: number; kind: MoveKind; idempotencyKey: string }[] = [];
          for (const [i, { kind, cents }] of ops.entries()) {
            const key = `op-${i}`;
            const result = await move(msisdn, cents, kind, key);
            // Exactly the debits the model can afford are accepted, each written as asked; a refusal
            // names the balance the model holds.
            if (model + cents >= 0) {
              expect(result).toMatchObject({ ok: true, replayed: false, move: { amountCents: cents, kind } });
              model += cents;
              accepted.push({ amountCents: cents, kind, idempotencyKey: key });
            } else {
              expect(result).toEqual({ ok: false, reason: 'INSUFFICIENT_FUNDS', availableCents: model });
            }
            expect(await availableCents(db().kysely, msisdn)).toBe(model);
          }
          // The stored movements are exactly the accepted ones, in order (listMoves gives the newest
          // first): so the stored history never goes below zero at any point, not only at the end.
          const moves = (await listMoves(db().kysely, msisdn)).reverse();
          expect(
            moves.map((m) => ({
              amountCents: m.amountCents,
              kind: m.kind,
              idempotencyKey: m.idempotencyKey,
            })),
          ).toEqual(accepted);
          expect((await walletSummary(db().kysely, msisdn)).totalAvailableAmount).toBe(model);
        }),
        { numRuns: 20 },
      );
    });

    it('lets exactly the affordable ones of 50 parallel debits through', async () => {
      const msisdn = nextMsisdn();
      await move(msisdn, 10_00, 'PRIZE', 'fund');
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => move(msisdn, -1_00, 'STAKE', `stake-${i}`)),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(10);
      expect(await availableCents(db().kysely, msisdn)).toBe(0);
    });

    it('lets exactly 10 of 50 parallel cash-outs through when winnings cover 10', async () => {
      const msisdn = nextMsisdn();
      await creditPrize(db().kysely, { msisdn, amountCents: 500_00, submissionId: `win-${msisdn}` });
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          startCashOut(db().kysely, {
            msisdn,
            amountCents: 50_00,
            mobileWalletSid: 'MPESA',
            idempotencyKey: `c${i}`,
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(10);
      const summary = await walletSummary(db().kysely, msisdn);
      expect(summary).toMatchObject({
        totalAvailableAmount: 0,
        withdrawableAmount: 0,
        currentlyWithheldAmount: 500_00,
      });
    });

    it('moves money once per key and refuses a key reused for another amount', async () => {
      const msisdn = nextMsisdn();
      const first = await move(msisdn, 7_00, 'PRIZE', 'same');
      const again = await move(msisdn, 7_00, 'PRIZE', 'same');
      expect(again).toMatchObject({ ok: true, replayed: true });
      expect(first.ok && again.ok && again.move.id === first.move.id).toBe(true);
      await expect(move(msisdn, 8_00, 'PRIZE', 'same')).rejects.toBeInstanceOf(LedgerKeyConflictError);
      expect(await availableCents(db().kysely, msisdn)).toBe(7_00);
    });

    it('credits a prize once however often settlement runs', async () => {
      const msisdn = nextMsisdn();
      const credit = () => creditPrize(db().kysely, { msisdn, amountCents: 25_00, submissionId: 'sub-x' });
      await Promise.all([credit(), credit(), credit()]);
      expect((await walletSummary(db().kysely, msisdn)).totalWonAmount).toBe(25_00);
    });

    it('never changes or deletes a movement, and the database enforces the sign of each kind', async () => {
      const msisdn = nextMsisdn();
      await move(msisdn, 1_00, 'PRIZE', 'p');
      await expect(
        sql`UPDATE wallet_moves SET amount_cents = 99 WHERE msisdn = ${msisdn}`.execute(db().kysely),
      ).rejects.toThrow();
      await expect(
        sql`DELETE FROM wallet_moves WHERE msisdn = ${msisdn}`.execute(db().kysely),
      ).rejects.toThrow();
      await expect(
        sql`INSERT INTO wallet_moves (msisdn, amount_cents, kind, reason, service_id, idempotency_key)
            VALUES (${msisdn}, 500, 'STAKE', 'x', 'x', 'bad')`.execute(db().kysely),
      ).rejects.toThrow();
      await expect(move(msisdn, 1_00, 'STAKE', 'positive-stake')).rejects.toThrow();
      expect(await availableCents(db().kysely, msisdn)).toBe(1_00);
    });

    it("rolls a movement back with the caller's transaction", async () => {
      const msisdn = nextMsisdn();
      await expect(
        inTransaction(db().kysely, async (trx) => {
          await postMove(trx, {
            msisdn,
            amountCents: 5_00,
            kind: 'PRIZE',
            reason: 'P',
            serviceId: 'J',
            idempotencyKey: 'k',
          });
          throw new Error('caller failed after the move');
        }),
      ).rejects.toThrow('caller failed');
      expect(await availableCents(db().kysely, msisdn)).toBe(0);
    });

    it('withholds a cash-out until confirmed, and reverses a failed one exactly once', async () => {
      const msisdn = nextMsisdn();
      await creditPrize(db().kysely, { msisdn, amountCents: 100_00, submissionId: `w-${msisdn}` });
      await move(msisdn, 20_00, 'OPERATOR_ADJUSTMENT', 'credit');
      const start = (key: string, cents: number) =>
        startCashOut(db().kysely, {
          msisdn,
          amountCents: cents,
          mobileWalletSid: 'MPESA',
          idempotencyKey: key,
        });
      // Operator credit is spendable but not withdrawable.
      expect(await start('too-much', 110_00)).toMatchObject({ ok: false, withdrawableCents: 100_00 });
      const a = await start('a', 30_00);
      const b = await start('b', 40_00);
      if (!a.ok || !b.ok) throw new Error('cash-outs refused');
      expect(await start('a', 30_00)).toMatchObject({
        ok: true,
        replayed: true,
        cashOut: { id: a.cashOut.id },
      });
      expect(await walletSummary(db().kysely, msisdn)).toMatchObject({
        totalAvailableAmount: 50_00,
        withdrawableAmount: 30_00,
        currentlyWithheldAmount: 70_00,
        totalWithdrawnAmount: 0,
      });
      expect(await confirmCashOut(db().kysely, a.cashOut.id, 'MP-1')).toBe(true);
      const fails = await Promise.all([1, 2, 3].map(() => failCashOut(db().kysely, b.cashOut.id)));
      expect(fails.filter(Boolean)).toHaveLength(1);
      expect(await confirmCashOut(db().kysely, b.cashOut.id, 'late')).toBe(false);
      expect(await walletSummary(db().kysely, msisdn)).toEqual({
        totalAvailableAmount: 90_00,
        withdrawableAmount: 70_00,
        totalWonAmount: 100_00,
        totalWithdrawnAmount: 30_00,
        currentlyWithheldAmount: 0,
      });
    });
  });
}
