// The server clock (src/api/clock.ts): the offset it derives from an answer's Date header, what a missing,
// unreadable or cached header does (nothing), and that the time it gives only moves forward while
// answers keep arriving with the Date header's one-second noise. Expected values are worked out by hand.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  estimateOffset,
  recordServerDate,
  resetServerClock,
  serverNow,
  serverOffsetMs,
} from '../../src/api/clock';
import { apiGet } from '../../src/api/http';

/** 2025-03-01 10:00:00.000 UTC on the phone. */
const T0 = Date.UTC(2025, 2, 1, 10, 0, 0);
const header = (ms: number) => new Date(ms).toUTCString();

beforeEach(() => {
  resetServerClock();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('estimateOffset', () => {
  it('takes the middle of the header’s second against the middle of the round trip', () => {
    // Sent at T0, answered 200 ms later: the server stamped it about T0 + 100 ms of phone time.
    // Header 10:00:05 means 10:00:05.000–.999, best guess 10:00:05.500: the server is 5.4 s ahead.
    expect(estimateOffset('Sat, 01 Mar 2025 10:00:05 GMT', T0, T0 + 200)).toBe(5400);
    // A phone 2 minutes ahead of the server.
    expect(estimateOffset('Sat, 01 Mar 2025 09:58:00 GMT', T0, T0)).toBe(-119_500);
    // Rounded to whole milliseconds.
    expect(estimateOffset('Sat, 01 Mar 2025 10:00:00 GMT', T0, T0 + 1)).toBe(500);
  });

  it('gives nothing for a missing or unreadable header', () => {
    for (const bad of [null, '', 'not a date', 'Sat, 99 Foo 2025 25:61:00 GMT']) {
      expect(estimateOffset(bad, T0, T0 + 50), String(bad)).toBeNull();
    }
  });
});

describe('recordServerDate and serverNow', () => {
  it('is the phone’s time until an answer has been seen', () => {
    expect(serverOffsetMs()).toBe(0);
    expect(serverNow()).toBe(T0);
  });

  it('sets the offset from the first answer and runs on from there with the phone’s clock', () => {
    recordServerDate('Sat, 01 Mar 2025 10:00:05 GMT', T0, T0 + 200);
    expect(serverOffsetMs()).toBe(5400);
    expect(serverNow()).toBe(T0 + 5400);
    vi.setSystemTime(T0 + 60_000);
    expect(serverNow()).toBe(T0 + 65_400);
  });

  it('ignores later estimates within a second (header noise) and takes a bigger change', () => {
    recordServerDate(header(T0 + 5000), T0, T0); // 5500
    recordServerDate(header(T0 + 5000), T0 + 400, T0 + 400); // 5100: noise, kept at 5500
    expect(serverOffsetMs()).toBe(5500);
    recordServerDate(header(T0 + 5000), T0 - 400, T0 - 400); // 5900: noise
    expect(serverOffsetMs()).toBe(5500);
    // The phone's clock was set back 3 s (or the server's forward): a real change, taken.
    recordServerDate(header(T0 + 8000), T0, T0); // 8500
    expect(serverOffsetMs()).toBe(8500);
    recordServerDate(header(T0 - 60_000), T0, T0); // and backwards too
    expect(serverOffsetMs()).toBe(-59_500);
  });

  it('keeps the offset when a header is missing or unreadable, and such an answer does not count as seen', () => {
    recordServerDate(null, T0, T0);
    recordServerDate('garbage', T0, T0);
    expect(serverOffsetMs()).toBe(0);
    // The first readable answer still sets the offset, even within a second of 0.
    recordServerDate(header(T0), T0, T0 + 200);
    expect(serverOffsetMs()).toBe(400);
    recordServerDate(null, T0, T0);
    recordServerDate('', T0, T0);
    expect(serverOffsetMs()).toBe(400);
  });

  it('only moves forward while answers keep arriving with the header’s one-second truncation', () => {
    const SERVER_AHEAD = 7_250;
    let previous = Number.NEGATIVE_INFINITY;
    for (let step = 0; step < 400; step++) {
      const sentAt = T0 + step * 137; // a request every 137 ms of phone time
      const rtt = (step * 53) % 180; // round trips of 0–179 ms
      const stampedAt = sentAt + rtt / 2 + SERVER_AHEAD; // the server's own clock, mid-trip
      vi.setSystemTime(sentAt + rtt);
      recordServerDate(header(stampedAt), sentAt, sentAt + rtt);
      const now = serverNow();
      expect(now).toBeGreaterThanOrEqual(previous);
      // And never more than the header's resolution away from the server's real time.
      expect(Math.abs(now - (sentAt + rtt + SERVER_AHEAD))).toBeLessThanOrEqual(1000);
      previous = now;
    }
  });
});

describe('the Date of every API answer', () => {
  const answer = (headers: Record<string, string>) =>
    vi.fn(
      async () =>
        new Response('{}', { status: 200, headers: { 'content-type': 'application/json', ...headers } }),
    );

  it('sets the server clock', async () => {
    vi.stubGlobal('fetch', answer({ Date: 'Sat, 01 Mar 2025 10:00:30 GMT' }));
    await apiGet('/version', { auth: 'none' });
    expect(serverOffsetMs()).toBe(30_500);
  });

  it('is ignored when the service worker answered from its cache (an old Date)', async () => {
    vi.stubGlobal('fetch', answer({ Date: 'Fri, 28 Feb 2025 10:00:00 GMT', 'X-From-Cache': '1' }));
    await apiGet('/version', { auth: 'none' });
    expect(serverOffsetMs()).toBe(0);
  });
});
