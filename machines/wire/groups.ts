// Wire: group play (mokhatlo), DESIGN.md "Group play": a captain opens a group slip of shares, members buy
// shares into the group's escrow, the close submits or cancels it. Money is M (shares are paid in whole
// cents: machines/rules/groupShares.ts). Creating a group and buying shares carry an Idempotency-Key header
// (play.ts SubmitHeaders). Every group route answers 404 GROUP.UNKNOWN for an unknown code.
import { type Static, Type } from '@fastify/type-provider-typebox';
import { M, Nullable } from './fields';
import { Text } from './text';

/** OPEN → SUBMITTED → SETTLED, or OPEN → CANCELLED. */
export const GroupStatus = Type.Union([
  Type.Literal('OPEN'),
  Type.Literal('SUBMITTED'),
  Type.Literal('SETTLED'),
  Type.Literal('CANCELLED'),
]);
export type GroupStatus = Static<typeof GroupStatus>;

/** What happens to shares still unsold at the close: refund everyone, or the captain buys them. */
export const UnsoldRule = Type.Union([Type.Literal('CANCEL'), Type.Literal('CAPTAIN_COVERS')]);
export type UnsoldRule = Static<typeof UnsoldRule>;

/** Six digits, so any keypad can type it. */
export const GroupCodeParams = Type.Object({ code: Text({ pattern: '^[0-9]{6}$' }) });

/** POST /api/protected/groups: the slip as for a submission (no price: the server computes it). */
export const CreateGroupBody = Type.Object({
  lang: Type.Optional(Text({ maxLength: 8 })),
  betSlipSid: Text({ minLength: 1, maxLength: 64 }),
  positionAndPredictionDtos: Type.Array(
    Type.Object({
      betSlipPosition: Type.Integer({ minimum: -1000, maximum: 1000 }),
      prediction: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
    }),
    { maxItems: 64 },
  ),
  systemId: Type.Optional(Nullable(Text({ maxLength: 32 }))),
  name: Text({ minLength: 1, maxLength: 40 }),
  shares: Type.Integer({ minimum: 2, maximum: 100 }),
  captainShares: Type.Integer({ minimum: 1, maximum: 100 }),
  unsold: UnsoldRule,
});
export type CreateGroupBody = Static<typeof CreateGroupBody>;

/** 201: the group, open; `sold` counts the captain's shares. */
export const GroupCreated = Type.Object({
  groupId: Type.String(),
  code: Type.String(),
  sharePrice: M,
  shares: Type.Integer(),
  sold: Type.Integer(),
  status: Type.Literal('OPEN'),
  closesAt: Type.String({ description: 'ISO 8601, UTC' }),
});
export type GroupCreated = Static<typeof GroupCreated>;

/** GET /api/public/groups/:code (no sign-in): no phone numbers. */
export const PublicGroup = Type.Object({
  code: Type.String(),
  name: Type.String(),
  sid: Type.String(),
  sharePrice: M,
  shares: Type.Integer(),
  sold: Type.Integer(),
  status: GroupStatus,
  closesAt: Type.String({ description: 'ISO 8601, UTC' }),
});
export type PublicGroup = Static<typeof PublicGroup>;

/** A member as every member sees them: the number masked (machines/rules/phoneDisplay.ts maskMsisdn). */
export const GroupMember = Type.Object({ msisdnMasked: Type.String(), shares: Type.Integer() });

/**
 * GET /api/protected/groups/:code (members and the captain; anyone else 403 GROUP.NOT_MEMBER): the public
 * view, the picks (as my-slips sends them), the members, the caller's shares, the slip's receipt once
 * submitted and, once settled, what the slip won and each member's part (floor per share, the captain's
 * part with the cents left over).
 */
export const MemberGroup = Type.Intersect([
  PublicGroup,
  Type.Object({
    predictions: Type.Array(Type.Integer()),
    systemId: Nullable(Type.String()),
    members: Type.Array(GroupMember),
    myShares: Type.Integer(),
    receipt: Nullable(Type.Object({ reference: Type.String(), jws: Type.String() })),
    winnings: Nullable(
      Type.Object({
        total: M,
        mine: M,
        members: Type.Array(Type.Object({ msisdnMasked: Type.String(), shares: Type.Integer(), amount: M })),
      }),
    ),
  }),
]);
export type MemberGroup = Static<typeof MemberGroup>;

/** GET /api/protected/my-groups: the caller's groups (captain or member), newest first. */
export const MyGroups = Type.Array(Type.Intersect([PublicGroup, Type.Object({ myShares: Type.Integer() })]));
export type MyGroup = Static<typeof MyGroups>[number];

/** POST /api/protected/groups/:code/shares. */
export const BuySharesBody = Type.Object({
  count: Type.Integer({ minimum: 1, maximum: 100 }),
  lang: Type.Optional(Text({ maxLength: 8 })),
});
export type BuySharesBody = Static<typeof BuySharesBody>;

/** 200: the group's shares sold now, the caller's, and the purchase's J14-… reference. */
export const SharesBought = Type.Object({
  code: Type.String(),
  sold: Type.Integer(),
  myShares: Type.Integer(),
  reference: Type.String(),
});
export type SharesBought = Static<typeof SharesBought>;
