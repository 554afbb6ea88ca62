// Wire: the signed-in subscriber's account under /api/protected (CONTRACTS.md "Wallet, subscription and
// account API"): subscriber info, subscription toggle, password change, responsible play, standing picks.
import { type Static, Type } from '@sinclair/typebox';
import { Nullable } from './fields';
import { SubmitBody } from './play';
import { Text } from './text';

export const SubscriberInfo = Type.Object({
  msisdn: Type.String(),
  /** 'yyyy-mm-dd hh:mm:ss' in Africa/Maseru, null when unknown. */
  createDate: Nullable(Type.String()),
  isSubscriptionEnabled: Type.Boolean(),
  otherSubscriptions: Type.Array(Type.String()),
});
export type SubscriberInfo = Static<typeof SubscriberInfo>;

export const OtherSubscriptions = Type.Array(Type.String());

export const ToggleBody = Type.Object({
  // Ignored (the subscriber comes from the token) but accepted in any form old clients send.
  msisdn: Type.Optional(Type.Union([Text({ maxLength: 32 }), Type.Number(), Type.Null()])),
  lang: Type.Optional(Text({ maxLength: 8 })),
  enableSubscription: Type.Boolean(),
});
export type ToggleBody = Static<typeof ToggleBody>;
export const Subscribed = Type.Object({ isSubscribed: Type.Boolean() });
export type Subscribed = Static<typeof Subscribed>;

/** Longer passwords are refused by the schema: argon2 over a huge input is a cheap denial of service. */
const Password = Text({ maxLength: 256 });
export const ChangePasswordBody = Type.Object({ oldPassword: Password, newPassword: Password });
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;
/** change-password answers `true` (a refusal is a 4xx). */
export const PasswordChanged = Type.Boolean();

const LimitM = Nullable(Type.Number());
const When = Nullable(Type.String());

/** GET/POST play-limits, deposit-limit, play-pause: the subscriber's limits as they stand. */
export const PlayLimits = Type.Object({
  /** M; null = no limit. */
  weeklyLimit: LimitM,
  /** A raise (or removal) waiting for its 24 hours; null when none. */
  pendingWeeklyLimit: LimitM,
  /** ISO time the pending limit applies from. */
  pendingFrom: When,
  /** ISO end of the current pause; null when not paused. */
  pausedUntil: When,
  /** M staked since Monday 00:00 Africa/Maseru. */
  spentThisWeek: Type.Number(),
  /** The weekly deposit limit, as the stake limit (M; null = none). */
  weeklyDepositLimit: LimitM,
  pendingWeeklyDepositLimit: LimitM,
  depositPendingFrom: When,
  /** M deposited (PENDING + CONFIRMED) since Monday 00:00 Africa/Maseru. */
  depositedThisWeek: Type.Number(),
});
export type PlayLimits = Static<typeof PlayLimits>;

const LimitInput = Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 }));
export const LimitBody = Type.Object({ weeklyLimit: LimitInput });
export const DepositLimitBody = Type.Object({ weeklyDepositLimit: LimitInput });

export const PauseDuration = Type.Union([Type.Literal('24h'), Type.Literal('7d'), Type.Literal('30d')]);
export type PauseDuration = Static<typeof PauseDuration>;
export const PauseBody = Type.Object({ duration: PauseDuration });

const Prediction = Type.Object({ betSlipPosition: Type.Integer(), prediction: Type.Integer() });

/** GET/PUT/DELETE standing-picks: "Play the same picks next round" and how its last play went. */
export const StandingView = Type.Object({
  standing: Nullable(
    Type.Object({
      positionAndPredictionDtos: Type.Array(Prediction),
      setInSid: Type.String(),
      updatedAt: Type.String(),
    }),
  ),
  lastPlay: Nullable(
    Type.Object({
      sid: Type.String(),
      status: Type.Union([Type.Literal('PENDING'), Type.Literal('ACCEPTED'), Type.Literal('REFUSED')]),
      messageKey: Nullable(Type.String()),
      at: Type.String(),
    }),
  ),
});
export type StandingView = Static<typeof StandingView>;

export const StandingBody = Type.Object({
  positionAndPredictionDtos: SubmitBody.properties.positionAndPredictionDtos,
});
