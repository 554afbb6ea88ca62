// Stripe-style idempotency keys, stored in the database so any instance can answer a retry.
// A record is claimed (IN_PROGRESS) before the work starts; the handler writes the final answer with
// `complete()` inside the same transaction as its money movement, so "money moved" and "answer stored"
// commit together or not at all. Replays return the stored status and body byte for byte.
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/index.ts';
import { refusal } from '../errors.ts';
import type { LedgerDb } from '../wallet/ledger.ts';

/**
 * An answer kept under a key and replayed byte for byte: an acceptance, or a refusal made with
 * `refusal()` (server/errors.ts). A refusal that must roll back the handler's transaction is thrown as
 * an ApiError instead, and nothing is stored.
 */
export interface StoredResponse {
  statusCode: number;
  body: unknown;
}

export interface IdempotencyScope {
  msisdn: string;
  route: string;
  key: string;
}

/** The record of `scope`'s key, as a where clause every statement here shares. */
const isKey =
  ({ msisdn, route, key }: IdempotencyScope) =>
  (eb: ExpressionBuilder<Database, 'idempotency_keys'>) =>
    eb.and({ msisdn, route, key });

export type Claim =
  | { kind: 'claimed' }
  | { kind: 'replay'; response: StoredResponse }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' };

/**
 * An IN_PROGRESS record older than this belongs to a request that died (process crash) and may be
 * taken over. Safe even if the first request is only slow: submissions and wallet moves are unique
 * per key, payments are intents that a second run continues instead of repeating, and providers are
 * idempotent per reference, so a double run cannot move money twice. Longer than any provider wait.
 */
export const STALE_AFTER_MS = 30_000;

/** Canonical JSON (object keys sorted) so that key order does not change the hash. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the canonical request body. */
export const requestHash = (body: unknown): string =>
  createHash('sha256').update(canonical(body)).digest('hex');

/** Claims the key for this request, or says why the request must not run. */
export async function claimKey(
  db: LedgerDb,
  scope: IdempotencyScope,
  hash: string,
  now: Date = new Date(),
): Promise<Claim> {
  const inserted = await db
    .insertInto('idempotency_keys')
    .values({ ...scope, request_hash: hash, status: 'IN_PROGRESS', locked_at: now })
    .onConflict((oc) => oc.columns(['msisdn', 'route', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  if (inserted) return { kind: 'claimed' };

  const existing = await db.selectFrom('idempotency_keys').selectAll().where(isKey(scope)).executeTakeFirst();
  // Deleted between our insert and select (the first request released it): let the client retry.
  if (!existing) return { kind: 'in_progress' };
  if (existing.request_hash !== hash) return { kind: 'mismatch' };
  if (existing.status === 'DONE') {
    return {
      kind: 'replay',
      response: { statusCode: existing.response_status ?? 200, body: existing.response_body },
    };
  }
  if (now.getTime() - existing.locked_at.getTime() < STALE_AFTER_MS) return { kind: 'in_progress' };
  return (await takeOverKey(db, scope, existing.locked_at, now))
    ? { kind: 'claimed' }
    : { kind: 'in_progress' };
}

/**
 * Takes over the unfinished claim locked at `lockedAt` (now locked at `now`); false when another taker
 * was first: the compare-and-set on locked_at lets only one win.
 */
export async function takeOverKey(
  db: LedgerDb,
  scope: IdempotencyScope,
  lockedAt: Date,
  now: Date,
): Promise<boolean> {
  const taken = await db
    .updateTable('idempotency_keys')
    .set({ locked_at: now })
    .where(isKey(scope))
    .where('status', '=', 'IN_PROGRESS')
    .where('locked_at', '=', lockedAt)
    .returning('key')
    .executeTakeFirst();
  return taken !== undefined;
}

/** A stored answer as the key's columns hold it (the UPDATE and the restoring INSERT write the same). */
function answerColumns(response: StoredResponse) {
  return {
    status: 'DONE' as const,
    response_status: response.statusCode,
    response_body: JSON.stringify(response.body ?? null),
  };
}

/**
 * The UPDATE that stores a key's answer (completeKey's, and a CTE of a handler's own statement): it stores
 * `response` only while the claim is in progress and `onlyIf` holds, and returns a row when it stored.
 */
function completeKeyUpdate(scope: IdempotencyScope, response: StoredResponse, onlyIf: RawBuilder<unknown>) {
  const done = answerColumns(response);
  return sql`UPDATE idempotency_keys
    SET status = 'DONE', response_status = ${done.response_status}::smallint,
      response_body = ${done.response_body}::jsonb
    WHERE msisdn = ${scope.msisdn} AND route = ${scope.route} AND key = ${scope.key} AND status = 'IN_PROGRESS'
      AND ${onlyIf}
    RETURNING 1`;
}

/**
 * Stores the final answer. Call it inside the transaction that moves the money. False when an answer was
 * stored first (a run that took over a claim left too long, or the one it took over, finished first).
 * With the request's `hash`, a claim released while this run worked (reconciliation took it over from a
 * request it judged gone, and let it go) is written back with this answer: the work was done, and a
 * retry must replay its answer rather than run again and answer differently.
 */
export async function completeKey(
  db: LedgerDb,
  scope: IdempotencyScope,
  response: StoredResponse,
  hash?: string,
): Promise<boolean> {
  const updated = await completeKeyUpdate(scope, response, sql`true`).execute(db);
  if (updated.rows.length > 0) return true;
  if (hash === undefined) return false;
  const restored = await db
    .insertInto('idempotency_keys')
    .values({ ...scope, request_hash: hash, locked_at: new Date(), ...answerColumns(response) })
    .onConflict((oc) => oc.columns(['msisdn', 'route', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return restored !== undefined;
}

/** The answer stored for a key, if one is. */
async function storedAnswer(db: LedgerDb, scope: IdempotencyScope): Promise<StoredResponse | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['response_status', 'response_body'])
    .where(isKey(scope))
    .where('status', '=', 'DONE')
    .executeTakeFirst();
  return row && { statusCode: row.response_status ?? 200, body: row.response_body };
}

/**
 * Forgets an unfinished claim after an unexpected error, so a retry runs the request again. With
 * `lockedAt`, only that claim (the one a caller judged abandoned), never one a new attempt took since.
 */
export async function releaseKey(db: LedgerDb, scope: IdempotencyScope, lockedAt?: Date): Promise<void> {
  let query = db.deleteFrom('idempotency_keys').where(isKey(scope)).where('status', '=', 'IN_PROGRESS');
  if (lockedAt) query = query.where('locked_at', '=', lockedAt);
  await query.execute();
}

/** When the unfinished claim on a key was taken (or taken over); undefined when none is in progress. */
export async function claimedAt(db: LedgerDb, scope: IdempotencyScope): Promise<Date | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select('locked_at')
    .where(isKey(scope))
    .where('status', '=', 'IN_PROGRESS')
    .executeTakeFirst();
  return row?.locked_at;
}

/** How long a record answers retries (Stripe keeps keys 24 hours); the daily purge job deletes older ones. */
export const KEEP_KEYS_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes records created before `before`, `batch` per statement so that no transaction holds the
 * embedded database for long; returns how many.
 */
export async function purgeKeys(db: LedgerDb, before: Date, batch = 1000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      DELETE FROM idempotency_keys WHERE ctid IN (
        SELECT ctid FROM idempotency_keys WHERE created_at < ${before} LIMIT ${batch}
      )`.execute(db);
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** The refusals every idempotent route answers the same way (CONTRACTS.md Play API). */
export const IDEMPOTENCY_REFUSALS = {
  mismatch: refusal(422, 'IDEMPOTENCY.MISMATCH'),
  in_progress: refusal(409, 'IDEMPOTENCY.IN_PROGRESS'),
} as const;

/** An idempotent request's answer: the first one, or the stored one replayed. */
export type IdempotentAnswer = StoredResponse & { replayed: boolean };

/**
 * A money route's Idempotency-Key handling, the same on every such route: `run` gets the request's key
 * (its headers schema requires one), and its answer is sent with its status, a replay marked
 * `Idempotent-Replayed: true`. A thrown ApiError is answered by the error handler.
 */
export async function answerIdempotent(
  request: { headers: { 'idempotency-key': string } },
  reply: FastifyReply,
  run: (key: string) => Promise<IdempotentAnswer>,
) {
  const answer = await run(request.headers['idempotency-key']);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.code(answer.statusCode).send(answer.body);
}

/** What an idempotent handler gets: `complete` stores the answer inside the handler's own transaction. */
export type StoreAnswer = (trx: LedgerDb, response: StoredResponse) => Promise<void>;

/** `complete` as runIdempotent hands it out. */
export interface Complete extends StoreAnswer {
  /**
   * The same, folded into the handler's own statement (one round trip fewer): `update(onlyIf)` is the
   * UPDATE storing `response` when `onlyIf` holds, a CTE of that statement returning a row when it stored;
   * `stored(trx, updated)` must follow once the statement ran and `onlyIf` held.
   */
  fold(response: StoredResponse): FoldedAnswer;
}

export interface FoldedAnswer {
  update(onlyIf: RawBuilder<unknown>): RawBuilder<unknown>;
  stored(trx: LedgerDb, updated: boolean): Promise<void>;
}

/**
 * Runs `handler` at most once per (subscriber, route, key) and body. The handler either calls
 * `complete(trx, answer)` in the transaction that moves money, or just returns a refusal, which is
 * stored here. An exception releases the claim (nothing was committed) and propagates.
 */
export async function runIdempotent(
  db: LedgerDb,
  scope: IdempotencyScope,
  body: unknown,
  handler: (complete: Complete) => Promise<StoredResponse>,
  now: Date = new Date(),
  /** A refusal this says not to keep releases the key instead, so a retry with it runs again. */
  keep: (response: StoredResponse) => boolean = () => true,
): Promise<IdempotentAnswer> {
  const hash = requestHash(body);
  const claim = await claimKey(db, scope, hash, now);
  if (claim.kind === 'replay') return { ...claim.response, replayed: true };
  if (claim.kind !== 'claimed') return { ...IDEMPOTENCY_REFUSALS[claim.kind], replayed: false };
  let stored = false;
  let first = true;
  const complete: Complete = Object.assign(
    async (trx: LedgerDb, response: StoredResponse) => {
      first = await completeKey(trx, scope, response, hash);
      stored = true;
    },
    {
      fold: (response: StoredResponse): FoldedAnswer => ({
        update: (onlyIf) => completeKeyUpdate(scope, response, onlyIf),
        async stored(trx, updated) {
          // Not updated: the claim was answered or released meanwhile; completeKey says which (and restores).
          first = updated || (await completeKey(trx, scope, response, hash));
          stored = true;
        },
      }),
    },
  );
  try {
    const response = await handler(complete);
    // Stored already when the handler called complete(): its transaction committed, since a rolled-back
    // one throws out of the handler. Otherwise (a refusal it just returned) it is stored here.
    if (!stored) {
      if (keep(response)) first = await completeKey(db, scope, response, hash);
      else await releaseKey(db, scope, now);
    }
    // One key, one answer: when two runs of it overlapped (a claim taken over from a run that was only
    // slow), the one stored first is every run's answer; the other's work found the same effects by key.
    if (!first) {
      const earlier = await storedAnswer(db, scope);
      if (earlier) return { ...earlier, replayed: true };
    }
    return { ...response, replayed: false };
  } catch (error) {
    // Our own claim only (locked at `now`): if it was taken over meanwhile, the new holder keeps it.
    await releaseKey(db, scope, now).catch(() => {});
    throw error;
  }
}
