// The header's Sign out. One tap signs out; only when this subscriber still has slips waiting in the
// offline queue (which sign-out deletes) does it ask first (SignOutDialog, loaded then).
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { useSession, useSessionUser } from '../session/hooks';
import { unsentSlips } from './signOutQueue';

const SignOutDialog = lazy(() => import('./SignOutDialog'));

export function SignOutButton() {
  const { signOut } = useSession();
  const user = useSessionUser();
  const [unsent, setUnsent] = useState(0);
  const [checking, setChecking] = useState(false);

  const ask = async () => {
    setChecking(true);
    const n = await unsentSlips(user);
    setChecking(false);
    if (n === 0) signOut();
    else setUnsent(n);
  };

  return (
    <>
      {/* Not a user action: signing out must not start a token refresh first (src/session/userActions.ts). */}
      <button
        type="button"
        className="btn btn-ghost"
        data-testid="sign-out"
        data-no-session-action
        aria-busy={checking || undefined}
        disabled={checking}
        onClick={() => void ask()}
      >
        <Trans>Sign out</Trans>
      </button>
      {unsent > 0 && (
        <Suspense fallback={null}>
          <SignOutDialog count={unsent} user={user} onStay={() => setUnsent(0)} onSignOut={signOut} />
        </Suspense>
      )}
    </>
  );
}
