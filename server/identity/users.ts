// The users table: subscribers (username = normalised msisdn) and operators (e.g. 'admin').
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import { normaliseMsisdn } from './msisdn.ts';

export interface User {
  id: string;
  username: string;
  msisdn: string | null;
  passwordHash: string;
  roles: string[];
  createdAt: Date;
  /** A password set by another operator: it must be changed before the account is used. */
  mustChangePassword: boolean;
  /** When the account was disabled (it cannot sign in), or null. */
  disabledAt: Date | null;
  /** The last successful sign-in with the password, or null. */
  lastSignInAt: Date | null;
}

type Db = Kysely<Database>;

/** A users row as a User. */
export const toUser = (row: {
  id: string;
  username: string;
  msisdn: string | null;
  password_hash: string;
  roles: string[];
  created_at: Date;
  must_change_password: boolean;
  disabled_at: Date | null;
  last_sign_in_at: Date | null;
}): User => ({
  id: row.id,
  username: row.username,
  msisdn: row.msisdn,
  passwordHash: row.password_hash,
  roles: row.roles,
  createdAt: row.created_at,
  mustChangePassword: row.must_change_password,
  disabledAt: row.disabled_at,
  lastSignInAt: row.last_sign_in_at,
});

/** The stored username for what someone typed: a phone number in any spelling, or a lower-cased name. */
export const canonicalUsername = (input: string): string =>
  normaliseMsisdn(input) ?? input.trim().toLowerCase();

export async function findUserByUsername(db: Db, username: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  return row && toUser(row);
}

export async function findUserById(db: Db, id: string): Promise<User | undefined> {
  const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toUser(row);
}

/** When the subscriber with this msisdn registered (wallet's fetch-subscriber-info uses it). */
export async function accountCreatedAt(db: Db, msisdn: string): Promise<Date | null> {
  const row = await db
    .selectFrom('users')
    .select('created_at')
    .where('msisdn', '=', msisdn)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

export interface NewUser {
  username: string;
  msisdn: string | null;
  passwordHash: string;
  roles: string[];
  createdAt: Date;
  /** When the subscriber confirmed being 18 or older (registration); operators have none. */
  adultConfirmedAt?: Date;
  /** An operator whose password another operator chose (must change it at first sign-in). */
  mustChangePassword?: boolean;
}

/** Inserts a user; does nothing when the username exists. Returns whether it was created. */
export async function createUser(db: Db, user: NewUser): Promise<boolean> {
  const result = await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      username: user.username,
      msisdn: user.msisdn,
      password_hash: user.passwordHash,
      roles: user.roles,
      created_at: user.createdAt,
      updated_at: user.createdAt,
      adult_confirmed_at: user.adultConfirmedAt ?? null,
      must_change_password: user.mustChangePassword ?? false,
    })
    .onConflict((oc) => oc.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Sets a user's password. `mustChange` says whether someone else chose it (an admin's reset: changed at the
 * next sign-in); the user's own change or reset clears the flag.
 */
export async function setPassword(
  db: Db,
  userId: string,
  passwordHash: string,
  at: Date,
  mustChange = false,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at, must_change_password: mustChange })
    .where('id', '=', userId)
    .execute();
}
