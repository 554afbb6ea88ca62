// Wire: what anyone may read without signing in (CONTRACTS.md "Results and operations API").
import { type Static, Type } from '@fastify/type-provider-typebox';
import { M, Nullable, SettlementRule } from './fields';
import { Text } from './text';

/** GET /api/public/rounds: settled rounds, newest first; nothing about who played. */
export const PublicRounds = Type.Array(
  Type.Object({
    sid: Type.String(),
    endsAt: Type.String(),
    matches: Type.Array(
      Type.Object({
        position: Type.Integer(),
        homeTeam: Type.String(),
        awayTeam: Type.String(),
        result: Nullable(Type.String()),
      }),
    ),
    /** How its slips were settled: under 'ROWS' `tiers[].winners` count winning rows, under 'SLIP' (rounds
     * published before rows counted) winning slips. */
    settlementRule: SettlementRule,
    tiers: Type.Array(Type.Object({ prizeType: Type.Integer(), winners: Type.Integer(), amountEach: M })),
  }),
);
export type PublicRound = Static<typeof PublicRounds>[number];

/**
 * GET /api/public/receipts/:reference: a reference is looked up as it is typed. Free text here (NUL-free,
 * bounded); the route refuses anything that is not a reference with 400 RECEIPT.INVALID_REFERENCE.
 */
export const ReceiptLookupParams = Type.Object({ reference: Text({ minLength: 1, maxLength: 64 }) });

/** That an accepted slip with this reference exists: which round, when, how. No phone number, no picks. */
export const ReceiptLookup = Type.Object({
  reference: Type.String(),
  sid: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601, UTC' }),
  channel: Type.Union([
    Type.Literal('APP'),
    Type.Literal('USSD'),
    Type.Literal('SMS'),
    Type.Literal('GROUP'),
  ]),
  status: Type.Literal('ACCEPTED'),
});
export type ReceiptLookup = Static<typeof ReceiptLookup>;
