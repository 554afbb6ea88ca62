// Buy mobile (SPEC.md §2, §4, §5): airtime from the wallet for me or for a friend. A wallet selector only
// when there is a real choice; invalid fields shake for 300 ms and nothing is sent. After the answer the
// amount and the friend's number are cleared and a toast tells the outcome.
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useRef, useState } from 'react';
import { amountToWire, formatMoney } from '../../../machines/rules/amount';
import {
  cleanFriendNumber,
  friendMsisdn,
  friendNumberProblem,
  isFriendNumberValid,
  needsWalletChoice,
} from '../../../machines/rules/wallet';
import { buyAirtime, type SupportedWallet } from '../../api/wallet';
import { AmountInput } from '../../components/AmountInput';
import { useAttemptKey } from '../../hooks/useAttemptKey';
import { useShake } from '../../hooks/useShake';
import { useServerMessage } from '../../i18n/serverMessages';
import { useWalletChoice } from './useWallets';
import { WalletSelect } from './WalletSelect';

type Field = 'wallet' | 'amount' | 'friend';

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
  const say = useServerMessage();
  const [walletSid, setWalletSid] = useWalletChoice(wallets);
  const [amount, setAmount] = useState('');
  const [forFriend, setForFriend] = useState(false);
  const [friend, setFriend] = useState('');
  const [invalid, setInvalid] = useState<Field[]>([]);
  const [sending, setSending] = useState(false);
  const { shaking, shake } = useShake<Field>();
  const attempt = useAttemptKey();
  const walletRef = useRef<HTMLSelectElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const friendRef = useRef<HTMLInputElement>(null);
  const showSelector = needsWalletChoice(wallets) || wallets.length === 0;
  const valid = (field: Field) => setInvalid((list) => list.filter((f) => f !== field));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return; // a second tap must not buy twice
    const wire = amountToWire(amount);
    const bad: Field[] = [];
    if (!walletSid) bad.push('wallet');
    if (wire === null) bad.push('amount');
    if (forFriend && !isFriendNumberValid(friend)) bad.push('friend');
    setInvalid(bad);
    if (bad.length || wire === null) {
      shake(bad);
      ({ wallet: walletRef, amount: amountRef, friend: friendRef })[bad[0]!].current?.focus();
      return;
    }
    setSending(true);
    const receivingMsisdn = forFriend ? friendMsisdn(friend) : null;
    const key = attempt.keyFor(`${walletSid}|${wire}|${receivingMsisdn}`);
    let failure: unknown;
    try {
      onSent(
        await buyAirtime(
          { lang: i18n.locale || 'st', amount: wire, receivingMsisdn, mobileWalletSid: walletSid },
          key,
        ),
      );
    } catch (err) {
      failure = err;
      onFailed(err);
    } finally {
      // Unknown outcome: the fields stay, so trying again is the same attempt with the same key.
      if (!attempt.ended(failure)) {
        setAmount('');
        setFriend('');
      }
      setSending(false);
    }
  };

  return (
    <form className="form wallet-form" noValidate onSubmit={submit} aria-label={t`Buy airtime`}>
      {showSelector && (
        <WalletSelect
          id="buy-wallet"
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
      )}
      <AmountInput
        id="buy-amount"
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
      />
      {available !== null && <p className="hint">{t`Available: M ${formatMoney(available)}`}</p>}
      <button
        type="button"
        className="btn btn-outline"
        aria-controls="buy-friend"
        onClick={() => {
          setForFriend((f) => !f);
          valid('friend');
        }}
      >
        {forFriend ? t`For me` : t`For a friend`}
      </button>
      {forFriend && (
        <div className={`field${shaking('friend') ? ' shake' : ''}`}>
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
              valid('friend');
            }}
            aria-invalid={invalid.includes('friend') || undefined}
            aria-describedby={invalid.includes('friend') ? 'buy-friend-error' : 'buy-friend-hint'}
          />
          {invalid.includes('friend') ? (
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
      <button type="submit" className="btn btn-gold btn-block" aria-busy={sending || undefined}>
        {forFriend ? t`Buy airtime for a friend` : t`Buy airtime for me`}
      </button>
    </form>
  );
}
