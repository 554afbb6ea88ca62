// Call-centre API (docs/CONTRACTS.md "Results and operations API", support; ROLE_CALL_CENTER or ROLE_ADMIN).
// Imported only by the lazy /support screen, so none of it reaches a subscriber's bundle.
import { apiGet, apiPost } from './http';

export interface SupportDeposit {
  depositId: string;
  reference: string;
  amount: number;
  status: string;
  createDate: string;
  mobileWalletSid: string;
}

export interface SupportCashOut {
  reference: string | null;
  amount: number;
  createDate: string;
  mobileWalletSid: string;
}

export interface SupportSlip {
  sid: string;
  reference: string | null;
  /** ISO */
  createdAt: string;
  cost: number;
  paidFrom: string;
  channel: string;
  roundStatus: string;
  /** Only once the round is settled. */
  outcome: { correctCount: number | null; amountWon: number; prizeWon: string } | null;
}

export interface SupportView {
  account: {
    msisdn: string;
    language: string | null;
    /** ISO */
    registeredAt: string;
    termsVersion: string | null;
    ageConfirmedAt: string | null;
    pausedUntil: string | null;
    weeklyLimit: number | null;
    weeklyDepositLimit: number | null;
  };
  subscription: { enabled: boolean; otherSubscriptions: string[] };
  wallet: {
    totalAvailableAmount: number;
    withdrawablemount: number;
    totalWonAmount: number;
    totalWithdrawnAmount: number;
    currentlyWithheldAmount: number;
    totalDepositedAmount: number;
    walletMovesDto: {
      createDate: string;
      amount: number;
      reason: string;
      serviceId: string;
      balanceAfter: number;
    }[];
    deposits: SupportDeposit[];
    pendingCashOuts: SupportCashOut[];
  };
  slips: SupportSlip[];
  pending: { cashOuts: SupportCashOut[]; deposits: SupportDeposit[] };
}

/** Everything about one subscriber (`msisdn` as typed: local or full); every read is audited. */
export const lookupSubscriber = (msisdn: string): Promise<SupportView> =>
  apiGet<SupportView>(`/admin/support/subscriber?msisdn=${encodeURIComponent(msisdn)}`);

/** Sends the subscriber the password-reset SMS code, as "Forgot password?" does. */
export const sendPasswordReset = (msisdn: string): Promise<{ message: string; expiresIn: number }> =>
  apiPost('/admin/support/password-reset', { msisdn });
