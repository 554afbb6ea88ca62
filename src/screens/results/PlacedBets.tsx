// A slip's placed bets: a full table from 1000 px, below it a compact list in which each bet
// is a row that expands to the rest of its columns. Tick or cross only once the slip is closed.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { breakLongWords } from '../../../machines/rules/longWords';
import { showWireDate } from '../../../machines/rules/maseruTime';
import { betMark, type PlacedBet, pickLabel } from '../../../machines/rules/results';
import { useMediaQuery } from '../../hooks/useMediaQuery';
import { PICK_LABELS } from './labels';

/** Wide table from this width. */
export const WIDE_QUERY = '(min-width: 1000px)';

function Mark({ closed, isCorrect }: { closed: boolean; isCorrect: boolean | null }) {
  const { t } = useLingui();
  const mark = betMark(closed, isCorrect);
  if (mark === 'n/a') return <span className="mark mark-na">{t`N/A`}</span>;
  return mark === 'correct' ? (
    <span className="mark mark-correct" role="img" aria-label={t`Correct`}>
      ✓
    </span>
  ) : (
    <span className="mark mark-wrong" role="img" aria-label={t`Wrong`}>
      ✗
    </span>
  );
}

function useLabel() {
  const { i18n } = useLingui();
  return (value: string | null) => i18n._(PICK_LABELS[pickLabel(value)]);
}

function WideTable({ bets, closed }: { bets: PlacedBet[]; closed: boolean }) {
  const { t } = useLingui();
  const label = useLabel();
  return (
    <table className="bets-table">
      <caption className="sr-only">{t`Placed bets`}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          <th scope="col">{t`Pick`}</th>
          <th scope="col">{t`Result`}</th>
          <th scope="col">{t`Won`}</th>
          <th scope="col">{t`Tournament`}</th>
          <th scope="col">{t`Home team`}</th>
          <th scope="col">{t`Away team`}</th>
          <th scope="col">{t`Match date`}</th>
          <th scope="col">{t`Bet date`}</th>
        </tr>
      </thead>
      <tbody>
        {bets.map((b) => (
          <tr key={b.positionInBetSlip}>
            <td>{b.positionInBetSlip}</td>
            <td>{label(b.pick)}</td>
            <td>{label(b.result)}</td>
            <td>
              <Mark closed={closed} isCorrect={b.isCorrect} />
            </td>
            <td>{breakLongWords(b.tournament)}</td>
            <td>{breakLongWords(b.homeTeam)}</td>
            <td>{breakLongWords(b.awayTeam)}</td>
            <td>{showWireDate(b.matchDate)}</td>
            <td>{showWireDate(b.betDate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function CompactRow({ bet, closed }: { bet: PlacedBet; closed: boolean }) {
  const { t } = useLingui();
  const label = useLabel();
  const [open, setOpen] = useState(false);
  const detailsId = `bet-${bet.positionInBetSlip}-${bet.betDate}`.replace(/\W/g, '-');
  return (
    <li className="bet-row">
      <button
        type="button"
        className="bet-summary"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="bet-pos">{bet.positionInBetSlip}</span>
        <span className="bet-teams">
          {breakLongWords(bet.homeTeam)} – {breakLongWords(bet.awayTeam)}
        </span>
        <span className="bet-pick">{label(bet.pick)}</span>
        <Mark closed={closed} isCorrect={bet.isCorrect} />
      </button>
      {open && (
        <dl className="bet-details" id={detailsId}>
          <dt>{t`Pick`}</dt>
          <dd>{label(bet.pick)}</dd>
          <dt>{t`Result`}</dt>
          <dd>{label(bet.result)}</dd>
          <dt>{t`Tournament`}</dt>
          <dd>{breakLongWords(bet.tournament)}</dd>
          <dt>{t`Match date`}</dt>
          <dd>{showWireDate(bet.matchDate)}</dd>
          <dt>{t`Bet date`}</dt>
          <dd>{showWireDate(bet.betDate)}</dd>
        </dl>
      )}
    </li>
  );
}

export function PlacedBets({ bets, closed }: { bets: PlacedBet[]; closed: boolean }) {
  const { t } = useLingui();
  const wide = useMediaQuery(WIDE_QUERY);
  if (bets.length === 0)
    return (
      <p className="muted">
        <Trans>No bets on this slip.</Trans>
      </p>
    );
  return wide ? (
    <WideTable bets={bets} closed={closed} />
  ) : (
    <ul className="bets-compact" aria-label={t`Placed bets`}>
      {bets.map((b) => (
        <CompactRow key={b.positionInBetSlip} bet={b} closed={closed} />
      ))}
    </ul>
  );
}
