// Call-centre API (docs/CONTRACTS.md "Results and operations API", support; ROLE_CALL_CENTER or ROLE_ADMIN).
// Imported only by the lazy /support screen, so none of it reaches a subscriber's bundle.
import type { CodeSent, SupportView } from '../../machines/wire/support';
import { apiGet, apiPost } from './http';

export type { SupportCashOut, SupportDeposit, SupportSlip, SupportView } from '../../machines/wire/support';

/** Everything about one subscriber (`msisdn` as typed: local or full); every read is audited. */
export const lookupSubscriber = (msisdn: string): Promise<SupportView> =>
  apiGet<SupportView>(`/admin/support/subscriber?msisdn=${encodeURIComponent(msisdn)}`);

/** Sends the subscriber the password-reset SMS code, as "Forgot password?" does. */
export const sendPasswordReset = (msisdn: string): Promise<CodeSent> =>
  apiPost('/admin/support/password-reset', { msisdn });
