// The amount field: an M prefix, thousands separators and at most two decimals as typed,
// padded to two decimals on blur, cleared when zero or empty. The caller keeps the shown text; send
// `amountToWire(value)` (machines/rules/amount.ts), which is the text without anything but digits and dot.
import { type Ref, useImperativeHandle, useLayoutEffect, useRef } from 'react';
import { caretAfterFormat, formatAmountInput, padAmountInput } from '../../machines/rules/amount';

export function AmountInput({
  id,
  label,
  value,
  onChange,
  invalid = false,
  shaking = false,
  error,
  disabled,
  ref,
}: {
  id: string;
  label: string;
  /** The shown text, e.g. '1,234.50'. */
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  /** Plays the 300 ms shake (styles in src/styles/forms.css). */
  shaking?: boolean;
  /** Said under the field while it is invalid. */
  error?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => input.current as HTMLInputElement, []);
  // Reformatting replaces the text; put the caret back where the subscriber was typing.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const el = input.current;
    if (el && caret.current !== null && document.activeElement === el) {
      el.setSelectionRange(caret.current, caret.current);
    }
    caret.current = null;
  });
  const errorId = `${id}-error`;
  return (
    <div className={`field${shaking ? ' shake' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <div className="amount-input">
        <span className="amount-prefix" aria-hidden="true">
          M
        </span>
        <input
          ref={input}
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid && error ? errorId : undefined}
          onChange={(event) => {
            const raw = event.target.value;
            const next = formatAmountInput(raw);
            caret.current = caretAfterFormat(raw, event.target.selectionStart ?? raw.length, next);
            onChange(next);
          }}
          onBlur={() => {
            const padded = padAmountInput(value);
            if (padded !== value) onChange(padded);
          }}
        />
      </div>
      {invalid && error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
