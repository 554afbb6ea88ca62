// How everyone played a closed betslip (issue 6): for each match the share that picked 1, X and 2 as small
// bars, and for each prize tier its winners and the amount each won.
import { useLingui } from '@lingui/react/macro';
import { breakLongWords } from '../../../machines/rules/longWords';
import { type BetslipStatistics, type PlacedBet, sharePercent } from '../../../machines/rules/results';
import { formatMoney } from './format';

function Bar({ label, share, name }: { label: string; share: number; name: string }) {
  const pct = sharePercent(share);
  return (
    <div className="share" title={`${name}: ${pct}%`}>
      <span className="share-label" aria-hidden="true">
        {label}
      </span>
      <span className="share-track" role="img" aria-label={`${name}: ${pct}%`}>
        <span className="share-fill" style={{ width: `${pct}%` }} />
      </span>
      <span className="share-pct" aria-hidden="true">
        {pct}%
      </span>
    </div>
  );
}

export function SlipStatistics({ stats, bets }: { stats: BetslipStatistics; bets: PlacedBet[] }) {
  const { t } = useLingui();
  const teams = (position: number) => {
    const bet = bets.find((b) => b.positionInBetSlip === position);
    return bet ? `${breakLongWords(bet.homeTeam)} – ${breakLongWords(bet.awayTeam)}` : '';
  };
  const tiers = [...stats.tiers].sort((a, b) => b.prizeType - a.prizeType);
  return (
    <section className="slip-stats" aria-label={t`How everyone played`}>
      <h3>{t`How everyone played`}</h3>
      {stats.matches.length > 0 && (
        <ol className="share-list">
          {stats.matches.map((m) => (
            <li key={m.position} className="share-match">
              <span className="share-match-name">
                {m.position}. {teams(m.position)}
              </span>
              <div className="share-bars">
                <Bar label="1" share={m.home} name={t`Home win`} />
                <Bar label="X" share={m.draw} name={t`Draw`} />
                <Bar label="2" share={m.away} name={t`Away win`} />
              </div>
            </li>
          ))}
        </ol>
      )}
      {tiers.length > 0 && (
        <table className="tiers-table">
          <caption>{t`Prize tiers`}</caption>
          <thead>
            <tr>
              <th scope="col">{t`Correct picks`}</th>
              <th scope="col">{t`Winners`}</th>
              <th scope="col">{t`Each won`}</th>
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier) => (
              <tr key={tier.prizeType}>
                <td>{tier.prizeType}</td>
                <td>{tier.winners}</td>
                <td>{formatMoney(tier.amountEach)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
