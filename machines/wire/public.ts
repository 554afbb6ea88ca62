// Wire: what anyone may read without signing in (CONTRACTS.md "Results and operations API").
import { type Static, Type } from '@sinclair/typebox';
import { M, Nullable } from './fields';

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
    tiers: Type.Array(Type.Object({ prizeType: Type.Integer(), winners: Type.Integer(), amountEach: M })),
  }),
);
export type PublicRound = Static<typeof PublicRounds>[number];
