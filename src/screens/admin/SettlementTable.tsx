// The settlement preview: winners (winning rows in a round settled by rows) and payout per tier, the
// total, and any jackpot rolled over.
import { Trans } from '@lingui/react/macro';
import { digitsOfM, formatM } from '../../../machines/rules/money';
import type { SettlementPreview } from '../../api/admin';

export function SettlementTable({ preview }: { preview: SettlementPreview }) {
  const total = digitsOfM(preview.totalPayout);
  const rollover = digitsOfM(preview.rollover);
  return (
    <>
      <div className="admin-scroll-x">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Correct</Trans>
              </th>
              <th scope="col">
                {preview.settlementRule === 'ROWS' ? <Trans>Winning rows</Trans> : <Trans>Winners</Trans>}
              </th>
              <th scope="col">
                <Trans>Each</Trans>
              </th>
              <th scope="col">
                <Trans>Pool</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.tiers.map((tier) => (
              <tr key={tier.prizeType}>
                <td>{tier.prizeType}</td>
                <td>{tier.winners}</td>
                <td>{formatM(tier.amountEach)}</td>
                <td>{formatM(tier.pool)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="admin-total">
        <Trans>Total to pay: M {total}</Trans>
      </p>
      {preview.rollover > 0 && (
        <p>
          <Trans>Jackpot rolled over to the next round: M {rollover}</Trans>
        </p>
      )}
    </>
  );
}
