// A toast for wallet and account results (SPEC.md §4: auto-hide after 5 s; classes warning, failure,
// success). The live region is always in the page so screen readers announce each new message.
import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import './toast.css';

export type ToastKind = 'warning' | 'failure' | 'success';

export interface ToastMessage {
  /** New for every show, so the same text twice restarts the 5 s. */
  id: number;
  kind: ToastKind;
  text: string;
}

export const TOAST_MS = 5000;

/** The current toast, a function to show one and one to hide it. */
export function useToast() {
  const [toast, setToast] = useState<ToastMessage | null>(null);
  const next = useRef(0);
  const show = useCallback((kind: ToastKind, text: string) => {
    next.current += 1;
    setToast({ id: next.current, kind, text });
  }, []);
  const hide = useCallback(() => setToast(null), []);
  return { toast, show, hide };
}

export function Toast({ toast, onHide }: { toast: ToastMessage | null; onHide: () => void }) {
  const { t } = useLingui();
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(onHide, TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onHide]);
  return (
    <div className="toast-slot" role="status" aria-live="polite">
      {toast && (
        <div className={`toast ${toast.kind}`} data-testid="toast" data-kind={toast.kind} key={toast.id}>
          <p>{toast.text}</p>
          <button type="button" className="toast-close" aria-label={t`Close`} onClick={onHide}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
