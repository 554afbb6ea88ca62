// TypeBox schemas of the operations API (CONTRACTS.md "Results and operations API"). The CLI checks its
// JSON file against the same CreateBetslipBody, so both ways in accept exactly the same betslips.
import { type Static, Type } from '@fastify/type-provider-typebox';
import { PRIZE_TIERS } from '../../machines/rules/prizeTiers.ts';
import { Text } from '../text.ts';

/** ISO 8601 with a time zone ('2026-12-01T10:00:00Z', '…+02:00'): a bare local time would be ambiguous. */
export const ISO_INSTANT =
  '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d{1,9})?)?(Z|[+-]\\d{2}:\\d{2})$';
const Instant = Text({ maxLength: 40, pattern: ISO_INSTANT });
/** Our own images only (the CSP allows no other origin): '/logos/x.svg', no '..'. */
const LocalImage = Text({ maxLength: 200, pattern: '^/(?!.*\\.\\.)[A-Za-z0-9][A-Za-z0-9/_.-]*$' });
const Money = Type.Number({ minimum: 0, maximum: 100_000_000 });
const Name = (maxLength: number) => Text({ minLength: 1, maxLength });

export const PrizeInput = Type.Object({
  prizeType: Type.Union(PRIZE_TIERS.map((tier) => Type.Literal(tier))),
  amount: Money,
});

export const CreateBetslipBody = Type.Object({
  sid: Type.Optional(Text({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$' })),
  endDate: Instant,
  matches: Type.Array(
    Type.Object({
      tournament: Name(80),
      startDate: Instant,
      homeTeam: Name(60),
      awayTeam: Name(60),
      homeTeamLogo: Type.Optional(LocalImage),
      awayTeamLogo: Type.Optional(LocalImage),
    }),
    { maxItems: 64 },
  ),
  betslipParams: Type.Object({
    defaultBetslipPrice: Type.Number(),
    thirdChance: Type.Integer(),
    multipleChance: Type.Integer(),
    feePerSecond: Type.Number(),
    feePerThird: Type.Number(),
  }),
  /** Our addition: the betslip's own prize pools; without it the default table is copied on publish. */
  prizes: Type.Optional(Type.Array(PrizeInput, { maxItems: 5 })),
  /** An unwon jackpot is added to the next round's jackpot (default false). */
  rollover: Type.Optional(Type.Boolean()),
});
export type CreateBetslipInput = Static<typeof CreateBetslipBody>;

const OneResult = Type.Object({
  position: Type.Integer({ minimum: 1, maximum: 64 }),
  result: Type.Union([
    Type.Literal('HOME_WIN'),
    Type.Literal('AWAY_WIN'),
    Type.Literal('DRAW'),
    Type.Literal('VOID'),
  ]),
});

/** One result, or `{results: [...]}`: all of them at once, checked as a whole and saved together. */
export const ResultBody = Type.Union([
  OneResult,
  Type.Object({ results: Type.Array(OneResult, { minItems: 1, maxItems: 64 }) }),
]);

/** publish's optional body: `{goLiveAt?: ISO instant}` (nothing else). */
export function isPublishBody(body: unknown): body is { goLiveAt?: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const { goLiveAt, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return false;
  return goLiveAt === undefined || (typeof goLiveAt === 'string' && new RegExp(ISO_INSTANT).test(goLiveAt));
}

/**
 * publish's body, optional (a bare POST publishes as before): any other body is 400 BETSLIP.INVALID, the
 * key the refinement names (server/errors.ts), not the generic ERRORS.INVALID_REQUEST.
 */
export const PublishBody = Type.Refine(
  Type.Unsafe<{ goLiveAt?: string } | null | undefined>({}),
  (body) => body == null || isPublishBody(body),
  () => 'BETSLIP.INVALID',
);

export const PublishAnswer = Type.Object({
  sid: Type.String(),
  status: Type.Union([Type.Literal('CURRENT'), Type.Literal('SCHEDULED')]),
  after: Type.Union([Type.String(), Type.Null()]),
  goLiveAt: Type.Union([Type.String(), Type.Null()]),
  closed: Type.Union([Type.String(), Type.Null()]),
});

const M = Type.Number();
export const SettlementPreview = Type.Object({
  tiers: Type.Array(
    Type.Object({ prizeType: Type.Integer(), winners: Type.Integer(), amountEach: M, pool: M }),
  ),
  totalPayout: M,
  rollover: M,
});

export const SidParams = Type.Object({ sid: Text({ maxLength: 64 }) });

export const BetslipSummary = Type.Object({
  sid: Type.String(),
  status: Type.String(),
  endDate: Type.String(),
  endsAt: Type.String(),
  matches: Type.Array(
    Type.Object({
      position: Type.Integer(),
      tournament: Type.String(),
      homeTeam: Type.String(),
      awayTeam: Type.String(),
      startsAt: Type.String(),
      result: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  resultsMissing: Type.Integer(),
  submissions: Type.Integer(),
  settledAt: Type.Union([Type.String(), Type.Null()]),
  goLiveAt: Type.Union([Type.String(), Type.Null()]),
  rollover: Type.Boolean(),
  /** Matches whose kick-off has passed (results may be entered for those only). */
  kickedOff: Type.Integer(),
});

export const SettleAnswer = Type.Object({
  settled: Type.Boolean(),
  winners: Type.Integer(),
  paidCents: Type.Integer(),
});

export const TestimonialBody = Type.Object({
  lang: Type.Union([Type.Literal('st'), Type.Literal('en')]),
  /** Optional: a testimonial without a picture shows none. */
  imgUrl: Type.Optional(LocalImage),
  name: Name(80),
  occupation: Text({ maxLength: 80 }),
  testimonial: Name(600),
});

export const PrizesBody = Type.Array(PrizeInput, { minItems: 1, maxItems: 5 });

export const IdParams = Type.Object({ id: Text({ maxLength: 20 }) });
export const MsisdnParams = Type.Object({ msisdn: Text({ maxLength: 32 }) });

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

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
    amountWon: Type.Number(),
    prizeWon: Type.String(),
    correctCount: Nullable(Type.Integer()),
    placedBets: Type.Array(
      Type.Object({
        positionInBetSlip: Type.Integer(),
        pick: Nullable(Type.String()),
        result: Nullable(Type.String()),
        isCorrect: Nullable(Type.Boolean()),
        tournament: Type.String(),
        homeTeam: Type.String(),
        awayTeam: Type.String(),
        matchDate: Type.String(),
        betDate: Type.String(),
      }),
    ),
    statistics: Nullable(
      Type.Object({
        matches: Type.Array(
          Type.Object({
            position: Type.Integer(),
            home: Type.Number(),
            draw: Type.Number(),
            away: Type.Number(),
          }),
        ),
        tiers: Type.Array(
          Type.Object({ prizeType: Type.Integer(), winners: Type.Integer(), amountEach: Type.Number() }),
        ),
      }),
    ),
  }),
);

/** The call centre's wallet view: fetch-wallet-info's shape. */
export const WalletInfoResponse = Type.Object({
  totalAvailableAmount: Type.Number(),
  withdrawablemount: Type.Number(),
  totalWonAmount: Type.Number(),
  totalWithdrawnAmount: Type.Number(),
  currentlyWithheldAmount: Type.Number(),
  walletMovesDto: Type.Array(
    Type.Object({
      createDate: Type.String(),
      amount: Type.Number(),
      reason: Type.String(),
      serviceId: Type.String(),
    }),
  ),
});

export const RoundReport = Type.Object({
  sid: Type.String(),
  status: Type.String(),
  entries: Type.Integer(),
  players: Type.Integer(),
  turnover: Type.Number(),
  paidFromWallet: Type.Number(),
  paidByAirtime: Type.Number(),
  prizesPaid: Type.Number(),
  payoutRatio: Type.Number(),
});

export const ReportSummary = Type.Object({
  walletLiabilities: Type.Number(),
  pendingCashOuts: Type.Number(),
  pendingDeposits: Type.Number(),
  playersLast7Days: Type.Integer(),
});

export const AuditRow = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  target: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
});

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
        result: Type.Union([Type.String(), Type.Null()]),
      }),
    ),
    tiers: Type.Array(
      Type.Object({ prizeType: Type.Integer(), winners: Type.Integer(), amountEach: Type.Number() }),
    ),
  }),
);

export const MsisdnQuery = Type.Object({ msisdn: Text({ minLength: 1, maxLength: 32 }) });
export const MsisdnBody = Type.Object({ msisdn: Text({ minLength: 1, maxLength: 32 }) });

const WireMoney = Type.Number();
const WireDeposit = Type.Object({
  depositId: Type.String(),
  reference: Type.String(),
  amount: WireMoney,
  status: Type.String(),
  createDate: Type.String(),
  mobileWalletSid: Type.String(),
});
const WireCashOut = Type.Object({
  reference: Nullable(Type.String()),
  amount: WireMoney,
  createDate: Type.String(),
  mobileWalletSid: Type.String(),
});

/** GET /api/admin/support/subscriber: the call centre's view of one subscriber. */
export const SupportView = Type.Object({
  account: Type.Object({
    msisdn: Type.String(),
    language: Nullable(Type.String()),
    registeredAt: Type.String(),
    termsVersion: Nullable(Type.String()),
    ageConfirmedAt: Nullable(Type.String()),
    pausedUntil: Nullable(Type.String()),
    weeklyLimit: Nullable(WireMoney),
    weeklyDepositLimit: Nullable(WireMoney),
  }),
  subscription: Type.Object({ enabled: Type.Boolean(), otherSubscriptions: Type.Array(Type.String()) }),
  wallet: Type.Object({
    totalAvailableAmount: WireMoney,
    withdrawablemount: WireMoney,
    totalWonAmount: WireMoney,
    totalWithdrawnAmount: WireMoney,
    currentlyWithheldAmount: WireMoney,
    totalDepositedAmount: WireMoney,
    walletMovesDto: Type.Array(
      Type.Object({
        createDate: Type.String(),
        amount: WireMoney,
        reason: Type.String(),
        serviceId: Type.String(),
        balanceAfter: WireMoney,
      }),
    ),
    deposits: Type.Array(WireDeposit),
    pendingCashOuts: Type.Array(WireCashOut),
  }),
  slips: Type.Array(
    Type.Object({
      sid: Type.String(),
      reference: Nullable(Type.String()),
      createdAt: Type.String(),
      cost: WireMoney,
      paidFrom: Type.String(),
      channel: Type.String(),
      roundStatus: Type.String(),
      outcome: Nullable(
        Type.Object({
          correctCount: Nullable(Type.Integer()),
          amountWon: WireMoney,
          prizeWon: Type.String(),
        }),
      ),
    }),
  ),
  pending: Type.Object({ cashOuts: Type.Array(WireCashOut), deposits: Type.Array(WireDeposit) }),
});

/** GET /api/admin/prizes: the default prize table, as the banner shows it when a round has none of its own. */
export const PrizeTable = Type.Array(Type.Object({ prizeType: Type.Integer(), amount: WireMoney }));
