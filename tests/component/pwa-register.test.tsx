// The service worker registers when the app is stable (loaded, then an idle moment) or
// after 30000 ms at the latest, whichever comes first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_MAX_DELAY_MS, whenStable } from '../../src/pwa/register';

let settled = false;
const track = (p: Promise<void>) => {
  settled = false;
  void p.then(() => {
    settled = true;
  });
};

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(document, 'readyState', { value: 'loading', configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'readyState');
});

describe('whenStable', () => {
  it('waits at most 30000 ms when the page never settles', async () => {
    expect(REGISTER_MAX_DELAY_MS).toBe(30_000);
    track(whenStable());
    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('is earlier once the page has loaded and the browser is idle', async () => {
    track(whenStable());
    await vi.advanceTimersByTimeAsync(1000);
    expect(settled).toBe(false);
    window.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(10);
    expect(settled).toBe(true);
  });

  it('takes a shorter cap (tests, slow devices)', async () => {
    track(whenStable(50));
    await vi.advanceTimersByTimeAsync(50);
    expect(settled).toBe(true);
  });
});
