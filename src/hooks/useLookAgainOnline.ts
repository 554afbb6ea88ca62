// A screen showing a last copy (src/offline/lastCopy.ts) or a network failure looks again by itself while
// the device is online: at once when the network comes back, then after a pause that doubles to a ceiling.
// The first request after the network returns often fails still (the radio waking, the worker not online).
import { useEffect, useRef } from 'react';
import { useOnline } from './useOnline';

export const LOOK_AGAIN_FIRST_MS = 2000;
const LOOK_AGAIN_MAX_MS = 60_000;

/** `lookAgain` should keep its identity between renders (a new one starts the pauses over). */
export function useLookAgainOnline(stale: boolean, lookAgain: () => unknown): void {
  const online = useOnline();
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (!stale || !online) return;
    let pause = LOOK_AGAIN_FIRST_MS;
    const look = () => {
      lookAgain();
      timer = setTimeout(look, pause);
      pause = Math.min(pause * 2, LOOK_AGAIN_MAX_MS);
    };
    let timer = setTimeout(look, cameBack ? 0 : pause);
    return () => clearTimeout(timer);
  }, [stale, online, lookAgain]);
}
