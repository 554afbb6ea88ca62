// What each round took in and paid out, a summary of what is owed now, a chart of turnover and players
// per round (inline SVG: no chart library), and the same rounds as CSV. Reading them is audited server-side.
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { digitsOfM, formatM } from '../../../machines/rules/money';
import {
  type ReportSummary,
  type RoundReport,
  reportSummary,
  roundReports,
  roundsCsv,
} from '../../api/admin';
import { useServerMessage } from '../../i18n/serverMessages';
import { betslipStatusText } from './betslipStatusText';

/** Turnover as bars, players as dots joined by a line; oldest round on the left. */
export function RoundsChart({ rounds }: { rounds: readonly RoundReport[] }) {
  const { t, i18n } = useLingui();
  const shown = [...rounds].slice(0, 12).reverse();
  if (shown.length === 0) return null;
  const width = 320;
  const height = 140;
  const pad = 20;
  const step = (width - 2 * pad) / shown.length;
  const maxTurnover = Math.max(1, ...shown.map((r) => r.turnover));
  const maxPlayers = Math.max(1, ...shown.map((r) => r.players));
  const y = (value: number, max: number) => height - pad - (value / max) * (height - 2 * pad);
  const points = shown.map((r, i) => `${pad + step * (i + 0.5)},${y(r.players, maxPlayers)}`).join(' ');
  return (
    <figure className="admin-chart">
      <svg viewBox={`0 0 ${width} ${height}`} role="img" aria-label={t`Turnover and players per round`}>
        {shown.map((r, i) => (
          <rect
            key={r.sid}
            x={pad + step * i + step * 0.15}
            y={y(r.turnover, maxTurnover)}
            width={step * 0.7}
            height={height - pad - y(r.turnover, maxTurnover)}
            className="admin-chart-bar"
          >
            <title>{`${r.sid}: ${formatM(r.turnover)}, ${r.players}`}</title>
          </rect>
        ))}
        <polyline points={points} className="admin-chart-line" fill="none" />
        {shown.map((r, i) => (
          <circle
            key={r.sid}
            cx={pad + step * (i + 0.5)}
            cy={y(r.players, maxPlayers)}
            r={3}
            className="admin-chart-dot"
          />
        ))}
      </svg>
      <figcaption>
        <Trans>
          Bars: turnover (up to M {digitsOfM(maxTurnover)}). Dots: players (up to {maxPlayers}).
        </Trans>
      </figcaption>
    </figure>
  );
}

/** `revision` changes after each operation on the rounds: the figures are read again. */
export function Reports({ revision = 0 }: { revision?: number }) {
  const { i18n } = useLingui();
  const say = useServerMessage();
  const [rounds, setRounds] = useState<RoundReport[] | null>(null);
  const [summary, setSummary] = useState<ReportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `revision` is the signal to read again
  useEffect(() => {
    Promise.all([roundReports(), reportSummary()])
      .then(([r, s]) => {
        setRounds(Array.isArray(r) ? r : []);
        setSummary(s);
      })
      .catch((err) => setError(messageKeyOf(err)));
  }, [revision]);

  const download = async () => {
    try {
      const csv = await roundsCsv();
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = 'rounds.csv';
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      setError(messageKeyOf(err));
    }
  };

  return (
    <section className="admin-reports" aria-labelledby="reports-title">
      <h2 id="reports-title">
        <Trans>Reports</Trans>
      </h2>
      {error && (
        <p className="admin-notice admin-notice-error" role="alert">
          {say(error)}
        </p>
      )}
      {summary && (
        <dl className="admin-summary">
          <dt>
            <Trans>Wallet liabilities</Trans>
          </dt>
          <dd>{formatM(summary.walletLiabilities)}</dd>
          <dt>
            <Trans>Pending cash-outs</Trans>
          </dt>
          <dd>{formatM(summary.pendingCashOuts)}</dd>
          <dt>
            <Trans>Pending deposits</Trans>
          </dt>
          <dd>{formatM(summary.pendingDeposits)}</dd>
          <dt>
            <Trans>Players in the last 7 days</Trans>
          </dt>
          <dd>{summary.playersLast7Days}</dd>
        </dl>
      )}
      {rounds && <RoundsChart rounds={rounds} />}
      {rounds && rounds.length > 0 && (
        <div className="admin-table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Round</Trans>
                </th>
                <th scope="col">
                  <Trans>Entries</Trans>
                </th>
                <th scope="col">
                  <Trans>Rows</Trans>
                </th>
                <th scope="col">
                  <Trans>Players</Trans>
                </th>
                <th scope="col">
                  <Trans>Turnover</Trans>
                </th>
                <th scope="col">
                  <Trans>From wallet</Trans>
                </th>
                <th scope="col">
                  <Trans>By airtime</Trans>
                </th>
                <th scope="col">
                  <Trans>Prizes paid</Trans>
                </th>
                <th scope="col">
                  <Trans>Payout</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {rounds.map((r) => (
                <tr key={r.sid}>
                  <td>{`${r.sid} · ${betslipStatusText(r.status, i18n)}`}</td>
                  <td>{r.entries}</td>
                  <td>{r.rows}</td>
                  <td>{r.players}</td>
                  <td>{formatM(r.turnover)}</td>
                  <td>{formatM(r.paidFromWallet)}</td>
                  <td>{formatM(r.paidByAirtime)}</td>
                  <td>{formatM(r.prizesPaid)}</td>
                  <td>{Math.round(r.payoutRatio * 100)}%</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <button type="button" className="btn btn-ghost" onClick={() => void download()}>
        <Trans>Export CSV</Trans>
      </button>
    </section>
  );
}
