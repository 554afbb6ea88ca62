// Prizes for the banner: fetched on mount and every 60 s while mounted and the page is visible (SPEC's
// refresh; a hidden page reads again as soon as it is shown, if the minute has passed).
import { useEffect, useState } from 'react';
import { PRIZE_TIERS } from '../../../machines/rules/prizeTiers';
import { fetchPrizes, type Prize } from '../../api/play';
import { pollWhileVisible } from '../../lib/visiblePoll';

/** Prize refresh period. */
export const PRIZE_REFRESH_MS = 60_000;

/** The prizes of the five tiers, in ticker order (the jackpot first); other types are ignored. */
export const tickerPrizes = (list: Prize[]): Prize[] =>
  PRIZE_TIERS.flatMap((type) => list.filter((p) => p.prizeType === type).slice(0, 1));

/** The current prize list; a failed refresh keeps the last one shown. */
export function usePrizes(): Prize[] {
  const [prizes, setPrizes] = useState<Prize[]>([]);
  useEffect(() => {
    let ctrl = new AbortController();
    let readAt = Number.NEGATIVE_INFINITY;
    const load = () => {
      readAt = Date.now();
      ctrl.abort();
      ctrl = new AbortController();
      fetchPrizes(ctrl.signal).then(
        (list) => {
          if (Array.isArray(list)) setPrizes(tickerPrizes(list));
        },
        () => undefined,
      );
    };
    const poll = pollWhileVisible(load, () => readAt + PRIZE_REFRESH_MS);
    return () => {
      poll.stop();
      ctrl.abort();
    };
  }, []);
  return prizes;
}
