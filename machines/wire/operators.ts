// Wire: the operator-account API (CONTRACTS.md "Operator accounts"): admins' /api/admin/operators and an
// operator's own first password (website client). The routes validate with these, the rest reads Static.
import { type Static, Type } from '@sinclair/typebox';
import { OPERATOR_NAME_PATTERN } from '../rules/operatorName';
import { ROLES } from '../rules/roles';
import { Text } from './text';

/** Longer passwords are refused by the schema: argon2 over a huge input is a cheap denial of service. */
const Password = Text({ minLength: 1, maxLength: 256 });

/** A new operator's name: the shared rule (its anchored pattern refuses NUL too). */
const OperatorName = Text({ pattern: OPERATOR_NAME_PATTERN, minLength: 3, maxLength: 32 });

export const OperatorRole = Type.Union([
  Type.Literal(ROLES.admin),
  Type.Literal(ROLES.callCenter),
  Type.Literal(ROLES.marketing),
]);

export const Operator = Type.Object({
  username: Type.String(),
  roles: Type.Array(Type.String()),
  disabled: Type.Boolean(),
  /** Their password was set by an admin: they choose their own at the next sign-in. */
  mustChangePassword: Type.Boolean(),
  /** ISO, or null before the first sign-in. */
  lastSignInAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type Operator = Static<typeof Operator>;
export const Operators = Type.Array(Operator);

export const NewOperatorBody = Type.Object({
  username: OperatorName,
  role: OperatorRole,
  password: Password,
});
export type NewOperatorBody = Static<typeof NewOperatorBody>;

/** Any existing name is looked up as given (a name that breaks today's rule is simply unknown). */
export const OperatorParams = Type.Object({ username: Text({ minLength: 1, maxLength: 64 }) });

export const OperatorPasswordBody = Type.Object({ password: Password });

export const OwnPasswordBody = Type.Object({
  username: Text({ minLength: 1, maxLength: 64 }),
  oldPassword: Password,
  newPassword: Password,
});
export type OwnPasswordBody = Static<typeof OwnPasswordBody>;
