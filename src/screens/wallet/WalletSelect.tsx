// The mobile-wallet selector: a placeholder 'Select Wallet' and the
// supported wallets; shakes like the other fields when none is chosen.
import { useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';
import type { SupportedWallet } from '../../api/wallet';

export function WalletSelect({
  id,
  wallets,
  value,
  onChange,
  invalid,
  shaking,
  ref,
}: {
  id: string;
  wallets: readonly SupportedWallet[];
  value: string;
  onChange: (sid: string) => void;
  invalid: boolean;
  shaking: boolean;
  ref?: Ref<HTMLSelectElement>;
}) {
  const { t } = useLingui();
  const errorId = `${id}-error`;
  return (
    <div className={`field${shaking ? ' shake' : ''}`}>
      <label htmlFor={id}>{t`Mobile wallet`}</label>
      <select
        ref={ref}
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
      >
        <option value="">{t`Select Wallet`}</option>
        {wallets.map((w) => (
          <option key={w.sid} value={w.sid}>
            {w.name}
          </option>
        ))}
      </select>
      {invalid && (
        <p id={errorId} className="field-error">
          {wallets.length ? t`Choose a mobile wallet.` : t`No mobile wallet is available right now.`}
        </p>
      )}
    </div>
  );
}
