// The amount field: an M prefix, thousands separators and at most two decimals as typed (a typed comma
// before cents is the decimal mark: many Android keypads offer only a comma), padded to two decimals on
// blur, cleared when zero or empty. What could mean two amounts is refused with a reason, the field kept.
// The caller keeps the shown text; send `amountToWire(value)` (machines/rules/amount.ts), which is the
// text without anything but digits and dot.
import { useLingui } from '@lingui/react/macro';
import { type Ref, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import { padAmountInput, readAmountChange } from '../../machines/rules/amount';

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
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [unreadable, setUnreadable] = useState(false);
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
          aria-invalid={invalid || unreadable || undefined}
          aria-describedby={unreadable ? `${id}-unreadable` : invalid && error ? errorId : undefined}
          onChange={(event) => {
            const raw = event.target.value;
            const change = readAmountChange(value, raw, event.target.selectionStart ?? raw.length);
            setUnreadable('refused' in change);
            if ('refused' in change) {
              // React puts the old text back; the caret stays where the subscriber was.
              caret.current = Math.max(
                0,
                (event.target.selectionStart ?? raw.length) - (raw.length - value.length),
              );
              onChange(value);
              return;
            }
            caret.current = change.caret;
            onChange(change.shown);
          }}
          onBlur={() => {
            const padded = padAmountInput(value);
            if (padded !== value) onChange(padded);
          }}
        />
      </div>
      {unreadable && (
        <p id={`${id}-unreadable`} className="field-error" role="status">
          {t`Write the cents after one comma or dot, as in 2,50 or 2.50.`}
        </p>
      )}
      {!unreadable && invalid && error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
