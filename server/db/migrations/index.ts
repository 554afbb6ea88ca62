// Every migration, in order (Kysely runs them sorted by name). Append new ones; never edit or rename
// one that has shipped: databases remember migrations by name.
import type { Migration } from 'kysely';
import * as identity from './001_identity.ts';
import * as playWallet from './002_play_wallet.ts';
import * as walletAccount from './003_wallet_account.ts';
import * as operations from './004_operations.ts';
import * as push from './005_push.ts';
import * as paymentIntents from './006_payment_intents.ts';
import * as abuseLimits from './007_abuse_limits.ts';
import * as settling from './008_settling.ts';
import * as jobs from './009_jobs.ts';
import * as otpPurpose from './010_otp_purpose.ts';
import * as receipts from './011_receipts.ts';
import * as standingPicks from './012_standing_picks.ts';
import * as deposits from './013_deposits.ts';
import * as operationsTools from './014_operations_tools.ts';
import * as termsAcceptance from './015_terms_acceptance.ts';
import * as ussdSms from './016_ussd_sms.ts';
import * as operatorAccounts from './017_operator_accounts.ts';
import * as rails from './018_rails.ts';
import * as systems from './019_systems.ts';
import * as signInCodes from './020_sign_in_codes.ts';
import * as groups from './021_groups.ts';
import * as stakeReleasing from './022_stake_releasing.ts';
import * as slipResults from './023_slip_results.ts';

export const migrations: Record<string, Migration> = {
  '001_identity': identity,
  '002_play_wallet': playWallet,
  '003_wallet_account': walletAccount,
  '004_operations': operations,
  '005_push': push,
  '006_payment_intents': paymentIntents,
  '007_abuse_limits': abuseLimits,
  '008_settling': settling,
  '009_jobs': jobs,
  '010_otp_purpose': otpPurpose,
  '011_receipts': receipts,
  '012_standing_picks': standingPicks,
  '013_deposits': deposits,
  '014_operations_tools': operationsTools,
  '015_terms_acceptance': termsAcceptance,
  '016_ussd_sms': ussdSms,
  '017_operator_accounts': operatorAccounts,
  '018_rails': rails,
  '019_systems': systems,
  '020_sign_in_codes': signInCodes,
  '021_groups': groups,
  '022_stake_releasing': stakeReleasing,
  '023_slip_results': slipResults,
};
