// Wire: the subscriber's past betslips, POST /api/protected/fetch-past-submitted-betslips (CONTRACTS.md
// "Results and operations API"); the call centre and admins may name any msisdn.
import { type Static, Type } from '@fastify/type-provider-typebox';
import { M, Nullable, SettlementRule } from './fields';
import { Text } from './text';

export const PastQuery = Type.Object({ msisdn: Type.Optional(Text({ maxLength: 32 })) });

/** A slip's winning rows in one tier and what each is paid (M). */
export const WinningRows = Type.Object({
  prizeType: Type.Integer(),
  count: Type.Integer(),
  amountEach: M,
});

/** fetch-past-submitted-betslips answer. */
export const PastBetslipsResponse = Type.Array(
  Type.Object({
    sid: Type.String(),
    /** The slip's receipt reference (null only for a slip not yet given one). */
    reference: Nullable(Type.String()),
    won: Type.Boolean(),
    betSlipClosed: Type.Boolean(),
    subscriberId: Type.String(),
    createdAt: Type.String(),
    amountWon: M,
    /** The best tier's name ('' for none). */
    prizeWon: Type.String(),
    /** The rows the slip stands for (every combination of its picks, or its reduced system's rows). */
    rows: Type.Integer(),
    /** The reduced system ('R-4-0-9'), null for a full slip. */
    systemId: Nullable(Type.String()),
    /** Once settled, only the tiers with a winning row, highest first; [] when none (or not settled). */
    winningRows: Type.Array(WinningRows),
    /** Correct so far while open (the final count once closed); null when not known. */
    correctCount: Nullable(Type.Integer()),
    placedBets: Type.Array(
      Type.Object({
        positionInBetSlip: Type.Integer(),
        pick: Nullable(Type.String()),
        result: Nullable(Type.String()),
        /** null while the result is unknown. */
        isCorrect: Nullable(Type.Boolean()),
        tournament: Type.String(),
        homeTeam: Type.String(),
        awayTeam: Type.String(),
        matchDate: Type.String(),
        betDate: Type.String(),
      }),
    ),
    /** Published once the betslip closes: pick shares (0..1) per match and each tier's winners. */
    statistics: Nullable(
      Type.Object({
        matches: Type.Array(
          Type.Object({
            position: Type.Integer(),
            home: M,
            draw: M,
            away: M,
          }),
        ),
        tiers: Type.Array(Type.Object({ prizeType: Type.Integer(), winners: Type.Integer(), amountEach: M })),
        /** Under 'ROWS' the shares and `tiers[].winners` count rows, under 'SLIP' slips. */
        settlementRule: SettlementRule,
      }),
    ),
  }),
);

export type PastBetslipWire = Static<typeof PastBetslipsResponse>[number];
export type PlacedBet = PastBetslipWire['placedBets'][number];
export type BetslipStatistics = NonNullable<PastBetslipWire['statistics']>;
