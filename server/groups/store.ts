// Reading groups and their shares (migration 021). A code names one live group (OPEN or SUBMITTED) at a
// time; once its group is settled or cancelled a code may name a new one, and the code's newest group is
// the one it names.
import type { Kysely, Selectable } from 'kysely';
import type { GroupStatus, GroupTables, UnsoldRule } from '../db/groupTables.ts';
import type { Database } from '../db/index.ts';
import { fromJson } from '../db/json.ts';
import type { StoredPrediction } from '../db/playWalletTables.ts';
import { toCents } from '../wallet/ledger.ts';

type Db = Kysely<Database>;

export interface Group {
  id: string;
  code: string;
  sid: string;
  captain: string;
  name: string;
  predictions: StoredPrediction[];
  systemId: string | null;
  rows: number;
  priceCents: number;
  shares: number;
  sharePriceCents: number;
  extraCents: number;
  sold: number;
  unsold: UnsoldRule;
  status: GroupStatus;
  closesAt: Date;
  submissionId: string | null;
  winningsCents: number | null;
  shareWinningsCents: number | null;
  remainderCents: number | null;
  createdAt: Date;
}

const nullableCents = (v: number | string | null) => (v === null ? null : toCents(v));

export const toGroup = (row: Selectable<GroupTables['groups']>): Group => ({
  id: row.id,
  code: row.code,
  sid: row.betslip_sid,
  captain: row.captain_msisdn,
  name: row.name,
  predictions: fromJson<StoredPrediction[]>(row.predictions),
  systemId: row.system_id,
  rows: row.rows,
  priceCents: toCents(row.price_cents),
  shares: row.shares,
  sharePriceCents: toCents(row.share_price_cents),
  extraCents: toCents(row.captain_extra_cents),
  sold: row.sold,
  unsold: row.unsold,
  status: row.status,
  closesAt: row.closes_at,
  submissionId: row.submission_id,
  winningsCents: nullableCents(row.winnings_cents),
  shareWinningsCents: nullableCents(row.share_winnings_cents),
  remainderCents: nullableCents(row.remainder_cents),
  createdAt: row.created_at,
});

/** The group a code names: its live one, else its newest. */
export async function findByCode(db: Db, code: string): Promise<Group | undefined> {
  const row = await db
    .selectFrom('groups')
    .selectAll()
    .where('code', '=', code)
    .orderBy((eb) => eb.case().when('status', 'in', ['OPEN', 'SUBMITTED']).then(0).else(1).end())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? toGroup(row) : undefined;
}

/** Takes the group's row FOR UPDATE (until the transaction ends) and reads it as it now is. */
export async function lockGroup(trx: Db, id: string): Promise<Group> {
  const row = await trx
    .selectFrom('groups')
    .selectAll()
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return toGroup(row);
}

export interface Member {
  msisdn: string;
  shares: number;
  paidCents: number;
}

/** Every member with their shares, the captain first, then by first purchase. */
export async function membersOf(db: Db, group: Pick<Group, 'id' | 'captain'>): Promise<Member[]> {
  const rows = await db
    .selectFrom('group_shares')
    .select((eb) => [
      'msisdn',
      eb.fn.sum<number | string>('count').as('shares'),
      eb.fn.sum<number | string>('amount_cents').as('paid'),
      eb.fn.min<number | string>('id').as('first'),
    ])
    .where('group_id', '=', group.id)
    .groupBy('msisdn')
    .execute();
  return rows
    .map((r) => ({
      msisdn: r.msisdn,
      shares: Number(r.shares),
      paidCents: toCents(r.paid),
      first: Number(r.first),
    }))
    .sort((a, b) => (a.msisdn === group.captain ? -1 : b.msisdn === group.captain ? 1 : a.first - b.first))
    .map(({ msisdn, shares, paidCents }) => ({ msisdn, shares, paidCents }));
}

/** The shares one member holds in a group. */
export async function sharesOf(db: Db, groupId: string, msisdn: string): Promise<number> {
  const row = await db
    .selectFrom('group_shares')
    .select((eb) => eb.fn.sum<number | string | null>('count').as('n'))
    .where('group_id', '=', groupId)
    .where('msisdn', '=', msisdn)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
