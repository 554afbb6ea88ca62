// Picks survive a reload until submitted: localStorage 'picks:<sid>', the outcomes as a JSON array.
// Loading one betslip's picks drops the others: they belong to betslips that have closed.
// User-scoped: every 'picks:' key goes at sign-out (wipePicks), so the next subscriber starts empty.
import type { PicksStorage } from '../../machines/betslip/types';

const PREFIX = 'picks:';

export const localPicksStorage: PicksStorage = {
  load(sid) {
    try {
      for (let i = localStorage.length - 1; i >= 0; i--) {
        const key = localStorage.key(i);
        if (key?.startsWith(PREFIX) && key !== PREFIX + sid) localStorage.removeItem(key);
      }
      const raw = localStorage.getItem(PREFIX + sid);
      return raw ? JSON.parse(raw) : null;
    } catch {
      return null; // unreadable or private mode: start with an empty slip
    }
  },
  save(sid, outcomes) {
    try {
      localStorage.setItem(PREFIX + sid, JSON.stringify(outcomes));
    } catch {
      // storage full or blocked: the picks then last as long as the page
    }
  },
  remove(sid) {
    try {
      localStorage.removeItem(PREFIX + sid);
    } catch {
      // nothing stored to remove
    }
  },
};

/** Every betslip's saved picks. */
export function wipePicks(): void {
  try {
    for (let i = localStorage.length - 1; i >= 0; i--) {
      const key = localStorage.key(i);
      if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
    }
  } catch {
    // storage blocked: nothing was saved either
  }
}
