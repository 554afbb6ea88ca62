// An SMS-code flow to come back to after a reload (machines/rules/otpResume.ts says what and how long):
// localStorage 'jackpot14:otp-flow:<purpose>' ('register' or 'reset'), the OtpResume as JSON. Device-wide,
// not user-scoped: it belongs to whoever is proving a number before anyone is signed in (a signed-in
// subscriber is sent away from both screens), so sign-out has nothing of it to wipe. It lives at most one
// code's lifetime (5 minutes), goes once the flow ends or goes back to the number, and is dropped when read
// after running out. localStorage rather than sessionStorage: the app's WebView, killed by the system,
// comes back as a new session.
import { type OtpResume, readResume } from '../../machines/rules/otpResume';

export type OtpFlowPurpose = 'register' | 'reset';

const key = (purpose: OtpFlowPurpose) => `jackpot14:otp-flow:${purpose}`;

/** The kept flow of that purpose, if its code still works; one that ran out is removed. */
export function loadOtpResume(purpose: OtpFlowPurpose, now: number): OtpResume | null {
  try {
    const stored = localStorage.getItem(key(purpose));
    const resume = readResume(stored, now);
    if (stored !== null && resume === null) localStorage.removeItem(key(purpose));
    return resume;
  } catch {
    return null; // storage blocked: the flow starts at the number
  }
}

/** Keeps `resume`, or with null removes what was kept. */
export function saveOtpResume(purpose: OtpFlowPurpose, resume: OtpResume | null): void {
  try {
    if (resume) localStorage.setItem(key(purpose), JSON.stringify(resume));
    else localStorage.removeItem(key(purpose));
  } catch {
    // storage full or blocked: a reload then starts at the number, as before
  }
}
