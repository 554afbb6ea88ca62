// How everyone played a closed betslip (docs/CONTRACTS.md "Results and operations API"): for each match the
// share that picked 1, X and 2 as small bars, and for each prize tier its winners and the amount each won.
// In a round settled by rows, the shares are of rows and a tier's winners are its winning rows.
import { useLingui } from '@lingui/react/macro';
import { breakLongWords } from '../../../machines/rules/longWords';
import { formatMDot } from '../../../machines/rules/money';
import { type BetslipStatistics, type PlacedBet, sharePercent } from '../../../machines/rules/results';
import { PrizeTierTable } from '../../components/PrizeTierTable';

/** One match: a stacked bar of the 1 / X / 2 shares with the percentages written beneath. */
function Shares({ home, draw, away }: { home: number; draw: number; away: number }) {
  const { t } = useLingui();
  const [h, d, a] = [sharePercent(home), sharePercent(draw), sharePercent(away)];
  const described = t`Home win: ${h}%, draw: ${d}%, away win: ${a}%`;
  return (
    <>
      <span className="share-track" role="img" aria-label={described}>
        <span className="share-fill share-home" style={{ width: `${h}%` }} />
        <span className="share-fill share-draw" style={{ width: `${d}%` }} />
        <span className="share-fill share-away" style={{ width: `${a}%` }} />
      </span>
      <span className="share-legend" aria-hidden="true">
        <span>
          <i className="share-dot share-home" />1 {h}%
        </span>
        <span>
          <i className="share-dot share-draw" />X {d}%
        </span>
        <span>
          <i className="share-dot share-away" />2 {a}%
        </span>
      </span>
    </>
  );
}

export function SlipStatistics({ stats, bets }: { stats: BetslipStatistics; bets: PlacedBet[] }) {
  const { t } = useLingui();
  const teams = (position: number) => {
    const bet = bets.find((b) => b.positionInBetSlip === position);
    return bet ? `${breakLongWords(bet.homeTeam)} – ${breakLongWords(bet.awayTeam)}` : '';
  };
  const tiers = [...stats.tiers].sort((a, b) => b.prizeType - a.prizeType);
  // Absent in answers cached by an older build: those rounds counted slips.
  const byRows = stats.settlementRule === 'ROWS';
  return (
    <section className="slip-stats" aria-label={t`How everyone played`}>
      <h3>{t`How everyone played`}</h3>
      {byRows && stats.matches.length > 0 && <p className="share-basis">{t`Shares of all rows played`}</p>}
      {stats.matches.length > 0 && (
        <ol className="share-list">
          {stats.matches.map((m) => (
            <li key={m.position} className="share-match">
              <span className="share-match-name">
                {m.position}. {teams(m.position)}
              </span>
              <Shares home={m.home} draw={m.draw} away={m.away} />
            </li>
          ))}
        </ol>
      )}
      {tiers.length > 0 && (
        <PrizeTierTable
          rule={stats.settlementRule}
          tiers={tiers}
          className="tiers-table"
          caption={t`Prize tiers`}
          correct={t`Correct picks`}
          each={t`Each won`}
          money={formatMDot}
        />
      )}
    </section>
  );
}
