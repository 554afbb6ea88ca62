// The people's picks on the open round (GET pick-shares): fetched when /play shows an open round and
// again each minute while it stays open, never more often, even across visits to the screen (the
// server refreshes its aggregate at most once a minute, so asking sooner could not show anything new).
import { useEffect, useState } from 'react';
import { fetchPickShares, type PickShares } from '../../api/play';

/** The least time between two reads of the pick shares. */
export const PICK_SHARES_REFRESH_MS = 60_000;

/** The last answer and when it was asked for, shared by every mount of the screen. */
let last: { sid: string; at: number; shares: PickShares | null } | null = null;

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
    let timer: ReturnType<typeof setTimeout> | undefined;
    let pending = false;
    const read = () => {
      last = { sid, at: Date.now(), shares: last?.sid === sid ? last.shares : null };
      pending = true;
      fetchPickShares(sid, ctrl.signal)
        .then(
          (answer) => {
            if (answer?.sid !== sid || last?.sid !== sid) return;
            last.shares = answer;
            setShares(answer);
          },
          () => undefined, // decoration only: the last shares (or none) stay
        )
        .finally(() => {
          pending = false;
        });
      schedule();
    };
    const schedule = () => {
      timer = setTimeout(read, Math.max(0, (last?.at ?? 0) + PICK_SHARES_REFRESH_MS - Date.now()));
    };
    if (last?.sid === sid) {
      setShares(last.shares);
      schedule();
    } else read();
    return () => {
      // A read cut short answered nothing: the next mount may ask again at once.
      if (pending && last?.sid === sid) last.at = 0;
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [sid, open]);
  return shares && shares.sid === sid ? shares : null;
}
