// The offline submission queue's shapes and rules, shared by the page and the service worker (no React,
// no DOM, no IO). DESIGN.md: a slip submitted without network is kept, sent once when the network is
// back, and its outcome is shown. Only a definite answer takes an entry out of the queue: accepted (2xx)
// or refused with a reason (4xx with a messageKey). No answer, a timeout, a 5xx or "still in progress"
// keeps it, with growing pauses; a 401 keeps it until a page has a fresh token. Workbox's stock
// background-sync plugin drops an entry on any HTTP answer, which would lose slips on a 502.
import type { PredictionDto } from '../../machines/rules/betslip';

/** The body of submit-online-betslip (docs/CONTRACTS.md "Play API"); src/api/play.ts re-exports it. */
export interface SubmissionPayload {
  /** Read from the session's `user`; the server ignores it and uses the token's subscriber. */
  msisdn: string | null;
  lang: string;
  betSlipSid: string;
  /** Positions 0-based; predictions as numbers (13 = home or draw). */
  positionAndPredictionDtos: PredictionDto[];
  /** M, at most two decimals. */
  betSlipCost: number;
  /**
   * The reduced system the slip is played under (machines/rules/reducedSystems.ts); absent for a full
   * slip. Optional and added later: entries stored before it are full slips and replay unchanged.
   */
  systemId?: string;
}

/** One slip waiting to be sent. The idempotency key is its id: every replay sends the same key and body. */
export interface QueuedSubmission {
  key: string;
  /** Whose slip it is (session `user`): never replayed with another subscriber's token. */
  user: string | null;
  /** The exact body first tried; the server hashes it with the key, so it must not change. */
  payload: SubmissionPayload;
  /** The betslip's end (ms); informative: a late slip is still sent and the server's refusal shown. */
  endsAt: number;
  queuedAt: number;
  attempts: number;
  /** Not before this time (ms); 0 = at once. */
  nextTryAt: number;
  /** Tail of the token a 401 refused: wait for a different one rather than hammering. */
  refusedToken: string | null;
}

/** What happened to a queued slip, kept until the subscriber has seen it. */
export interface QueueOutcome {
  key: string;
  user: string | null;
  betSlipSid: string;
  kind: 'accepted' | 'refused';
  messageKey: string;
  /** M, for an accepted slip. */
  amount: number | null;
  at: number;
}

/** An answer to one replay: an HTTP status with its parsed body, or status 0 for no answer / timeout. */
export interface ReplayAnswer {
  status: number;
  body: unknown;
}

export type Decision =
  | { action: 'accepted'; messageKey: string; amount: number | null }
  | { action: 'refused'; messageKey: string }
  | { action: 'retry' }
  | { action: 'waitForAuth' };

/** 4xx answers that say "not now" rather than "no": the slip is kept and tried again. */
const RETRY_4XX = new Set([408, 425, 429]);
const RETRY_KEYS = new Set(['IDEMPOTENCY.IN_PROGRESS']);

const messageKeyIn = (body: unknown): string | null => {
  const key = (body as { messageKey?: unknown } | null)?.messageKey;
  return typeof key === 'string' && key ? key : null;
};

/** What to do with an entry after this answer. */
export function decide(answer: ReplayAnswer): Decision {
  const { status, body } = answer;
  const key = messageKeyIn(body);
  if (status >= 200 && status < 300) {
    const amount = (body as { amount?: unknown } | null)?.amount;
    return {
      action: 'accepted',
      messageKey: key ?? 'SUBMISSION.ACCEPTED',
      amount: typeof amount === 'number' ? amount : null,
    };
  }
  if (status === 401) return { action: 'waitForAuth' };
  // A 4xx without our JSON refusal is a proxy or captive portal talking, not the server: keep trying.
  if (status >= 400 && status < 500 && key && !RETRY_4XX.has(status) && !RETRY_KEYS.has(key)) {
    return { action: 'refused', messageKey: key };
  }
  return { action: 'retry' };
}

/** First pause after a failed try; doubles each time up to MAX_BACKOFF_MS. */
export const BASE_BACKOFF_MS = 5_000;
export const MAX_BACKOFF_MS = 5 * 60_000;

/** Pause before try number `attempts + 1`, with ±20 % jitter so phones do not return in lockstep. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (0.8 + 0.4 * random()));
}

/** A short, stable tag of a token (its signature's tail): enough to tell a refreshed token apart. */
export const tokenTag = (token: string): string => token.slice(-16);

/**
 * Whether to send an entry now with this token: not while waiting for a token other than the one
 * refused, and (unless `force`: the network just came back) not before its pause is over.
 */
export const isDue = (e: QueuedSubmission, now: number, token: string, force = false): boolean =>
  e.refusedToken !== tokenTag(token) && (force || e.nextTryAt <= now);

/** The entry after an answer that keeps it queued. */
export function afterKeep(
  e: QueuedSubmission,
  d: Decision,
  now: number,
  token: string,
  random?: () => number,
): QueuedSubmission {
  const attempts = e.attempts + 1;
  if (d.action === 'waitForAuth') return { ...e, attempts, refusedToken: tokenTag(token), nextTryAt: now };
  return { ...e, attempts, refusedToken: null, nextTryAt: now + backoffMs(attempts, random) };
}

/** The outcome an answer that leaves the queue records. */
export function outcomeOf(e: QueuedSubmission, d: Decision, now: number): QueueOutcome | null {
  if (d.action === 'accepted')
    return { ...base(e, now), kind: 'accepted', messageKey: d.messageKey, amount: d.amount };
  if (d.action === 'refused')
    return { ...base(e, now), kind: 'refused', messageKey: d.messageKey, amount: null };
  return null;
}

const base = (e: QueuedSubmission, now: number) => ({
  key: e.key,
  user: e.user,
  betSlipSid: e.payload.betSlipSid,
  at: now,
});

/**
 * One subscriber's share of the queue or its outcomes: their own entries and those of no one (queued
 * while signed out). What the Play screen shows, and what Sign out asks about before deleting it.
 */
export const ownedBy = <T extends { user: string | null }>(list: readonly T[], user: string | null): T[] =>
  list.filter((x) => x.user === null || x.user === user);

/** The earliest time something in the queue is due (for a page timer), or null. */
export function nextDueAt(queue: QueuedSubmission[]): number | null {
  const times = queue.filter((e) => e.refusedToken === null).map((e) => e.nextTryAt);
  return times.length ? Math.min(...times) : null;
}

/** Background Sync tag and Web Locks name the page and the service worker share. */
export const SYNC_TAG = 'jackpot14-submissions';
export const QUEUE_LOCK = 'jackpot14-submission-queue';
/** Message a page posts to the worker after a sign-in or token refresh: refill the offline reads. */
export const WARM_CACHES = 'jackpot14:warm-caches';

/**
 * Its body: `assets` are the build's files the page has loaded (paths under /assets/). The worker keeps
 * those it does not precache (the English catalog, a staff screen), taken from the HTTP cache, so what
 * the page loaded before the worker took over opens offline too.
 */
export interface WarmCaches {
  type: typeof WARM_CACHES;
  assets: string[];
}

/** The same-origin /assets/ paths among the URLs of the page's loaded resources, each once. */
export function loadedAssets(urls: readonly string[], origin: string): string[] {
  const paths = new Set<string>();
  for (const url of urls) {
    try {
      const u = new URL(url, origin);
      if (u.origin === origin && u.pathname.startsWith('/assets/')) paths.add(u.pathname);
    } catch {
      // not a URL: not ours
    }
  }
  return [...paths];
}
/** Message the service worker posts to its pages when the queue or its outcomes changed. */
export const QUEUE_CHANGED = 'jackpot14:queue-changed';

/** Texts for the service worker's notifications, translated by the page (which has the catalogs). */
export interface NotificationTexts {
  acceptedTitle: string;
  refusedTitle: string;
  /** Body per message key; `default` for keys without one. */
  bodies: Record<string, string>;
}

/** English fallback when no page has stored translated texts yet. */
export const DEFAULT_TEXTS: NotificationTexts = {
  acceptedTitle: 'Saved betslip sent',
  refusedTitle: 'Saved betslip not accepted',
  bodies: {
    'SUBMISSION.ACCEPTED': 'Your saved betslip has been accepted. Good luck!',
    'BETSLIP.CLOSED': 'The betslip closed before your saved slip could be sent.',
    'WALLET.INSUFFICIENT_FUNDS': 'Not enough money in your wallet or airtime to pay for this slip.',
    default: 'Open Jackpot 14 to see why.',
  },
};

/** Title and body of the notification for an outcome. */
export function notificationFor(o: QueueOutcome, texts: NotificationTexts = DEFAULT_TEXTS) {
  const bodies = { ...DEFAULT_TEXTS.bodies, ...texts.bodies };
  return {
    title: o.kind === 'accepted' ? texts.acceptedTitle : texts.refusedTitle,
    body: bodies[o.messageKey] ?? bodies.default ?? '',
  };
}
