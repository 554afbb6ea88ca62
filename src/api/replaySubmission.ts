// One replay of a queued submission (src/offline/): the same body and Idempotency-Key as the first try,
// so the server answers it once and charges once. Used by the page and by the service worker, hence raw
// fetch and no app state. Never throws: no answer (offline, timeout) is status 0.
import { slipCode } from '../../machines/rules/channelPicks';
import type { QueuedSubmission, ReplayAnswer } from '../offline/queueFormat';
import { apiUrl, PLAY_PATHS } from './paths';

/** A replay that has not answered after this long counts as no answer (the entry stays queued). */
export const REPLAY_TIMEOUT_MS = 20_000;

export async function sendQueuedSubmission(
  e: QueuedSubmission,
  token: string,
  fetchFn: typeof fetch = fetch,
  timeoutMs = REPLAY_TIMEOUT_MS,
): Promise<ReplayAnswer> {
  const ctrl = new AbortController();
  const timer = setTimeout(() => ctrl.abort(), timeoutMs);
  try {
    const res = await fetchFn(apiUrl(PLAY_PATHS.submit), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        Authorization: `Bearer ${token}`,
        'Idempotency-Key': e.key,
        // A queued slip may also have been sent by SMS with this code: the server pays it once.
        'Slip-Code': slipCode(e.key),
      },
      body: JSON.stringify(e.payload),
      signal: ctrl.signal,
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null; // not our JSON: decide() treats a 4xx without a messageKey as "try again"
    }
    return { status: res.status, body };
  } catch {
    return { status: 0, body: null };
  } finally {
    clearTimeout(timer);
  }
}
