// The phone-number field of sign-in and registration: a required tel input with a hint under it.
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';

export function PhoneField({
  id,
  autoComplete,
  value,
  onValue,
  hint,
}: {
  id: string;
  /** Also the input's name: what the browser and password managers fill in. */
  autoComplete: 'username' | 'tel';
  value: string;
  onValue: (value: string) => void;
  hint: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="field">
      <label htmlFor={id}>{t`Phone number`}</label>
      <input
        id={id}
        name={autoComplete}
        type="tel"
        inputMode="tel"
        autoComplete={autoComplete}
        aria-describedby={`${id}-hint`}
        required
        value={value}
        onChange={(e) => onValue(e.target.value)}
      />
      <p id={`${id}-hint`} className="hint">
        {hint}
      </p>
    </div>
  );
}
