// Password hashing with argon2id. The cost comes from the configuration so tests can make it cheap;
// the stored PHC string records the cost it was made with, so raising it later keeps old hashes valid.
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import type { Argon2Cost } from '../config.ts';

// @node-rs/argon2 declares Algorithm as a const enum, which isolatedModules cannot import as a value.
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verification without a stored hash, so unknown users take as long. */
  burn(password: string): Promise<void>;
}

/** An argon2id hasher with the given cost. */
export function createPasswordHasher(cost: Argon2Cost): PasswordHasher {
  const options = { ...cost, algorithm: ARGON2ID };
  let dummy: Promise<string> | undefined;
  const verifyHash = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash is a failed sign-in, not a 500.
      return false;
    }
  };
  return {
    hash: (password) => hash(password, options),
    verify: verifyHash,
    burn: async (password) => {
      dummy ??= hash('timing-equaliser', options);
      await verifyHash(await dummy, password);
    },
  };
}
