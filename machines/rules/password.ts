// Password compliance (8+ characters of letters, digits and @$!%*?&, with a lowercase letter and a digit),
// shared by the register/change-password screens and the server so both refuse exactly the same passwords.
// Pure: imports nothing.

/** Characters a password may use: ASCII letters, digits and @$!%*?& (as the original client's pattern). */
const ALLOWED = /^[A-Za-z\d@$!%*?&]+$/;

/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;

/** True when `p` has at least 8 allowed characters, at least one lowercase letter and one digit. */
export function isPasswordCompliant(p: string): boolean {
  return p.length >= PASSWORD_MIN_LENGTH && ALLOWED.test(p) && /[a-z]/.test(p) && /\d/.test(p);
}
