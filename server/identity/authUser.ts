// Who a request speaks for once its access token is verified: shared by the token service, its cache of
// verified tokens and every route (`request.user`), so none of them imports another for the type.

/** Who an access token speaks for, as route handlers see it (`request.user`). */
export interface AuthUser {
  /** The subscriber's msisdn, or an operator's username: the token's preferred_username. */
  msisdn: string;
  roles: string[];
  /** The user id (token `sub`). */
  sub: string;
  /** The sign-in session (refresh-token family) the token belongs to (token `sid`). */
  sid?: string;
}
