// The minute refreshes (prizes, pick shares) run only while the page is visible, and the pick shares wait
// longer while their answer stays the same: each read costs a subscriber about 2 KB of data.
import { I18nProvider } from '@lingui/react';
import { act, render, renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner } from '../../src/components/banner/Banner';
import { PRIZE_REFRESH_MS } from '../../src/components/banner/prizes';
import { activateLanguage, i18n } from '../../src/i18n/i18n';
import { pollWhileVisible } from '../../src/lib/visiblePoll';
import {
  nextPickSharesWait,
  PICK_SHARES_MAX_WAIT_MS,
  PICK_SHARES_REFRESH_MS,
  resetPickShares,
  usePickShares,
} from '../../src/screens/play/pickShares';
import { server } from './msw';
import { PLAY, PRIZES } from './playHandlers';

let visibility: DocumentVisibilityState = 'visible';

function show(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event('visibilitychange'));
}

const minutes = (n: number) => act(() => vi.advanceTimersByTimeAsync(n * 60_000));

beforeEach(async () => {
  visibility = 'visible';
  vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  resetPickShares();
  await activateLanguage('en');
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('pollWhileVisible', () => {
  it('reads when due, not while hidden, and at once when shown after its time', async () => {
    let at = Number.NEGATIVE_INFINITY;
    const read = vi.fn(() => {
      at = Date.now();
    });
    const poll = pollWhileVisible(read, () => at + 60_000);
    expect(read).toHaveBeenCalledTimes(1);
    await minutes(1);
    expect(read).toHaveBeenCalledTimes(2);
    show('hidden');
    await minutes(5);
    expect(read).toHaveBeenCalledTimes(2);
    show('visible');
    expect(read).toHaveBeenCalledTimes(3);
    // Shown again before its time: it waits for it.
    await minutes(0.5);
    show('hidden');
    show('visible');
    expect(read).toHaveBeenCalledTimes(3);
    await minutes(0.5);
    expect(read).toHaveBeenCalledTimes(4);
    poll.stop();
    await minutes(5);
    show('visible');
    expect(read).toHaveBeenCalledTimes(4);
  });

  it('reads when its timer fires even if the clock was set back meanwhile', async () => {
    let at = Number.NEGATIVE_INFINITY;
    const read = vi.fn(() => {
      at = Date.now();
    });
    const poll = pollWhileVisible(read, () => at + 60_000);
    vi.setSystemTime(Date.now() - 30_000);
    await minutes(1);
    expect(read).toHaveBeenCalledTimes(2);
    poll.stop();
  });

  it('never arms a timer that would fire at once for "never"', async () => {
    const read = vi.fn();
    const poll = pollWhileVisible(read, () => Number.POSITIVE_INFINITY);
    await minutes(10);
    expect(read).not.toHaveBeenCalled();
    poll.stop();
  });
});

describe('prize refresh', () => {
  it('every 60 s while visible; none while hidden; at once when shown after the minute', async () => {
    let calls = 0;
    server.use(
      http.get(`${PLAY}/fetch-current-prizes`, () => {
        calls++;
        return HttpResponse.json(PRIZES);
      }),
    );
    const view = render(
      <I18nProvider i18n={i18n}>
        <Banner />
      </I18nProvider>,
    );
    await vi.waitFor(() => expect(calls).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(PRIZE_REFRESH_MS));
    await vi.waitFor(() => expect(calls).toBe(2));
    show('hidden');
    await minutes(10);
    expect(calls).toBe(2);
    show('visible');
    await vi.waitFor(() => expect(calls).toBe(3));
    view.unmount();
  });
});

describe('pick shares refresh', () => {
  it('doubles the wait while the answer stays the same, up to 5 minutes, and is back to 1 when it changes', () => {
    expect(nextPickSharesWait(PICK_SHARES_REFRESH_MS, false)).toBe(2 * 60_000);
    expect(nextPickSharesWait(4 * 60_000, false)).toBe(PICK_SHARES_MAX_WAIT_MS);
    expect(nextPickSharesWait(PICK_SHARES_MAX_WAIT_MS, false)).toBe(PICK_SHARES_MAX_WAIT_MS);
    expect(nextPickSharesWait(PICK_SHARES_MAX_WAIT_MS, true)).toBe(PICK_SHARES_REFRESH_MS);
  });

  it('reads at 0, 1, 3, 7 and 12 minutes while hidden by the server, then each minute once they move', async () => {
    const readAt: number[] = [];
    const start = Date.now();
    let rows = 42;
    server.use(
      http.get(`${PLAY}/pick-shares`, () => {
        readAt.push(Math.round((Date.now() - start) / 60_000));
        return HttpResponse.json({ sid: 'J14-0042', rows, hidden: true });
      }),
    );
    const view = renderHook(() => usePickShares('J14-0042', true));
    await minutes(12);
    await vi.waitFor(() => expect(readAt).toEqual([0, 1, 3, 7, 12]));
    // More slips: the answer changed at 17, so the next read is a minute later.
    rows = 120;
    await minutes(5);
    await minutes(1);
    await vi.waitFor(() => expect(readAt).toEqual([0, 1, 3, 7, 12, 17, 18]));
    // Hidden for a quarter of an hour: nothing; shown: at once (its time has come).
    show('hidden');
    await minutes(15);
    expect(readAt).toHaveLength(7);
    show('visible');
    await vi.waitFor(() => expect(readAt).toEqual([0, 1, 3, 7, 12, 17, 18, 33]));
    view.unmount();
  });
});
