// The settlement preview: winners (winning rows in a round settled by rows) and payout per tier, the
// total, and any jackpot rolled over.
import { Trans } from '@lingui/react/macro';
import { digitsOfM } from '../../../machines/rules/money';
import type { SettlementPreview } from '../../api/admin';
import { PrizeTierTable } from '../../components/PrizeTierTable';

export function SettlementTable({ preview }: { preview: SettlementPreview }) {
  const total = digitsOfM(preview.totalPayout);
  const rollover = digitsOfM(preview.rollover);
  return (
    <>
      <div className="admin-scroll-x">
        <PrizeTierTable
          rule={preview.settlementRule}
          tiers={preview.tiers}
          className="admin-table"
          each={<Trans>Each</Trans>}
          withPool
        />
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
