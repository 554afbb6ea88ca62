// The details of the moves that belong to a deposit, a cash-out or an airtime purchase, for the statement
// (CONTRACTS.md "Wallet statement"): a DEPOSIT move is its deposit's (deposits.move_id); a CASH_OUT move and
// its CASH_OUT_REVERSAL are their cash-out's (cash_outs.move_id / reversal_move_id), each with its status
// and reference. An airtime debit and its refund are their purchase's by the move's idempotency key
// ('airtime:<key>' / 'airtime-reversal:<key>', the same for rows stored before this), and carry the friend's
// number, masked, when it was bought for a friend. A group captain's GROUP_PRIZE move (key
// 'group-prize:<group id>') carries the cents that flooring each share left over, which it includes.
// One query for the whole list, none without such moves.
import { sql } from 'kysely';
import { maskMsisdn } from '../../machines/rules/phoneDisplay.ts';
import type { MoveKind } from '../db/playWalletTables.ts';
import type { LedgerDb, WalletMove } from './ledger.ts';

export interface MoveDetail {
  status?: string;
  /** The reference the subscriber and the provider know it by (cash-outs before migration 003: none). */
  reference?: string | null;
  /** Airtime bought for someone else: their number, masked ('266 5xxx xx02'). */
  friend?: string;
  /** A group captain's winnings: the cents left over by the split that they include (DESIGN.md "Group play"). */
  groupRemainderCents?: number;
}

/** One row of the union: the selects differ only in their column types. */
type Row = {
  move_id: number | string | null;
  status: string | null;
  reference: string | null;
  receiving: string | null;
  remainder: number | string | null;
};

const DETAILED: ReadonlySet<MoveKind> = new Set(['DEPOSIT', 'CASH_OUT', 'CASH_OUT_REVERSAL']);

/** An airtime debit or the refund of one (the refund is an operator adjustment with this reason). */
export const isAirtimeMove = (move: Pick<WalletMove, 'kind'> & { reason?: string }): boolean =>
  move.kind === 'AIRTIME_PURCHASE' || move.reason === 'AIRTIME_REVERSAL';

const noText = sql<string | null>`null::text`;
const noCents = sql<number | null>`null::bigint`;

/** Group winnings (the captain's may include the split's leftover cents). */
const isGroupPrize = (move: { reason?: string }) => move.reason === 'GROUP_PRIZE';

/** Move id → its details, for the listed moves of one subscriber. */
export async function moveDetails(
  db: LedgerDb,
  msisdn: string,
  moves: readonly (Pick<WalletMove, 'id' | 'kind'> & { reason?: string })[],
): Promise<Map<number, MoveDetail>> {
  const ids = moves.filter((m) => DETAILED.has(m.kind)).map((m) => m.id);
  const airtimeIds = moves.filter(isAirtimeMove).map((m) => m.id);
  const groupIds = moves.filter(isGroupPrize).map((m) => m.id);
  if (ids.length === 0 && airtimeIds.length === 0 && groupIds.length === 0) return new Map();
  // `in ()` is not SQL: a list with nothing of a kind asks for an id no move has.
  const orNone = (list: number[]) => (list.length ? list : [-1]);
  const rows = await db
    .selectFrom('deposits')
    .select(['move_id', 'status', 'reference', noText.as('receiving'), noCents.as('remainder')])
    .where('msisdn', '=', msisdn)
    .where('move_id', 'in', orNone(ids))
    .$castTo<Row>()
    .unionAll(
      db
        .selectFrom('cash_outs')
        .select(['move_id', 'status', 'reference', noText.as('receiving'), noCents.as('remainder')])
        .where('msisdn', '=', msisdn)
        .where('move_id', 'in', orNone(ids))
        .$castTo<Row>(),
    )
    .unionAll(
      db
        .selectFrom('cash_outs')
        .select([
          'reversal_move_id as move_id',
          'status',
          'reference',
          noText.as('receiving'),
          noCents.as('remainder'),
        ])
        .where('msisdn', '=', msisdn)
        .where('reversal_move_id', 'in', orNone(ids))
        .$castTo<Row>(),
    )
    .unionAll(
      db
        .selectFrom('wallet_moves as m')
        .innerJoin('airtime_purchases as a', (join) =>
          join
            .onRef('a.msisdn', '=', 'm.msisdn')
            .on(
              sql<boolean>`m.idempotency_key in ('airtime:' || a.idempotency_key, 'airtime-reversal:' || a.idempotency_key)`,
            ),
        )
        .select([
          'm.id as move_id',
          noText.as('status'),
          noText.as('reference'),
          'a.receiving_msisdn as receiving',
          noCents.as('remainder'),
        ])
        .where('m.msisdn', '=', msisdn)
        .where('m.id', 'in', orNone(airtimeIds))
        .where(sql<boolean>`a.receiving_msisdn <> a.msisdn`)
        .$castTo<Row>(),
    )
    .unionAll(
      db
        .selectFrom('wallet_moves as m')
        .innerJoin('groups as g', (join) =>
          join
            .onRef('g.captain_msisdn', '=', 'm.msisdn')
            .on(sql<boolean>`m.idempotency_key = 'group-prize:' || g.id`),
        )
        .select([
          'm.id as move_id',
          noText.as('status'),
          noText.as('reference'),
          noText.as('receiving'),
          'g.remainder_cents as remainder',
        ])
        .where('m.msisdn', '=', msisdn)
        .where('m.id', 'in', orNone(groupIds))
        .where('g.remainder_cents', '>', 0)
        .$castTo<Row>(),
    )
    .execute();
  const details = new Map<number, MoveDetail>();
  for (const row of rows) {
    if (row.move_id === null) continue;
    details.set(
      Number(row.move_id),
      row.remainder !== null
        ? { groupRemainderCents: Number(row.remainder) }
        : row.receiving !== null
          ? { friend: maskMsisdn(row.receiving) }
          : { status: row.status ?? '', reference: row.reference ?? null },
    );
  }
  return details;
}
