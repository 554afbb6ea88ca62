// Receipts: every accepted slip, from any channel (app, USSD, SMS), is written by recordSlip with a short
// reference a person can read out (J14-0004-7F3K2Q: the betslip and six characters nobody confuses) and a
// receipt signed with Ed25519 (a compact JWS, alg EdDSA) that anyone can check against the published key
// (GET /api/receipts/jwks.json), offline too. See CONTRACTS.md "Receipts". The same statement that writes
// the slip adds its rows' picks to the round's pick-share counts (pick_share_counts, read by pickShares.ts).
import { randomBytes, randomInt, sign } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { rowCount, slipRowPicks } from '../../machines/rules/rows.ts';
import { outcomesOf } from '../../machines/rules/settlement.ts';
import type { Database } from '../db/index.ts';
import type { PaidFrom, SlipChannel, StoredPrediction } from '../db/playWalletTables.ts';
import type { ReceiptKey } from './receiptKey.ts';

type Db = Kysely<Database>;

/** No 0/O, 1/I: a reference is read aloud and typed from paper. 32 letters: 30 bits in six. */
const ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const SUFFIX_LENGTH = 6;
/** A collision in a billion is already rare; several in a row mean something else is wrong. */
const ATTEMPTS = 5;

export interface Receipt {
  reference: string;
  jws: string;
}

/** What the receipt says (the JWS payload). Money in M, as on the wire. */
export interface ReceiptPayload {
  ref: string;
  sid: string;
  msisdn: string;
  /** The 14 predictions as sent (1, 2, 3, 12, 13, 23, 123), in betslip order. */
  predictions: number[];
  cost: number;
  paidFrom: PaidFrom;
  /** Server time the slip was accepted, ISO. */
  at: string;
  /** The reduced system ('R-4-0-9'), null for a full slip. Absent from receipts signed before systems. */
  systemId?: string | null;
  /** The rows the slip stands for. Absent from receipts signed before systems. */
  rows?: number;
  /** A group's slip: the group and its members' shares, numbers masked (absent on any other slip). */
  group?: GroupOnReceipt;
}

export interface GroupOnReceipt {
  code: string;
  name: string;
  members: Array<{ msisdnMasked: string; shares: number }>;
}

export interface SlipToRecord {
  id: string;
  sid: string;
  msisdn: string;
  predictions: StoredPrediction[];
  /** The reduced system the server checked (null or absent: every combination of the picks). */
  systemId?: string | null;
  costCents: number;
  paidFrom: PaidFrom;
  paymentRef: string | null;
  idempotencyKey: string;
  channel: SlipChannel;
  /** A group's slip: signed into its receipt. */
  group?: GroupOnReceipt;
}

/** Shards of a round's pick-share counts: a submission adds to one at random, so concurrent submissions
 * seldom wait on the same row. */
export const PICK_SHARE_SHARDS = 16;

export function newReference(sid: string): string {
  const bytes = randomBytes(SUFFIX_LENGTH);
  let suffix = '';
  for (const b of bytes) suffix += ALPHABET[b & 31];
  return `${sid}-${suffix}`;
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Signs a receipt: a compact JWS with header {alg: 'EdDSA', kid}. */
export function signReceipt(key: ReceiptKey, payload: ReceiptPayload): string {
  const input = `${b64({ alg: 'EdDSA', kid: key.kid })}.${b64(payload)}`;
  return `${input}.${sign(null, Buffer.from(input), key.privateKey).toString('base64url')}`;
}

export const predictionNumbers = (predictions: StoredPrediction[]): number[] =>
  [...predictions].sort((a, b) => a.betSlipPosition - b.betSlipPosition).map((p) => p.prediction);

function payloadOf(
  slip: Omit<SlipToRecord, 'id' | 'paymentRef' | 'idempotencyKey' | 'channel'> & { rows: number },
  ref: string,
  at: Date,
) {
  return {
    ref,
    sid: slip.sid,
    msisdn: slip.msisdn,
    predictions: predictionNumbers(slip.predictions),
    cost: slip.costCents / 100,
    paidFrom: slip.paidFrom,
    at: at.toISOString(),
    systemId: slip.systemId ?? null,
    rows: slip.rows,
    ...(slip.group && { group: slip.group }),
  } satisfies ReceiptPayload;
}

/** A slip's picks as rows: how many, and per match how many pick home, draw and away. */
function rowsOf(slip: Pick<SlipToRecord, 'predictions' | 'systemId'>) {
  const rowSlip = {
    outcomes: outcomesOf(slip.predictions, slip.predictions.length),
    systemId: slip.systemId ?? null,
  };
  const picks = slipRowPicks(rowSlip);
  return {
    rows: rowCount(rowSlip),
    home: picks.map((p) => p.home),
    draw: picks.map((p) => p.draw),
    away: picks.map((p) => p.away),
  };
}

/** Element-wise sum of a stored count array and the added one (same length: the round's matches). */
const addArrays = (column: string) =>
  sql.raw(
    `(SELECT array_agg(a + b ORDER BY i) FROM unnest(pick_share_counts.${column}, excluded.${column}) WITH ORDINALITY AS u (a, b, i))`,
  );

/** A slip ready to write: its reference drawn, its receipt signed and its rows' picks counted. */
export interface PreparedSlip {
  slip: SlipToRecord;
  at: Date;
  receipt: Receipt;
  rows: ReturnType<typeof rowsOf>;
  shard: number;
}

/** Draws a slip's reference and signs its receipt (drawn again by the caller when the reference is taken). */
export function prepareSlip(
  key: ReceiptKey,
  slip: SlipToRecord,
  at: Date,
  draw: (sid: string) => string = newReference,
): PreparedSlip {
  const rows = rowsOf(slip);
  const reference = draw(slip.sid);
  const jws = signReceipt(key, payloadOf({ ...slip, rows: rows.rows }, reference, at));
  return { slip, at, receipt: { reference, jws }, rows, shard: randomInt(PICK_SHARE_SHARDS) };
}

/**
 * Two CTEs for a statement that writes a slip: `written` (the slip, unless its reference is taken, and
 * with `after` only if the CTE of that name returned a row) and `counted` (its rows' picks added to the
 * round's counts only when the slip was written). Parameters are cast: INSERT … SELECT does not type them.
 */
export function slipCtes({ slip, at, receipt, rows, shard }: PreparedSlip, after?: string) {
  const { rows: count, home, draw, away } = rows;
  return sql`written AS (
      INSERT INTO submissions (id, betslip_sid, msisdn, predictions, cost_cents, paid_from, payment_ref,
        idempotency_key, created_at, reference, jws, channel, system_id, rows)
      SELECT ${slip.id}::text, ${slip.sid}::text, ${slip.msisdn}::text, ${JSON.stringify(slip.predictions)}::jsonb,
        ${slip.costCents}::bigint, ${slip.paidFrom}::text, ${slip.paymentRef}::text, ${slip.idempotencyKey}::text,
        ${at}::timestamptz, ${receipt.reference}::text, ${receipt.jws}::text, ${slip.channel}::text,
        ${slip.systemId ?? null}::text, ${count}::int
      ${after ? sql`WHERE EXISTS (SELECT 1 FROM ${sql.table(after)})` : sql``}
      ON CONFLICT (reference) DO NOTHING
      RETURNING id
    ), counted AS (
      INSERT INTO pick_share_counts (betslip_sid, shard, rows, home, draw, away)
      SELECT ${slip.sid}, ${shard}, ${count}, ${home}::bigint[], ${draw}::bigint[], ${away}::bigint[]
      FROM written
      ON CONFLICT (betslip_sid, shard) DO UPDATE SET
        rows = pick_share_counts.rows + excluded.rows,
        home = ${addArrays('home')}, draw = ${addArrays('draw')}, away = ${addArrays('away')}
    )`;
}

/**
 * Writes an accepted slip with its reference and signed receipt, in the caller's transaction (the one
 * that took the money), so a slip never exists without its receipt. Every channel calls this. A reference
 * already taken is not an error: ON CONFLICT leaves the transaction usable and another one is drawn.
 */
export async function recordSlip(
  trx: Db,
  key: ReceiptKey,
  slip: SlipToRecord,
  at: Date,
  draw: (sid: string) => string = newReference,
): Promise<Receipt> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const prepared = prepareSlip(key, slip, at, draw);
    // One statement (the hot path counts them): the slip, and its rows' picks counted with it.
    const written = await sql<{ id: string }>`WITH ${slipCtes(prepared)} SELECT id FROM written`.execute(trx);
    if (written.rows[0]) return prepared.receipt;
  }
  throw new Error(`no free receipt reference for betslip ${slip.sid}`);
}

/** The receipt of a slip written earlier (an answer rebuilt after a crash or by reconciliation). */
export async function receiptOf(db: Db, submissionId: string): Promise<Receipt | null> {
  const row = await db
    .selectFrom('submissions')
    .select(['reference', 'jws'])
    .where('id', '=', submissionId)
    .executeTakeFirst();
  return row?.reference && row.jws ? { reference: row.reference, jws: row.jws } : null;
}

/**
 * Gives slips written before receipts existed (or by the demo seed) their reference and receipt, signed
 * with their own stored time. Run at start; does nothing once every slip has one.
 */
export async function backfillReceipts(db: Db, key: ReceiptKey, pageSize = BACKFILL_PAGE): Promise<number> {
  let done = 0;
  // A page at a time (the partial index submissions_without_receipt, in id order): a database upgraded
  // from before receipts may hold millions of such slips, and reading them at once would hold them all.
  for (let after = ''; ; ) {
    const page = await backfillPage(db, key, after, pageSize);
    done += page.count;
    if (page.count < pageSize) return done;
    after = page.last;
  }
}

/** Slips without a receipt read (and given one) per page by backfillReceipts. */
export const BACKFILL_PAGE = 500;

async function backfillPage(
  db: Db,
  key: ReceiptKey,
  after: string,
  pageSize: number,
): Promise<{ count: number; last: string }> {
  const rows = await db
    .selectFrom('submissions')
    .select([
      'id',
      'betslip_sid',
      'msisdn',
      'predictions',
      'cost_cents',
      'paid_from',
      'reference',
      'created_at',
      'system_id',
      'rows',
    ])
    .where('jws', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(pageSize)
    .execute();
  for (const row of rows) {
    const predictions: StoredPrediction[] =
      typeof row.predictions === 'string' ? JSON.parse(row.predictions) : row.predictions;
    const slip = {
      sid: row.betslip_sid,
      msisdn: row.msisdn,
      predictions,
      costCents: Number(row.cost_cents),
      paidFrom: row.paid_from,
      systemId: row.system_id,
      rows: row.rows,
    };
    for (let attempt = 0; ; attempt++) {
      const reference = row.reference ?? newReference(row.betslip_sid);
      const taken = await db
        .selectFrom('submissions')
        .select('id')
        .where('reference', '=', reference)
        .where('id', '!=', row.id)
        .executeTakeFirst();
      if (taken && attempt < ATTEMPTS) continue;
      await db
        .updateTable('submissions')
        .set({ reference, jws: signReceipt(key, payloadOf(slip, reference, row.created_at)) })
        .where('id', '=', row.id)
        .where('jws', 'is', null)
        .execute();
      break;
    }
  }
  return { count: rows.length, last: rows.at(-1)?.id ?? after };
}
