// The group is open: its code (6 digits, for any keypad or USSD) and its link, shared with the phone's
// share sheet when there is one, else copied.
import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { GroupCreated } from '../../api/groups';

export const groupLink = (origin: string, code: string): string => `${origin}/g/${code}`;

export function GroupCreatedView({ group, onClose }: { group: GroupCreated; onClose: () => void }) {
  const { t } = useLingui();
  const [shared, setShared] = useState<'idle' | 'copied' | 'failed'>('idle');
  const url = groupLink(location.origin, group.code);
  const { code } = group;

  async function share() {
    try {
      if (navigator.share) {
        await navigator.share({ title: t`Join my Jackpot 14 group`, text: t`Group code ${code}`, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setShared('copied');
    } catch (error) {
      if ((error as DOMException)?.name !== 'AbortError') setShared('failed');
    }
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog group-dialog" data-testid="group-created">
          <Dialog.Title>{t`Your group is open`}</Dialog.Title>
          <Dialog.Description>
            {t`Share the code or the link. Members can also join by USSD (Group play) or SMS: GROUP ${code}.`}
          </Dialog.Description>
          <p>
            {t`Code`}{' '}
            <strong className="group-code" data-testid="group-code">
              {code}
            </strong>
          </p>
          <p className="group-link">
            <code data-testid="group-link">{url}</code>
          </p>
          {shared === 'copied' && (
            <p role="status">
              <Trans>Link copied.</Trans>
            </p>
          )}
          {shared === 'failed' && (
            <p role="status">
              <Trans>Could not share from this device. Copy the link above.</Trans>
            </p>
          )}
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={() => void share()}>
              <Trans>Share or copy</Trans>
            </button>
            <Link to="/g/$code" params={{ code }} className="btn btn-gold" onClick={onClose}>
              <Trans>Open the group page</Trans>
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
