// "Join a group": the 6-digit code a captain shared, typed on any keypad, opens its page (/g/<code>).
import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { DigitsField } from '../../components/DigitsField';

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
      <DigitsField
        id={`${id}-code`}
        label={t`Group code`}
        hint={t`The 6 digits the group's captain shared.`}
        invalid={invalid}
        pattern="[0-9]{6}"
        maxLength={6}
        value={code}
        onValue={(typed) => {
          setCode(typed.replace(/\D/g, '').slice(0, 6));
          setInvalid(false);
        }}
      />
      <button type="submit" className="btn btn-gold btn-block">
        {t`Find the group`}
      </button>
    </form>
  );
}
