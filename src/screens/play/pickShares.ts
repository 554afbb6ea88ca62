// The people's picks on the open round (GET pick-shares): fetched when /play shows an open round and
// again while it stays open and the page is visible, never more than once a minute, even across visits
// to the screen (the server refreshes its aggregate at most once a minute, so asking sooner could not show
// anything new). While the answer does not change (a quiet round, or one still under 100 rows), each wait
// doubles up to PICK_SHARES_MAX_WAIT_MS: every read costs the subscriber about 2 KB, mostly headers.
import { useEffect, useState } from 'react';
import { fetchPickShares, type PickShares } from '../../api/play';
import { pollWhileVisible } from '../../lib/visiblePoll';

/** The least time between two reads of the pick shares, and the wait after an answer that changed. */
export const PICK_SHARES_REFRESH_MS = 60_000;
/** The longest wait, after answers that stayed the same. */
export const PICK_SHARES_MAX_WAIT_MS = 5 * 60_000;

/** The wait before the next read: back to a minute when the answer changed, else twice the last one. */
export const nextPickSharesWait = (lastWait: number, changed: boolean): number =>
  changed ? PICK_SHARES_REFRESH_MS : Math.min(PICK_SHARES_MAX_WAIT_MS, lastWait * 2);

/** The last answer, when it was asked for and the wait after it, shared by every mount of the screen. */
let last: { sid: string; at: number; wait: number; shares: PickShares | null; json: string | null } | null =
  null;

/** Forgets the last answer (tests, and sign-out has nothing to do here: the shares are no one's). */
export const resetPickShares = (): void => {
  last = null;
};

/** Per-match shares of `sid` while `open`, null until known (and while the server hides them). */
export function usePickShares(sid: string | undefined, open: boolean): PickShares | null {
  const [shares, setShares] = useState<PickShares | null>(() =>
    last && last.sid === sid ? last.shares : null,
  );
  useEffect(() => {
    if (!sid || !open) return;
    const ctrl = new AbortController();
    let pending = false;
    if (last?.sid !== sid)
      last = { sid, at: Number.NEGATIVE_INFINITY, wait: PICK_SHARES_REFRESH_MS, shares: null, json: null };
    else setShares(last.shares);
    const read = () => {
      if (last?.sid !== sid) return;
      last.at = Date.now();
      pending = true;
      fetchPickShares(sid, ctrl.signal)
        .then(
          (answer) => {
            if (answer?.sid !== sid || last?.sid !== sid) return;
            const json = JSON.stringify(answer);
            last.wait = nextPickSharesWait(last.wait, json !== last.json);
            last.json = json;
            last.shares = answer;
            setShares(answer);
            poll.rearm();
          },
          () => undefined, // decoration only: the last shares (or none) stay
        )
        .finally(() => {
          pending = false;
        });
    };
    // `read` runs first inside pollWhileVisible, but its answer comes later: `poll` is set by then.
    const poll = pollWhileVisible(read, () =>
      last?.sid === sid ? last.at + last.wait : Number.POSITIVE_INFINITY,
    );
    return () => {
      // A read cut short answered nothing: the next mount may ask again at once.
      if (pending && last?.sid === sid) last.at = Number.NEGATIVE_INFINITY;
      ctrl.abort();
      poll.stop();
    };
  }, [sid, open]);
  return shares && shares.sid === sid ? shares : null;
}
