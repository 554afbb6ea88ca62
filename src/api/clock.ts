// The server's clock: the betslip countdown runs on server time, so a phone whose clock is
// wrong neither shows a false deadline nor lets a slip go that the server will refuse as closed.
// The offset comes from the Date header every API answer carries (same origin, so it is readable).
import { onResponse } from './http';

/** The Date header has one-second resolution; a new estimate closer than this is only that noise. */
const JITTER_MS = 1000;

let offsetMs = 0;
let known = false;

/**
 * Offset (server − device) from one answer: the header is truncated to the second, so its middle is
 * the best guess, and the server stamped it about halfway between sending and receiving.
 */
export function estimateOffset(dateHeader: string | null, sentAt: number, receivedAt: number): number | null {
  const server = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  if (!Number.isFinite(server)) return null;
  return Math.round(server + 500 - (sentAt + receivedAt) / 2);
}

/** Takes a new answer's Date into account; the first one sets the offset, later ones only big changes. */
export function recordServerDate(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  const estimate = estimateOffset(dateHeader, sentAt, receivedAt);
  if (estimate === null) return;
  if (!known || Math.abs(estimate - offsetMs) > JITTER_MS) offsetMs = estimate;
  known = true;
}

// A copy the service worker served from its cache (offline, slow network) carries an old Date.
onResponse((res, sentAt, receivedAt) => {
  if (res.headers.get('X-From-Cache') !== '1') recordServerDate(res.headers.get('Date'), sentAt, receivedAt);
});

/** Server minus device time in ms (0 until an answer has been seen). */
export const serverOffsetMs = (): number => offsetMs;

/** The server's current time in ms. */
export const serverNow = (): number => Date.now() + offsetMs;

/** Forgets the offset (tests). */
export function resetServerClock(): void {
  offsetMs = 0;
  known = false;
}
