// A round's prize tiers as a table: correct picks, winners (winning rows in a round settled by rows) and
// what each won. The public results, a slip's statistics and the operators' settlement preview show the
// same tiers; the preview adds each tier's pool.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatM } from '../../machines/rules/money';
import type { SettlementRule } from '../../machines/rules/rowSettlement';

interface Tier {
  prizeType: number;
  winners: number;
  amountEach: number;
  pool?: number;
}

export function PrizeTierTable({
  rule,
  tiers,
  className,
  caption,
  correct = <Trans>Correct</Trans>,
  each,
  money = formatM,
  withPool = false,
}: {
  rule: SettlementRule;
  tiers: readonly Tier[];
  className: string;
  caption?: ReactNode;
  /** The heading of the correct picks. */
  correct?: ReactNode;
  /** The heading of what each winner won. */
  each: ReactNode;
  /** How an amount in M is written. */
  money?: (m: number) => string;
  /** Adds the tier's pool (its total prize). */
  withPool?: boolean;
}) {
  return (
    <table className={className}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{correct}</th>
          <th scope="col">{rule === 'ROWS' ? <Trans>Winning rows</Trans> : <Trans>Winners</Trans>}</th>
          <th scope="col">{each}</th>
          {withPool && (
            <th scope="col">
              <Trans>Pool</Trans>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {tiers.map((tier) => (
          <tr key={tier.prizeType}>
            <td>{tier.prizeType}</td>
            <td>{tier.winners}</td>
            <td>{money(tier.amountEach)}</td>
            {withPool && <td>{money(tier.pool ?? 0)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
