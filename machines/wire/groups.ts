// Wire: group play (DESIGN.md "Group play (mokhatlo)", CONTRACTS.md "Group play"): a captain's group slip
// sold in shares, its public and members' views, and buying shares. Money in M, times ISO.
import { type Static, Type } from '@fastify/type-provider-typebox';
import { M, Name, Nullable } from './fields';
import { SlipPicks, SlipSid, SlipSystemId } from './play';
import { Text } from './text';

export const GroupStatus = Type.Union([
  Type.Literal('OPEN'),
  Type.Literal('SUBMITTED'),
  Type.Literal('SETTLED'),
  Type.Literal('CANCELLED'),
]);
export type GroupStatus = Static<typeof GroupStatus>;

export const UnsoldRule = Type.Union([Type.Literal('CANCEL'), Type.Literal('CAPTAIN_COVERS')]);

export const CreateGroupBody = Type.Object({
  lang: Type.Optional(Text({ maxLength: 8 })),
  betSlipSid: SlipSid,
  positionAndPredictionDtos: SlipPicks,
  systemId: SlipSystemId,
  name: Name(40),
  shares: Type.Integer({ minimum: 2, maximum: 100 }),
  captainShares: Type.Integer({ minimum: 1, maximum: 100 }),
  unsold: UnsoldRule,
});
export type CreateGroupBody = Static<typeof CreateGroupBody>;

export const GroupCreated = Type.Object({
  groupId: Type.String(),
  code: Type.String({ description: '6 digits' }),
  sharePrice: M,
  shares: Type.Integer(),
  /** Shares sold, the captain's included. */
  sold: Type.Integer(),
  status: Type.Literal('OPEN'),
  closesAt: Type.String({ description: 'ISO 8601, UTC' }),
});

export const GroupCodeParams = Type.Object({ code: Text({ minLength: 1, maxLength: 16 }) });

/** GET /api/public/groups/:code: what anyone with the code sees (no phone numbers). */
export const GroupPublic = Type.Object({
  code: Type.String(),
  name: Type.String(),
  sid: Type.String(),
  sharePrice: M,
  shares: Type.Integer(),
  sold: Type.Integer(),
  status: GroupStatus,
  closesAt: Type.String({ description: 'ISO 8601, UTC' }),
});
export type GroupPublic = Static<typeof GroupPublic>;

/** GET /api/protected/groups/:code (members and the captain). */
export const GroupMemberView = Type.Object({
  ...GroupPublic.properties,
  /** The slip's 14 predictions (1, 2, 3, 12, 13, 23, 123), in betslip order. */
  predictions: Type.Array(Type.Integer()),
  systemId: Nullable(Type.String()),
  /** The slip's price (the sum of every share). */
  price: M,
  /** Every member with their shares (numbers masked), the captain first; `won` once settled. */
  members: Type.Array(
    Type.Object({
      msisdnMasked: Type.String(),
      shares: Type.Integer(),
      captain: Type.Boolean(),
      won: Nullable(M),
    }),
  ),
  myShares: Type.Integer(),
  captain: Type.Boolean(),
  unsold: UnsoldRule,
  /** The group's slip once submitted at the close (its signed receipt), else null. */
  receipt: Nullable(Type.Object({ reference: Type.String(), jws: Type.String() })),
  /** Once its round is settled: what the slip won, each share's part, the captain's cents, mine. */
  winnings: Nullable(Type.Object({ total: M, perShare: M, captainRemainder: M, mine: M })),
});
export type GroupMemberView = Static<typeof GroupMemberView>;

export const MyGroupsResponse = Type.Array(
  Type.Object({ ...GroupPublic.properties, myShares: Type.Integer(), captain: Type.Boolean() }),
);

export const BuySharesBody = Type.Object({
  count: Type.Integer({ minimum: 1, maximum: 100 }),
  lang: Type.Optional(Text({ maxLength: 8 })),
});

export const SharesBought = Type.Object({
  code: Type.String(),
  sold: Type.Integer(),
  myShares: Type.Integer(),
  /** The purchase's J14-… reference (the group's slip has the signed receipt). */
  reference: Type.String(),
});
export type SharesBought = Static<typeof SharesBought>;
// Types the client reads (src/api/groups.ts imports types only).
export type UnsoldRule = Static<typeof UnsoldRule>;
export type GroupCreated = Static<typeof GroupCreated>;
export type MyGroup = Static<typeof MyGroupsResponse>[number];
