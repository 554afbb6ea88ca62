// Buy mobile: airtime from the wallet for me or for a friend. The wallet pays, so no mobile wallet is
// asked for. Invalid fields shake for 300 ms and nothing is sent; valid ones open a confirm with the amount
// and the number the airtime goes to, and only Confirm sends. After the answer the amount and the friend's
// number are cleared and a toast tells the outcome.
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { digitsOfM, formatM } from '../../../machines/rules/money';
import { showMsisdn } from '../../../machines/rules/phoneDisplay';
import {
  cleanFriendNumber,
  friendMsisdn,
  friendNumberProblem,
  isFriendNumberValid,
} from '../../../machines/rules/wallet';
import { buyAirtime, type SupportedWallet } from '../../api/wallet';
import { ConfirmMoney } from '../../components/ConfirmMoney';
import { useConfirmStep } from '../../hooks/useConfirmStep';
import { useSessionUser } from '../../session/hooks';
import { useWalletAmountForm, WalletAmountFields } from './WalletAmountFields';

/** The wallet pays: no mobile wallet to choose (one list, so the form's choice never resets). */
const NO_WALLETS: readonly SupportedWallet[] = [];

/** What a confirmed purchase sends: the amount in M and the friend's number (null: for me). */
interface Order {
  wire: number;
  receivingMsisdn: string | null;
}

export function BuyAirtime({
  available,
  onSent,
  onFailed,
}: {
  /** The total available amount, shown as a hint. */
  available: number | null;
  onSent: (answer: Awaited<ReturnType<typeof buyAirtime>>) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t, i18n } = useLingui();
  const form = useWalletAmountForm<'friend'>(NO_WALLETS, false);
  const confirm = useConfirmStep<Order>();
  const me = useSessionUser();
  const [forFriend, setForFriend] = useState(false);
  const [friend, setFriend] = useState('');
  const friendRef = useRef<HTMLInputElement>(null);
  const friendInvalid = form.isInvalid('friend');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Checked against the available figure first: no request for money that is not there.
    const wire = form.check(
      [{ field: 'friend', ok: !forFriend || isFriendNumberValid(friend), ref: friendRef }],
      available,
    );
    if (wire === null) return;
    confirm.ask({ wire, receivingMsisdn: forFriend ? friendMsisdn(friend) : null });
  };

  const send = async () => {
    const order = confirm.take();
    if (!order) return;
    const { wire, receivingMsisdn } = order;
    const lang = i18n.locale || 'st';
    await form.send(
      `${wire}|${receivingMsisdn}`,
      (key) => buyAirtime({ lang, amount: wire, receivingMsisdn }, key),
      { sent: onSent, failed: onFailed, clear: () => setFriend('') },
    );
  };

  const asking = confirm.asking;
  const amount = asking ? formatM(asking.wire) : '';
  const number = asking?.receivingMsisdn ? showMsisdn(asking.receivingMsisdn) : me ? showMsisdn(me) : '';

  return (
    <form className="form wallet-form" noValidate onSubmit={submit} aria-label={t`Buy airtime`}>
      <WalletAmountFields
        form={form}
        idPrefix="buy"
        wallets={NO_WALLETS}
        showSelector={false}
        hint={available === null ? null : t`Available: M ${digitsOfM(available)}`}
      />
      <button
        type="button"
        className="btn btn-outline"
        aria-controls="buy-friend"
        onClick={() => {
          setForFriend((f) => !f);
          form.valid('friend');
        }}
      >
        {forFriend ? t`For me` : t`For a friend`}
      </button>
      {forFriend && (
        <div className={`field${form.shaking('friend') ? ' shake' : ''}`}>
          <label htmlFor="buy-friend">{t`Friend's phone number`}</label>
          <input
            ref={friendRef}
            id="buy-friend"
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            placeholder="5XXX XXXX"
            value={friend}
            onChange={(event) => {
              setFriend(cleanFriendNumber(event.target.value));
              form.valid('friend');
            }}
            aria-invalid={friendInvalid || undefined}
            aria-describedby={friendInvalid ? 'buy-friend-error' : 'buy-friend-hint'}
          />
          {friendInvalid ? (
            <p id="buy-friend-error" className="field-error">
              {friendNumberProblem(friend) === 'prefix'
                ? t`Lesotho mobile numbers start with 5 or 6.`
                : t`Enter your friend's 8-digit number.`}
            </p>
          ) : (
            <p id="buy-friend-hint" className="hint">
              {t`8 digits, without 266.`}
            </p>
          )}
        </div>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-block"
        disabled={form.sending}
        aria-busy={form.sending || undefined}
      >
        {form.sending && <span className="spinner spinner-small" aria-hidden="true" />}
        {form.sending ? t`Buying airtime…` : forFriend ? t`Buy airtime for a friend` : t`Buy airtime for me`}
      </button>
      {asking && (
        <ConfirmMoney
          title={
            asking.receivingMsisdn
              ? t`${amount} airtime to ${number}?`
              : t`${amount} airtime for your number?`
          }
          details={[
            { label: t`Amount`, value: amount },
            { label: asking.receivingMsisdn ? t`Friend's number` : t`Your number`, value: number },
            { label: t`Paid from`, value: t`Your Jackpot 14 wallet` },
          ]}
          note={
            asking.receivingMsisdn
              ? t`Check the number: airtime sent to a wrong number cannot be taken back.`
              : t`The airtime goes to the number you are signed in with.`
          }
          action={t`Buy · ${amount}`}
          onConfirm={() => void send()}
          onCancel={confirm.cancel}
        />
      )}
    </form>
  );
}
