// Operator accounts (DESIGN.md "Operator accounts"): the staff who sign in by name rather than by phone
// number (users.msisdn is null). Admins add them, disable them and reset their passwords through the API,
// the operator's command line does the same; every change is audited in the change's own transaction.
// A password chosen by someone else (an admin through the API) must be changed by its owner before the
// account is used; one its owner typed (the CLI, or POST /api/web-registration/operator-password) need not.
import type { Kysely } from 'kysely';
import { isOperatorName, type OperatorRole } from '../../machines/rules/operatorName.ts';
import { isPasswordCompliant } from '../../machines/rules/password.ts';
import { audit } from '../audit/audit.ts';
import { done, type OpResult, refused } from '../audit/outcome.ts';
import type { Database } from '../db/index.ts';
import { clearAccountFailures } from './loginLimits.ts';
import type { PasswordHasher } from './passwords.ts';
import { revokeUserSessions } from './tokens.ts';
import { createUser, findUserByUsername, setPassword, toUser, type User } from './users.ts';

type Db = Kysely<Database>;

/** An operator as admins see it (GET /api/admin/operators). */
export interface OperatorView {
  username: string;
  roles: string[];
  disabled: boolean;
  mustChangePassword: boolean;
  /** ISO, or null before the first sign-in. */
  lastSignInAt: string | null;
  /** ISO */
  createdAt: string;
}

/** Who changes what, and when: the audit row's actor ('admin', or 'cli:<os user>'). */
export interface OperatorChange {
  actor: string;
  at: Date;
}

const view = (user: User): OperatorView => ({
  username: user.username,
  roles: user.roles,
  disabled: user.disabledAt !== null,
  mustChangePassword: user.mustChangePassword,
  lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
  createdAt: user.createdAt.toISOString(),
});

/** The operator named `username`, or undefined (a subscriber is not one). */
export async function findOperator(db: Db, username: string): Promise<User | undefined> {
  const user = await findUserByUsername(db, username);
  return user && user.msisdn === null ? user : undefined;
}

/** Every operator account, by name. */
export async function listOperators(db: Db): Promise<OperatorView[]> {
  const rows = await db
    .selectFrom('users')
    .selectAll()
    .where('msisdn', 'is', null)
    .orderBy('username')
    .execute();
  return rows.map((row) => view(toUser(row)));
}

/** A successful password grant of an operator: shown to admins as the last sign-in. */
export async function recordOperatorSignIn(db: Db, userId: string, at: Date): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', userId).execute();
}

export interface NewOperator {
  username: string;
  role: OperatorRole;
  password: string;
  /** True when someone other than the operator chose the password (the admin API). */
  mustChangePassword: boolean;
}

/** Adds an operator. Refused: 400 OPERATOR.INVALID_NAME / PASSWORD.NOT_COMPLIANT, 409 OPERATOR.EXISTS. */
export async function addOperator(
  db: Db,
  hasher: PasswordHasher,
  operator: NewOperator,
  change: OperatorChange,
): Promise<OpResult<OperatorView>> {
  const { username, role, password, mustChangePassword } = operator;
  if (!isOperatorName(username)) return refused(400, 'OPERATOR.INVALID_NAME');
  if (!isPasswordCompliant(password)) return refused(400, 'PASSWORD.NOT_COMPLIANT');
  // Checked before hashing (tens of milliseconds); the insert below decides a race.
  if (await findUserByUsername(db, username)) return refused(409, 'OPERATOR.EXISTS');
  const passwordHash = await hasher.hash(password);
  const created = await db.transaction().execute(async (trx) => {
    const inserted = await createUser(trx, {
      username,
      msisdn: null,
      passwordHash,
      roles: [role],
      createdAt: change.at,
      mustChangePassword,
    });
    if (!inserted) return undefined;
    await audit(
      trx,
      { actor: change.actor, action: 'OPERATOR.ADD', target: username, detail: { role, mustChangePassword } },
      change.at,
    );
    return findOperator(trx, username);
  });
  return created ? done(view(created)) : refused(409, 'OPERATOR.EXISTS');
}

/**
 * Disables an operator: no sign-in, and every refresh token stops working at once (an access token lives
 * out its few minutes). Disabling again changes nothing. 404 OPERATOR.UNKNOWN, 409 OPERATOR.SELF.
 */
export async function disableOperator(
  db: Db,
  username: string,
  change: OperatorChange,
): Promise<OpResult<OperatorView>> {
  // Nobody locks themselves out by mistake, and the last admin acting is never the one disabled.
  if (username === change.actor) return refused(409, 'OPERATOR.SELF');
  const operator = await findOperator(db, username);
  if (!operator) return refused(404, 'OPERATOR.UNKNOWN');
  const disabled = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ disabled_at: operator.disabledAt ?? change.at, updated_at: change.at })
      .where('id', '=', operator.id)
      .execute();
    await revokeUserSessions(trx, operator.id, change.at);
    await audit(
      trx,
      {
        actor: change.actor,
        action: 'OPERATOR.DISABLE',
        target: username,
        detail: operator.disabledAt ? { already: true } : {},
      },
      change.at,
    );
    return findOperator(trx, username);
  });
  return disabled ? done(view(disabled)) : refused(404, 'OPERATOR.UNKNOWN');
}

/**
 * Sets an operator's password: `mustChange` when someone else chose it (an admin's reset). Every session of
 * the account ends and its failed sign-ins are forgiven. 400 PASSWORD.NOT_COMPLIANT, 404 OPERATOR.UNKNOWN.
 */
export async function setOperatorPassword(
  db: Db,
  hasher: PasswordHasher,
  target: { username: string; password: string; mustChange: boolean },
  change: OperatorChange,
  action = 'OPERATOR.PASSWORD_RESET',
): Promise<OpResult<OperatorView>> {
  const { username, password, mustChange } = target;
  if (!isPasswordCompliant(password)) return refused(400, 'PASSWORD.NOT_COMPLIANT');
  const operator = await findOperator(db, username);
  if (!operator) return refused(404, 'OPERATOR.UNKNOWN');
  const passwordHash = await hasher.hash(password);
  const updated = await db.transaction().execute(async (trx) => {
    await setPassword(trx, operator.id, passwordHash, change.at, mustChange);
    await revokeUserSessions(trx, operator.id, change.at);
    await clearAccountFailures(trx, username);
    await audit(
      trx,
      { actor: change.actor, action, target: username, detail: { mustChangePassword: mustChange } },
      change.at,
    );
    return findOperator(trx, username);
  });
  return updated ? done(view(updated)) : refused(404, 'OPERATOR.UNKNOWN');
}
