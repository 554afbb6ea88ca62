// A password field with a show/hide toggle, so a subscriber on a small keyboard can check what they typed.
import { useLingui } from '@lingui/react/macro';
import { type ComponentPropsWithRef, type ReactNode, useState } from 'react';

type Props = Omit<ComponentPropsWithRef<'input'>, 'type'> & { id: string };

export function PasswordInput(props: Props) {
  const { t } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <div className="password-input">
      <input {...props} type={shown ? 'text' : 'password'} autoCapitalize="none" spellCheck={false} />
      <button
        type="button"
        className="btn btn-ghost password-toggle"
        aria-controls={props.id}
        aria-pressed={shown}
        onClick={() => setShown((s) => !s)}
      >
        {shown ? t`Hide` : t`Show`}
      </button>
    </div>
  );
}

/** A labelled password field that reports its text; `children` stand under it (rules, hints). */
export function PasswordField({
  label,
  onValue,
  children,
  ...input
}: Omit<Props, 'onChange'> & { label: string; onValue: (value: string) => void; children?: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={input.id}>{label}</label>
      <PasswordInput {...input} onChange={(e) => onValue(e.target.value)} />
      {children}
    </div>
  );
}
