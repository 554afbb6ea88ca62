// Cash out (SPEC.md §2, §4, §5): winnings to a mobile wallet. Wallet and amount are required (invalid
// fields shake, nothing is sent); the button shows a loading state until the answer; then the amount
// is cleared and a toast tells the outcome (confirmed, under processing, or refused and returned).
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { amountToWire, formatMoney } from '../../../machines/rules/amount';
import { type CashOutAnswer, cashOut, type SupportedWallet } from '../../api/wallet';
import { AmountInput } from '../../components/AmountInput';
import { useAttemptKey } from '../../hooks/useAttemptKey';
import { useShake } from '../../hooks/useShake';
import { useServerMessage } from '../../i18n/serverMessages';
import { useWalletChoice } from './useWallets';
import { WalletSelect } from './WalletSelect';

type Field = 'wallet' | 'amount';

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
  const say = useServerMessage();
  const [walletSid, setWalletSid] = useWalletChoice(wallets);
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [loading, setLoading] = useState(false);
  const { shaking, shake } = useShake<Field>();
  const attempt = useAttemptKey();
  const walletRef = useRef<HTMLSelectElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const valid = (field: Field) => setInvalid((list) => list.filter((f) => f !== field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loading) return;
    const wire = amountToWire(amount);
    const bad: Field[] = [];
    if (!walletSid) bad.push('wallet');
    if (wire === null) bad.push('amount');
    setInvalid(bad);
    if (bad.length || wire === null) {
      shake(bad);
      (bad[0] === 'wallet' ? walletRef : amountRef).current?.focus();
      return;
    }
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
      if (!attempt.ended(failure)) setAmount('');
      setLoading(false);
    }
  };

  return (
    <form className="form wallet-form" noValidate onSubmit={submit} aria-label={t`Cash out`}>
      <WalletSelect
        id="cashout-wallet"
        ref={walletRef}
        wallets={wallets}
        value={walletSid}
        onChange={(sid) => {
          setWalletSid(sid);
          valid('wallet');
        }}
        invalid={invalid.includes('wallet')}
        shaking={shaking('wallet')}
      />
      <AmountInput
        id="cashout-amount"
        ref={amountRef}
        label={t`Amount`}
        value={amount}
        onChange={(value) => {
          setAmount(value);
          valid('amount');
        }}
        invalid={invalid.includes('amount')}
        shaking={shaking('amount')}
        // An amount typed but refused gets the server's own refusal: the same rule decides both.
        error={amount ? say('AMOUNT.INVALID') : t`Enter an amount.`}
        disabled={loading}
      />
      {withdrawable !== null && (
        <p className="hint">{t`Available to cash out: M ${formatMoney(withdrawable)}`}</p>
      )}
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
