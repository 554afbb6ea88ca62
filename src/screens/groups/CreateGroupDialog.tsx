// "Play as a group" (lazy chunk, opened from /play with complete picks): the captain names the group, sets
// the shares (2–100), their own shares and what happens to unsold shares, sees the share price (the slip's
// price ÷ shares, rounded down to the cent; their first share pays the cents left over), confirms the
// amount, and only then is the group opened (POST /api/protected/groups with an Idempotency-Key made on
// confirm, kept for a retry whose answer was lost). Then the code and the link to share.
import { useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { fittingSystem, slipPriceCents } from '../../../machines/betslip/helpers';
import type { Betslip } from '../../../machines/betslip/types';
import { type Outcome, outcomeToPrediction } from '../../../machines/rules/betslip';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { digitsOfCents } from '../../../machines/rules/money';
import type { SystemShape } from '../../../machines/rules/systemShape';
import { createGroup, type GroupCreated } from '../../api/groups';
import { notifyAccountChanged } from '../../api/play';
import { ConfirmMoney } from '../../components/ConfirmMoney';
import { useAttemptKey } from '../../hooks/useAttemptKey';
import { useConfirmStep } from '../../hooks/useConfirmStep';
import { GroupCreatedView } from './GroupCreatedView';
import { GroupFormFields } from './GroupFormFields';
import { useGroupMessage } from './messages';
import { type GroupOrder, useGroupForm } from './useGroupForm';
import { UNSOLD_WORDS } from './words';
import '../../components/dialog.css';
import './groups.css';

export interface CreateGroupProps {
  betslip: Betslip;
  outcomes: readonly Outcome[];
  system: SystemShape | null;
  onClose: () => void;
}

export default function CreateGroupDialog({ betslip, outcomes, system, onClose }: CreateGroupProps) {
  const { t, i18n } = useLingui();
  const say = useGroupMessage();
  const chosen = fittingSystem(outcomes, betslip.betslipParams, system);
  const slipCents = slipPriceCents(betslip.betslipParams, outcomes, chosen);
  const form = useGroupForm(slipCents);
  const confirm = useConfirmStep<GroupOrder>();
  const attempt = useAttemptKey();
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [created, setCreated] = useState<GroupCreated | null>(null);

  const send = async () => {
    const order = confirm.take();
    if (!order) return;
    const body = {
      lang: i18n.locale || 'st',
      betSlipSid: betslip.sid,
      positionAndPredictionDtos: outcomes.map((o, i) => ({
        betSlipPosition: i,
        prediction: outcomeToPrediction(o ?? ''),
      })),
      ...(chosen ? { systemId: chosen.id } : {}),
      ...order,
    };
    setSending(true);
    setRefusal(null);
    const key = attempt.keyFor(JSON.stringify(body));
    try {
      const answer = await createGroup(body, key);
      attempt.ended();
      notifyAccountChanged();
      setCreated(answer);
    } catch (error) {
      attempt.ended(error);
      setRefusal(messageKeyOf(error));
    } finally {
      setSending(false);
    }
  };

  if (created) return <GroupCreatedView group={created} onClose={onClose} />;

  const asking = confirm.asking;
  if (asking) {
    const pays = `M ${digitsOfCents(form.captainPays ?? 0)}`;
    const share = `M ${digitsOfCents(form.priced?.shareCents ?? 0)}`;
    const { name, shares, captainShares } = asking;
    return (
      <ConfirmMoney
        title={t`Pay ${pays} and open the group ${name}?`}
        details={[
          { label: t`Slip price`, value: `M ${digitsOfCents(slipCents)}` },
          { label: t`Shares`, value: t`${shares} at ${share}` },
          { label: t`Your shares`, value: String(captainShares) },
          { label: t`You pay now`, value: pays },
        ]}
        note={i18n._(UNSOLD_WORDS[asking.unsold].explained)}
        action={t`Open the group · ${pays}`}
        onConfirm={() => void send()}
        onCancel={confirm.cancel}
      />
    );
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog group-dialog">
          <Dialog.Title>{t`Play as a group`}</Dialog.Title>
          <Dialog.Description>
            {t`Your picks become a group slip. Others buy shares with the code or link; winnings are split by shares to the cent.`}
          </Dialog.Description>
          <form
            className="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const order = form.check();
              if (order) confirm.ask(order);
            }}
          >
            <GroupFormFields form={form} slipCents={slipCents} disabled={sending} />
            {refusal && (
              <p className="form-error" role="alert" data-testid="group-refusal" data-key={refusal}>
                {say(refusal)}
              </p>
            )}
            <div className="dialog-actions">
              <Dialog.Close asChild>
                <button type="button" className="btn btn-ghost">
                  {t`Cancel`}
                </button>
              </Dialog.Close>
              <button
                type="submit"
                className="btn btn-gold"
                disabled={sending}
                aria-busy={sending || undefined}
              >
                {sending ? t`Opening the group…` : t`Continue`}
              </button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
