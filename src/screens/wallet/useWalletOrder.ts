// A deposit or a cash-out from the form to the request: Deposit and Cash out check the same fields, ask
// the same confirm (amount and provider) and send the same body, and differ only in the request made and
// what follows its answer. `submit` checks and opens the confirm; `send` (its Confirm) takes the order
// once and makes the request with the attempt's key, in the language shown.
import { useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { formatM } from '../../../machines/rules/money';
import type { CashOutRequest, SupportedWallet } from '../../api/wallet';
import { useConfirmStep } from '../../hooks/useConfirmStep';
import { useWalletAmountForm } from './WalletAmountFields';

/** What a confirmed order sends: the amount in M and the mobile wallet the money comes from or goes to. */
export interface WalletOrder {
  wire: number;
  walletSid: string;
}

export function useWalletOrder<A>(
  wallets: readonly SupportedWallet[],
  request: (body: CashOutRequest, key: string) => Promise<A>,
  on: { sent: (answer: A, order: WalletOrder) => void; failed: (error: unknown) => void },
) {
  const { i18n } = useLingui();
  const form = useWalletAmountForm(wallets);
  const confirm = useConfirmStep<WalletOrder>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wire = form.check();
    if (wire === null) return;
    confirm.ask({ wire, walletSid: form.walletSid });
  };

  const send = async () => {
    const order = confirm.take();
    if (!order) return;
    const { wire, walletSid } = order;
    const lang = i18n.locale || 'st';
    await form.send(
      `${walletSid}|${wire}`,
      (key) => request({ lang, amount: wire, mobileWalletSid: walletSid }, key),
      {
        sent: (answer) => on.sent(answer, order),
        failed: on.failed,
      },
    );
  };

  const asking = confirm.asking;
  return {
    form,
    submit,
    send,
    cancel: confirm.cancel,
    /** The order the confirm asks about; null when none is open. */
    asking,
    /** The asked amount, formatted ('' when none). */
    amount: asking ? formatM(asking.wire) : '',
    /** The asked wallet's provider name. */
    provider: wallets.find((w) => w.sid === asking?.walletSid)?.name ?? asking?.walletSid ?? '',
  };
}
