// Wire: the admins' betslip, report and audit API under /api/admin (CONTRACTS.md "Results and operations
// API", ROLE_ADMIN). The CLI checks its JSON file against the same CreateBetslipBody, so both ways in
// accept exactly the same betslips.
import { type Static, Type } from '@fastify/type-provider-typebox';
import { ROUND_TEXT_LIMITS } from '../rules/roundTextLimits';
import { Instant, ISO_INSTANT, LocalImage, M, Name, Nullable, OperatorMoney, PrizeType } from './fields';
import { BetslipParams, SettlementRule } from './play';
import { Text } from './text';

export { ISO_INSTANT } from './fields';

export const PrizeInput = Type.Object({ prizeType: PrizeType, amount: OperatorMoney });
export type PrizeInput = Static<typeof PrizeInput>;

export const CreateBetslipBody = Type.Object({
  sid: Type.Optional(Text({ pattern: '^[A-Za-z0-9][A-Za-z0-9_-]{0,31}$' })),
  endDate: Instant,
  matches: Type.Array(
    Type.Object({
      tournament: Name(ROUND_TEXT_LIMITS.tournament),
      startDate: Instant,
      homeTeam: Name(ROUND_TEXT_LIMITS.team),
      awayTeam: Name(ROUND_TEXT_LIMITS.team),
      homeTeamLogo: Type.Optional(LocalImage),
      awayTeamLogo: Type.Optional(LocalImage),
    }),
    { maxItems: 64 },
  ),
  betslipParams: BetslipParams,
  /** Our addition: the betslip's own prize pools; without it the default table is copied on publish. */
  prizes: Type.Optional(Type.Array(PrizeInput, { maxItems: 5 })),
  /** An unwon jackpot is added to the next round's jackpot (default false). */
  rollover: Type.Optional(Type.Boolean()),
});
export type CreateBetslipInput = Static<typeof CreateBetslipBody>;

export const Created = Type.Object({ sid: Type.String() });
export type Created = Static<typeof Created>;

export const MatchResult = Type.Union([
  Type.Literal('HOME_WIN'),
  Type.Literal('AWAY_WIN'),
  Type.Literal('DRAW'),
  Type.Literal('VOID'),
]);
export type MatchResult = Static<typeof MatchResult>;

const OneResult = Type.Object({ position: Type.Integer({ minimum: 1, maximum: 64 }), result: MatchResult });
export type OneResult = Static<typeof OneResult>;

/** One result, or `{results: [...]}`: all of them at once, checked as a whole and saved together. */
export const ResultBody = Type.Union([
  OneResult,
  Type.Object({ results: Type.Array(OneResult, { minItems: 1, maxItems: 64 }) }),
]);

/** results' answer for `{results: [...]}` (the route sends it without a 200 schema). */
export const ResultsSaved = Type.Object({
  sid: Type.String(),
  results: Type.Array(OneResult),
  changed: Type.Integer(),
});
export type ResultsSaved = Static<typeof ResultsSaved>;

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
  /** CURRENT: live now; SCHEDULED: goes live at `goLiveAt`, or when the current round ends. */
  status: Type.Union([Type.Literal('CURRENT'), Type.Literal('SCHEDULED')]),
  /** The betslip this one follows, if it waits for one (still open). */
  after: Nullable(Type.String()),
  goLiveAt: Nullable(Type.String()),
  /** A current betslip that had already passed its end and was closed by this publish. */
  closed: Nullable(Type.String()),
});
export type Published = Static<typeof PublishAnswer>;

export const SettlementPreview = Type.Object({
  /** Under 'ROWS' `tiers[].winners` count winning rows, under 'SLIP' winning slips. */
  settlementRule: SettlementRule,
  tiers: Type.Array(
    Type.Object({ prizeType: Type.Integer(), winners: Type.Integer(), amountEach: M, pool: M }),
  ),
  totalPayout: M,
  rollover: M,
});
export type SettlementPreview = Static<typeof SettlementPreview>;

export const SidParams = Type.Object({ sid: Text({ maxLength: 64 }) });

/** A betslip in the operator's list (GET /api/admin/betslips). */
export const AdminBetslip = Type.Object({
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
      result: Nullable(Type.String()),
    }),
  ),
  resultsMissing: Type.Integer(),
  submissions: Type.Integer(),
  settledAt: Nullable(Type.String()),
  goLiveAt: Nullable(Type.String()),
  rollover: Type.Boolean(),
  /** How its slips are settled ('SLIP' for rounds published before rows counted). */
  settlementRule: SettlementRule,
  /** Matches whose kick-off has passed (results may be entered for those only). */
  kickedOff: Type.Integer(),
});
export type AdminBetslip = Static<typeof AdminBetslip>;
export const AdminBetslips = Type.Array(AdminBetslip);

/** `paid` is M like every other wire amount: what this call paid (0 the second time). */
export const SettleAnswer = Type.Object({
  settled: Type.Boolean(),
  winners: Type.Integer(),
  paid: M,
});
export type SettleAnswer = Static<typeof SettleAnswer>;

export const RoundReport = Type.Object({
  sid: Type.String(),
  status: Type.String(),
  /** Slips. */
  entries: Type.Integer(),
  /** The rows those slips stand for (every combination of their picks, or their systems' rows). */
  rows: Type.Integer(),
  players: Type.Integer(),
  turnover: M,
  paidFromWallet: M,
  paidByAirtime: M,
  prizesPaid: M,
  /** prizesPaid / turnover (0 when nothing was taken), four decimals. */
  payoutRatio: Type.Number(),
});
export type RoundReport = Static<typeof RoundReport>;
export const RoundReports = Type.Array(RoundReport);

export const ReportSummary = Type.Object({
  /** What the wallets hold: owed to subscribers. */
  walletLiabilities: M,
  pendingCashOuts: M,
  pendingDeposits: M,
  playersLast7Days: Type.Integer(),
});
export type ReportSummary = Static<typeof ReportSummary>;

export const AuditQuery = Type.Object({
  actor: Type.Optional(Text({ maxLength: 64 })),
  action: Type.Optional(Text({ maxLength: 64 })),
  target: Type.Optional(Text({ maxLength: 64 })),
  from: Type.Optional(Text({ maxLength: 40, pattern: ISO_INSTANT })),
  to: Type.Optional(Text({ maxLength: 40, pattern: ISO_INSTANT })),
  before: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});
export type AuditQuery = Static<typeof AuditQuery>;

export const AuditRow = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actor: Type.String(),
  action: Type.String(),
  target: Type.String(),
  detail: Type.Record(Type.String(), Type.Unknown()),
});
export type AuditRow = Static<typeof AuditRow>;
export const AuditRows = Type.Array(AuditRow);
