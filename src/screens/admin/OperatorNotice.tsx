import { Trans } from '@lingui/react/macro';

// The status line of the operators' screens (admin, support, marketing): the last action's outcome,
// announced politely when it went well and at once when it failed.

export type Notice = { kind: 'ok' | 'error'; text: string } | null;

export function OperatorNotice({ notice, sticky = false }: { notice: Notice; sticky?: boolean }) {
  if (!notice) return null;
  return (
    <p
      className={`admin-notice admin-notice-${notice.kind}${sticky ? ' admin-notice-sticky' : ''}`}
      role={notice.kind === 'error' ? 'alert' : 'status'}
    >
      {notice.text}
    </p>
  );
}

/** A list that could not be read: what went wrong (translated by the caller) and Try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="admin-notice admin-notice-error" role="alert">
      <p>{message}</p>
      <button type="button" className="btn btn-gold" onClick={onRetry}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
