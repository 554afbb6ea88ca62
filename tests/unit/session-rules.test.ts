import { describe, expect, it } from 'vitest';
import { loginName, msisdnProblem, normaliseMsisdn } from '../../machines/session/msisdn';
import {
  EXPIRY_REFRESH_MS,
  EXPIRY_REFRESH_RETRY_MS,
  formatCountdown,
  hasRole,
  isAdmin,
  isCallCenter,
  isCountdownOver,
  isLoggedIn,
  isMarketing,
  isSubscriber,
  parseRoles,
  remainingMs,
  shouldRefresh,
  shouldRefreshBeforeExpiry,
  WEB_REFRESH_THRESHOLD_MS,
} from '../../machines/session/rules';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const sec = (ms: number) => Math.floor(ms / 1000);
const valid = { token: 'a.b.c', role: '["commxp-user"]', exp: sec(NOW) + 600 };

describe('isLoggedIn', () => {
  it('is true with a token, a role and time left', () => {
    expect(isLoggedIn(valid, NOW)).toBe(true);
  });
  it.each([
    ['no session', null],
    ['no token', { ...valid, token: null }],
    ["token 'null'", { ...valid, token: 'null' }],
    ['empty token', { ...valid, token: '' }],
    ["role 'null'", { ...valid, role: 'null' }],
    ['no role', { ...valid, role: null }],
    ['no expiry', { ...valid, exp: null }],
    ['expired', { ...valid, exp: sec(NOW) - 1 }],
    ['expiring exactly now', { ...valid, exp: sec(NOW) }],
  ])('is false with %s', (_, s) => {
    expect(isLoggedIn(s, NOW)).toBe(false);
  });
});

describe('countdown', () => {
  it('remaining ms is expiry minus now, never negative', () => {
    expect(remainingMs(sec(NOW) + 90, NOW)).toBe(90_000);
    expect(remainingMs(sec(NOW) - 5, NOW)).toBe(0);
    expect(remainingMs(null, NOW)).toBe(0);
  });
  it('formats mm:ss', () => {
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(999)).toBe('00:00');
    expect(formatCountdown(61_500)).toBe('01:01');
    expect(formatCountdown(30 * 60_000)).toBe('30:00');
    expect(formatCountdown(90 * 60_000)).toBe('90:00');
    expect(formatCountdown(-5)).toBe('00:00');
  });
  it('is over when it shows 00:00', () => {
    expect(isCountdownOver(999)).toBe(true);
    expect(isCountdownOver(1000)).toBe(false);
  });
});

describe('shouldRefresh', () => {
  const base = { platform: 'web' as const, now: NOW, iat: sec(NOW) - 60, allowAutoRefresh: true };
  it('web: only when fewer than 5 minutes remain', () => {
    expect(shouldRefresh({ ...base, exp: sec(NOW + WEB_REFRESH_THRESHOLD_MS) })).toBe(false);
    expect(shouldRefresh({ ...base, exp: sec(NOW + WEB_REFRESH_THRESHOLD_MS) - 1 })).toBe(true);
    expect(shouldRefresh({ ...base, exp: sec(NOW) + 30 * 60 })).toBe(false);
  });
  it('native: only when the token was not issued today (UTC)', () => {
    const native = { ...base, platform: 'native' as const, exp: sec(NOW) + 60 };
    expect(shouldRefresh({ ...native, iat: sec(Date.UTC(2026, 10, 23, 0, 0, 1)) })).toBe(false);
    expect(shouldRefresh({ ...native, iat: sec(Date.UTC(2026, 10, 22, 23, 59, 59)) })).toBe(true);
    expect(shouldRefresh({ ...native, iat: null })).toBe(false);
  });
  it('never when auto-refresh is off', () => {
    expect(shouldRefresh({ ...base, exp: sec(NOW) + 10, allowAutoRefresh: false })).toBe(false);
    expect(
      shouldRefresh({ ...base, platform: 'native', exp: sec(NOW) + 10, iat: 0, allowAutoRefresh: false }),
    ).toBe(false);
  });
});

describe('shouldRefreshBeforeExpiry (DESIGN "Staying signed in")', () => {
  const base = {
    now: NOW,
    exp: sec(NOW) + 30,
    hasRefreshToken: true,
    allowAutoRefresh: true,
    lastAttempt: null,
  };
  it('within a minute of expiry, before 00:00', () => {
    expect(shouldRefreshBeforeExpiry(base)).toBe(true);
    expect(shouldRefreshBeforeExpiry({ ...base, exp: sec(NOW + EXPIRY_REFRESH_MS) - 1 })).toBe(true);
    expect(shouldRefreshBeforeExpiry({ ...base, exp: sec(NOW + EXPIRY_REFRESH_MS) })).toBe(false);
    expect(shouldRefreshBeforeExpiry({ ...base, exp: sec(NOW) })).toBe(false);
    expect(shouldRefreshBeforeExpiry({ ...base, exp: null })).toBe(false);
  });
  it('again only after the retry interval', () => {
    expect(shouldRefreshBeforeExpiry({ ...base, lastAttempt: NOW - EXPIRY_REFRESH_RETRY_MS + 1 })).toBe(
      false,
    );
    expect(shouldRefreshBeforeExpiry({ ...base, lastAttempt: NOW - EXPIRY_REFRESH_RETRY_MS })).toBe(true);
  });
  it('never without a refresh token or with auto-refresh off', () => {
    expect(shouldRefreshBeforeExpiry({ ...base, hasRefreshToken: false })).toBe(false);
    expect(shouldRefreshBeforeExpiry({ ...base, allowAutoRefresh: false })).toBe(false);
  });
});

describe('roles', () => {
  const s = { role: '["ROLE_ADMIN","ROLE_MARKETING"]' };
  it('checks the stored role list', () => {
    expect(isAdmin(s)).toBe(true);
    expect(isMarketing(s)).toBe(true);
    expect(isCallCenter(s)).toBe(false);
    expect(isSubscriber(s)).toBe(false);
    expect(isSubscriber({ role: '["commxp-user"]' })).toBe(true);
    expect(isCallCenter({ role: '["ROLE_CALL_CENTER"]' })).toBe(true);
    expect(hasRole(null, 'ROLE_ADMIN')).toBe(false);
  });
  it('reads nothing from null, unreadable or non-array text', () => {
    expect(parseRoles('null')).toEqual([]);
    expect(parseRoles(null)).toEqual([]);
    expect(parseRoles('{oops')).toEqual([]);
    expect(parseRoles('"ROLE_ADMIN"')).toEqual([]);
    expect(parseRoles('["a",1]')).toEqual(['a']);
  });
});

describe('msisdn', () => {
  it.each([
    ['+266 5000 0001', '26650000001'],
    ['266 5000 0001', '26650000001'],
    ['5000 0001', '26650000001'],
    ['00266-6000-0001', '26660000001'],
  ])('normalises %s', (input, out) => {
    expect(normaliseMsisdn(input)).toBe(out);
  });
  it.each(['12345', '26640000001', 'abc', '+2665000000'])('refuses %s', (input) => {
    expect(normaliseMsisdn(input)).toBeNull();
  });
  it.each([
    ['5000 0001', null],
    ['+266 6000 0001', null],
    ['40000001', 'prefix'],
    ['266 2000 0001', 'prefix'],
    ['5000001', 'length'],
    ['500000012', 'length'],
    ['+50000001', 'length'],
    ['abc', 'length'],
  ])('says why %s is refused: %s', (input, problem) => {
    expect(msisdnProblem(input)).toBe(problem);
    expect(normaliseMsisdn(input) === null).toBe(problem !== null);
  });
  it('sends operator names as typed', () => {
    expect(loginName(' admin ')).toBe('admin');
    expect(loginName('+266 5000 0001')).toBe('26650000001');
  });
});
