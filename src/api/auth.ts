// The identity provider's token call (DESIGN.md contracts): a form-encoded POST with the
// mobile client's Basic credential, for the password grant (sign-in) and the refresh_token grant.
import { loginName } from '../../machines/session/msisdn';
import type { TokenResponse } from '../../machines/wire/identity';
import { config } from '../config';
import { ApiError } from './http';

export type { TokenResponse } from '../../machines/wire/identity';

/**
 * Keycloak's descriptions of an account that may not sign in yet, or at all, and ours of the step-up
 * behind a busy shared address (DESIGN.md "Sign-in behind a shared address"), with their message keys.
 */
const ACCOUNT_STATES: Record<string, string> = {
  // A required action (an operator's password set by an admin): the sign-in screen asks for a new one.
  'Account is not fully set up': 'AUTH.PASSWORD_CHANGE_REQUIRED',
  'Account disabled': 'AUTH.ACCOUNT_DISABLED',
  // The password was right; a code went by SMS to the account's number: the grant again with `otp`.
  'Code required': 'AUTH.CODE_REQUIRED',
  'Invalid code': 'AUTH.CODE_INVALID',
};

/** Maps an OAuth error answer to a message key the UI translates (src/i18n/serverMessages.ts). */
function oauthMessageKey(status: number, error: string | undefined, description: string | undefined): string {
  if (status === 429) return 'AUTH.TOO_MANY_ATTEMPTS';
  const state =
    description && Object.hasOwn(ACCOUNT_STATES, description) ? ACCOUNT_STATES[description] : null;
  if (error === 'invalid_grant' && status === 400 && state) return state;
  if (error === 'invalid_grant') return 'AUTH.INVALID_CREDENTIALS';
  return 'ERRORS.SERVER';
}

async function tokenCall(fields: Record<string, string>, signal?: AbortSignal): Promise<TokenResponse> {
  let res: Response;
  try {
    res = await fetch(config.authURL, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${config.basicAuthKey}`,
        Accept: 'application/json',
      },
      body: new URLSearchParams({ ...fields, client_id: config.keyClient }).toString(),
      signal,
    });
  } catch (err) {
    throw new ApiError(0, 'ERRORS.NETWORK', err instanceof Error ? err.message : String(err));
  }
  const data = (await res.json().catch(() => ({}))) as Partial<TokenResponse> & {
    error?: string;
    error_description?: string;
  };
  if (!res.ok || !data.access_token || !data.refresh_token) {
    const key = res.ok ? 'ERRORS.SERVER' : oauthMessageKey(res.status, data.error, data.error_description);
    throw new ApiError(res.status, key, data.error_description ?? res.statusText);
  }
  return data as TokenResponse;
}

/** A sign-in's extras: the SMS code of a step-up, and the language a code's SMS is written in. */
export interface GrantExtras {
  otp?: string;
  /** Sent as OpenID Connect's `ui_locales`. */
  lang?: string;
}

/** Password grant. A phone number in any spelling is sent in normal form (26650000001). */
export const passwordGrant = (
  username: string,
  password: string,
  { otp, lang }: GrantExtras = {},
  signal?: AbortSignal,
) =>
  tokenCall(
    {
      grant_type: config.authGrantType.password,
      username: loginName(username),
      password,
      ...(otp ? { otp } : {}),
      ...(lang ? { ui_locales: lang } : {}),
    },
    signal,
  );

/** Refresh grant with the stored refresh token. Refresh tokens rotate: use the answer's one next time. */
export const refreshGrant = (refreshToken: string, signal?: AbortSignal) =>
  tokenCall({ grant_type: config.authGrantType.refresh, refresh_token: refreshToken }, signal);

/**
 * Sign-out on the server (Keycloak's logout): the refresh token's session ends there too, so the token
 * left on a shared or lost phone is worthless. Best effort: sent with keepalive so it outlives the page's
 * move to /login; offline or refused, the session simply lapses with its refresh token.
 */
export function endSession(refreshToken: string): Promise<void> {
  return fetch(config.authURL.replace(/\/token$/, '/logout'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Authorization: `Basic ${config.basicAuthKey}`,
    },
    body: new URLSearchParams({ client_id: config.keyClient, refresh_token: refreshToken }).toString(),
    keepalive: true,
  }).then(
    () => undefined,
    () => undefined,
  );
}
