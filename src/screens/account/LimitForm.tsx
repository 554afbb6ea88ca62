// One weekly limit (stake or deposit) on the Account page: what applies now, what was used this week, a raise
// waiting for its 24 hours, and the form to change it. Both limits follow the same server rule (lower at
// once, raise or remove after 24 hours), so they share this form and differ only by texts and the call.
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { showInstant } from '../../../machines/rules/maseruTime';
import { formatM } from '../../../machines/rules/money';
import { useShake } from '../../hooks/useShake';
import { parseAmount } from './limits';

/** The limit's state as the play-limits view gives it (M, ISO). */
export interface LimitState {
  limit: number | null;
  pendingLimit: number | null;
  pendingFrom: string | null;
  used: number;
}

export interface LimitTexts {
  /** Heading of the group, e.g. "Spending limit". */
  title: string;
  /** Field label, e.g. "Weekly spending limit". */
  field: string;
  /** Row label of the limit now, e.g. "Weekly limit". */
  current: string;
  /** Row label of what was used, e.g. "Spent this week". */
  used: string;
}

interface Props {
  /** Prefix of element ids and test ids, e.g. 'rp' / 'dl'. */
  id: string;
  testIds: { limit: string; used: string; pending: string };
  texts: LimitTexts;
  state: LimitState;
  busy: boolean;
  /** Sends the new limit (null removes it); true when the server took it. */
  save: (limit: number | null) => Promise<boolean>;
}

/** The toast after a change, from the answer: either it applies now or it waits. */
export function useLimitSaid(): (s: LimitState) => string {
  const { t } = useLingui();
  return (s) => {
    if (s.pendingFrom) {
      const from = showInstant(s.pendingFrom);
      const limit = s.pendingLimit === null ? '' : formatM(s.pendingLimit);
      return limit
        ? t`Your new limit of ${limit} applies from ${from}.`
        : t`Your limit will be removed from ${from}.`;
    }
    const limit = s.limit === null ? '' : formatM(s.limit);
    return limit ? t`Your weekly limit is now ${limit}.` : t`You have no weekly limit.`;
  };
}

export function LimitForm({ id, testIds, texts, state, busy, save }: Props) {
  const { t } = useLingui();
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { shaking, shake } = useShake<'limit'>();
  const from = state.pendingFrom ? showInstant(state.pendingFrom) : '';
  const limit = state.pendingLimit === null ? '' : formatM(state.pendingLimit);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = parseAmount(amount);
    setInvalid(value === null);
    if (value === null) return shake(['limit']);
    if (await save(value)) setAmount('');
  };

  return (
    <section aria-labelledby={`${id}-title`} className="limit-group">
      <h3 id={`${id}-title`}>{texts.title}</h3>
      <dl className="account-list">
        <div>
          <dt>{texts.current}</dt>
          <dd data-testid={testIds.limit}>{state.limit === null ? t`No limit` : formatM(state.limit)}</dd>
        </div>
        <div>
          <dt>{texts.used}</dt>
          <dd data-testid={testIds.used}>{formatM(state.used)}</dd>
        </div>
      </dl>
      {from && (
        <p className="pending-note" data-testid={testIds.pending}>
          {limit
            ? t`Your new limit of ${limit} applies from ${from}.`
            : t`Your limit will be removed from ${from}.`}
        </p>
      )}
      <form className="form limit-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-amount`}>{texts.field}</label>
          <div className={`amount-input${shaking('limit') ? ' shake' : ''}`}>
            <span aria-hidden="true">M</span>
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              aria-describedby={invalid ? `${id}-error ${id}-explain` : `${id}-explain`}
              aria-invalid={invalid || undefined}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setInvalid(false);
              }}
            />
          </div>
          {invalid && (
            <p id={`${id}-error`} className="field-error" role="alert">
              <Trans>Enter an amount in maloti, like 150 or 150.50.</Trans>
            </p>
          )}
          <p id={`${id}-explain`} className="hint">
            <Trans>
              Lowering your limit is immediate; raising or removing it takes effect after 24 hours.
            </Trans>
          </p>
        </div>
        <div className="form-row">
          <button type="submit" className="btn btn-gold" disabled={busy}>
            <Trans>Save limit</Trans>
          </button>
          {state.limit !== null && (
            <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => save(null)}>
              <Trans>Remove limit</Trans>
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
