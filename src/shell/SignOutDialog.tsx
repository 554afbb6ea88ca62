// Sign out with slips still in the offline queue: signing out deletes them from the phone (a shared
// phone keeps nothing of its last subscriber), so say how many and offer to send them first.
import { Plural, Trans } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import '../components/dialog.css';
import { unsentSlips } from './signOutQueue';

/** Sends them now (one replay pass); what is still unsent after, or 'offline' with no network to try. */
async function sendUnsentSlips(user: string | null): Promise<number | 'offline'> {
  if (navigator.onLine === false) return 'offline';
  const { replayNow } = await import('../offline/pageQueue');
  // null: the browser went offline meanwhile, nothing was tried.
  if ((await replayNow(true)) === null) return 'offline';
  return unsentSlips(user);
}

type Note = 'sending' | 'offline' | 'notSent' | null;

export default function SignOutDialog({
  count: initialCount,
  user,
  onStay,
  onSignOut,
}: {
  /** This subscriber's unsent slips when Sign out was tapped (at least 1). */
  count: number;
  user: string | null;
  onStay: () => void;
  onSignOut: () => void;
}) {
  const [count, setCount] = useState(initialCount);
  const [note, setNote] = useState<Note>(null);

  const sendFirst = async () => {
    setNote('sending');
    const left = await sendUnsentSlips(user);
    if (left === 'offline') {
      setNote('offline');
    } else if (left === 0) {
      // Each has its answer (accepted, or refused with a reason): nothing is lost, sign out as asked.
      onSignOut();
    } else {
      setCount(left);
      setNote('notSent');
    }
  };

  return (
    <Dialog.Root open onOpenChange={(o) => !o && onStay()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog" data-testid="sign-out-dialog">
          <Dialog.Title>
            <Trans>Sign out and delete your unsent slips?</Trans>
          </Dialog.Title>
          <Dialog.Description data-testid="sign-out-unsent">
            <Plural
              value={count}
              one="# slip saved on this phone has not been sent yet. Signing out deletes it: it will not be played."
              other="# slips saved on this phone have not been sent yet. Signing out deletes them: they will not be played."
            />
          </Dialog.Description>
          {note === 'sending' && (
            <p role="status">
              <Trans>Sending…</Trans>
            </p>
          )}
          {note === 'offline' && (
            <p role="alert" data-testid="sign-out-offline">
              <Trans>Sending needs a network. Connect to the internet and try again.</Trans>
            </p>
          )}
          {note === 'notSent' && (
            <p role="alert" data-testid="sign-out-not-sent">
              <Trans>The server did not answer in time. Try again in a moment.</Trans>
            </p>
          )}
          <div className="dialog-actions">
            <button
              type="button"
              className="btn btn-gold"
              disabled={note === 'sending'}
              onClick={() => void sendFirst()}
            >
              <Plural value={count} one="Send it first" other="Send them first" />
            </button>
            <button type="button" className="btn btn-ghost" onClick={onSignOut}>
              <Trans>Sign out and delete</Trans>
            </button>
            <Dialog.Close asChild>
              <button type="button" className="btn btn-ghost">
                <Trans>Stay signed in</Trans>
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
