// Buy shares in a group (DESIGN.md "Group play"): how many (1 to the shares left), then the question with
// the amount ("M 1.98 for 3 shares of Ba Maseru?"); only its action sends, with an Idempotency-Key made then
// and kept for a retry whose answer was lost. A refusal is said in words under the form.
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { sharesCents, sharesLeft } from '../../../machines/rules/groupShares';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { digitsOfCents, formatM } from '../../../machines/rules/money';
import { buyShares, type PublicGroup, type SharesBought } from '../../api/groups';
import { notifyAccountChanged } from '../../api/play';
import { ConfirmMoney } from '../../components/ConfirmMoney';
import { DigitsField } from '../../components/DigitsField';
import { useAttemptKey } from '../../hooks/useAttemptKey';
import { useConfirmStep } from '../../hooks/useConfirmStep';
import { useGroupMessage } from './messages';

export function BuyShares({
  group,
  member,
  onBought,
}: {
  group: PublicGroup;
  /** Already a member: "more shares" rather than "join". */
  member: boolean;
  onBought: (answer: SharesBought) => void;
}) {
  const { t, i18n } = useLingui();
  const say = useGroupMessage();
  const id = useId();
  const left = sharesLeft(group);
  const [typed, setTyped] = useState('1');
  const [invalid, setInvalid] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const confirm = useConfirmStep<number>();
  const attempt = useAttemptKey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = Number(typed);
    const ok = /^\d+$/.test(typed) && count >= 1 && count <= left;
    setInvalid(!ok);
    if (ok) confirm.ask(count);
  };

  const send = async () => {
    const count = confirm.take();
    if (count === null) return;
    setSending(true);
    setRefusal(null);
    const key = attempt.keyFor(`${group.code}|${count}`);
    try {
      const answer = await buyShares(group.code, { count, lang: i18n.locale || 'st' }, key);
      attempt.ended();
      notifyAccountChanged();
      onBought(answer);
    } catch (error) {
      attempt.ended(error);
      setRefusal(messageKeyOf(error));
    } finally {
      setSending(false);
    }
  };

  const asking = confirm.asking;
  const amount = asking === null ? '' : digitsOfCents(sharesCents(group.sharePrice, asking));
  const name = group.name;
  const each = formatM(group.sharePrice);
  const count = asking ?? 0;
  return (
    <form className="form group-buy" noValidate onSubmit={submit} aria-label={t`Buy shares`}>
      <DigitsField
        id={`${id}-count`}
        label={t`How many shares?`}
        hint={t`From 1 to ${left}, at ${each} each, paid from your wallet.`}
        invalid={invalid}
        maxLength={3}
        value={typed}
        onValue={(text) => {
          setTyped(text.replace(/\D/g, ''));
          setInvalid(false);
        }}
      />
      {refusal && (
        <p className="form-error" role="alert" data-testid="group-refusal" data-key={refusal}>
          {say(refusal)}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-gold btn-block"
        disabled={sending}
        aria-busy={sending || undefined}
      >
        {sending ? t`Buying…` : member ? t`Buy more shares` : t`Buy shares`}
      </button>
      {asking !== null && (
        <ConfirmMoney
          title={t({
            message: plural(count, {
              one: `M ${amount} for # share of ${name}?`,
              other: `M ${amount} for # shares of ${name}?`,
            }),
          })}
          details={[
            { label: t`Group`, value: `${name} · ${group.code}` },
            { label: t`Shares`, value: String(count) },
            { label: t`Price per share`, value: formatM(group.sharePrice) },
            { label: t`You pay`, value: `M ${amount}` },
          ]}
          note={t`The money goes from your wallet into the group's pot, kept for its slip until the round closes.`}
          action={t`Pay · M ${amount}`}
          onConfirm={() => void send()}
          onCancel={confirm.cancel}
        />
      )}
    </form>
  );
}
