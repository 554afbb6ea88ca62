// Operator usernames (DESIGN.md "Operator accounts"): one rule for the server that creates accounts and
// the admin form that proposes them. A name starts with a letter, so it can never be read as a phone
// number (subscribers sign in with their msisdn, all digits) and never collides with one. Pure.
import { ROLES } from './roles.ts';

/** 3 to 32 characters: a lower-case letter, then lower-case letters, digits, '.', '_' or '-'. */
export const OPERATOR_NAME_PATTERN = '^[a-z][a-z0-9._-]{2,31}$';

const OPERATOR_NAME = new RegExp(OPERATOR_NAME_PATTERN);

/** True when `name` is a valid operator username as stored (already lower-case). */
export const isOperatorName = (name: string): boolean => OPERATOR_NAME.test(name);

/** The roles an operator account may be given, one per account. */
export const OPERATOR_ROLES = [ROLES.admin, ROLES.callCenter, ROLES.marketing] as const;

export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** True when `role` is one of OPERATOR_ROLES. */
export const isOperatorRole = (role: string): role is OperatorRole =>
  (OPERATOR_ROLES as readonly string[]).includes(role);
