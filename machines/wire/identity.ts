// Wire: registration and password reset by SMS code under /api/web-registration (CONTRACTS.md
// "Registration"; website client), and who the bearer of a token is (/api/protected/whoami). The token
// endpoint itself speaks OAuth's form encoding (src/api/auth.ts reads its answer).
import { type Static, Type } from '@sinclair/typebox';
import type { CodeSent } from './support';
import { Text } from './text';

// Lengths are generous for what people type and small enough that nothing huge reaches a handler.
const Msisdn = Text({ minLength: 1, maxLength: 32 });
const Lang = Type.Optional(Text({ maxLength: 16 }));
const Otp = Text({ minLength: 1, maxLength: 16 });
const Password = Text({ minLength: 1, maxLength: 256 });

/** What a code is for; a code works only for its own purpose. */
export const OtpPurpose = Type.Union([Type.Literal('REGISTER'), Type.Literal('RESET')]);
export type OtpPurpose = Static<typeof OtpPurpose>;
/** A client that does not say (the original app) is registering. */
const Purpose = Type.Optional(OtpPurpose);

export const RequestOtpBody = Type.Object({ msisdn: Msisdn, lang: Lang, purpose: Purpose });
/** request-otp's answer: the code went by SMS (or, for RESET, would have). */
export { CodeSent } from './support';

export const SubmitOtpBody = Type.Object({ msisdn: Msisdn, lang: Lang, submittedOtp: Otp, purpose: Purpose });
export const OtpChecked = Type.Object({ valid: Type.Boolean() });
export type OtpChecked = Static<typeof OtpChecked>;

export const RegisterBody = Type.Object({
  msisdn: Msisdn,
  lang: Lang,
  submittedOtp: Otp,
  userInput: Password,
  // Optional in the schema so a missing one gets its own message key, not a generic 400.
  ageConfirmed: Type.Optional(Type.Boolean()),
  termsVersion: Type.Optional(Text({ maxLength: 40 })),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const ResetPasswordBody = Type.Object({
  msisdn: Msisdn,
  lang: Lang,
  submittedOtp: Otp,
  newPassword: Password,
});

/** register, reset-password, operator-password: done, with a message in the request's language. */
export const Done = Type.Object({ message: Type.String() });
export type Done = Static<typeof Done>;

/**
 * The fields of the token endpoint's answer (Keycloak's, form-encoded request) that the client reads;
 * server/identity/tokenRoutes.ts builds it by hand, so this schema is the client's only.
 */
export const TokenResponse = Type.Object({
  access_token: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Optional(Type.Integer()),
  refresh_expires_in: Type.Optional(Type.Integer()),
  token_type: Type.Optional(Type.String()),
});
export type TokenResponse = Static<typeof TokenResponse>;

export const WhoAmI = Type.Object({ msisdn: Type.String(), roles: Type.Array(Type.String()) });
export type WhoAmI = Static<typeof WhoAmI>;
