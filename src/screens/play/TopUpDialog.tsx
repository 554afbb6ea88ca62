// Top up and play (lazy chunk): the wallet was short of the slip's price (402 WALLET.INSUFFICIENT_FUNDS).
// Offers a mobile-money deposit of the difference (machines/rules/topUp.ts), follows it like the Deposit
// tab (useDepositStatus) and, once CONFIRMED with the slip's round still open, asks the host to submit the
// same slip again (the betslip machine kept its Idempotency-Key, so it is paid once). A confirmed deposit
// after the round closed stays in the wallet and says so; a cancelled or failed one keeps the picks.
import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { digitsOfCents } from '../../../machines/rules/money';
import { topUpCents, topUpStep } from '../../../machines/rules/topUp';
import { deposit, fetchWalletInfo } from '../../api/wallet';
import { translateServerMessage } from '../../i18n/serverMessages';
import { type FollowedDeposit, useDepositStatus } from '../wallet/useDepositStatus';
import { useSupportedWallets, useWalletChoice } from '../wallet/useWallets';
import { WalletSelect } from '../wallet/WalletSelect';
import '../../components/dialog.css';
import './topUp.css';

interface Props {
  /** The slip's round and price (cents). */
  sid: string;
  priceCents: number;
  /** The round open on the screen now; null while none is (closed, fetching the next). */
  openSid: string | null;
  /** Submit the same slip again (same picks, same key). */
  onPay: () => void;
  onClose: () => void;
}

export default function TopUpDialog({ sid, priceCents, openSid, onPay, onClose }: Props) {
  const { t, i18n } = useLingui();
  const [available, setAvailable] = useState<number | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const wallets = useSupportedWallets();
  const [walletSid, setWalletSid] = useWalletChoice(wallets);
  const [noWallet, setNoWallet] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [started, setStarted] = useState<FollowedDeposit | null>(null);
  // One key per deposit attempt: a lost answer sent again is the same deposit.
  const key = useRef(crypto.randomUUID());
  const current = useDepositStatus(
    started,
    useCallback(() => undefined, []),
  );

  useEffect(() => {
    const ctrl = new AbortController();
    fetchWalletInfo(ctrl.signal).then(
      (info) => setAvailable(Math.round(info.totalAvailableAmount * 100)),
      () => !ctrl.signal.aborted && setLoadFailed(true),
    );
    return () => ctrl.abort();
  }, []);

  const amountCents = available === null ? 0 : topUpCents(priceCents, available);
  const step = current ? topUpStep(current.status, { sid, openSid }) : null;
  const paid = useRef(false);
  useEffect(() => {
    if (step !== 'pay' || paid.current) return;
    paid.current = true;
    onPay();
  }, [step, onPay]);

  const startDeposit = async () => {
    if (!walletSid) return setNoWallet(true);
    setSending(true);
    setRefusal(null);
    try {
      const amount = amountCents / 100;
      const answer = await deposit(
        { lang: i18n.locale || 'st', amount, mobileWalletSid: walletSid },
        key.current,
      );
      setStarted({ ...answer, amount });
    } catch (error) {
      setRefusal(messageKeyOf(error));
      // A refusal stored nothing: the next try is a new request. A lost answer keeps its key.
      if ((error as { status?: number }).status !== 0) key.current = crypto.randomUUID();
    } finally {
      setSending(false);
    }
  };

  const again = () => {
    key.current = crypto.randomUUID();
    setStarted(null);
  };

  const price = digitsOfCents(priceCents);
  const amount = digitsOfCents(amountCents);
  const have = available === null ? '' : digitsOfCents(Math.max(0, available));
  const waiting = step === 'wait';

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog top-up" data-testid="top-up" data-step={step ?? 'offer'}>
          <Dialog.Title>
            <Trans>Top up and play</Trans>
          </Dialog.Title>
          {!current && (
            <>
              <Dialog.Description>
                {available === null ? (
                  loadFailed ? (
                    <Trans>Your wallet cannot be read right now. Please try again later.</Trans>
                  ) : (
                    <Trans>Checking your wallet…</Trans>
                  )
                ) : amountCents === 0 ? (
                  <Trans>Your wallet now covers this slip (M {price}).</Trans>
                ) : (
                  <Trans>
                    This slip costs M {price} and your wallet has M {have}. Deposit M {amount} by mobile money
                    and your slip is paid as soon as it arrives.
                  </Trans>
                )}
              </Dialog.Description>
              {available !== null && amountCents > 0 && (
                <WalletSelect
                  id="top-up-wallet"
                  wallets={wallets}
                  value={walletSid}
                  onChange={(sid) => {
                    setWalletSid(sid);
                    setNoWallet(false);
                  }}
                  invalid={noWallet}
                  shaking={false}
                />
              )}
              {refusal && (
                <p className="field-error" role="alert">
                  {translateServerMessage(i18n, refusal)}
                </p>
              )}
            </>
          )}
          {current && (
            <div role="status" aria-live="polite" data-testid="top-up-status" data-status={current.status}>
              {waiting && (
                <p className="top-up-waiting">
                  <span className="spinner" aria-hidden="true" />
                  <strong>
                    <Trans>Confirm on your phone</Trans>
                  </strong>
                </p>
              )}
              {waiting && <p>{translateServerMessage(i18n, 'DEPOSIT.PENDING')}</p>}
              {step === 'pay' && (
                <p>
                  <Trans>Deposit received. Paying your slip…</Trans>
                </p>
              )}
              {step === 'roundClosed' && (
                <p>
                  <Trans>
                    The round closed before your deposit arrived. M {amount} is in your wallet; no slip was
                    placed.
                  </Trans>
                </p>
              )}
              {step === 'cancelled' && (
                <p>
                  <Trans>
                    You cancelled the deposit on your phone. Nothing was taken and your picks are kept.
                  </Trans>
                </p>
              )}
              {step === 'failed' && (
                <p>
                  <Trans>
                    The deposit did not go through. Nothing was taken and your picks are kept: try again, or
                    choose the other wallet.
                  </Trans>
                </p>
              )}
              <p>
                <Trans>Reference</Trans> <strong className="top-up-reference">{current.reference}</strong>
              </p>
            </div>
          )}
          <div className="dialog-actions">
            <Dialog.Close asChild>
              <button type="button" className="btn btn-ghost">
                {waiting || !current ? <Trans>Not now</Trans> : <Trans>Close</Trans>}
              </button>
            </Dialog.Close>
            {!current && available !== null && amountCents === 0 && (
              <button type="button" className="btn btn-gold" onClick={onPay}>
                <Trans>Pay M {price}</Trans>
              </button>
            )}
            {!current && available !== null && amountCents > 0 && (
              <button
                type="button"
                className="btn btn-gold"
                disabled={sending || wallets.length === 0}
                aria-busy={sending || undefined}
                onClick={startDeposit}
              >
                {sending ? t`Asking your phone…` : t`Deposit M ${amount}`}
              </button>
            )}
            {(step === 'cancelled' || step === 'failed') && (
              <button type="button" className="btn btn-gold" onClick={again}>
                <Trans>Try again</Trans>
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
