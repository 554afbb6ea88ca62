// Buy mobile: airtime from the wallet for me or for a friend. A wallet selector only
// when there is a real choice; invalid fields shake for 300 ms and nothing is sent. After the answer the
// amount and the friend's number are cleared and a toast tells the outcome.
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { digitsOfM } from '../../../machines/rules/money';
import {
  cleanFriendNumber,
  friendMsisdn,
  friendNumberProblem,
  isFriendNumberValid,
  needsWalletChoice,
} from '../../../machines/rules/wallet';
import { buyAirtime, type SupportedWallet } from '../../api/wallet';
import { useWalletAmountForm, WalletAmountFields } from './WalletAmountFields';

export function BuyAirtime({
  wallets,
  available,
  onSent,
  onFailed,
}: {
  wallets: readonly SupportedWallet[];
  /** The total available amount, shown as a hint. */
  available: number | null;
  onSent: (answer: Awaited<ReturnType<typeof buyAirtime>>) => void;
  onFailed: (error: unknown) => void;
}) {
  const { t, i18n } = useLingui();
  const form = useWalletAmountForm<'friend'>(wallets);
  const [forFriend, setForFriend] = useState(false);
  const [friend, setFriend] = useState('');
  const friendRef = useRef<HTMLInputElement>(null);
  const showSelector = needsWalletChoice(wallets) || wallets.length === 0;
  const friendInvalid = form.isInvalid('friend');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Checked against the available figure first: no request for money that is not there.
    const wire = form.check(
      [{ field: 'friend', ok: !forFriend || isFriendNumberValid(friend), ref: friendRef }],
      available,
    );
    if (wire === null) return;
    const receivingMsisdn = forFriend ? friendMsisdn(friend) : null;
    const lang = i18n.locale || 'st';
    await form.send(
      `${form.walletSid}|${wire}|${receivingMsisdn}`,
      (key) => buyAirtime({ lang, amount: wire, receivingMsisdn, mobileWalletSid: form.walletSid }, key),
      { sent: onSent, failed: onFailed, clear: () => setFriend('') },
    );
  };

  return (
    <form className="form wallet-form" noValidate onSubmit={submit} aria-label={t`Buy airtime`}>
      <WalletAmountFields
        form={form}
        idPrefix="buy"
        wallets={wallets}
        showSelector={showSelector}
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
    </form>
  );
}
