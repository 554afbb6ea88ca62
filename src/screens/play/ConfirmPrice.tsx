// Asked once before paying a slip that costs more than the default price: the price explained in the
// order the rules compute it (default price × fee per double^doubles × fee per triple^triples), or for a
// reduced system the full system's price × its rows ÷ the full rows. Lazy chunk.
import { Trans, useLingui } from '@lingui/react/macro';
import * as Dialog from '@radix-ui/react-dialog';
import type { BetslipParams, Outcome } from '../../../machines/rules/betslip';
import { digitsOfCents } from '../../../machines/rules/money';
import { formatFactor, priceParts } from '../../../machines/rules/priceParts';
import { reducedSystem, systemPriceCents } from '../../../machines/rules/reducedSystems';
import '../../components/dialog.css';
import { DialogActions } from '../../components/DialogActions';

export default function ConfirmPrice({
  params,
  outcomes,
  systemId = null,
  onConfirm,
  onCancel,
}: {
  params: BetslipParams;
  outcomes: readonly Outcome[];
  /** The reduced system chosen for these picks (null: every combination). */
  systemId?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const p = priceParts(params, outcomes);
  const system = systemId ? reducedSystem(systemId) : null;
  const base = digitsOfCents(p.baseCents);
  const full = digitsOfCents(p.totalCents);
  const total = system ? digitsOfCents(systemPriceCents(system, params)) : full;
  const { doubles, triples } = p;
  const perDouble = formatFactor(p.feePerSecond);
  const perTriple = formatFactor(p.feePerThird);
  const factors = [doubles > 0 && p.doublesFactor, triples > 0 && p.triplesFactor].filter(
    (f): f is number => f !== false,
  );
  const sum = system
    ? `M ${full} × ${system.rows} ÷ ${system.fullRows}`
    : [`M ${base}`, ...factors.map(formatFactor)].join(' × ');
  const systemName = system?.id ?? '';
  const rows = system?.rows ?? 0;
  const fullRows = system?.fullRows ?? 0;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onCancel()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>
            <Trans>Pay M {total} for this slip?</Trans>
          </Dialog.Title>
          <Dialog.Description>
            {system ? (
              <Trans>
                Reduced system {systemName}: {rows} of the {fullRows} rows of your picks, at the full price ×{' '}
                {rows} ÷ {fullRows}.
              </Trans>
            ) : (
              <Trans>Doubles and triples raise the price of a slip:</Trans>
            )}
          </Dialog.Description>
          <dl className="price-parts">
            <div>
              <dt>{t`One pick per match`}</dt>
              <dd>M {base}</dd>
            </div>
            {doubles > 0 && (
              <div>
                <dt>{t`Doubles: ${doubles} (× ${perDouble} each)`}</dt>
                <dd>× {formatFactor(p.doublesFactor)}</dd>
              </div>
            )}
            {triples > 0 && (
              <div>
                <dt>{t`Triples: ${triples} (× ${perTriple} each)`}</dt>
                <dd>× {formatFactor(p.triplesFactor)}</dd>
              </div>
            )}
            {system && (
              <div>
                <dt>{t`Every combination`}</dt>
                <dd>M {full}</dd>
              </div>
            )}
          </dl>
          <p className="price-sum">
            {sum} = <strong>M {total}</strong>
          </p>
          <DialogActions action={<Trans>Play · M {total}</Trans>} onAction={onConfirm} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
