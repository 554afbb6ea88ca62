// The Play screen: the current betslip (its round and closing time) with its countdown, match cards, quick
// pick and clear, the slip bar (popover, toast panel, submit), the price confirmation above the default
// price, a loader while submitting, the empty state with retry, notices (the round changed, subscribe
// first), the reduced systems the marks fit, the people's picks while the round is open, and the
// testimonials. State lives in the betslip machine; this file only reads and sends.
import { Trans, useLingui } from '@lingui/react/macro';
import { useLoaderData } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { lazy, type RefObject, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { betslipMachine } from '../../../machines/betslip/betslipMachine';
import { slipPriceCents } from '../../../machines/betslip/helpers';
import { countPicks, type Digit, priceCents } from '../../../machines/rules/betslip';
import { showWireDate } from '../../../machines/rules/maseruTime';
import { digitsOfCents } from '../../../machines/rules/money';
import type { SystemShape } from '../../../machines/rules/systemShape';
import { useIsSubscribed } from '../../account/hooks';
import { useAfterPaint } from '../../lib/afterPaint';
import { lazyChunk } from '../../lib/lazyChunk';
import { useSession } from '../../session/hooks';
import { Countdown } from './Countdown';
import { MatchCard } from './MatchCard';
import type { MatchShares } from './PickSharesNote';
import { playInput, playSideEffects } from './playSideEffects';
import { SlipBar } from './SlipBar';
import './play.css';

// Testimonials sit below the fold and bring the carousel library: they load (and are read) after the slip
// is usable.
const PlayTestimonials = lazy(() =>
  import('../../components/carousel/Testimonials').then((m) => ({ default: m.PlayTestimonials })),
);

// Slips saved offline and what became of them: its own chunk (IndexedDB), after the slip is usable.
// Shown when the network goes: a missing chunk must not take the page down with it.
const QueuePanel = lazyChunk(() => import('./PlayQueuePanel'));

// "You have played this round" and the receipt sheet after paying: their own chunk, like the queue's.
const PlayedThisRound = lazy(() => import('../../receipts/PlayedThisRound'));
// Shown now and then: their chunks load when first needed (the price dialog as soon as a slip costs more).
const loadConfirm = () => import('./ConfirmPrice');
const ConfirmPrice = lazy(loadConfirm);
const loadNotices = () => import('./playNotices');
const RoundChangeNotice = lazy(() => loadNotices().then((m) => ({ default: m.RoundChangeNotice })));
const SubscribePrompt = lazy(() => loadNotices().then((m) => ({ default: m.SubscribePrompt })));
const StandingOffer = lazy(() => loadNotices().then((m) => ({ default: m.StandingOffer })));
// Reduced systems: loaded once a complete slip has doubles or triples (it says nothing unless they fit a
// system), so the systems' tables are not part of the first load.
const SystemPicker = lazy(() => import('./SystemPicker'));
// The people's picks while the round is open: read and shown after the slip is usable.
const PickSharesNote = lazy(() => import('./PickSharesNote'));
// "Play as a group" and "Join a group" (DESIGN.md "Group play"): after the slip is usable; the group
// dialog is a chunk of its own again, loaded on the tap.
const PlayAsGroup = lazy(() => import('./PlayAsGroup'));
// Top up and play: offered when the wallet (and airtime) fell short of the slip's price.
const TopUpDialog = lazy(() => import('./TopUpDialog'));

/** The round's identity: its reference and when it closes (Maseru time, as the server sends it). */
function RoundLine({ sid, closes }: { sid: string; closes: string }) {
  return (
    <Trans>
      Round {sid} · closes {closes}
    </Trans>
  );
}

/** After an incomplete submit, brings the first unpicked match into view and puts focus on it. */
function useScrollToMissing(list: RefObject<HTMLOListElement | null>, marked: number) {
  useEffect(() => {
    if (marked === 0) return;
    const first = list.current?.querySelector<HTMLElement>('.match-missing');
    first?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    first?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
  }, [list, marked]);
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
  const system = useSelector(actor, (s) => s.context.system);
  const popover = useSelector(actor, (s) => s.context.popover);
  const error = useSelector(actor, (s) => s.context.error);
  const panelOpen = useSelector(actor, (s) => s.context.panelOpen);
  const confirming = useSelector(actor, (s) => s.hasTag('confirm'));
  const missingMarked = useSelector(actor, (s) => s.context.missingMarked);
  const roundChange = useSelector(actor, (s) => s.context.roundChange);
  const lastSent = useSelector(actor, (s) => s.context.lastSent);
  const shortOfMoney = useSelector(actor, (s) => s.matches({ ready: { failed: 'shortOfMoney' } }));
  // The slip the top-up is for, kept while its dialog is open (the machine's error clears on the resubmit).
  const [topUp, setTopUp] = useState<{ sid: string; priceCents: number } | null>(null);
  const subscribed = useIsSubscribed();
  // What a first pick does not need mounts in tasks of its own: the queue panel and this round's receipts
  // once the screen has painted; the people's picks, group play and the testimonials once the betslip has.
  const afterScreen = useAfterPaint();
  const afterBetslip = useAfterPaint(!!betslip);
  const list = useRef<HTMLOListElement>(null);
  useScrollToMissing(list, missingMarked);
  const price = betslip ? slipPriceCents(betslip.betslipParams, outcomes, system) : 0;
  const counts = countPicks(outcomes);
  const mayFitSystem = counts.multiples > 0 && counts.placedBets === outcomes.length;
  const chooseSystem = useCallback(
    (chosen: SystemShape | null) => actor.send({ type: 'CHOOSE_SYSTEM', system: chosen }),
    [actor],
  );
  const [shares, setShares] = useState<MatchShares | null>(null);
  const aboveDefault = !!betslip && price > priceCents(betslip.betslipParams, []);
  useEffect(() => {
    if (aboveDefault) void loadConfirm().catch(() => undefined); // ready before the tap that needs it
  }, [aboveDefault]);

  useEffect(() => {
    if (shortOfMoney && betslip) setTopUp({ sid: betslip.sid, priceCents: price });
  }, [shortOfMoney, betslip, price]);
  const payAfterTopUp = useCallback(() => {
    setTopUp(null);
    actor.send({ type: 'SUBMIT' });
  }, [actor]);

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
        {betslip && phase !== 'empty' && (
          <p className="play-round">
            <RoundLine sid={betslip.sid} closes={showWireDate(betslip.endDate)} />
          </p>
        )}
      </div>

      {subscribed === false && (
        <Suspense fallback={null}>
          <SubscribePrompt />
        </Suspense>
      )}

      {roundChange && (
        <Suspense fallback={null}>
          <RoundChangeNotice
            change={roundChange}
            onDismiss={() => actor.send({ type: 'DISMISS_ROUND_CHANGE' })}
          />
        </Suspense>
      )}

      {/* Static guidance first: it paints with the screen's code, before the betslip arrives. */}
      <p className="play-hint">
        <Trans>Tap 1 for a home win, X for a draw, 2 for an away win. Tap more than one for a double.</Trans>{' '}
        <Trans>Pick every match, then submit. Paid from your wallet, or from airtime when it is short.</Trans>
      </p>

      <Suspense fallback={null}>
        {afterScreen && <QueuePanel />}
        {afterScreen && <PlayedThisRound sid={betslip?.sid} matches={betslip?.matches} />}
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
          {phase === 'ready' && afterBetslip && (
            <Suspense fallback={null}>
              <PickSharesNote sid={betslip.sid} onShares={setShares} />
            </Suspense>
          )}
          <ol className="matches" aria-label={t`Matches`} ref={list}>
            {betslip.matches.map((m, i) => (
              <MatchCard
                key={m.betslipPosotion}
                match={m}
                index={i}
                outcome={outcomes[i] ?? null}
                onTap={onTap}
                missing={missingMarked > 0 && !outcomes[i]}
                shares={shares?.find((s) => s.position === m.betslipPosotion)}
              />
            ))}
          </ol>
          {mayFitSystem && (
            <Suspense fallback={null}>
              <SystemPicker
                params={betslip.betslipParams}
                outcomes={outcomes}
                systemId={system?.id ?? null}
                onChoose={chooseSystem}
              />
            </Suspense>
          )}
          {phase === 'ready' && afterBetslip && (
            <Suspense fallback={null}>
              <PlayAsGroup
                complete={counts.placedBets === outcomes.length}
                betslip={betslip}
                outcomes={outcomes}
                system={system}
              />
            </Suspense>
          )}
          {lastSent?.messageKey === 'SUBMISSION.ACCEPTED' && (
            <Suspense fallback={null}>
              <StandingOffer
                dtos={lastSent.dtos}
                onDismiss={() => actor.send({ type: 'DISMISS_LAST_SENT' })}
              />
            </Suspense>
          )}
          <SlipBar
            counts={counts}
            totalBets={betslip.matches.length}
            params={betslip.betslipParams}
            price={digitsOfCents(price)}
            popover={popover}
            error={error}
            panelOpen={panelOpen}
            busy={submitting}
            onTogglePanel={() => actor.send({ type: 'TOGGLE_PANEL' })}
            onSubmit={() => actor.send({ type: 'SUBMIT' })}
          />
        </>
      )}

      {confirming && betslip && (
        <Suspense fallback={null}>
          <ConfirmPrice
            params={betslip.betslipParams}
            outcomes={outcomes}
            systemId={system?.id ?? null}
            onConfirm={() => actor.send({ type: 'CONFIRM' })}
            onCancel={() => actor.send({ type: 'CANCEL' })}
          />
        </Suspense>
      )}

      {topUp && (
        <Suspense fallback={null}>
          <TopUpDialog
            sid={topUp.sid}
            priceCents={topUp.priceCents}
            openSid={phase === 'ready' && betslip ? betslip.sid : null}
            onPay={payAfterTopUp}
            onClose={() => setTopUp(null)}
          />
        </Suspense>
      )}

      {afterBetslip && (
        <Suspense fallback={null}>
          <PlayTestimonials />
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
