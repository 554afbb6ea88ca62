// Idempotency records: claim, replay, mismatch, in progress, abandoned-claim takeover, release.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/index.ts';
import {
  type Complete,
  claimedAt,
  claimKey,
  releaseKey,
  requestHash,
  runIdempotent,
  STALE_AFTER_MS,
  takeOverKey,
} from '../../server/idempotency/idempotency.ts';
import { availableCents, inTransaction, postMove } from '../../server/wallet/ledger.ts';
import { backends, describeOn } from './helper.ts';

let current: { db: Db; dispose(): Promise<void> } | undefined;
const kysely = () => current!.db.kysely;
const scope = (key: string) => ({ msisdn: '26650001234', route: 'test-route', key });

describe('requestHash', () => {
  it('ignores key order but not values', () => {
    expect(requestHash({ a: 1, b: [1, { c: 2, d: 3 }] })).toBe(requestHash({ b: [1, { d: 3, c: 2 }], a: 1 }));
    expect(requestHash({ a: 1 })).not.toBe(requestHash({ a: 2 }));
    expect(requestHash([1, 2])).not.toBe(requestHash([2, 1]));
  });
});

for (const backend of backends) {
  describeOn(backend, 'idempotency', () => {
    beforeAll(async () => {
      current = await backend.open();
    });
    afterAll(async () => {
      await current?.dispose();
    });

    it('claims a new key once; a second claim is in progress, another body a mismatch', async () => {
      const t0 = new Date('2026-03-02T08:00:00Z');
      expect(await claimKey(kysely(), scope('k1'), 'h1', t0)).toEqual({ kind: 'claimed' });
      expect(await claimKey(kysely(), scope('k1'), 'h1', t0)).toEqual({ kind: 'in_progress' });
      expect(await claimKey(kysely(), scope('k1'), 'h2', t0)).toEqual({ kind: 'mismatch' });
      // The same key on another route or for another subscriber is another record.
      expect(await claimKey(kysely(), { ...scope('k1'), route: 'other' }, 'h1', t0)).toEqual({
        kind: 'claimed',
      });
      expect(await claimKey(kysely(), { ...scope('k1'), msisdn: '26650009999' }, 'h1', t0)).toEqual({
        kind: 'claimed',
      });
      // An abandoned claim is taken over by exactly one of several retries.
      const later = new Date(t0.getTime() + STALE_AFTER_MS + 1);
      const takers = await Promise.all([1, 2, 3].map(() => claimKey(kysely(), scope('k1'), 'h1', later)));
      expect(takers.filter((c) => c.kind === 'claimed')).toHaveLength(1);
    });

    it('runs the handler once, stores the answer with the money movement, and replays it', async () => {
      let runs = 0;
      const msisdn = '26650001234';
      const handler = (complete: Complete) =>
        inTransaction(kysely(), async (trx) => {
          runs++;
          await postMove(trx, {
            msisdn,
            amountCents: 3_00,
            kind: 'PRIZE',
            reason: 'P',
            serviceId: 'J',
            idempotencyKey: 'once',
          });
          const response = { statusCode: 200, body: { ok: true, runs } };
          await complete(trx, response);
          return response;
        });
      const first = await runIdempotent(kysely(), scope('k2'), { x: 1 }, handler);
      const second = await runIdempotent(kysely(), scope('k2'), { x: 1 }, handler);
      expect(first).toEqual({ statusCode: 200, body: { ok: true, runs: 1 }, replayed: false });
      expect(second).toEqual({ statusCode: 200, body: { ok: true, runs: 1 }, replayed: true });
      expect(runs).toBe(1);
      expect(await availableCents(kysely(), msisdn)).toBe(3_00);
      const mismatch = await runIdempotent(kysely(), scope('k2'), { x: 2 }, handler);
      expect(mismatch).toMatchObject({ statusCode: 422, body: { messageKey: 'IDEMPOTENCY.MISMATCH' } });
    });

    it('stores an answer folded into the handler’s own statement, and restores it if the claim was let go', async () => {
      let runs = 0;
      // `letGo`: reconciliation judged the request gone and released its claim while it worked.
      const handler = (letGo: boolean, key: string) => (complete: Complete) =>
        inTransaction(kysely(), async (trx) => {
          runs++;
          if (letGo) await releaseKey(trx, scope(key));
          const response = { statusCode: 200, body: { folded: key, runs } };
          const answer = complete.fold(response);
          const { rows } = await sql<{ stored: boolean }>`
            WITH answered AS (${answer.update(sql`true`)})
            SELECT EXISTS (SELECT 1 FROM answered) AS stored`.execute(trx);
          expect(rows[0]?.stored).toBe(!letGo);
          await answer.stored(trx, rows[0]!.stored);
          return response;
        });
      for (const [key, letGo] of [
        ['k-fold', false],
        ['k-fold-let-go', true],
      ] as const) {
        runs = 0;
        const first = await runIdempotent(kysely(), scope(key), { f: 1 }, handler(letGo, key));
        const retry = await runIdempotent(kysely(), scope(key), { f: 1 }, handler(letGo, key));
        expect(first).toEqual({ statusCode: 200, body: { folded: key, runs: 1 }, replayed: false });
        expect(retry).toEqual({ ...first, replayed: true });
        expect(runs).toBe(1);
      }
    });

    it('stores a refusal the handler returns, and releases the key when the handler throws', async () => {
      const refused = await runIdempotent(kysely(), scope('k3'), {}, async () => ({
        statusCode: 409,
        body: { no: 1 },
      }));
      expect(
        await runIdempotent(kysely(), scope('k3'), {}, async () => ({ statusCode: 200, body: {} })),
      ).toEqual({
        ...refused,
        replayed: true,
      });
      await expect(
        runIdempotent(kysely(), scope('k4'), {}, async () => {
          throw new Error('provider down');
        }),
      ).rejects.toThrow('provider down');
      expect(
        await runIdempotent(kysely(), scope('k4'), {}, async () => ({ statusCode: 200, body: 'ok' })),
      ).toEqual({
        statusCode: 200,
        body: 'ok',
        replayed: false,
      });
    });

    it('answers 409 while the first request is still running', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow = runIdempotent(kysely(), scope('k5'), {}, async () => {
        await gate;
        return { statusCode: 200, body: 'first' };
      });
      // Let the first request claim the key before the second arrives.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const concurrent = await runIdempotent(kysely(), scope('k5'), {}, async () => ({
        statusCode: 200,
        body: 'x',
      }));
      expect(concurrent).toMatchObject({ statusCode: 409, body: { messageKey: 'IDEMPOTENCY.IN_PROGRESS' } });
      release();
      expect(await slow).toMatchObject({ statusCode: 200, body: 'first' });
    });

    it('gives one answer per key when a slow run is taken over: the first stored answers both', async () => {
      const t0 = new Date('2026-03-02T09:00:00Z');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      // The first run is only slow (say a provider's answer under load); it finishes last.
      const slow = runIdempotent(
        kysely(),
        scope('k6'),
        {},
        async (complete) => {
          await gate;
          const response = { statusCode: 200, body: { status: 'CONFIRMED' } };
          await inTransaction(kysely(), (trx) => complete(trx, response));
          return response;
        },
        t0,
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Past the stale wait a retry takes the claim over and stores its answer first.
      const later = new Date(t0.getTime() + STALE_AFTER_MS + 1000);
      const retry = await runIdempotent(
        kysely(),
        scope('k6'),
        {},
        async (complete) => {
          const response = { statusCode: 200, body: { status: 'PENDING' } };
          await inTransaction(kysely(), (trx) => complete(trx, response));
          return response;
        },
        later,
      );
      expect(retry).toEqual({ statusCode: 200, body: { status: 'PENDING' }, replayed: false });
      release();
      expect(await slow).toEqual({ statusCode: 200, body: { status: 'PENDING' }, replayed: true });
      // And so does every later request with the key.
      const again = await runIdempotent(kysely(), scope('k6'), {}, async () => ({
        statusCode: 402,
        body: 'x',
      }));
      expect(again).toEqual({ statusCode: 200, body: { status: 'PENDING' }, replayed: true });
    });

    it('keeps the answer of a run whose claim reconciliation took over and let go meanwhile', async () => {
      const t0 = new Date('2026-03-02T10:00:00Z');
      let release!: () => void;
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      let runs = 0;
      const handler = async () => {
        runs++;
        await gate;
        return { statusCode: 200, body: { status: 'PENDING', runs } };
      };
      const slow = runIdempotent(kysely(), scope('k7'), {}, handler, t0);
      await new Promise((resolve) => setTimeout(resolve, 50));
      // Reconciliation judges the request gone: it takes the claim, asks the provider (no answer), lets go.
      const claimed = await claimedAt(kysely(), scope('k7'));
      const held = new Date(t0.getTime() + 2_000);
      expect(await takeOverKey(kysely(), scope('k7'), claimed!, held)).toBe(true);
      await releaseKey(kysely(), scope('k7'), held);
      release();
      expect(await slow).toEqual({ statusCode: 200, body: { status: 'PENDING', runs: 1 }, replayed: false });
      // The retry replays that answer; it does not run again and answer otherwise.
      expect(await runIdempotent(kysely(), scope('k7'), {}, handler)).toEqual({
        statusCode: 200,
        body: { status: 'PENDING', runs: 1 },
        replayed: true,
      });
      expect(runs).toBe(1);
    });
  });
}
