// Responsible play (docs/CONTRACTS.md "Wallet, subscription and account API"): the weekly spending limit, the
// weekly deposit limit and pauses. Lowering a limit or starting a pause applies at once; raising or removing a limit waits 24 hours.
// The server decides; this shows its answer.
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { showInstant } from '../../../machines/rules/maseruTime';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import {
  fetchPlayLimits,
  type PauseDuration,
  type PlayLimits,
  setWeeklyDepositLimit,
  setWeeklyLimit,
  startPause,
} from '../../api/account';
import { serverNow } from '../../api/clock';
import type { ToastKind } from '../../components/Toast';
import { useServerMessage } from '../../i18n/serverMessages';
import { LimitForm, type LimitState, useLimitSaid } from './LimitForm';
import { PAUSE_DURATIONS, usePauseLabel } from './messages';

const PauseDialog = lazy(() => import('./PauseDialog'));

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; limits: PlayLimits };

export function ResponsiblePlay({ toast }: { toast: (kind: ToastKind, text: string) => void }) {
  const { t } = useLingui();
  const say = useServerMessage();
  const pauseLabel = usePauseLabel();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<PauseDuration | null>(null);

  const reload = useCallback((signal?: AbortSignal) => {
    setLoad({ kind: 'loading' });
    fetchPlayLimits(signal).then(
      (limits) => setLoad({ kind: 'ready', limits }),
      () => !signal?.aborted && setLoad({ kind: 'error' }),
    );
  }, []);
  useEffect(() => {
    const ctrl = new AbortController();
    reload(ctrl.signal);
    return () => ctrl.abort();
  }, [reload]);

  /** Sends a change; on success shows the new state and says what happened. */
  const send = async (call: () => Promise<PlayLimits>, said: (l: PlayLimits) => string) => {
    setBusy(true);
    try {
      const limits = await call();
      setLoad({ kind: 'ready', limits });
      toast('success', said(limits));
      return true;
    } catch (err) {
      toast('failure', say(messageKeyOf(err)));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const said = useLimitSaid();
  const saveStake = (limit: number | null) =>
    send(
      () => setWeeklyLimit(limit),
      (l) => said(stakeOf(l)),
    );
  const saveDeposit = (limit: number | null) =>
    send(
      () => setWeeklyDepositLimit(limit),
      (l) => said(depositOf(l)),
    );

  const confirmPause = async (duration: PauseDuration) => {
    setAsking(null);
    await send(
      () => startPause(duration),
      (l) => {
        const until = l.pausedUntil ? showInstant(l.pausedUntil) : '';
        return t`Your break has started. You can play again after ${until}.`;
      },
    );
  };

  return (
    <section className="account-card" aria-labelledby="rp-title" aria-busy={load.kind === 'loading'}>
      <h2 id="rp-title">
        <Trans>Responsible play</Trans>
      </h2>
      {load.kind === 'loading' && (
        <p role="status">
          <Trans>Loading your limits…</Trans>
        </p>
      )}
      {load.kind === 'error' && (
        <div>
          <p>
            <Trans>Your limits cannot be shown right now.</Trans>
          </p>
          <button type="button" className="btn btn-ghost" onClick={() => reload()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {load.kind === 'ready' && (
        <>
          <LimitForm
            id="sl"
            testIds={{ limit: 'weekly-limit', used: 'spent-this-week', pending: 'pending-limit' }}
            texts={{
              title: t`Spending limit`,
              field: t`Weekly spending limit`,
              current: t`Weekly limit`,
              used: t`Spent this week`,
            }}
            state={stakeOf(load.limits)}
            busy={busy}
            save={saveStake}
          />
          <LimitForm
            id="dl"
            testIds={{
              limit: 'deposit-limit',
              used: 'deposited-this-week',
              pending: 'pending-deposit-limit',
            }}
            texts={{
              title: t`Deposit limit`,
              field: t`Weekly deposit limit`,
              current: t`Weekly limit`,
              used: t`Deposited this week`,
            }}
            state={depositOf(load.limits)}
            busy={busy}
            save={saveDeposit}
          />
          <h3 id="rp-pause-title">
            <Trans>Take a break</Trans>
          </h3>
          <PauseStatus limits={load.limits} />
          <p className="hint">
            <Trans>During a break you cannot play. It starts at once and cannot be shortened.</Trans>
          </p>
          <div className="pause-row">
            {PAUSE_DURATIONS.map((d) => (
              <button
                key={d}
                type="button"
                className="btn btn-ghost"
                disabled={busy}
                onClick={() => setAsking(d)}
              >
                {pauseLabel(d)}
              </button>
            ))}
          </div>
        </>
      )}
      {asking !== null && (
        <Suspense fallback={null}>
          <PauseDialog duration={asking} onCancel={() => setAsking(null)} onConfirm={confirmPause} />
        </Suspense>
      )}
    </section>
  );
}

const stakeOf = (l: PlayLimits): LimitState => ({
  limit: l.weeklyLimit,
  pendingLimit: l.pendingWeeklyLimit,
  pendingFrom: l.pendingFrom,
  used: l.spentThisWeek,
});

const depositOf = (l: PlayLimits): LimitState => ({
  limit: l.weeklyDepositLimit ?? null,
  pendingLimit: l.pendingWeeklyDepositLimit ?? null,
  pendingFrom: l.depositPendingFrom ?? null,
  used: l.depositedThisWeek ?? 0,
});

/** The break, if one is running. */
function PauseStatus({ limits }: { limits: PlayLimits }) {
  const { t } = useLingui();
  const until =
    limits.pausedUntil && new Date(limits.pausedUntil).getTime() > serverNow()
      ? showInstant(limits.pausedUntil)
      : '';
  return (
    <dl className="account-list">
      <div>
        <dt>{t`Break`}</dt>
        <dd data-testid="pause-status">{until ? t`Until ${until}` : t`None`}</dd>
      </div>
    </dl>
  );
}
