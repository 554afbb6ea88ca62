// Password compliance (8+ characters of letters, digits and @$!%*?&, with a lowercase letter and a digit),
// shared by the register, reset and change-password screens and the server so all refuse exactly the same
// passwords. The rule is its parts, so the screens' live checklist (src/screens/auth/PasswordStep.tsx) shows
// the very checks that decide. Pure: imports nothing.

/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;

/** Each part of the rule, by name; a password is compliant when every one holds. */
export const PASSWORD_CHECKS = {
  /** At least PASSWORD_MIN_LENGTH characters. */
  length: (p: string) => p.length >= PASSWORD_MIN_LENGTH,
  /** At least one lowercase ASCII letter. */
  lower: (p: string) => /[a-z]/.test(p),
  /** At least one digit. */
  digit: (p: string) => /\d/.test(p),
  /** Only ASCII letters, digits and @$!%*?& (as the original client's pattern). */
  allowed: (p: string) => /^[A-Za-z\d@$!%*?&]*$/.test(p),
} as const satisfies Record<string, (p: string) => boolean>;

export type PasswordCheck = keyof typeof PASSWORD_CHECKS;

/** True when `p` has at least 8 allowed characters, at least one lowercase letter and one digit. */
export function isPasswordCompliant(p: string): boolean {
  return Object.values(PASSWORD_CHECKS).every((check) => check(p));
}
