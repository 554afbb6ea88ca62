// "Send by SMS" for queued slips whose round closes within the hour (lazy: only then is it loaded).
// The link opens the phone's SMS app with a command that carries the slip and its key's short code;
// if both that SMS and the queued request arrive, the server pays the slip once, and the queue shows
// the outcome as for any other slip.

import { Trans, useLingui } from '@lingui/react/macro';
import { smsFallbackCommand } from '../../machines/rules/channelPicks';
import { config } from '../config';
import type { QueuedSubmission } from './queueFormat';

export default function SmsFallback({ entries }: { entries: QueuedSubmission[] }) {
  const { i18n } = useLingui();
  const lang = i18n.locale === 'en' ? 'en' : 'st';
  return (
    <>
      {entries.map((e) => {
        const command = smsFallbackCommand(lang, e.payload.positionAndPredictionDtos, e.key);
        return (
          <div key={e.key} className="queue-sms" data-testid="sms-fallback">
            <p>
              <Trans>
                The round closes soon and this slip has not reached us yet. You can send it by SMS: it is paid
                from your wallet, and only once even if the app sends it too.
              </Trans>
            </p>
            <a className="btn btn-gold" href={`sms:${config.smsNumber}?body=${encodeURIComponent(command)}`}>
              <Trans>Send by SMS</Trans>
            </a>
            <p className="queue-sms-command">
              <Trans>
                Or text <code>{command}</code> to {config.smsNumber}.
              </Trans>
            </p>
          </div>
        );
      })}
    </>
  );
}
