// The bottom of the slip, kept in reach of the thumb: the popover, the toast panel with the counters
// (price, doubles, triples, bets) once a pick exists, the submit button saying what it does ("Play · M 2.00"),
// and a refusal from the server until the next action.
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect } from 'react';
import type { Popover } from '../../../machines/betslip/types';
import type { BetslipParams, PickCounts } from '../../../machines/rules/betslip';

// The words for the server's answers (messages.ts, with the app-wide server messages) are needed only
// once a slip has been sent: their chunk downloads when the bar first shows, outside the first load.
const loadMessages = () => import('./messages');
const PlayMessage = lazy(() => loadMessages().then((m) => ({ default: m.PlayMessage })));
const ReplacedText = lazy(() => import('./playNotices').then((m) => ({ default: m.ReplacedText })));

const POPOVER_TONE = { incomplete: 'warning', replaced: 'info', submitted: 'success' } as const;

interface Props {
  counts: PickCounts;
  totalBets: number;
  params: BetslipParams;
  price: string;
  popover: Popover;
  error: string | null;
  panelOpen: boolean;
  busy: boolean;
  onTogglePanel: () => void;
  onSubmit: () => void;
}

export function SlipBar(p: Props) {
  const { t } = useLingui();
  // Named values, so the catalogs get readable placeholders ({placedBets}, not {0}).
  const { placedBets, doubles, triples } = p.counts;
  const { multipleChance, thirdChance } = p.params;
  const { totalBets, price } = p;
  useEffect(() => {
    void loadMessages().catch(() => undefined); // fetched ahead; rendering it retries if this fails
  }, []);
  const popoverText =
    p.popover?.kind === 'incomplete' ? (
      t`Ooooops.... Please place predictions for all matches`
    ) : p.popover?.kind === 'replaced' ? (
      <ReplacedText replaced={p.popover} params={p.params} />
    ) : p.popover?.kind === 'submitted' ? (
      p.popover.messageKey ? (
        <PlayMessage messageKey={p.popover.messageKey} />
      ) : (
        p.popover.message
      )
    ) : null;
  const rows: Array<[string, string | number]> = [
    [t`Current slip cost`, `M ${price}`],
    [t`Max triples`, thirdChance],
    [t`Max doubles and triples together`, multipleChance],
    [t`Placed bets`, placedBets],
    [t`Placed doubles`, doubles],
    [t`Placed triples`, triples],
    [t`Total bets`, totalBets],
  ];
  return (
    <div className="slip-bar">
      <div className="popover-slot" role="status" aria-live="polite">
        {popoverText && (
          // The paragraph shows with its words, never empty while their chunk arrives.
          <Suspense fallback={null}>
            <p className={`popover popover-${POPOVER_TONE[p.popover!.kind]}`}>{popoverText}</p>
          </Suspense>
        )}
      </div>
      {p.error && (
        <Suspense fallback={null}>
          <p className="slip-error" role="alert">
            <PlayMessage messageKey={p.error} />
          </p>
        </Suspense>
      )}
      {p.counts.placedBets > 0 && (
        <section className="toast-panel" aria-label={t`Your slip`}>
          <button
            type="button"
            className="toast-head"
            aria-expanded={p.panelOpen}
            aria-controls="toast-body"
            onClick={p.onTogglePanel}
          >
            <span>
              <Trans>
                {placedBets}/{totalBets} picked · doubles {doubles} · triples {triples}
              </Trans>
            </span>
            <span className="toast-chevron" aria-hidden="true">
              {p.panelOpen ? '▾' : '▴'}
            </span>
          </button>
          {p.panelOpen && (
            <dl id="toast-body" className="toast-body">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      )}
      <button type="button" className="btn-submit" onClick={p.onSubmit} disabled={p.busy}>
        <Trans>Play · M {price}</Trans>
      </button>
    </div>
  );
}
