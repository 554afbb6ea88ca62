// The realm roles a token carries: one list for the server that grants and checks them and
// the client that shows or hides screens by them, so a renamed role cannot open a screen the API refuses.

/** The role values of the realm. */
export const ROLES = {
  admin: 'ROLE_ADMIN',
  callCenter: 'ROLE_CALL_CENTER',
  marketing: 'ROLE_MARKETING',
  /** Every subscriber (the original realm's name for it). */
  user: 'commxp-user',
} as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];
