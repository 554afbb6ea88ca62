// Create a betslip from JSON (a form for 14 matches would be heavy): prefilled with a valid example.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { createBetslip, type NewBetslip } from '../../api/admin';
import { exampleBetslip } from './example';

export function CreateBetslip({ run }: { run: (action: () => Promise<string>) => Promise<unknown> }) {
  const { t } = useLingui();
  const [text, setText] = useState(() => JSON.stringify(exampleBetslip(), null, 2));
  const [invalid, setInvalid] = useState(false);
  return (
    <form
      className="admin-card form"
      onSubmit={(e) => {
        e.preventDefault();
        let body: NewBetslip;
        try {
          body = JSON.parse(text) as NewBetslip;
        } catch {
          setInvalid(true);
          return;
        }
        setInvalid(false);
        void run(async () => {
          const { sid } = await createBetslip(body);
          return t`Betslip ${sid} created as a draft.`;
        });
      }}
    >
      <h2>
        <Trans>Create a betslip</Trans>
      </h2>
      <div className="field">
        <label htmlFor="betslip-json">{t`Betslip (JSON: endDate, 14 matches, betslipParams)`}</label>
        <textarea
          id="betslip-json"
          className="admin-json"
          rows={14}
          spellCheck={false}
          value={text}
          aria-invalid={invalid}
          aria-describedby={invalid ? 'betslip-json-error' : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        {invalid && (
          <p className="form-error" id="betslip-json-error" role="alert">
            <Trans>This is not valid JSON.</Trans>
          </p>
        )}
      </div>
      <div className="admin-actions">
        <button type="submit" className="btn btn-gold">
          <Trans>Create</Trans>
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => setText(JSON.stringify(exampleBetslip(), null, 2))}
        >
          <Trans>Reset to the example</Trans>
        </button>
      </div>
    </form>
  );
}
