// Transactions: a time-range filter and an accordion of wallet moves, 8 per page, each with its date
// (dd/MM/yyyy HH:mm), signed amount in colour and translated reason in the header (an airtime friend's
// masked number with it), and its service and the balance after it inside (and a deposit's or cash-out's
// status and reference); the filtered statement downloads as CSV. The filter and page are the
// Wallet route's (its search params); this list only shows them and reports changes.
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { parseWireDate, showWireDate } from '../../../machines/rules/maseruTime';
import { formatMDot, plainCents } from '../../../machines/rules/money';
import { clampPage, pageCount, pageItems } from '../../../machines/rules/paging';
import { toCsv } from '../../../machines/rules/statement';
import { filterByTime, type TimeFilterId } from '../../../machines/rules/timeFilter';
import { serverNow } from '../../api/clock';
import type { WalletMove } from '../../api/wallet';
import { Paginator } from '../../components/Paginator';
import { TimeFilter } from '../../components/TimeFilter';
import { moveLabel, moveService, moveStatus } from './moveReasons';

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
  const { t, i18n } = useLingui();
  // Each move keeps the id of its place in the full list, so filtering keeps keys stable.
  const numbered = useMemo(() => moves.map((move, id) => ({ ...move, id })), [moves]);
  const shown = useMemo(
    () => filterByTime(numbered, (m) => parseWireDate(m.createDate), filter ?? 'all', new Date(serverNow())),
    [numbered, filter],
  );
  const count = pageCount(shown.length);
  const current = clampPage(page, count);

  // The statement as shown (the time range applied), built here: no request, works offline.
  const download = () => {
    const rows = [
      [t`Date`, t`Reason`, t`Amount (M)`, t`Balance after (M)`, t`Service`, t`Status`, t`Reference`],
      ...shown.map((m) => [
        showWireDate(m.createDate),
        moveLabel(i18n, m),
        plainCents(m.amount * 100),
        m.balanceAfter === undefined ? '' : plainCents(m.balanceAfter * 100),
        moveService(i18n, m),
        m.status ? moveStatus(i18n, m.status) : '',
        m.reference ?? '',
      ]),
    ];
    const url = URL.createObjectURL(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `jackpot14-statement-${filter ?? 'all'}.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

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
                  <span className="move-date">{showWireDate(m.createDate)}</span>
                  <span className={`move-amount ${m.amount < 0 ? 'out' : 'in'}`}>{formatMDot(m.amount)}</span>
                  <span className="move-reason">{moveLabel(i18n, m)}</span>
                </summary>
                <dl className="move-body">
                  {m.balanceAfter !== undefined && (
                    <div>
                      <dt>
                        <Trans>Balance after</Trans>
                      </dt>
                      <dd>{formatMDot(m.balanceAfter)}</dd>
                    </div>
                  )}
                  <div>
                    <dt>
                      <Trans>Service</Trans>
                    </dt>
                    <dd>{moveService(i18n, m)}</dd>
                  </div>
                  {m.status && (
                    <div>
                      <dt>
                        <Trans>Status</Trans>
                      </dt>
                      <dd data-testid="move-status">{moveStatus(i18n, m.status)}</dd>
                    </div>
                  )}
                  {m.reference && (
                    <div>
                      <dt>
                        <Trans>Reference</Trans>
                      </dt>
                      <dd className="move-reference">{m.reference}</dd>
                    </div>
                  )}
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Paginator page={current} count={count} onChange={onPage} />
      {shown.length > 0 && (
        <button type="button" className="btn btn-ghost btn-block statement-download" onClick={download}>
          <Trans>Download statement (CSV)</Trans>
        </button>
      )}
    </div>
  );
}
