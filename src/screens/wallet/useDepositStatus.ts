// Follows a deposit until the provider's answer: GET deposits/:depositId every few seconds while it is
// PENDING (the subscriber is confirming on their phone), then stops. A failed poll is retried at the
// next tick: the deposit's fate is on the server, a lost answer changes nothing.
import { useEffect, useState } from 'react';
import { type DepositStatus, fetchDeposit } from '../../api/wallet';

export const DEPOSIT_POLL_MS = 2000;

export interface FollowedDeposit {
  depositId: string;
  reference: string;
  amount: number;
  status: DepositStatus;
  /** Why it did not go through (PAYMENT.<reason> is its message key); null otherwise. */
  failureReason?: string | null;
  providerCode?: string | null;
}

export function useDepositStatus(
  started: FollowedDeposit | null,
  onFinal: (deposit: FollowedDeposit) => void,
): FollowedDeposit | null {
  const [current, setCurrent] = useState(started);
  useEffect(() => setCurrent(started), [started]);
  const id = current?.status === 'PENDING' ? current.depositId : null;
  useEffect(() => {
    if (!id) return;
    const controller = new AbortController();
    const timer = setInterval(async () => {
      try {
        const view = await fetchDeposit(id, controller.signal);
        if (view.status === 'PENDING') return;
        const { status, failureReason, providerCode } = view;
        setCurrent((prev) =>
          prev && prev.depositId === id ? { ...prev, status, failureReason, providerCode } : prev,
        );
        onFinal({ ...view });
      } catch {
        // Next tick.
      }
    }, DEPOSIT_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [id, onFinal]);
  return current;
}
