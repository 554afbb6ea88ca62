// Wire: the subscriber's wallet under /api/protected (CONTRACTS.md "Play API" and "Wallet, subscription
// and account API"): the wallet read, supported wallets, and the money-moving calls (airtime, cash-out,
// deposit), each with an Idempotency-Key header (play.ts SubmitHeaders). Wire money is M.
import { type Static, Type } from '@fastify/type-provider-typebox';
import { M, Nullable } from './fields';
import { Text } from './text';

export const DepositStatus = Type.Union([
  Type.Literal('PENDING'),
  Type.Literal('CONFIRMED'),
  Type.Literal('CANCELLED'),
  Type.Literal('FAILED'),
]);
export type DepositStatus = Static<typeof DepositStatus>;

/** GET fetch-wallet-info: the subscriber's wallet, newest move first. */
export const WalletInfo = Type.Object({
  totalAvailableAmount: M,
  withdrawablemount: M,
  totalWonAmount: M,
  totalWithdrawnAmount: M,
  currentlyWithheldAmount: M,
  walletMovesDto: Type.Array(
    Type.Object({
      createDate: Type.String(),
      amount: M,
      reason: Type.String(),
      serviceId: Type.String(),
      // Our addition: the balance right after this move (the statement's running balance).
      balanceAfter: M,
      // Our additions, on DEPOSIT / CASH_OUT / CASH_OUT_REVERSAL moves only: their deposit's or cash-out's
      // status and reference (moveDetails.ts).
      status: Type.Optional(Type.String()),
      reference: Type.Optional(Nullable(Type.String())),
      // Our addition, on airtime moves bought for a friend (and their refund): the friend's number,
      // masked ('266 5xxx xx02', machines/rules/phoneDisplay.ts).
      friend: Type.Optional(Type.String()),
      // Our addition, on a group captain's GROUP_PRIZE move: the cents left over by splitting the prize
      // per share, which that move includes (DESIGN.md "Group play").
      groupRemainder: Type.Optional(M),
    }),
  ),
  // Our additions: money deposited (confirmed), and each recent deposit with its status and reference.
  totalDepositedAmount: M,
  deposits: Type.Array(
    Type.Object({
      depositId: Type.String(),
      reference: Type.String(),
      amount: M,
      status: DepositStatus,
      createDate: Type.String(),
      mobileWalletSid: Type.String(),
    }),
  ),
  // Our addition: the cash-outs under processing, with the reference the provider knows them by.
  pendingCashOuts: Type.Array(
    Type.Object({
      reference: Type.String(),
      amount: M,
      createDate: Type.String(),
      mobileWalletSid: Type.String(),
    }),
  ),
});

// `payouts`: whether cash-outs go to it (M-Pesa B2C); EcoCash takes deposits only.
export const SupportedWallets = Type.Array(
  Type.Object({ sid: Type.String(), name: Type.String(), payouts: Type.Boolean() }),
);
export type WalletInfo = Static<typeof WalletInfo>;
export type WalletMove = WalletInfo['walletMovesDto'][number];
export type DepositSummary = WalletInfo['deposits'][number];
export type PendingCashOut = WalletInfo['pendingCashOuts'][number];
export type SupportedWallets = Static<typeof SupportedWallets>;

/** Our additions to fetch-wallet-info, absent from an answer an older build left in the offline cache. */
type Additions = 'totalDepositedAmount' | 'deposits' | 'pendingCashOuts';
/** A move as the client reads it: `balanceAfter` may be missing from an older cached answer. */
export type WalletMoveRead = Omit<WalletMove, 'balanceAfter'> & Partial<Pick<WalletMove, 'balanceAfter'>>;
/** fetch-wallet-info as the client reads it (network or the service worker's cache). */
export type WalletInfoRead = Omit<WalletInfo, Additions | 'walletMovesDto'> &
  Partial<Pick<WalletInfo, Additions>> & { walletMovesDto: WalletMoveRead[] };

/** A number, or the amount field as typed with everything but digits and the dot removed. */
const Amount = Type.Union([Type.Number(), Text({ maxLength: 32 })]);
const Lang = Type.Optional(Text({ maxLength: 8 }));
const WalletSid = Text({ maxLength: 32 });

export const AirtimeBody = Type.Object({
  lang: Lang,
  amount: Amount,
  /** null (or absent) = for the subscriber; else the friend's number in any usual spelling. */
  receivingMsisdn: Type.Optional(Type.Union([Text({ maxLength: 32 }), Type.Null()])),
  /** Ignored (the wallet pays); older apps send the mobile wallet they made the subscriber pick. */
  mobileWalletSid: Type.Optional(WalletSid),
});

export const CashOutBody = Type.Object({ lang: Lang, amount: Amount, mobileWalletSid: WalletSid });

export const AirtimeAnswer = Type.Object({
  message: Type.String(),
  messageKey: Type.Union([Type.Literal('AIRTIME.SUCCESS'), Type.Literal('AIRTIME.FAILED')]),
  status: Type.Union([Type.Literal('CONFIRMED'), Type.Literal('FAILED')]),
});

export const CashOutAnswer = Type.Object({
  message: Type.String(),
  messageKey: Type.Union([
    Type.Literal('CASHOUT.CONFIRMED'),
    Type.Literal('CASHOUT.PENDING'),
    Type.Literal('CASHOUT.FAILED'),
  ]),
  status: Type.Union([Type.Literal('CONFIRMED'), Type.Literal('PENDING'), Type.Literal('FAILED')]),
  reference: Type.String(),
});
/** A deposit takes the cash-out's body: language, amount and the wallet it comes from. */
export const DepositBody = CashOutBody;
export type CashOutRequest = Static<typeof CashOutBody>;
export type AirtimeRequest = Static<typeof AirtimeBody>;
export type AirtimeAnswer = Static<typeof AirtimeAnswer>;
export type CashOutAnswer = Static<typeof CashOutAnswer>;

/** POST deposit's 202: the provider is prompting the subscriber's phone. */
export const DepositAccepted = Type.Object({
  depositId: Type.String(),
  reference: Type.String(),
  status: DepositStatus,
  messageKey: Type.String(),
});

/** GET deposits/:depositId. */
export const DepositView = Type.Object({
  depositId: Type.String(),
  reference: Type.String(),
  amount: Type.Number(),
  status: DepositStatus,
  providerRequestId: Nullable(Type.String()),
  providerReceipt: Nullable(Type.String()),
  mobileWalletSid: Type.String(),
  createDate: Type.String(),
  failureReason: Nullable(Type.String()),
  providerCode: Nullable(Type.String()),
});
export type DepositAccepted = Static<typeof DepositAccepted>;
export type DepositView = Static<typeof DepositView>;
export const DepositParams = Type.Object({ depositId: Text({ maxLength: 64 }) });
