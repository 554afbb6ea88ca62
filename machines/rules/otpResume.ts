// What of an SMS-code flow (registration, password reset) survives a reload, and for how long. A cheap
// Android phone kills the page while the subscriber reads the SMS; asking for another code on return would
// use up the 3-codes-in-10-minutes allowance. So once a code is sent, the number and the ticked boxes are
// kept until that code runs out, and the flow comes back at the code step. Never the code itself (the SMS
// still has it) nor a password. Pure: the clock is an argument.
import { isNormalisedMsisdn } from '../session/msisdn';

/** How long a code works when the server's answer does not say (the server's OTP_TTL_SECONDS). */
export const CODE_LIFETIME_SECONDS = 300;

/** A flow to come back to, at its code step. */
export interface OtpResume {
  /** The normalised number the code went to. */
  msisdn: string;
  /** Names of the boxes ticked on the number step (registration's 'adult' and 'terms'). */
  ticked: string[];
  /** When the code runs out (ms since the epoch, this device's clock): the resume goes with it. */
  expiresAt: number;
}

/** When a code sent at `sentAt` runs out, from the server's `expiresIn` (seconds) when it is usable. */
export function codeExpiresAt(sentAt: number, expiresIn?: unknown): number {
  const seconds =
    typeof expiresIn === 'number' && Number.isFinite(expiresIn) && expiresIn > 0
      ? Math.min(expiresIn, CODE_LIFETIME_SECONDS)
      : CODE_LIFETIME_SECONDS;
  return sentAt + seconds * 1000;
}

/** The steps after the code went out; the password step comes back as the code step (the code is not kept). */
const RESUMABLE = new Set(['code', 'password']);

/** What to keep for a flow at `step`; null means keep nothing (before sending, finished, or run out). */
export function resumeToKeep(
  flow: { step: string; msisdn: string; expiresAt: number | null },
  ticked: readonly string[],
  now: number,
): OtpResume | null {
  if (!RESUMABLE.has(flow.step) || flow.expiresAt === null || flow.expiresAt <= now) return null;
  if (!isNormalisedMsisdn(flow.msisdn)) return null;
  return { msisdn: flow.msisdn, ticked: [...ticked], expiresAt: flow.expiresAt };
}

/**
 * The kept flow read back (JSON as stored), or null when there is none, it is not ours, or its code has run
 * out. An expiry further away than a code ever lives means the clock was set back: not trusted.
 */
export function readResume(stored: string | null, now: number): OtpResume | null {
  if (!stored) return null;
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { msisdn, ticked, expiresAt } = value as Record<string, unknown>;
  if (typeof msisdn !== 'string' || !isNormalisedMsisdn(msisdn)) return null;
  if (!Array.isArray(ticked) || !ticked.every((name) => typeof name === 'string')) return null;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return null;
  if (expiresAt <= now || expiresAt > now + CODE_LIFETIME_SECONDS * 1000) return null;
  return { msisdn, ticked: [...ticked], expiresAt };
}
