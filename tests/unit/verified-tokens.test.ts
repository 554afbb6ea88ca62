// The verified-access-token memo: a hit only for the same token, issuer and before exp; bounded.
import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from '../../server/identity/verifiedTokens.ts';

const user = (msisdn: string) => ({ msisdn, roles: ['commxp-user'], sub: `id-${msisdn}` });
const ISS = 'https://jackpot.example/auth/realms/commxp';

describe('VerifiedTokens', () => {
  it('answers for the same token and issuer until exp, as jose judges expiry', () => {
    const memo = new VerifiedTokens();
    memo.set('t1', ISS, 1_000, user('1'), 700);
    expect(memo.get('t1', ISS, 999)).toMatchObject({ msisdn: '1' });
    expect(memo.get('t1', 'http://other/auth/realms/commxp', 999)).toBeUndefined();
    expect(memo.get('t2', ISS, 999)).toBeUndefined();
    // exp <= now is expired, and the entry is dropped.
    expect(memo.get('t1', ISS, 1_000)).toBeUndefined();
    expect(memo.size).toBe(0);
  });

  it('shares a frozen user', () => {
    const memo = new VerifiedTokens();
    const shared = memo.set('t1', ISS, 1_000, user('1'), 700);
    expect(Object.isFrozen(shared)).toBe(true);
    expect(Object.isFrozen(shared.roles)).toBe(true);
    expect(memo.get('t1', ISS, 800)).toBe(shared);
  });

  it('stays within its bound: expired entries go first, then the oldest', () => {
    const memo = new VerifiedTokens(3);
    memo.set('a', ISS, 100, user('a'), 0);
    memo.set('b', ISS, 500, user('b'), 0);
    memo.set('c', ISS, 500, user('c'), 0);
    memo.set('d', ISS, 500, user('d'), 200); // 'a' has expired: it makes room
    expect(memo.size).toBe(3);
    expect(memo.get('b', ISS, 200)).toBeDefined();
    memo.set('e', ISS, 500, user('e'), 200); // none expired: the oldest ('b') goes
    expect(memo.size).toBe(3);
    expect(memo.get('b', ISS, 200)).toBeUndefined();
    expect(memo.get('e', ISS, 200)).toBeDefined();
  });
});
