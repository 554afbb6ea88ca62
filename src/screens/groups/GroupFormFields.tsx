// The captain's fields: name, shares, their own shares, the unsold rule in words, and the price preview.
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { MAX_GROUP_NAME, MAX_GROUP_SHARES } from '../../../machines/rules/groupShares';
import { digitsOfCents } from '../../../machines/rules/money';
import type { UnsoldRule } from '../../api/groups';
import { DigitsField } from '../../components/DigitsField';
import type { useGroupForm } from './useGroupForm';
import { UNSOLD_WORDS } from './words';

const RULES: readonly UnsoldRule[] = ['CANCEL', 'CAPTAIN_COVERS'];

export function GroupFormFields({
  form,
  slipCents,
  disabled,
}: {
  form: ReturnType<typeof useGroupForm>;
  slipCents: number;
  disabled: boolean;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const wrong = form.shown;
  const slip = digitsOfCents(slipCents);
  const max = MAX_GROUP_SHARES;
  const longest = MAX_GROUP_NAME;
  const most = Number(form.shares) || max;
  const share = form.priced ? digitsOfCents(form.priced.shareCents) : '';
  const left = form.priced ? digitsOfCents(form.priced.remainderCents) : '';
  const pays = form.captainPays === null ? '' : digitsOfCents(form.captainPays);
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t`Group name`}</label>
        <input
          id={`${id}-name`}
          type="text"
          autoComplete="off"
          maxLength={MAX_GROUP_NAME}
          disabled={disabled}
          aria-invalid={wrong === 'NAME' || undefined}
          aria-describedby={wrong === 'NAME' ? `${id}-name-error` : undefined}
          value={form.name}
          onChange={(e) => form.setName(e.target.value)}
        />
        {wrong === 'NAME' && (
          <p id={`${id}-name-error`} className="field-error">
            {t`Give the group a name (up to ${longest} letters).`}
          </p>
        )}
      </div>
      <DigitsField
        id={`${id}-shares`}
        label={t`Number of shares`}
        hint={
          wrong === 'TOO_CHEAP'
            ? t`Too many shares for a slip of M ${slip}: a share must cost at least M 0.01.`
            : t`From 2 to ${max}. The slip costs M ${slip}.`
        }
        invalid={wrong === 'SHARES' || wrong === 'TOO_CHEAP'}
        maxLength={3}
        disabled={disabled}
        value={form.shares}
        onValue={form.setShares}
      />
      <DigitsField
        id={`${id}-captain`}
        label={t`Your shares`}
        hint={t`At least 1, at most ${most}: you buy them now.`}
        invalid={wrong === 'CAPTAIN_SHARES'}
        maxLength={3}
        disabled={disabled}
        value={form.captainShares}
        onValue={form.setCaptainShares}
      />
      <fieldset className="group-unsold" disabled={disabled}>
        <legend>{t`If not every share is sold by the close`}</legend>
        {RULES.map((rule) => (
          <label key={rule} className="check">
            <input
              type="radio"
              name={`${id}-unsold`}
              value={rule}
              checked={form.unsold === rule}
              onChange={() => form.setUnsold(rule)}
              aria-describedby={`${id}-${rule}`}
            />
            <span>
              <strong>{i18n._(UNSOLD_WORDS[rule].name)}</strong>{' '}
              <span id={`${id}-${rule}`} className="hint">
                {i18n._(UNSOLD_WORDS[rule].explained)}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      {form.priced && form.priced.shareCents > 0 && (
        <p className="group-preview" role="status" data-testid="group-preview">
          {form.priced.remainderCents > 0 ? (
            <Trans>
              Each share costs M {share}. You pay M {pays} now: your first share also pays the M {left} that
              rounding down leaves.
            </Trans>
          ) : (
            <Trans>
              Each share costs M {share}. You pay M {pays} now.
            </Trans>
          )}
        </p>
      )}
    </>
  );
}
