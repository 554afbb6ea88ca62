// Cash out: winnings to a mobile wallet. Wallet and amount are required (invalid
// fields shake, nothing is sent); the button shows a loading state until the answer; then the amount
// is cleared and a toast tells the outcome (confirmed, under processing, or refused and returned).
import { useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { digitsOfM } from '../../../machines/rules/money';
import { type CashOutAnswer, cashOut, type SupportedWallet } from '../../api/wallet';
import { useWalletAmountForm, WalletAmountFields } from './WalletAmountFields';

export function CashOut({
  wallets,
  withdrawable,
  onSent,
  onFailed,
}: {
  wallets: readonly SupportedWallet[];
  /** What may be cashed out (withdrawablemount), shown as a hint. */
  withdrawable: number | null;
  onSent: (answer: CashOutAnswer) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t, i18n } = useLingui();
  const form = useWalletAmountForm(wallets);
  const loading = form.sending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wire = form.check();
    if (wire === null) return;
    const lang = i18n.locale || 'st';
    await form.send(
      `${form.walletSid}|${wire}`,
      (key) => cashOut({ lang, amount: wire, mobileWalletSid: form.walletSid }, key),
      { sent: onSent, failed: onFailed },
    );
  };

  return (
    <form className="form wallet-form" noValidate onSubmit={submit} aria-label={t`Cash out`}>
      <WalletAmountFields
        form={form}
        idPrefix="cashout"
        wallets={wallets}
        hint={withdrawable === null ? null : t`Available to cash out: M ${digitsOfM(withdrawable)}`}
        disabled={loading}
      />
      <button
        type="submit"
        className="btn btn-gold btn-block"
        disabled={loading}
        aria-busy={loading || undefined}
      >
        {loading && <span className="spinner spinner-small" aria-hidden="true" />}
        {loading ? t`Cashing out…` : t`Cash out`}
      </button>
    </form>
  );
}
