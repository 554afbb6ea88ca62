// Wire: the play API under /api/protected (CONTRACTS.md "Play API" and "Receipts"): the current betslip,
// submission, my slips, prizes, testimonials, and the receipt keys. A malformed request is a 400 before
// any handler runs, and the response schemas make the serializer drop anything not in the contract.
import { type Static, Type } from '@fastify/type-provider-typebox';
import { IdempotencyHeaders, M as Money, Nullable, SettlementRule } from './fields';
import { WinningRows } from './results';
import { Text } from './text';

export { SettlementRule };

export const BetslipParams = Type.Object({
  defaultBetslipPrice: Type.Number(),
  thirdChance: Type.Integer(),
  multipleChance: Type.Integer(),
  feePerSecond: Type.Number(),
  feePerThird: Type.Number(),
});

export const BetslipResponse = Type.Object({
  sid: Type.String(),
  endDate: Type.String({ description: "'yyyy-mm-dd hh:mm', Africa/Maseru" }),
  endsAt: Type.String({ description: 'ISO 8601, UTC' }),
  matches: Type.Array(
    Type.Object({
      betslipPosotion: Type.Integer({ minimum: 1 }),
      tournament: Type.String(),
      startDate: Type.String(),
      homeTeam: Type.String(),
      awayTeam: Type.String(),
      homeTeamLogo: Type.String(),
      awayTeamLogo: Type.String(),
    }),
  ),
  betslipParams: BetslipParams,
  /** How the round's slips are settled: 'ROWS' every row counts, 'SLIP' (rounds before rows) once each. */
  settlementRule: SettlementRule,
});
export type CurrentBetslip = Static<typeof BetslipResponse>;

// The slip as the client sends it, to submit and to open a group with (groups.ts CreateGroupBody).
/** The round: our sids are strings ('J14-0004'); the client echoes what fetch-current-betslip sent. */
export const SlipSid = Text({ minLength: 1, maxLength: 64 });
/** A prediction per betslip position, as sent: the server checks them against the rules. */
export const SlipPicks = Type.Array(
  Type.Object({
    betSlipPosition: Type.Integer({ minimum: -1000, maximum: 1000 }),
    prediction: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
  }),
  { maxItems: 64 },
);
/** A reduced system over the marked matches ('R-4-0-9'); absent or null: every combination. */
export const SlipSystemId = Type.Optional(Nullable(Text({ maxLength: 32 })));

export const SubmitBody = Type.Object({
  // Ignored (the subscriber comes from the token) but accepted in any form old clients send.
  msisdn: Type.Optional(Type.Union([Text({ maxLength: 32 }), Type.Number(), Type.Null()])),
  lang: Type.Optional(Text({ maxLength: 8 })),
  betSlipSid: SlipSid,
  positionAndPredictionDtos: SlipPicks,
  betSlipCost: Type.Number({ minimum: 0, maximum: 100_000_000 }),
  systemId: SlipSystemId,
});

export const SubmitHeaders = Type.Object({
  ...IdempotencyHeaders.properties,
  /** Sent by offline-queue replays: the slip may also have gone by SMS with this key's short code. */
  'slip-code': Type.Optional(Text({ maxLength: 16 })),
});

export const SubmitAccepted = Type.Object({
  message: Type.String(),
  messageKey: Type.Literal('SUBMISSION.ACCEPTED'),
  submissionId: Type.String(),
  paidFrom: Type.Union([Type.Literal('WALLET'), Type.Literal('AIRTIME')]),
  amount: Money,
  /** The slip's reference and signed receipt (compact JWS, EdDSA: checked on /verify). */
  receipt: Type.Object({ reference: Type.String(), jws: Type.String() }),
});
export type SubmitAccepted = Static<typeof SubmitAccepted>;
export type SlipReceipt = SubmitAccepted['receipt'];
export type SubmitBody = Static<typeof SubmitBody>;

/** GROUP: a group's slip (DESIGN.md "Group play"), written at its round's close. */
const Channel = Type.Union([
  Type.Literal('APP'),
  Type.Literal('USSD'),
  Type.Literal('SMS'),
  Type.Literal('GROUP'),
]);

export const MySlipsQuery = Type.Object({ sid: Type.Optional(Text({ minLength: 1, maxLength: 64 })) });

/** my-slips answer: the subscriber's own slips on one betslip, oldest first. */
export const MySlipsResponse = Type.Array(
  Type.Object({
    reference: Type.String(),
    createdAt: Type.String({ description: 'ISO 8601, UTC' }),
    cost: Money,
    /** GROUP: paid from a group's escrow (a group's slip, in its captain's list). */
    paidFrom: Type.Union([Type.Literal('WALLET'), Type.Literal('AIRTIME'), Type.Literal('GROUP')]),
    channel: Channel,
    /** A group's slip: the group's code (absent on any other slip). */
    group: Type.Optional(Type.String()),
    predictions: Type.Array(Type.Integer()),
    jws: Type.String(),
    /** The rows the slip stands for, and its reduced system (null: a full slip). */
    rows: Type.Integer(),
    systemId: Nullable(Type.String()),
    /** Once its round is settled, only the tiers with a winning row; [] when none (or not settled). */
    winningRows: Type.Array(WinningRows),
  }),
);

export const JwksResponse = Type.Object({
  keys: Type.Array(
    Type.Object({
      kty: Type.Literal('OKP'),
      crv: Type.Literal('Ed25519'),
      x: Type.String(),
      kid: Type.String(),
      alg: Type.Literal('EdDSA'),
      use: Type.Literal('sig'),
    }),
  ),
});

export const PrizesResponse = Type.Array(
  Type.Object({
    prizeType: Type.Integer(),
    amount: Money,
    /** The jackpot only: how much of it rolled over from unwon rounds (absent when none). */
    rolledOver: Type.Optional(Money),
  }),
);

export const TestimonialsResponse = Type.Array(
  Type.Object({
    lang: Type.String(),
    imgUrl: Type.String(),
    testimonialDto: Type.Object({
      name: Type.String(),
      occupation: Type.String(),
      testimonial: Type.String(),
    }),
  }),
);
export type MySlip = Static<typeof MySlipsResponse>[number];

export const PickSharesQuery = Type.Object({ sid: Type.Optional(Text({ minLength: 1, maxLength: 64 })) });

/**
 * GET /api/protected/pick-shares: per match, the percent (one decimal) of the round's rows so far picking
 * home, draw and away; or only how many rows there are while fewer than 100 (`hidden: true`).
 */
export const PickSharesResponse = Type.Union([
  Type.Object({
    sid: Type.String(),
    rows: Type.Integer(),
    /** When the server counted them (ISO, UTC): refreshed at most once a minute. */
    updatedAt: Type.String(),
    matches: Type.Array(
      Type.Object({
        position: Type.Integer({ minimum: 1 }),
        home: Type.Number(),
        draw: Type.Number(),
        away: Type.Number(),
      }),
    ),
  }),
  Type.Object({ sid: Type.String(), rows: Type.Integer(), hidden: Type.Literal(true) }),
]);
export type PickShares = Static<typeof PickSharesResponse>;
export type Prize = Static<typeof PrizesResponse>[number];
export type Testimonial = Static<typeof TestimonialsResponse>[number];
