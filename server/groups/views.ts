// What the group routes answer (machines/wire/groups.ts): the public view anyone with the code sees (no
// phone numbers), the members' view (picks, members masked, receipt, winnings), and a subscriber's groups.
import type { Kysely } from 'kysely';
import { maskMsisdn } from '../../machines/rules/phoneDisplay.ts';
import type { GroupMemberView, GroupPublic } from '../../machines/wire/groups.ts';
import type { Database } from '../db/index.ts';
import { predictionNumbers, receiptOf } from '../play/receipts.ts';
import { type Group, membersOf, toGroup } from './store.ts';

type Db = Kysely<Database>;

const m = (cents: number) => cents / 100;

export const publicView = (group: Group): GroupPublic => ({
  code: group.code,
  name: group.name,
  sid: group.sid,
  sharePrice: m(group.sharePriceCents),
  shares: group.shares,
  sold: group.sold,
  status: group.status,
  closesAt: group.closesAt.toISOString(),
});

/** The members' view, or null when `msisdn` holds no share of the group (403 GROUP.NOT_MEMBER). */
export async function memberView(db: Db, group: Group, msisdn: string): Promise<GroupMemberView | null> {
  const members = await membersOf(db, group);
  const mine = members.find((x) => x.msisdn === msisdn);
  if (!mine && msisdn !== group.captain) return null;
  const settled = group.status === 'SETTLED' && group.winningsCents !== null;
  const won = (msisdn: string, shares: number) =>
    settled
      ? m(
          (group.shareWinningsCents ?? 0) * shares +
            (msisdn === group.captain ? (group.remainderCents ?? 0) : 0),
        )
      : null;
  const myShares = mine?.shares ?? 0;
  return {
    ...publicView(group),
    predictions: predictionNumbers(group.predictions),
    systemId: group.systemId,
    price: m(group.priceCents),
    members: members.map((x) => ({
      msisdnMasked: maskMsisdn(x.msisdn),
      shares: x.shares,
      captain: x.msisdn === group.captain,
      won: won(x.msisdn, x.shares),
    })),
    myShares,
    captain: msisdn === group.captain,
    unsold: group.unsold,
    receipt: group.submissionId ? await receiptOf(db, group.submissionId) : null,
    winnings: settled
      ? {
          total: m(group.winningsCents ?? 0),
          perShare: m(group.shareWinningsCents ?? 0),
          captainRemainder: m(group.remainderCents ?? 0),
          mine: won(msisdn, myShares) ?? 0,
        }
      : null,
  };
}

/** The groups `msisdn` captains or holds shares in, newest first (at most `limit`). */
export async function myGroups(db: Db, msisdn: string, limit = 50) {
  const rows = await db
    .selectFrom('groups as g')
    .selectAll('g')
    .select((eb) =>
      eb
        .selectFrom('group_shares as s')
        .select((e) => e.fn.coalesce(e.fn.sum<number | string>('s.count'), e.lit(0)).as('n'))
        .whereRef('s.group_id', '=', 'g.id')
        .where('s.msisdn', '=', msisdn)
        .as('my_shares'),
    )
    .where((eb) =>
      eb.or([
        eb('g.captain_msisdn', '=', msisdn),
        eb.exists(
          eb
            .selectFrom('group_shares as s')
            .select('s.id')
            .whereRef('s.group_id', '=', 'g.id')
            .where('s.msisdn', '=', msisdn),
        ),
      ]),
    )
    .orderBy('g.created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ my_shares, ...row }) => {
    const group = toGroup(row);
    return { ...publicView(group), myShares: Number(my_shares ?? 0), captain: group.captain === msisdn };
  });
}
