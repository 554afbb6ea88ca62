// "Join a group": the 6-digit code a captain shared, typed on any keypad, opens its page (/g/<code>).
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';

export function JoinByCode() {
  const { t } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setInvalid(true);
    void navigate({ to: '/g/$code', params: { code } });
  };

  return (
    <form className="form" noValidate onSubmit={submit} aria-label={t`Join a group`}>
      <div className="field">
        <label htmlFor={`${id}-code`}>{t`Group code`}</label>
        <input
          id={`${id}-code`}
          type="text"
          inputMode="numeric"
          pattern="[0-9]{6}"
          maxLength={6}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-code-hint`}
          value={code}
          onChange={(e) => {
            setCode(e.target.value.replace(/\D/g, '').slice(0, 6));
            setInvalid(false);
          }}
        />
        <p id={`${id}-code-hint`} className={invalid ? 'field-error' : 'hint'}>
          {t`The 6 digits the group's captain shared.`}
        </p>
      </div>
      <button type="submit" className="btn btn-gold btn-block">
        {t`Find the group`}
      </button>
    </form>
  );
}
