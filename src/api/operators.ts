// Operator accounts (docs/CONTRACTS.md "Operator accounts"): the admins' API, imported only by the lazy
// /admin/operators screen, and an operator's own first password (website client), asked for by the sign-in
// screen when the identity provider says the account is not fully set up.
import type { OperatorRole } from '../../machines/rules/operatorName';
import type { Done } from '../../machines/wire/identity';
import type { Operator as OperatorAccount } from '../../machines/wire/operators';
import { apiGet, apiPost } from './http';

export type { Operator as OperatorAccount } from '../../machines/wire/operators';

/** Every operator, by name (the read is audited). */
export const listOperators = () => apiGet<OperatorAccount[]>('/admin/operators');

/** Adds an operator with a first password they change at first sign-in. 409 OPERATOR.EXISTS, 400 PASSWORD.NOT_COMPLIANT. */
export const addOperator = (username: string, role: OperatorRole, password: string) =>
  apiPost<OperatorAccount>('/admin/operators', { username, role, password });

/** No more sign-in; their sessions end. 404 OPERATOR.UNKNOWN, 409 OPERATOR.SELF. */
export const disableOperator = (username: string) =>
  apiPost<OperatorAccount>(`/admin/operators/${encodeURIComponent(username)}/disable`);

/** A new password the operator changes at the next sign-in; their sessions end. */
export const resetOperatorPassword = (username: string, password: string) =>
  apiPost<OperatorAccount>(`/admin/operators/${encodeURIComponent(username)}/password`, { password });

/** The operator's own password in place of one an admin set. 401 AUTH.INVALID_CREDENTIALS, 400 PASSWORD.*. */
export const setOwnOperatorPassword = (username: string, oldPassword: string, newPassword: string) =>
  apiPost<Done>(
    '/web-registration/operator-password',
    { username, oldPassword, newPassword },
    { auth: 'website' },
  );
