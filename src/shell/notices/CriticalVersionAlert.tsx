// The critical version alert (the shell's second modal), with a static backdrop (a click outside
// or Escape does not close it), the server's message, a link to the new version and a dismiss button.

import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import type { NewestVersion } from '../../../machines/rules/version';

/** Only web links or in-app paths: a javascript: URL from a misconfigured server must not run. */
const safeLink = (link: string) => (/^(https?:\/\/|\/)/i.test(link) ? link : '/');

export default function CriticalVersionAlert({
  info,
  onDismiss,
}: {
  info: NewestVersion;
  onDismiss: () => void;
}) {
  const { t } = useLingui();
  const link = safeLink(info.link);
  const external = /^https?:/i.test(link);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onDismiss()}>
      <Dialog.Portal>
        <Dialog.Overlay className="version-overlay" />
        <Dialog.Content
          className="version-dialog"
          onPointerDownOutside={(e) => e.preventDefault()}
          onInteractOutside={(e) => e.preventDefault()}
          onEscapeKeyDown={(e) => e.preventDefault()}
        >
          <Dialog.Title className="version-dialog-title">
            <Trans>Update Jackpot 14</Trans>
          </Dialog.Title>
          <Dialog.Description>
            {info.displayMessage ||
              t`A new version of Jackpot 14 (${info.version}) is available. Please update to keep playing.`}
          </Dialog.Description>
          <div className="version-dialog-actions">
            <a
              className="btn btn-gold"
              href={link}
              {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              <Trans>Get the new version</Trans>
            </a>
            <Dialog.Close asChild>
              <button type="button" className="btn btn-ghost">
                <Trans>Dismiss</Trans>
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
