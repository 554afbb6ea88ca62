// Wire: the call centre's API under /api/admin (CONTRACTS.md "Results and operations API", support;
// ROLE_CALL_CENTER or ROLE_ADMIN): one subscriber's account, wallet and slips, and the reset code.
import { type Static, Type } from '@fastify/type-provider-typebox';
import { M, Nullable } from './fields';
import { Text } from './text';
import { WalletInfo } from './wallet';

export const MsisdnParams = Type.Object({ msisdn: Text({ maxLength: 32 }) });
export const MsisdnQuery = Type.Object({ msisdn: Text({ minLength: 1, maxLength: 32 }) });
export const MsisdnBody = Type.Object({ msisdn: Text({ minLength: 1, maxLength: 32 }) });

/** GET /api/admin/subscribers/:msisdn/wallet: the call centre sees the subscriber's fetch-wallet-info answer. */
export const SubscriberWallet = WalletInfo;

const SupportDeposit = Type.Object({
  depositId: Type.String(),
  reference: Type.String(),
  amount: M,
  status: Type.String(),
  createDate: Type.String(),
  mobileWalletSid: Type.String(),
});
const SupportCashOut = Type.Object({
  reference: Nullable(Type.String()),
  amount: M,
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
    weeklyLimit: Nullable(M),
    weeklyDepositLimit: Nullable(M),
  }),
  subscription: Type.Object({ enabled: Type.Boolean(), otherSubscriptions: Type.Array(Type.String()) }),
  wallet: Type.Object({
    totalAvailableAmount: M,
    withdrawablemount: M,
    totalWonAmount: M,
    totalWithdrawnAmount: M,
    currentlyWithheldAmount: M,
    totalDepositedAmount: M,
    walletMovesDto: Type.Array(
      Type.Object({
        createDate: Type.String(),
        amount: M,
        reason: Type.String(),
        serviceId: Type.String(),
        balanceAfter: M,
      }),
    ),
    deposits: Type.Array(SupportDeposit),
    pendingCashOuts: Type.Array(SupportCashOut),
  }),
  slips: Type.Array(
    Type.Object({
      sid: Type.String(),
      reference: Nullable(Type.String()),
      createdAt: Type.String(),
      cost: M,
      paidFrom: Type.String(),
      channel: Type.String(),
      roundStatus: Type.String(),
      outcome: Nullable(
        Type.Object({
          correctCount: Nullable(Type.Integer()),
          amountWon: M,
          prizeWon: Type.String(),
        }),
      ),
    }),
  ),
  pending: Type.Object({ cashOuts: Type.Array(SupportCashOut), deposits: Type.Array(SupportDeposit) }),
});

export type SupportView = Static<typeof SupportView>;
export type SupportDeposit = Static<typeof SupportDeposit>;
export type SupportCashOut = Static<typeof SupportCashOut>;
export type SupportSlip = SupportView['slips'][number];

/** The reset code went (as "Forgot password?" sends it): how long it is good for, in seconds. */
export const CodeSent = Type.Object({ message: Type.String(), expiresIn: Type.Integer() });
export type CodeSent = Static<typeof CodeSent>;
