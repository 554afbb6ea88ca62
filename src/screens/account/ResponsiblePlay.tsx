// Responsible play (docs/CONTRACTS.md "Wallet, subscription and account API"): the weekly spending limit and
// pauses. Lowering a limit or starting a pause applies at once; raising or removing a limit waits 24 hours.
// The server decides; this shows its answer.
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import {
  fetchPlayLimits,
  type PauseDuration,
  type PlayLimits,
  setWeeklyLimit,
  startPause,
} from '../../api/account';
import { serverNow } from '../../api/clock';
import type { ToastKind } from '../../components/Toast';
import { useShake } from '../../hooks/useShake';
import { useServerMessage } from '../../i18n/serverMessages';
import { formatInstant, formatM, parseAmount } from './limits';
import { PAUSE_DURATIONS, usePauseLabel } from './messages';

const PauseDialog = lazy(() => import('./PauseDialog'));

type Load = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; limits: PlayLimits };

export function ResponsiblePlay({ toast }: { toast: (kind: ToastKind, text: string) => void }) {
  const { t } = useLingui();
  const say = useServerMessage();
  const pauseLabel = usePauseLabel();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const { shaking: shakingField, shake: shakeFields } = useShake<'limit'>();
  const shaking = shakingField('limit');
  const shake = () => shakeFields(['limit']);
  const [invalid, setInvalid] = useState(false);
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

  const limitSaid = (l: PlayLimits) => {
    if (l.pendingFrom) {
      const from = formatInstant(l.pendingFrom);
      const limit = l.pendingWeeklyLimit === null ? '' : formatM(l.pendingWeeklyLimit);
      return limit
        ? t`Your new limit of ${limit} applies from ${from}.`
        : t`Your limit will be removed from ${from}.`;
    }
    const limit = l.weeklyLimit === null ? '' : formatM(l.weeklyLimit);
    return limit ? t`Your weekly limit is now ${limit}.` : t`You have no weekly limit.`;
  };

  const saveLimit = async (e: FormEvent) => {
    e.preventDefault();
    const value = parseAmount(amount);
    setInvalid(value === null);
    if (value === null) return shake();
    if (await send(() => setWeeklyLimit(value), limitSaid)) setAmount('');
  };

  const confirmPause = async (duration: PauseDuration) => {
    setAsking(null);
    await send(
      () => startPause(duration),
      (l) => {
        const until = l.pausedUntil ? formatInstant(l.pausedUntil) : '';
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
      {load.kind === 'ready' && <Limits limits={load.limits} />}
      {load.kind === 'ready' && (
        <>
          <form className="form limit-form" onSubmit={saveLimit} noValidate>
            <div className="field">
              <label htmlFor="rp-amount">
                <Trans>Weekly spending limit</Trans>
              </label>
              <div className={`amount-input${shaking ? ' shake' : ''}`}>
                <span aria-hidden="true">M</span>
                <input
                  id="rp-amount"
                  inputMode="decimal"
                  autoComplete="off"
                  aria-describedby="rp-explain"
                  aria-invalid={invalid || undefined}
                  value={amount}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setInvalid(false);
                  }}
                />
              </div>
              <p id="rp-explain" className="hint">
                <Trans>
                  Lowering your limit is immediate; raising or removing it takes effect after 24 hours.
                </Trans>
              </p>
            </div>
            <div className="form-row">
              <button type="submit" className="btn btn-gold" disabled={busy}>
                <Trans>Save limit</Trans>
              </button>
              {load.limits.weeklyLimit !== null && (
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={busy}
                  onClick={() => send(() => setWeeklyLimit(null), limitSaid)}
                >
                  <Trans>Remove limit</Trans>
                </button>
              )}
            </div>
          </form>
          <h3 id="rp-pause-title">
            <Trans>Take a break</Trans>
          </h3>
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

/** What applies now and what is waiting. */
function Limits({ limits }: { limits: PlayLimits }) {
  const { t } = useLingui();
  const until =
    limits.pausedUntil && new Date(limits.pausedUntil).getTime() > serverNow()
      ? formatInstant(limits.pausedUntil)
      : '';
  const from = limits.pendingFrom ? formatInstant(limits.pendingFrom) : '';
  const limit = limits.pendingWeeklyLimit === null ? '' : formatM(limits.pendingWeeklyLimit);
  return (
    <>
      <dl className="account-list">
        <div>
          <dt>{t`Weekly limit`}</dt>
          <dd data-testid="weekly-limit">
            {limits.weeklyLimit === null ? t`No limit` : formatM(limits.weeklyLimit)}
          </dd>
        </div>
        <div>
          <dt>{t`Spent this week`}</dt>
          <dd data-testid="spent-this-week">{formatM(limits.spentThisWeek)}</dd>
        </div>
        <div>
          <dt>{t`Break`}</dt>
          <dd data-testid="pause-status">{until ? t`Until ${until}` : t`None`}</dd>
        </div>
      </dl>
      {from && (
        <p className="pending-note" data-testid="pending-limit">
          {limit
            ? t`Your new limit of ${limit} applies from ${from}.`
            : t`Your limit will be removed from ${from}.`}
        </p>
      )}
    </>
  );
}
