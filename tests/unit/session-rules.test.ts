import { describe, expect, it } from 'vitest';
import { loginName, msisdnProblem, normaliseMsisdn } from '../../machines/session/msisdn';
import {
  canRefresh,
  EMPTY_SESSION,
  EXPIRY_REFRESH_MS,
  EXPIRY_REFRESH_RETRY_MS,
  formatCountdown,
  hasRole,
  homeFor,
  isAdmin,
  isCallCenter,
  isCountdownOver,
  isLoggedIn,
  isMarketing,
  isNearlyExpired,
  isRefreshRefused,
  isSignedIn,
  isSubscriber,
  parseRoles,
  remainingMs,
  shouldRefresh,
  shouldRefreshOnTick,
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

describe('isSignedIn', () => {
  const expired = {
    ...EMPTY_SESSION,
    ...valid,
    exp: sec(NOW) - 60,
    refreshToken: 'r',
    refreshExp: sec(NOW) + 3600,
  };
  it('stays signed in on an expired access token while the refresh token lives', () => {
    expect(isSignedIn({ ...EMPTY_SESSION, ...valid }, NOW, true)).toBe(true);
    expect(isSignedIn(expired, NOW, true)).toBe(true);
    // A refresh token whose expiry cannot be read lives until the server refuses it.
    expect(isSignedIn({ ...expired, refreshExp: null }, NOW, true)).toBe(true);
  });
  it('is over with an expired or missing refresh token, after sign-out, or with auto-refresh off', () => {
    expect(isSignedIn({ ...expired, refreshExp: sec(NOW) }, NOW, true)).toBe(false);
    expect(isSignedIn({ ...expired, refreshToken: null }, NOW, true)).toBe(false);
    expect(isSignedIn({ ...expired, token: 'null' }, NOW, true)).toBe(false);
    expect(isSignedIn({ ...expired, role: 'null' }, NOW, true)).toBe(false);
    expect(isSignedIn(expired, NOW, false)).toBe(false);
    expect(isSignedIn(null, NOW, true)).toBe(false);
  });
  it('canRefresh reads the refresh token alone', () => {
    expect(canRefresh({ refreshToken: 'r', refreshExp: sec(NOW) + 1 }, NOW)).toBe(true);
    expect(canRefresh({ refreshToken: 'r', refreshExp: sec(NOW) }, NOW)).toBe(false);
    expect(canRefresh({ refreshToken: 'null', refreshExp: null }, NOW)).toBe(false);
  });
});

describe('isNearlyExpired', () => {
  it('in the last minute of a long token, the second half of a short one, and once expired', () => {
    const iat = sec(NOW) - 240; // a 5-minute token
    expect(isNearlyExpired(sec(NOW + EXPIRY_REFRESH_MS), iat, NOW)).toBe(false);
    expect(isNearlyExpired(sec(NOW + EXPIRY_REFRESH_MS) - 1, iat, NOW)).toBe(true);
    expect(isNearlyExpired(sec(NOW) - 5, iat, NOW)).toBe(true);
    // A 20-second token: nearly expired from its 10th second on.
    expect(isNearlyExpired(sec(NOW) + 11, sec(NOW) - 9, NOW)).toBe(false);
    expect(isNearlyExpired(sec(NOW) + 9, sec(NOW) - 11, NOW)).toBe(true);
    expect(isNearlyExpired(null, null, NOW)).toBe(false);
  });
});

describe('shouldRefresh on a user action', () => {
  const base = { platform: 'web' as const, now: NOW, allowAutoRefresh: true };
  it('web: not on every click: only past half its lifetime and within 5 minutes of expiry', () => {
    // Keycloak's 5-minute token: a click in its first half does nothing, one in its second half refreshes.
    expect(shouldRefresh({ ...base, iat: sec(NOW) - 10, exp: sec(NOW) + 290 })).toBe(false);
    expect(shouldRefresh({ ...base, iat: sec(NOW) - 149, exp: sec(NOW) + 151 })).toBe(false);
    expect(shouldRefresh({ ...base, iat: sec(NOW) - 151, exp: sec(NOW) + 149 })).toBe(true);
    // A 30-minute token: the 5-minute threshold.
    const iat = sec(NOW) - 25 * 60;
    expect(shouldRefresh({ ...base, iat, exp: sec(NOW + WEB_REFRESH_THRESHOLD_MS) })).toBe(false);
    expect(shouldRefresh({ ...base, iat, exp: sec(NOW + WEB_REFRESH_THRESHOLD_MS) - 1 })).toBe(true);
    expect(shouldRefresh({ ...base, iat: null, exp: sec(NOW) + 30 * 60 })).toBe(false);
  });
  it('native: only when the token was not issued today (UTC)', () => {
    const native = { ...base, platform: 'native' as const, exp: sec(NOW) + 60 };
    expect(shouldRefresh({ ...native, iat: sec(Date.UTC(2026, 10, 23, 0, 0, 1)) })).toBe(false);
    expect(shouldRefresh({ ...native, iat: sec(Date.UTC(2026, 10, 22, 23, 59, 59)) })).toBe(true);
    expect(shouldRefresh({ ...native, iat: null })).toBe(false);
  });
  it('never when auto-refresh is off', () => {
    expect(shouldRefresh({ ...base, iat: 0, exp: sec(NOW) + 10, allowAutoRefresh: false })).toBe(false);
    expect(
      shouldRefresh({ ...base, platform: 'native', exp: sec(NOW) + 10, iat: 0, allowAutoRefresh: false }),
    ).toBe(false);
  });
});

describe('shouldRefreshOnTick (DESIGN "Staying signed in")', () => {
  const base = { now: NOW, previous: NOW - 1000, exp: sec(NOW) + 30, iat: sec(NOW) - 270, lastAttempt: null };
  it('once the token is nearly expired', () => {
    expect(shouldRefreshOnTick(base)).toBe(true);
    expect(shouldRefreshOnTick({ ...base, exp: sec(NOW + EXPIRY_REFRESH_MS) - 1 })).toBe(true);
    expect(shouldRefreshOnTick({ ...base, exp: sec(NOW + EXPIRY_REFRESH_MS) })).toBe(false);
    expect(shouldRefreshOnTick({ ...base, exp: null })).toBe(false);
  });
  it('again after the retry interval, and at once when the countdown reaches 00:00', () => {
    const recent = NOW - EXPIRY_REFRESH_RETRY_MS + 1;
    expect(shouldRefreshOnTick({ ...base, lastAttempt: recent })).toBe(false);
    expect(shouldRefreshOnTick({ ...base, lastAttempt: NOW - EXPIRY_REFRESH_RETRY_MS })).toBe(true);
    // This tick shows 00:00, the previous one did not.
    expect(shouldRefreshOnTick({ ...base, exp: sec(NOW), lastAttempt: recent })).toBe(true);
    // Past 00:00 it is the retry interval again.
    expect(shouldRefreshOnTick({ ...base, exp: sec(NOW) - 5, lastAttempt: recent })).toBe(false);
    expect(shouldRefreshOnTick({ ...base, exp: sec(NOW) - 5, lastAttempt: NOW - 15_000 })).toBe(true);
  });
});

describe('isRefreshRefused', () => {
  it('a 400 or 401 answer signs out; no answer, 5xx or 429 is tried again', () => {
    expect(isRefreshRefused({ status: 400 })).toBe(true);
    expect(isRefreshRefused({ status: 401 })).toBe(true);
    expect(isRefreshRefused({ status: 0 })).toBe(false);
    expect(isRefreshRefused({ status: 503 })).toBe(false);
    expect(isRefreshRefused({ status: 429 })).toBe(false);
    expect(isRefreshRefused(new Error('offline'))).toBe(false);
    expect(isRefreshRefused(null)).toBe(false);
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
  it('lands a subscriber on /play and an operator on their own screen', () => {
    expect(homeFor({ role: '["commxp-user"]' })).toBe('/play');
    expect(homeFor({ role: '["commxp-user","ROLE_ADMIN"]' })).toBe('/play');
    expect(homeFor({ role: '["ROLE_ADMIN","ROLE_MARKETING"]' })).toBe('/admin');
    expect(homeFor({ role: '["ROLE_CALL_CENTER"]' })).toBe('/support');
    expect(homeFor({ role: '["ROLE_MARKETING"]' })).toBe('/marketing');
    expect(homeFor({ role: 'null' })).toBe('/play');
    expect(homeFor(null)).toBe('/play');
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
