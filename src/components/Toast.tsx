// A toast (on wallet and account, auto-hides after 5 s): a header line and an optional
// message, success / warning / failure colours, and a close button. Failures are announced at once.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import './toast.css';

/** Wallet and account toasts hide by themselves after this long. */
export const TOAST_MS = 5000;

export type ToastKind = 'success' | 'warning' | 'failure';

export interface ToastMessage {
  kind: ToastKind;
  title: string;
  text?: string;
  /** A new id restarts the timer, even for the same words. */
  id: number;
}

/** The current toast, a function to show one (a new id each time) and one to hide it. */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const next = useRef(0);
  const show = useCallback((kind: ToastKind, title: string, text?: string) => {
    next.current += 1;
    setToast({ id: next.current, kind, title, text });
  }, []);
  const hide = useCallback(() => setToast(null), []);
  return { toast, show, hide };
}

export function Toast({
  toast,
  onClose,
  delayMs = TOAST_MS,
}: {
  toast: ToastMessage | null;
  onClose: () => void;
  delayMs?: number;
}) {
  const { t } = useLingui();
  const id = toast?.id;
  useEffect(() => {
    if (id === undefined) return;
    const timer = setTimeout(onClose, delayMs);
    return () => clearTimeout(timer);
  }, [id, delayMs, onClose]);
  if (!toast) return null;
  return (
    <div
      className={`toast toast-${toast.kind}`}
      role={toast.kind === 'failure' ? 'alert' : 'status'}
      data-testid="toast"
      data-kind={toast.kind}
    >
      <div className="toast-content">
        <p className="toast-title">{toast.title}</p>
        {toast.text && <p className="toast-text">{toast.text}</p>}
      </div>
      <button type="button" className="toast-close" aria-label={t`Close`} onClick={onClose}>
        ×
      </button>
    </div>
  );
}
