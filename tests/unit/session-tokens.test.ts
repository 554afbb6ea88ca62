// @vitest-environment jsdom
// The refresh actor's storage rules (src/session/tokens.ts): it stores the rotated tokens only while the
// refresh token it spent is still the stored one, so a Sign out (in this tab or another) or a new sign-in
// made while the answer was on its way wins; a refresh with no answer gives up after REFRESH_TIMEOUT_MS.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TokenResponse } from '../../src/api/auth';

const refreshGrant = vi.fn<(refreshToken: string, signal?: AbortSignal) => Promise<TokenResponse>>();
vi.mock('../../src/api/auth', () => ({ refreshGrant, passwordGrant: vi.fn() }));

const { REFRESH_TIMEOUT_MS, refreshSingleFlight } = await import('../../src/session/tokens');
const { clearSession, readSession, writeSession } = await import('../../src/storage/session');
const { sessionOf } = await import('../../src/session/claims');

const b64url = (o: unknown) =>
  btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const jwt = (claims: Record<string, unknown>) => `${b64url({ alg: 'RS256' })}.${b64url(claims)}.sig`;
const now = () => Math.floor(Date.now() / 1000);
const access = (name: string, expIn = 300) =>
  jwt({
    exp: now() + expIn,
    iat: now() + expIn - 300,
    preferred_username: '26650000001',
    name,
    realm_access: { roles: ['commxp-user'] },
  });
const refresh = (name: string) => jwt({ exp: now() + 3600, typ: 'Refresh', name });
const answer = (name: string): TokenResponse => ({
  access_token: access(name),
  refresh_token: refresh(name),
});

function storeExpired(): void {
  writeSession(sessionOf('26650000001', '["commxp-user"]', access('old', -60), refresh('old')));
}

/** A grant that answers when the test says so. */
function pendingGrant() {
  let settle!: (t: TokenResponse) => void;
  refreshGrant.mockImplementationOnce(() => new Promise((resolve) => (settle = resolve)));
  return (t: TokenResponse) => settle(t);
}

beforeEach(() => {
  localStorage.clear();
  refreshGrant.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('refreshSingleFlight', () => {
  it('stores the rotated tokens and reads the refresh token’s expiry', async () => {
    storeExpired();
    refreshGrant.mockResolvedValueOnce(answer('new'));
    const next = await refreshSingleFlight(readSession());
    expect(refreshGrant).toHaveBeenCalledWith(refresh('old'), expect.any(AbortSignal));
    expect(readSession().token).toBe(next.token);
    expect(next.refreshExp).toBe(now() + 3600);
  });

  it('one call per tab: a second refresh joins the first', async () => {
    storeExpired();
    const answerWith = pendingGrant();
    const a = refreshSingleFlight(readSession());
    const b = refreshSingleFlight(readSession());
    answerWith(answer('new'));
    expect(await a).toEqual(await b);
    expect(refreshGrant).toHaveBeenCalledOnce();
  });

  it('Sign out during the refresh wins: the late answer is not stored', async () => {
    storeExpired();
    const answerWith = pendingGrant();
    const flight = refreshSingleFlight(readSession());
    await vi.waitFor(() => expect(refreshGrant).toHaveBeenCalled());
    clearSession();
    answerWith(answer('new'));
    await expect(flight).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('token')).toBe('null');
    expect(localStorage.getItem('role')).toBe('null');
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('a sign-in made during the refresh is kept, not overwritten', async () => {
    storeExpired();
    const answerWith = pendingGrant();
    const flight = refreshSingleFlight(readSession());
    await vi.waitFor(() => expect(refreshGrant).toHaveBeenCalled());
    const signedIn = sessionOf('26650000001', '["commxp-user"]', access('login'), refresh('login'));
    writeSession(signedIn);
    answerWith(answer('late'));
    expect((await flight).token).toBe(signedIn.token);
    expect(localStorage.getItem('refresh_token')).toBe(refresh('login'));
  });

  it('gives up on a refresh that never answers: a network failure, storage untouched', async () => {
    vi.useFakeTimers();
    storeExpired();
    refreshGrant.mockImplementationOnce(
      (_token, signal) =>
        new Promise((_, reject) =>
          signal?.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { status: 0 }))),
        ),
    );
    const stored = localStorage.getItem('refresh_token');
    const flight = refreshSingleFlight(readSession());
    const settled = expect(flight).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(REFRESH_TIMEOUT_MS);
    await settled;
    expect(localStorage.getItem('refresh_token')).toBe(stored);
  });
});
