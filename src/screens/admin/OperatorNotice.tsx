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
