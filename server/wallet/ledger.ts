// The ledger core. Every movement of money is an immutable wallet_moves row in integer cents; balances
// are sums. A move takes the subscriber's wallets row FOR UPDATE before summing, so two debits for the
// same subscriber can never both see the old balance (on PostgreSQL by the row lock; on PGlite every
// transaction is serialized anyway). Every function takes a Kysely instance or a transaction: inside a
// caller's transaction the move commits or rolls back with the caller's other writes.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../db/index.ts';
import type { MoveKind, PlayWalletTables } from '../db/playWalletTables.ts';
import { computeSummary, type WalletSummary } from './summary.ts';

export type LedgerDb = Kysely<Database>;

export interface MoveInput {
  msisdn: string;
  /** Signed integer cents: credits positive, debits negative. */
  amountCents: number;
  kind: MoveKind;
  /** Upper-case code the client shows title-cased with spaces, e.g. 'BETSLIP_STAKE'. */
  reason: string;
  serviceId: string;
  /** Unique per subscriber: posting the same key again returns the first move instead of moving money. */
  idempotencyKey: string;
}

export interface WalletMove extends MoveInput {
  id: number;
  createdAt: Date;
}

export type PostMoveResult =
  | { ok: true; move: WalletMove; replayed: boolean }
  | { ok: false; reason: 'INSUFFICIENT_FUNDS'; availableCents: number };

const CREDIT_KINDS: ReadonlySet<MoveKind> = new Set([
  'PRIZE',
  'CASH_OUT_REVERSAL',
  'OPERATOR_BILLING',
  'DEPOSIT',
]);
const DEBIT_KINDS: ReadonlySet<MoveKind> = new Set(['STAKE', 'AIRTIME_PURCHASE', 'CASH_OUT']);

/** bigint columns arrive as text from node-postgres and as numbers from PGlite. */
export const toCents = (value: number | string | bigint | null | undefined): number =>
  value == null ? 0 : Number(value);

/** A move whose key was already used for a different movement: a programming error, not a refusal. */
export class LedgerKeyConflictError extends Error {
  constructor(key: string) {
    super(`wallet move key ${key} already used for a different movement`);
  }
}

/** Runs `fn` in a transaction, joining the caller's when `db` already is one. */
export function inTransaction<T>(db: LedgerDb, fn: (trx: LedgerDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}

/** Wallets each open transaction has locked, so that locking one again in it costs no query. */
const lockedIn = new WeakMap<LedgerDb, Set<string>>();

/** Locks the subscriber's wallet row until the transaction ends, creating it if needed. */
export async function lockWallet(trx: LedgerDb, msisdn: string): Promise<void> {
  const held = lockedIn.get(trx);
  if (held?.has(msisdn)) return;
  const lock = () =>
    trx.selectFrom('wallets').select('msisdn').where('msisdn', '=', msisdn).forUpdate().executeTakeFirst();
  // Almost every wallet exists already: one statement. A new one is created first, then locked.
  if (!(await lock())) {
    await trx
      .insertInto('wallets')
      .values({ msisdn })
      .onConflict((oc) => oc.column('msisdn').doNothing())
      .execute();
    if (!(await lock())) throw new Error(`wallet ${msisdn} could not be locked`);
  }
  // Outside a transaction the lock ended with the statement: nothing to remember.
  if (!trx.isTransaction) return;
  if (held) held.add(msisdn);
  else lockedIn.set(trx, new Set([msisdn]));
}

/** Sum of all of a subscriber's movements, in cents. */
export async function availableCents(db: LedgerDb, msisdn: string): Promise<number> {
  const row = await db
    .selectFrom('wallet_moves')
    .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('total'))
    .where('msisdn', '=', msisdn)
    .executeTakeFirst();
  return toCents(row?.total);
}

const toMove = (row: Selectable<PlayWalletTables['wallet_moves']>): WalletMove => ({
  id: Number(row.id),
  msisdn: row.msisdn,
  amountCents: toCents(row.amount_cents),
  kind: row.kind,
  reason: row.reason,
  serviceId: row.service_id,
  idempotencyKey: row.idempotency_key,
  createdAt: row.created_at,
});

function checkSign(input: MoveInput): void {
  const { amountCents, kind } = input;
  if (!Number.isSafeInteger(amountCents) || amountCents === 0) throw new Error(`bad amount ${amountCents}`);
  if (CREDIT_KINDS.has(kind) && amountCents < 0) throw new Error(`${kind} must be a credit`);
  if (DEBIT_KINDS.has(kind) && amountCents > 0) throw new Error(`${kind} must be a debit`);
}

/** The move already posted under this key, if any. */
export async function findMove(db: LedgerDb, msisdn: string, idempotencyKey: string) {
  const row = await db
    .selectFrom('wallet_moves')
    .selectAll()
    .where('msisdn', '=', msisdn)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirst();
  return row ? toMove(row) : undefined;
}

/**
 * The INSERT of a move, without its RETURNING: the row is written unless its key was used before or, for
 * a debit, the balance would go below zero. Run it after the wallet lock is held, in a statement of its
 * own or as a caller's CTE: the statement's snapshot then has every committed move of this wallet (all
 * of them are written under the same lock).
 */
export function moveInsert(input: MoveInput) {
  checkSign(input);
  const funded =
    input.amountCents < 0
      ? sql`(SELECT coalesce(sum(amount_cents), 0) FROM wallet_moves WHERE msisdn = ${input.msisdn})
          + ${input.amountCents}::bigint >= 0`
      : sql`true`;
  return sql`
    INSERT INTO wallet_moves (msisdn, amount_cents, kind, reason, service_id, idempotency_key)
    SELECT ${input.msisdn}::text, ${input.amountCents}::bigint, ${input.kind}::text, ${input.reason}::text,
      ${input.serviceId}::text, ${input.idempotencyKey}::text
    WHERE ${funded}
    ON CONFLICT (msisdn, idempotency_key) DO NOTHING`;
}

/**
 * Posts one movement under the wallet lock. A debit that would take the balance below zero is refused
 * (nothing written). Posting a key again returns the first move (`replayed: true`).
 */
export async function postMove(db: LedgerDb, input: MoveInput): Promise<PostMoveResult> {
  // Built first: a wrong sign throws before any lock is taken.
  const insert = sql<Selectable<PlayWalletTables['wallet_moves']>>`${moveInsert(input)} RETURNING *`;
  return inTransaction(db, async (trx) => {
    await lockWallet(trx, input.msisdn);
    // One statement in the usual case.
    const inserted = await insert.execute(trx);
    const row = inserted.rows[0];
    if (row) return { ok: true, move: toMove(row), replayed: false };
    return moveNotWritten(trx, input);
  });
}

/**
 * Why a move's insert wrote nothing (under the wallet lock): its key was used before (the first move,
 * replayed; a bug if it moved something else), else the money is not there.
 */
export async function moveNotWritten(trx: LedgerDb, input: MoveInput): Promise<PostMoveResult> {
  const existing = await findMove(trx, input.msisdn, input.idempotencyKey);
  if (existing) {
    if (existing.amountCents !== input.amountCents || existing.kind !== input.kind) {
      throw new LedgerKeyConflictError(input.idempotencyKey);
    }
    return { ok: true, move: existing, replayed: true };
  }
  return {
    ok: false,
    reason: 'INSUFFICIENT_FUNDS',
    availableCents: await availableCents(trx, input.msisdn),
  };
}

/** Credits a prize for a settled submission, exactly once however often settlement runs. */
export function creditPrize(
  db: LedgerDb,
  prize: { msisdn: string; amountCents: number; submissionId: string; serviceId?: string },
): Promise<PostMoveResult> {
  return postMove(db, {
    msisdn: prize.msisdn,
    amountCents: prize.amountCents,
    kind: 'PRIZE',
    reason: 'PRIZE_WON',
    serviceId: prize.serviceId ?? 'JACKPOT14',
    idempotencyKey: `prize:${prize.submissionId}`,
  });
}

/** Derived figures of a subscriber's wallet (cents), see summary.ts for the definitions. */
export async function walletSummary(db: LedgerDb, msisdn: string): Promise<WalletSummary> {
  const byKind = await db
    .selectFrom('wallet_moves')
    .select((eb) => ['kind', eb.fn.sum<string | number>('amount_cents').as('total')])
    .where('msisdn', '=', msisdn)
    .groupBy('kind')
    .execute();
  const withheld = await db
    .selectFrom('cash_outs')
    .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('total'))
    .where('msisdn', '=', msisdn)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  const totals: Partial<Record<MoveKind, number>> = {};
  for (const row of byKind) totals[row.kind] = toCents(row.total);
  return computeSummary(totals, toCents(withheld?.total));
}

/** The sum of a subscriber's movements of one kind, in cents. */
export async function sumOfKind(db: LedgerDb, msisdn: string, kind: MoveKind): Promise<number> {
  const row = await db
    .selectFrom('wallet_moves')
    .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('total'))
    .where('msisdn', '=', msisdn)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return toCents(row?.total);
}

/** A subscriber's movements, newest first. */
export async function listMoves(
  db: LedgerDb,
  msisdn: string,
  options: { since?: Date; limit?: number } = {},
): Promise<WalletMove[]> {
  let query = db.selectFrom('wallet_moves').selectAll().where('msisdn', '=', msisdn);
  if (options.since) query = query.where('created_at', '>=', options.since);
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit ?? 1000)
    .execute();
  return rows.map(toMove);
}
