// Cash out: winnings to a mobile wallet. Wallet and amount are required (invalid
// fields shake, nothing is sent); valid ones open a confirm with the amount, the number the money goes
// to and the provider, and only Confirm sends. The button shows a loading state until the answer; then
// the amount is cleared and a toast tells the outcome (confirmed, under processing, or refused and returned).
import { useLingui } from '@lingui/react/macro';
import { digitsOfM } from '../../../machines/rules/money';
import { showMsisdn } from '../../../machines/rules/phoneDisplay';
import { type CashOutAnswer, cashOut, type SupportedWallet } from '../../api/wallet';
import { ConfirmMoney } from '../../components/ConfirmMoney';
import { useSessionUser } from '../../session/hooks';
import { useWalletOrder } from './useWalletOrder';
import { WalletAmountFields } from './WalletAmountFields';

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
  const { t } = useLingui();
  const order = useWalletOrder(wallets, cashOut, { sent: onSent, failed: onFailed });
  const { form, asking, amount, provider } = order;
  const me = useSessionUser();
  const loading = form.sending;

  return (
    <form className="form wallet-form" noValidate onSubmit={order.submit} aria-label={t`Cash out`}>
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
      {asking && (
        <ConfirmMoney
          title={t`Cash out ${amount}?`}
          details={[
            { label: t`Amount`, value: amount },
            { label: t`To the number`, value: me ? showMsisdn(me) : '' },
            { label: t`Provider`, value: provider },
          ]}
          note={t`The money goes to the ${provider} account of this number.`}
          action={t`Cash out · ${amount}`}
          onConfirm={() => void order.send()}
          onCancel={order.cancel}
        />
      )}
    </form>
  );
}
