// A labelled field for a few digits (a code, a count of shares) on the numeric keypad, with one line under
// it that is the hint and, while the field is invalid, the error (so the reader hears why in the same place).
import type { ComponentPropsWithRef, ReactNode } from 'react';

type InputProps = Omit<ComponentPropsWithRef<'input'>, 'aria-invalid' | 'aria-describedby' | 'onChange'>;

/** The caller keeps the text: `onValue` gets what was typed, unfiltered; `pattern` defaults to any digits. */
export function DigitsField({
  id,
  label,
  hint,
  invalid,
  onValue,
  ...input
}: InputProps & {
  id: string;
  label: string;
  /** Said under the field; shown as the error while `invalid`. */
  hint: ReactNode;
  invalid: boolean;
  onValue: (typed: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        autoComplete="off"
        {...input}
        id={id}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onValue(e.target.value)}
      />
      <p id={`${id}-hint`} className={invalid ? 'field-error' : 'hint'}>
        {hint}
      </p>
    </div>
  );
}
