// Deposit: money in from M-Pesa or EcoCash. The subscriber chooses the wallet and the amount; the
// provider then prompts their phone, so the answer is "confirm on your phone" with our reference, and
// the card follows the deposit (useDepositStatus) until it is confirmed (in the wallet), cancelled or
// failed — each with what to do next. Deposits still waiting are listed with their reference. Before the
// request a confirm shows the amount and the provider; only Confirm sends.
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useState } from 'react';
import { formatM } from '../../../machines/rules/money';
import { showMsisdn } from '../../../machines/rules/phoneDisplay';
import { type DepositSummary, deposit, type SupportedWallet } from '../../api/wallet';
import { ConfirmMoney } from '../../components/ConfirmMoney';
import { translateServerMessage } from '../../i18n/serverMessages';
import { useSessionUser } from '../../session/hooks';
import { type FollowedDeposit, useDepositStatus } from './useDepositStatus';
import { useWalletOrder } from './useWalletOrder';
import { WalletAmountFields } from './WalletAmountFields';

export function Deposit({
  wallets,
  deposits,
  onFailed,
  onSettled,
}: {
  wallets: readonly SupportedWallet[];
  /** The wallet's recent deposits (fetch-wallet-info), newest first. */
  deposits: readonly DepositSummary[];
  onFailed: (error: unknown) => void;
  /** A deposit got its answer: the balance may have moved. */
  onSettled: () => void;
}) {
  const { t } = useLingui();
  const [started, setStarted] = useState<FollowedDeposit | null>(null);
  const onFinal = useCallback(() => onSettled(), [onSettled]);
  const current = useDepositStatus(started, onFinal);
  const order = useWalletOrder(wallets, deposit, {
    sent: (answer, { wire }) => setStarted({ ...answer, amount: wire }),
    failed: onFailed,
  });
  const { form, asking, amount, provider } = order;
  const me = useSessionUser();
  const loading = form.sending;

  const waiting = deposits.filter((d) => d.status === 'PENDING' && d.depositId !== current?.depositId);

  return (
    <div className="wallet-deposit">
      {current && <DepositCard deposit={current} onAgain={() => setStarted(null)} />}
      {current?.status !== 'PENDING' && (
        <form className="form wallet-form" noValidate onSubmit={order.submit} aria-label={t`Deposit`}>
          <WalletAmountFields
            form={form}
            idPrefix="deposit"
            wallets={wallets}
            hint={null}
            disabled={loading}
          />
          <button
            type="submit"
            className="btn btn-gold btn-block"
            disabled={loading}
            aria-busy={loading || undefined}
          >
            {loading && <span className="spinner spinner-small" aria-hidden="true" />}
            {loading ? t`Asking your phone…` : t`Deposit`}
          </button>
          {asking && (
            <ConfirmMoney
              title={t`Deposit ${amount}?`}
              details={[
                { label: t`Amount`, value: amount },
                { label: t`Provider`, value: provider },
                { label: t`From the number`, value: me ? showMsisdn(me) : '' },
              ]}
              note={t`${provider} will ask you on your phone to approve the payment with your PIN.`}
              action={t`Deposit · ${amount}`}
              onConfirm={() => void order.send()}
              onCancel={order.cancel}
            />
          )}
        </form>
      )}
      {waiting.length > 0 && (
        <section className="card wallet-waiting" aria-label={t`Deposits waiting for confirmation`}>
          <h2>
            <Trans>Waiting for confirmation</Trans>
          </h2>
          <ul>
            {waiting.map((d) => (
              <li key={d.depositId}>
                {formatM(d.amount)} · <Trans>Reference</Trans> <strong>{d.reference}</strong>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function DepositCard({ deposit: d, onAgain }: { deposit: FollowedDeposit; onAgain: () => void }) {
  const { i18n } = useLingui();
  const amount = formatM(d.amount);
  const pending = d.status === 'PENDING';
  return (
    <div
      className={`card deposit-card deposit-${d.status.toLowerCase()}`}
      role="status"
      aria-live="polite"
      data-testid="deposit-card"
      data-status={d.status}
    >
      <p className="deposit-title">
        {pending && <span className="spinner spinner-small" aria-hidden="true" />}
        {pending ? <Trans>Deposit of {amount} waiting</Trans> : null}
        {d.status === 'CONFIRMED' ? <Trans>Deposit of {amount} received</Trans> : null}
        {d.status === 'CANCELLED' ? <Trans>Deposit of {amount} cancelled</Trans> : null}
        {d.status === 'FAILED' ? <Trans>Deposit of {amount} not completed</Trans> : null}
      </p>
      <p>
        {translateServerMessage(i18n, d.failureReason ? `PAYMENT.${d.failureReason}` : `DEPOSIT.${d.status}`)}
      </p>
      {d.providerCode && !pending && d.status !== 'CONFIRMED' ? (
        <p className="deposit-reference">
          <Trans>Provider's code</Trans> <strong>{d.providerCode}</strong>
        </p>
      ) : null}
      <p className="deposit-reference">
        <Trans>Reference</Trans> <strong>{d.reference}</strong>
      </p>
      {!pending && (
        <button type="button" className="btn btn-ghost btn-block" onClick={onAgain}>
          {d.status === 'CONFIRMED' ? <Trans>Deposit more</Trans> : <Trans>Try again</Trans>}
        </button>
      )}
    </div>
  );
}
