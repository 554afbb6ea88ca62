// Cash out: winnings to a mobile wallet. Wallet and amount are required (invalid
// fields shake, nothing is sent); the button shows a loading state until the answer; then the amount
// is cleared and a toast tells the outcome (confirmed, under processing, or refused and returned).
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { formatMoney } from '../../../machines/rules/amount';
import { type CashOutAnswer, cashOut, type SupportedWallet } from '../../api/wallet';
import { useAttemptKey } from '../../hooks/useAttemptKey';
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
  const { walletSid } = form;
  const [loading, setLoading] = useState(false);
  const attempt = useAttemptKey();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const wire = form.check();
    if (wire === null) return;
    setLoading(true);
    const key = attempt.keyFor(`${walletSid}|${wire}`);
    let failure: unknown;
    try {
      onSent(await cashOut({ lang: i18n.locale || 'st', amount: wire, mobileWalletSid: walletSid }, key));
    } catch (err) {
      failure = err;
      onFailed(err);
    } finally {
      // Unknown outcome: the amount stays, so trying again is the same attempt with the same key.
      if (!attempt.ended(failure)) form.setAmount('');
      setLoading(false);
    }
  };

  return (
    <form className="form wallet-form" noValidate onSubmit={submit} aria-label={t`Cash out`}>
      <WalletAmountFields
        form={form}
        idPrefix="cashout"
        wallets={wallets}
        hint={withdrawable === null ? null : t`Available to cash out: M ${formatMoney(withdrawable)}`}
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
