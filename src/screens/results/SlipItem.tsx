// One past betslip: a collapsible button coloured by state with its round, the date
// and 'M. amountWon' when won; open, it shows the congratulation banner (won), the correct-so-far count
// (still open, on the button), a system slip's rows ("8 rows: 1 × 14, 2 × 13") and system, the placed
// bets and, once closed, how everyone played.
import { Trans, useLingui } from '@lingui/react/macro';
import { showWireDate } from '../../../machines/rules/maseruTime';
import { formatMDot } from '../../../machines/rules/money';
import { type PastBetslip, slipState } from '../../../machines/rules/results';
import { prizeName, STATE_LABELS } from './labels';
import { PlacedBets } from './PlacedBets';
import { SlipStatistics } from './SlipStatistics';

export function SlipItem({
  slip,
  id,
  open,
  onToggle,
}: {
  slip: PastBetslip;
  id: string;
  open: boolean;
  onToggle: () => void;
}) {
  const { t, i18n } = useLingui();
  const state = slipState(slip);
  const bodyId = `slip-${id}`;
  const bets = Array.isArray(slip.placedBets) ? slip.placedBets : [];
  const total = bets.length;
  const correct = slip.correctCount;
  const prize = slip.prizeWon ? prizeName(slip.prizeWon, (d) => i18n._(d)) : '';
  const amount = formatMDot(slip.amountWon);
  const rows = slip.rows ?? 1;
  const systemId = slip.systemId ?? null;
  // As describeRows (machines/rules/rowSettlement.ts) words it, with the words translated.
  const tiers = (slip.winningRows ?? []).map((w) => `${w.count} × ${w.prizeType}`).join(', ');
  return (
    <li className={`slip slip-${state}`}>
      <button
        type="button"
        className="slip-head"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={onToggle}
      >
        <span className="slip-state">{i18n._(STATE_LABELS[state])}</span>
        {/* The round first: the subscriber knows their own number, not which week this slip was. */}
        <span className="slip-who" data-testid="slip-round">{t`Round ${slip.sid}`}</span>
        <span className="slip-date">{showWireDate(slip.createdAt)}</span>
        {state === 'won' && <span className="slip-amount">{amount}</span>}
        {state === 'pending' && correct !== null && (
          <span className="slip-progress">{t`${correct} of ${total} correct so far`}</span>
        )}
        <span className="slip-chevron" aria-hidden="true">
          {open ? '▴' : '▾'}
        </span>
      </button>
      {open && (
        <div className="slip-body" id={bodyId}>
          {slip.reference && (
            <p className="slip-reference">
              <Trans>Reference</Trans> <strong>{slip.reference}</strong>
            </p>
          )}
          {state === 'won' && (
            <p className="congrats" role="status">
              {prize
                ? t`Congratulations! You won the ${prize}: ${amount}.`
                : t`Congratulations! You won ${amount}.`}
            </p>
          )}
          {state !== 'pending' && correct !== null && (
            <p className="slip-progress">
              <Trans>
                Correct: {correct} of {total}
              </Trans>
            </p>
          )}
          {(rows > 1 || systemId) && (
            <p className="slip-rows" data-testid="slip-rows">
              {tiers ? t`${rows} rows: ${tiers}` : t`${rows} rows`}
              {systemId && <> · {t`Reduced system ${systemId}`}</>}
            </p>
          )}
          <PlacedBets bets={bets} closed={slip.betSlipClosed} />
          {slip.betSlipClosed && slip.statistics && <SlipStatistics stats={slip.statistics} bets={bets} />}
        </div>
      )}
    </li>
  );
}
