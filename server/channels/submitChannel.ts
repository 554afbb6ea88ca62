// The one way a phone channel (USSD, SMS) plays a slip: through the app's own submission code
// (server/play/submit.ts), so the rules, limits, subscription, ledger, idempotency and receipts are the
// app's, and so are the receipts (reference and signed receipt, with the slip's channel). Phone channels
// pay from the wallet only; the server prices the picks itself.
import { priceCents } from '../../machines/rules/betslip.ts';
import type { GroupDeps } from '../groups/deps.ts';
import { isUniqueViolation } from '../play/betslips.ts';
import type { CachedBetslip, CurrentBetslipCache } from '../play/currentBetslip.ts';
import { type SubmitDeps, submitBetslip } from '../play/submit.ts';
import type { Lang } from './texts.ts';

export type Channel = 'USSD' | 'SMS';

export interface ChannelDeps extends SubmitDeps {
  current: CurrentBetslipCache;
  /** Told of each new acceptance (the app's 'submission.accepted' event). */
  accepted(event: { sid: string; msisdn: string; submissionId: string }): void;
}

export interface ChannelSlip {
  msisdn: string;
  channel: Channel;
  lang: Lang;
  betslip: Pick<CachedBetslip, 'sid' | 'params'>;
  outcomes: string[];
  /** Idempotency-Key: a retry with the same key and slip answers the same and charges nothing more. */
  key: string;
}

export type ChannelAnswer =
  | { ok: true; reference: string; costCents: number; submissionId: string; replayed: boolean }
  | { ok: false; messageKey: string };

interface Accepted {
  submissionId: string;
  amount: number;
  receipt: { reference: string };
}

/** The submission body the app would send for these picks, at the server's own price. */
export function channelBody(slip: ChannelSlip) {
  return {
    lang: slip.lang,
    betSlipSid: slip.betslip.sid,
    positionAndPredictionDtos: slip.outcomes.map((o, i) => ({ betSlipPosition: i, prediction: Number(o) })),
    betSlipCost: priceCents(slip.betslip.params, slip.outcomes) / 100,
  };
}

/** An app submission's stored answer, as a channel answer. */
export function toChannelAnswer(answer: {
  statusCode: number;
  body: unknown;
  replayed: boolean;
}): ChannelAnswer {
  const body = answer.body as Partial<Accepted> & { messageKey?: string };
  if (answer.statusCode === 200 && typeof body.submissionId === 'string' && body.receipt) {
    return {
      ok: true,
      reference: body.receipt.reference,
      costCents: Math.round((body.amount ?? 0) * 100),
      submissionId: body.submissionId,
      replayed: answer.replayed,
    };
  }
  return { ok: false, messageKey: body.messageKey ?? 'ERRORS.UNKNOWN' };
}

export async function submitChannelSlip(deps: ChannelDeps, slip: ChannelSlip): Promise<ChannelAnswer> {
  const walletDeps: SubmitDeps = { ...deps, walletOnly: true, channel: slip.channel };
  const body = channelBody(slip);
  let answer: Awaited<ReturnType<typeof submitBetslip>>;
  try {
    answer = await submitBetslip(walletDeps, deps.current, slip.msisdn, body, slip.key);
  } catch (error) {
    // A request that took over an abandoned key raced the original to the submission row.
    if (!isUniqueViolation(error)) throw error;
    answer = await submitBetslip(walletDeps, deps.current, slip.msisdn, body, slip.key);
  }
  const result = toChannelAnswer(answer);
  if (result.ok && !result.replayed) {
    deps.accepted({ sid: slip.betslip.sid, msisdn: slip.msisdn, submissionId: result.submissionId });
  }
  return result;
}

/** What group play needs from a channel's dependencies (the app's stake guards and receipt key). */
export const groupDepsOf = (deps: ChannelDeps): GroupDeps => ({
  db: deps.db,
  now: deps.now,
  guards: deps.guards ?? [],
  receiptKey: deps.receiptKey,
});
