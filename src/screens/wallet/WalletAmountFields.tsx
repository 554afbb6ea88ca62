// The wallet and amount fields that Deposit, Buy mobile and Cash out share: the wallet selector (not on
// Buy mobile, where the wallet pays), the amount with its refusal, and a hint of what may be spent.
// `useWalletAmountForm` holds their state, checks them (a real wallet chosen where one is needed, an amount
// `parseAmountCents` takes, plus the form's own fields: the wrong ones are marked, shake for 300 ms, the
// first takes the focus, and nothing is sent) and sends once at a time with one Idempotency-Key per
// attempt, made when `send` runs: after the subscriber confirmed (ConfirmMoney).
import { useLingui } from '@lingui/react/macro';
import { type RefObject, useRef, useState } from 'react';
import { amountToWire } from '../../../machines/rules/amount';
import { digitsOfM } from '../../../machines/rules/money';
import type { SupportedWallet } from '../../api/wallet';
import { AmountInput } from '../../components/AmountInput';
import { useAttemptKey } from '../../hooks/useAttemptKey';
import { useShake } from '../../hooks/useShake';
import { useServerMessage } from '../../i18n/serverMessages';
import { useWalletChoice } from './useWallets';
import { WalletSelect } from './WalletSelect';

/** A form field beyond the wallet and the amount, with whether it is right and where to focus if not. */
export interface ExtraCheck<F extends string> {
  field: F;
  ok: boolean;
  ref: RefObject<HTMLElement | null>;
}

export function useWalletAmountForm<F extends string = never>(
  wallets: readonly SupportedWallet[],
  /** False where the wallet pays (airtime): no mobile wallet is chosen or checked. */
  needsWallet = true,
) {
  type Field = 'wallet' | 'amount' | F;
  const [walletSid, setWalletSid] = useWalletChoice(wallets);
  const [amount, setAmount] = useState('');
  const [invalid, setInvalid] = useState<Field[]>([]);
  const { shaking, shake } = useShake<Field>();
  const walletRef = useRef<HTMLSelectElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);
  const [sending, setSending] = useState(false);
  // The amount is more than may be spent: said before anything is sent.
  const [over, setOver] = useState<number | null>(null);
  const attempt = useAttemptKey();
  return {
    walletSid,
    setWalletSid,
    amount,
    setAmount,
    walletRef,
    amountRef,
    shaking,
    isInvalid: (field: Field) => invalid.includes(field),
    /** The figure the amount went over at the last check (null: it did not). */
    over,
    /** The subscriber changed `field`: it is no longer marked wrong. */
    valid: (field: Field) => {
      setInvalid((list) => list.filter((f) => f !== field));
      if (field === 'amount') setOver(null);
    },
    sending,
    /**
     * The amount in M to send, or null after marking, shaking and focusing what is wrong; null too while
     * a request runs, so a second tap does not pay twice.
     */
    check(extra: ExtraCheck<F>[] = [], max: number | null = null): number | null {
      if (sending) return null;
      const wire = amountToWire(amount);
      const tooMuch = wire !== null && max !== null && Math.round(wire * 100) > Math.round(max * 100);
      setOver(tooMuch ? max : null);
      const checks: ExtraCheck<Field>[] = [
        { field: 'wallet', ok: !needsWallet || Boolean(walletSid), ref: walletRef },
        { field: 'amount', ok: wire !== null && !tooMuch, ref: amountRef },
        ...extra,
      ];
      const bad = checks.filter((c) => !c.ok);
      setInvalid(bad.map((c) => c.field));
      if (bad.length === 0 && wire !== null) return wire;
      shake(bad.map((c) => c.field));
      bad[0]?.ref.current?.focus();
      return null;
    },
    /**
     * Makes the request with the attempt's key (`fingerprint` tells a new attempt from a retry). After a
     * definite answer the amount is cleared and `clear` runs; on an unknown outcome the fields stay, so
     * trying again is the same attempt with the same key.
     */
    async send<A>(
      fingerprint: string,
      request: (key: string) => Promise<A>,
      on: { sent: (answer: A) => void; failed: (error: unknown) => void; clear?: () => void },
    ): Promise<void> {
      setSending(true);
      const key = attempt.keyFor(fingerprint);
      let failure: unknown;
      try {
        on.sent(await request(key));
      } catch (err) {
        failure = err;
        on.failed(err);
      } finally {
        if (!attempt.ended(failure)) {
          setAmount('');
          on.clear?.();
        }
        setSending(false);
      }
    },
  };
}

export type WalletAmountForm<F extends string = never> = ReturnType<typeof useWalletAmountForm<F>>;

export function WalletAmountFields<F extends string>({
  form,
  idPrefix,
  wallets,
  showSelector = true,
  hint,
  disabled,
}: {
  form: WalletAmountForm<F>;
  /** Field ids are `<idPrefix>-wallet` and `<idPrefix>-amount`. */
  idPrefix: string;
  wallets: readonly SupportedWallet[];
  /** False when there is no real choice to make (the only wallet is chosen already). */
  showSelector?: boolean;
  /** What may be spent, under the amount; null while unknown. */
  hint: string | null;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const say = useServerMessage();
  return (
    <>
      {showSelector && (
        <WalletSelect
          id={`${idPrefix}-wallet`}
          ref={form.walletRef}
          wallets={wallets}
          value={form.walletSid}
          onChange={(sid) => {
            form.setWalletSid(sid);
            form.valid('wallet');
          }}
          invalid={form.isInvalid('wallet')}
          shaking={form.shaking('wallet')}
        />
      )}
      <AmountInput
        id={`${idPrefix}-amount`}
        ref={form.amountRef}
        label={t`Amount`}
        value={form.amount}
        onChange={(value) => {
          form.setAmount(value);
          form.valid('amount');
        }}
        invalid={form.isInvalid('amount')}
        shaking={form.shaking('amount')}
        // An amount typed but refused gets the server's own refusal: the same rule decides both.
        error={
          form.over !== null
            ? t`That is more than the M ${digitsOfM(form.over)} in your wallet.`
            : form.amount
              ? say('AMOUNT.INVALID')
              : t`Enter an amount.`
        }
        disabled={disabled}
      />
      {hint !== null && <p className="hint">{hint}</p>}
    </>
  );
}
