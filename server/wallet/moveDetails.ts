// The status and reference of the moves that belong to a deposit or a cash-out, for the statement
// (CONTRACTS.md "Wallet statement"): a DEPOSIT move is its deposit's (deposits.move_id); a CASH_OUT move and
// its CASH_OUT_REVERSAL are their cash-out's (cash_outs.move_id / reversal_move_id). One query for the whole
// list, and none when the list has no such move.
import type { MoveKind } from '../db/playWalletTables.ts';
import type { LedgerDb, WalletMove } from './ledger.ts';

export interface MoveDetail {
  status: string;
  /** The reference the subscriber and the provider know it by (cash-outs before migration 003: none). */
  reference: string | null;
}

/** One row of the union: the three selects differ only in their column types. */
type Row = { move_id: number | string | null; status: string; reference: string | null };

const DETAILED: ReadonlySet<MoveKind> = new Set(['DEPOSIT', 'CASH_OUT', 'CASH_OUT_REVERSAL']);

/** Move id → its deposit's or cash-out's status and reference, for the listed moves of one subscriber. */
export async function moveDetails(
  db: LedgerDb,
  msisdn: string,
  moves: readonly Pick<WalletMove, 'id' | 'kind'>[],
): Promise<Map<number, MoveDetail>> {
  const ids = moves.filter((m) => DETAILED.has(m.kind)).map((m) => m.id);
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('deposits')
    .select(['move_id', 'status', 'reference'])
    .where('msisdn', '=', msisdn)
    .where('move_id', 'in', ids)
    .$castTo<Row>()
    .unionAll(
      db
        .selectFrom('cash_outs')
        .select(['move_id', 'status', 'reference'])
        .where('msisdn', '=', msisdn)
        .where('move_id', 'in', ids)
        .$castTo<Row>(),
    )
    .unionAll(
      db
        .selectFrom('cash_outs')
        .select(['reversal_move_id as move_id', 'status', 'reference'])
        .where('msisdn', '=', msisdn)
        .where('reversal_move_id', 'in', ids)
        .$castTo<Row>(),
    )
    .execute();
  const details = new Map<number, MoveDetail>();
  for (const row of rows) {
    if (row.move_id === null) continue;
    details.set(Number(row.move_id), { status: row.status, reference: row.reference ?? null });
  }
  return details;
}
