// The access token's claims as the client reads them (src/session/claims.ts decodes them itself):
// base64url with or without padding, UTF-8, and anything that is not a JWT read as no claims.
import { describe, expect, it } from 'vitest';
import { claimsOf } from '../../src/session/claims';

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const jwt = (payload: unknown) => `${b64url('{"alg":"EdDSA"}')}.${b64url(JSON.stringify(payload))}.sig`;

describe('claimsOf', () => {
  it('reads the payload, base64url without padding, in UTF-8', () => {
    const claims = {
      exp: 2_000_000_000,
      preferred_username: 'Mpho Lesotho ✓ é',
      realm_access: { roles: ['user'] },
    };
    for (let pad = 0; pad < 4; pad++) {
      const payload = { ...claims, preferred_username: `${claims.preferred_username}${'x'.repeat(pad)}` };
      expect(claimsOf(jwt(payload))).toEqual(payload);
    }
    // '-' and '_' of base64url (bytes that base64 would write as '+' and '/').
    const tricky = { preferred_username: '>>>???~~~' };
    expect(jwt(tricky)).toMatch(/[-_]/);
    expect(claimsOf(jwt(tricky))).toEqual(tricky);
  });

  it('reads no claims from what is not a JWT', () => {
    for (const token of [
      null,
      'null',
      '',
      'abc',
      'a.b',
      'a.@@@.c',
      `x.${b64url('"text"')}.y`,
      `x.${b64url('5')}.y`,
    ]) {
      expect(claimsOf(token)).toEqual({});
    }
  });
});
