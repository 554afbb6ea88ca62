// Wire shapes of the operator-account API (CONTRACTS.md "Operator accounts"): the routes validate with
// these, everything else reads the Static types.
import { type Static, Type } from '@fastify/type-provider-typebox';
import { OPERATOR_NAME_PATTERN } from '../../machines/rules/operatorName.ts';
import { ROLES } from '../../machines/rules/roles.ts';
import { Text } from '../text.ts';

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
  mustChangePassword: Type.Boolean(),
  lastSignInAt: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type Operator = Static<typeof Operator>;

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
