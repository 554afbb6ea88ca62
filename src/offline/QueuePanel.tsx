// The offline queue on the Play screen: how many slips wait for the network, and what became of the
// ones sent since (accepted, or refused with the server's reason) until the subscriber dismisses them.
// It also gives the service worker its notification texts in the subscriber's language.
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, useLingui } from '@lingui/react/macro';
import { Suspense, useEffect, useState } from 'react';
import { offersSmsFallback } from '../../machines/rules/channelPicks';
import { translateServerMessage } from '../i18n/serverMessages';
import { lazyChunk } from '../lib/lazyChunk';
import { useSessionUser } from '../session/hooks';
import { idbQueueStore } from '../storage/offlineQueue';
import { dismissOutcome, onQueueChange, queueState } from './pageQueue';
import type { NotificationTexts, QueuedSubmission, QueueOutcome } from './queueFormat';
import './queue.css';

const SmsFallback = lazyChunk(() => import('./SmsFallback'));

/** How often the panel looks again whether a queued slip's round now closes within the hour. */
const FALLBACK_CHECK_MS = 30_000;

const OUTCOME_BODIES = {
  'SUBMISSION.ACCEPTED': msg`Your saved betslip has been accepted. Good luck!`,
  'BETSLIP.CLOSED': msg`The betslip closed before your saved slip could be sent.`,
};
const ACCEPTED_TITLE = msg`Saved betslip sent`;
const REFUSED_TITLE = msg`Saved betslip not accepted`;

/** The play screen's words for server message keys (passed in: this chunk must not pull in the screen). */
type Messages = Record<string, MessageDescriptor>;

/** Words for an outcome's message key. */
function outcomeBody(i18n: I18n, messages: Messages, key: string): string {
  const d = OUTCOME_BODIES[key as keyof typeof OUTCOME_BODIES] ?? messages[key];
  return d ? i18n._(d) : translateServerMessage(i18n, key);
}

/** The notification texts the service worker uses when no page is open. */
function notificationTexts(i18n: I18n, messages: Messages): NotificationTexts {
  const keys = [...new Set([...Object.keys(OUTCOME_BODIES), ...Object.keys(messages)])];
  return {
    acceptedTitle: i18n._(ACCEPTED_TITLE),
    refusedTitle: i18n._(REFUSED_TITLE),
    bodies: {
      ...Object.fromEntries(keys.map((k) => [k, outcomeBody(i18n, messages, k)])),
      default: translateServerMessage(i18n, null),
    },
  };
}

export default function QueuePanel({ messages }: { messages: Messages }) {
  const { i18n, t } = useLingui();
  const user = useSessionUser();
  const [queued, setQueued] = useState<QueuedSubmission[]>([]);
  const [outcomes, setOutcomes] = useState<QueueOutcome[]>([]);

  useEffect(() => {
    let live = true;
    const load = () =>
      queueState(user).then(
        (s) => {
          if (!live) return;
          setQueued(s.queued);
          setOutcomes(s.outcomes);
        },
        () => undefined, // storage unavailable: nothing can be queued either
      );
    void load();
    const off = onQueueChange(() => void load());
    return () => {
      live = false;
      off();
    };
  }, [user]);

  // Again whenever the language changes (i18n.locale in the dependencies).
  useEffect(() => {
    idbQueueStore.setTexts(notificationTexts(i18n, messages)).catch(() => undefined);
  }, [i18n, i18n.locale, messages]);

  const [now, setNow] = useState(() => Date.now());
  const waiting = queued.length > 0;
  useEffect(() => {
    if (!waiting) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), FALLBACK_CHECK_MS);
    return () => clearInterval(timer);
  }, [waiting]);

  const count = queued.length;
  if (!count && !outcomes.length) return null;
  // The SMS channel plays every combination of the picks: a reduced system's slip is not offered by SMS,
  // where it would cost the full system's price.
  const closingSoon = queued.filter((e) => !e.payload.systemId && offersSmsFallback(e.endsAt, now));
  return (
    <div className="queue-panel">
      {count > 0 && (
        <p className="queue-waiting" role="status">
          <Plural
            value={count}
            one="# slip is saved and waits for the network. It will be sent by itself."
            other="# slips are saved and wait for the network. They will be sent by themselves."
          />
        </p>
      )}
      {closingSoon.length > 0 && (
        <Suspense fallback={null}>
          <SmsFallback entries={closingSoon} />
        </Suspense>
      )}
      {outcomes.map((o) => (
        <div key={o.key} className={`queue-outcome queue-${o.kind}`} role="alert">
          <p>
            <strong>{o.kind === 'accepted' ? i18n._(ACCEPTED_TITLE) : i18n._(REFUSED_TITLE)}</strong>{' '}
            {outcomeBody(i18n, messages, o.messageKey)}
          </p>
          <button
            type="button"
            className="queue-dismiss"
            aria-label={t`Dismiss`}
            onClick={() => void dismissOutcome(o.key)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
