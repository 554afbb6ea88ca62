// The default prize table (what the banner shows when a round has no table of its own; a round copies it
// when published, so a change shows from the next round on). Checked as the server checks it.
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { digitsOfM } from '../../../machines/rules/money';
import { PRIZE_TIERS } from '../../../machines/rules/prizeTiers';
import { fetchDefaultPrizes, saveDefaultPrizes } from '../../api/marketing';
import { useServerMessage } from '../../i18n/serverMessages';
import type { Notice } from '../admin/OperatorNotice';
import { badTiers, fieldsOf, type PrizeFields, prizesOf } from './prizeForm';

export function PrizeTableForm({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const { t } = useLingui();
  const say = useServerMessage();
  const [fields, setFields] = useState<PrizeFields | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchDefaultPrizes().then(
      (prizes) => setFields(fieldsOf(prizes)),
      (err) => setLoadError(messageKeyOf(err)),
    );
  }, []);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!fields) return;
    const checked = prizesOf(fields);
    if (!checked.ok) {
      setProblem(
        checked.problem === 'empty'
          ? t`Give at least one tier an amount.`
          : t`Each amount is in maloti, from 0 to 100,000,000, with at most two decimals.`,
      );
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const saved = await saveDefaultPrizes(checked.prizes);
      setFields(fieldsOf(saved));
      const jackpot = saved.find((p) => p.prizeType === 14);
      onNotice({
        kind: 'ok',
        text: jackpot
          ? t`The prize table was saved (14 right: M ${digitsOfM(jackpot.amount)}). It shows from the next round on.`
          : t`The prize table was saved. It shows from the next round on.`,
      });
    } catch (err) {
      onNotice({ kind: 'error', text: say(messageKeyOf(err)) });
    } finally {
      setBusy(false);
    }
  };

  const bad = fields ? badTiers(fields) : [];
  return (
    <section className="admin-card" aria-labelledby="mk-prizes">
      <h2 id="mk-prizes">
        <Trans>Default prize table</Trans>
      </h2>
      <p className="hint">
        <Trans>
          Amounts in maloti. A round copies this table when it is published; rounds already open keep theirs.
          Leave a tier empty to leave it out.
        </Trans>
      </p>
      {loadError && (
        <p className="admin-notice admin-notice-error" role="alert">
          {say(loadError)}
        </p>
      )}
      {fields && (
        <form className="form mk-prizes" onSubmit={(e) => void save(e)} noValidate>
          {PRIZE_TIERS.map((tier) => (
            <div className="field" key={tier}>
              <label htmlFor={`mk-prize-${tier}`}>{t`${tier} right (M)`}</label>
              <input
                id={`mk-prize-${tier}`}
                inputMode="decimal"
                value={fields[tier]}
                aria-invalid={bad.includes(tier) ? true : undefined}
                onChange={(e) => setFields((f) => (f ? { ...f, [tier]: e.target.value } : f))}
              />
            </div>
          ))}
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          <button type="submit" className="btn btn-gold" disabled={busy}>
            <Trans>Save prize table</Trans>
          </button>
        </form>
      )}
    </section>
  );
}
