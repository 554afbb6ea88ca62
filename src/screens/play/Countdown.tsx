// Time left on the betslip in days, hours, minutes and seconds, on the server's clock:
// it reads the machine's last tick, so it changes once a second and stops with the machine.
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { betslipMachine } from '../../../machines/betslip/betslipMachine';
import { countdownParts } from '../../../machines/betslip/helpers';

const pad = (n: number) => String(n).padStart(2, '0');

export function Countdown({ actor }: { actor: ActorRefFrom<typeof betslipMachine> }) {
  const { t } = useLingui();
  const left = useSelector(actor, (s) => Math.max(0, s.context.endsAtMs - s.context.now));
  const { days, hours, minutes, seconds } = countdownParts(Number.isFinite(left) ? left : 0);
  const units = [
    { value: days, label: t`days` },
    { value: hours, label: t`hrs` },
    { value: minutes, label: t`min` },
    { value: seconds, label: t`sec` },
  ];
  return (
    <div className="countdown">
      <span className="countdown-title">
        <Trans>Closes in</Trans>
      </span>
      <div
        className="countdown-units"
        role="timer"
        aria-label={t`${days} days ${hours} hours ${minutes} minutes left`}
      >
        {units.map((u) => (
          <span className="countdown-unit" key={u.label} aria-hidden="true">
            <b>{pad(u.value)}</b>
            <small>{u.label}</small>
          </span>
        ))}
      </div>
    </div>
  );
}
