// The Play screen: the current betslip with its countdown, match cards, quick pick and
// clear, the slip bar (popover, toast panel, submit), a loader while submitting, the empty state with
// retry, and the testimonials. State lives in the betslip machine; this file only reads and sends.
import { Trans, useLingui } from '@lingui/react/macro';
import { useLoaderData } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { betslipMachine } from '../../../machines/betslip/betslipMachine';
import { countPicks, type Digit, formatCents, priceCents } from '../../../machines/rules/betslip';
import { fetchTestimonials, type Testimonial } from '../../api/play';
import { useSession } from '../../session/hooks';
import { Countdown } from './Countdown';
import { MatchCard } from './MatchCard';
import { playInput, playSideEffects } from './playSideEffects';
import { SlipBar } from './SlipBar';
import './play.css';

// Testimonials sit below the fold and bring the carousel library: they load after the slip is usable.
const Testimonials = lazy(() =>
  import('../../components/carousel/Testimonials').then((m) => ({ default: m.Testimonials })),
);

// Slips saved offline and what became of them: its own chunk (IndexedDB), after the slip is usable.
const QueuePanel = lazy(() => import('./PlayQueuePanel'));

// "You have played this round" and the receipt sheet after paying: their own chunk, like the queue's.
const PlayedThisRound = lazy(() => import('../../receipts/PlayedThisRound'));

/** Testimonials once per visit; without any, the screen has no carousel. */
function useTestimonials(): Testimonial[] {
  const [items, setItems] = useState<Testimonial[]>([]);
  useEffect(() => {
    const ctrl = new AbortController();
    fetchTestimonials(ctrl.signal).then(
      (list) => setItems(Array.isArray(list) ? list : []),
      () => undefined, // decoration only: without them the screen simply has no carousel
    );
    return () => ctrl.abort();
  }, []);
  return items;
}

export default function PlayScreen() {
  const { t } = useLingui();
  // The route's loader started the betslip request; this visit's machine takes it as its first fetch.
  const { betslip: loaded } = useLoaderData({ from: '/shell/guarded/play' });
  const session = useSession();
  // The machine is pure; its side effects (API, server clock, stored picks, keys) are supplied here.
  const [machine] = useState(() => betslipMachine.provide(playSideEffects(session, loaded)));
  const actor = useActorRef(machine, { input: playInput() });
  const phase = useSelector(actor, (s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('empty')
        ? 'empty'
        : s.matches('closed')
          ? 'closed'
          : 'ready',
  );
  const submitting = useSelector(actor, (s) => s.matches({ ready: 'submitting' }));
  const betslip = useSelector(actor, (s) => s.context.betslip);
  const outcomes = useSelector(actor, (s) => s.context.outcomes);
  const popover = useSelector(actor, (s) => s.context.popover);
  const error = useSelector(actor, (s) => s.context.error);
  const panelOpen = useSelector(actor, (s) => s.context.panelOpen);
  const testimonials = useTestimonials();

  const onTap = useCallback(
    (index: number, digit: Digit) => actor.send({ type: 'TAP', index, digit }),
    [actor],
  );

  return (
    <section className="play" aria-labelledby="play-title" aria-busy={phase === 'loading' || submitting}>
      <div className="play-head">
        <h1 id="play-title">
          <Trans>Current betslip</Trans>
        </h1>
        {betslip && phase !== 'empty' && <Countdown actor={actor} />}
      </div>

      {/* Static guidance first: it paints with the screen's code, before the betslip arrives. */}
      <p className="play-hint">
        <Trans>Tap 1 for a home win, X for a draw, 2 for an away win. Tap more than one for a double.</Trans>{' '}
        <Trans>Pick every match, then submit. Paid from your wallet, or from airtime when it is short.</Trans>
      </p>

      <Suspense fallback={null}>
        <QueuePanel />
        <PlayedThisRound sid={betslip?.sid} matches={betslip?.matches} />
      </Suspense>

      {phase === 'loading' && !betslip && (
        <div className="play-pending" role="status">
          <span className="spinner" aria-hidden="true" />
          <Trans>Loading the betslip…</Trans>
        </div>
      )}

      {phase === 'empty' && (
        <div className="play-empty">
          <p>
            <Trans>There is no betslip open right now. New matches are added every week.</Trans>
          </p>
          <button type="button" className="btn btn-gold" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}

      {phase === 'closed' && (
        <p className="play-closed" role="status">
          <Trans>This betslip has closed. Fetching the next one…</Trans>
        </p>
      )}

      {betslip && phase !== 'empty' && (
        <>
          <div className="play-tools">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => actor.send({ type: 'QUICK_PICK' })}
            >
              <Trans>Quick pick</Trans>
            </button>
            <button type="button" className="btn btn-outline" onClick={() => actor.send({ type: 'CLEAR' })}>
              <Trans>Clear</Trans>
            </button>
          </div>
          <ol className="matches" aria-label={t`Matches`}>
            {betslip.matches.map((m, i) => (
              <MatchCard
                key={m.betslipPosotion}
                match={m}
                index={i}
                outcome={outcomes[i] ?? null}
                onTap={onTap}
              />
            ))}
          </ol>
          <SlipBar
            counts={countPicks(outcomes)}
            totalBets={betslip.matches.length}
            params={betslip.betslipParams}
            price={formatCents(priceCents(betslip.betslipParams, outcomes))}
            popover={popover}
            error={error}
            panelOpen={panelOpen}
            busy={submitting}
            onTogglePanel={() => actor.send({ type: 'TOGGLE_PANEL' })}
            onSubmit={() => actor.send({ type: 'SUBMIT' })}
          />
        </>
      )}

      {testimonials.length > 0 && (
        <Suspense fallback={null}>
          <Testimonials items={testimonials} />
        </Suspense>
      )}

      {submitting && (
        <div className="loader-overlay" role="status" aria-label={t`Sending your betslip…`}>
          <span className="spinner" aria-hidden="true" />
        </div>
      )}
    </section>
  );
}
