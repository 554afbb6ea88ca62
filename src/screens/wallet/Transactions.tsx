// Transactions: a time-range filter and an accordion of wallet moves, 8 per page, each
// with its date and signed amount in the header and its reason and service inside. The filter and page
// are the Wallet route's (its search params); this list only shows them and reports changes.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { clampPage, pageCount, pageItems } from '../../../machines/rules/paging';
import { filterByTime, type TimeFilterId } from '../../../machines/rules/timeFilter';
import { moveAmount, reasonTitle } from '../../../machines/rules/wallet';
import { parseWireDate } from '../../../machines/rules/wireDate';
import { serverNow } from '../../api/clock';
import type { WalletMove } from '../../api/wallet';
import { Paginator } from '../../components/Paginator';
import { TimeFilter } from '../../components/TimeFilter';

export function Transactions({
  moves,
  filter,
  page,
  onFilter,
  onPage,
}: {
  moves: readonly WalletMove[];
  /** The chosen time range; null = none chosen yet (everything shows). */
  filter: TimeFilterId | null;
  /** 1-based; kept within the pages there are. */
  page: number;
  onFilter: (filter: TimeFilterId) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useLingui();
  // Each move keeps the id of its place in the full list, so filtering keeps keys stable.
  const numbered = useMemo(() => moves.map((move, id) => ({ ...move, id })), [moves]);
  const shown = useMemo(
    () => filterByTime(numbered, (m) => parseWireDate(m.createDate), filter ?? 'all', new Date(serverNow())),
    [numbered, filter],
  );
  const count = pageCount(shown.length);
  const current = clampPage(page, count);

  return (
    <div className="transactions">
      <TimeFilter id="moves-filter" value={filter} onChange={onFilter} />
      {shown.length === 0 ? (
        <p className="empty-note">
          {moves.length ? t`No transactions in this time range.` : t`No transactions yet.`}
        </p>
      ) : (
        <ul className="moves" aria-label={t`Transactions`}>
          {pageItems(shown, current).map((m) => (
            <li key={m.id}>
              <details className="move" name="wallet-moves">
                <summary>
                  <span className="move-date">{m.createDate}</span>
                  <span className={`move-amount ${m.amount < 0 ? 'out' : 'in'}`}>{moveAmount(m.amount)}</span>
                </summary>
                <dl className="move-body">
                  <div>
                    <dt>
                      <Trans>Reason</Trans>
                    </dt>
                    <dd>{reasonTitle(m.reason)}</dd>
                  </div>
                  <div>
                    <dt>
                      <Trans>Service</Trans>
                    </dt>
                    <dd>{m.serviceId}</dd>
                  </div>
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Paginator page={current} count={count} onChange={onPage} />
    </div>
  );
}
