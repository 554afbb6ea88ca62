// The Results screen: time-range and result filters, the subscriber's past betslips as collapsible
// slips, 8 per page. The list comes from the results machine; filters and page are the route's search
// params (reload and back keep them); which slips are open (the original client's isCollapsed /
// hasOpened flags) is view state here.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLoaderData, useNavigate, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { parseWireDate } from '../../../machines/rules/maseruTime';
import { clampPage, PAGE_SIZE, pageCount, pageItems } from '../../../machines/rules/paging';
import {
  filterByResult,
  isResultFilterId,
  type PastBetslip,
  RESULT_FILTERS,
  type ResultFilterId,
  slipState,
} from '../../../machines/rules/results';
import { filterByTime } from '../../../machines/rules/timeFilter';
import { serverNow } from '../../api/clock';
import { fetchPastBetslips } from '../../api/results';
import { OfflineCopyNote } from '../../components/OfflineCopyNote';
import { Paginator } from '../../components/Paginator';
import { TimeFilter } from '../../components/TimeFilter';
import { useLookAgainOnline } from '../../hooks/useLookAgainOnline';
import { useServerMessage } from '../../i18n/serverMessages';
import { firstThen } from '../../lib/firstRead';
import type { ResultsSearch } from '../../lib/listSearch';
import { withLastCopy } from '../../offline/lastCopy';
import { useSessionUser } from '../../session/hooks';
import { goldBurst } from './confetti';
import { RESULT_FILTER_LABELS } from './labels';
import { resultsMachine } from './resultsMachine';
import { SlipItem } from './SlipItem';
import './results.css';

interface Keyed {
  key: string;
  slip: PastBetslip;
}

function ResultFilter({
  value,
  onChange,
}: {
  value: ResultFilterId | null;
  onChange: (v: ResultFilterId) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <div className="filter">
      <label htmlFor="result-filter">{t`Result`}</label>
      <select
        id="result-filter"
        value={value ?? ''}
        onChange={(e) => onChange(isResultFilterId(e.target.value) ? e.target.value : 'all')}
      >
        <option value="">{t`Select By Result`}</option>
        {RESULT_FILTERS.map((id) => (
          <option key={id} value={id}>
            {i18n._(RESULT_FILTER_LABELS[id])}
          </option>
        ))}
      </select>
    </div>
  );
}

export default function ResultsScreen() {
  const { t } = useLingui();
  const say = useServerMessage();
  const user = useSessionUser();
  // Offline, the last list this device saw, with its time (src/offline/lastCopy.ts).
  const [savedAt, setSavedAt] = useState<number | null>(null);
  // The first list is the route loader's request (src/lib/firstRead.ts); a retry asks again.
  const { slips: loaded } = useLoaderData({ from: '/shell/guarded/results' });
  const [read] = useState(() =>
    firstThen(loaded, () => withLastCopy('results', user ?? '', () => fetchPastBetslips(user))),
  );
  const actor = useActorRef(
    resultsMachine.provide({
      actors: {
        fetchSlips: fromPromise(async () => {
          const copy = await read();
          setSavedAt(copy.savedAt);
          return copy.data;
        }),
      },
    }),
  );
  const phase = useSelector(actor, (s) =>
    s.matches('loading') ? 'loading' : s.matches('failed') ? 'failed' : 'ready',
  );
  const slips = useSelector(actor, (s) => s.context.slips);
  const error = useSelector(actor, (s) => s.context.error);
  // A last copy or no network: look again by itself once online (the list stays while it does).
  const [refresh] = useState(() => () => actor.send({ type: 'REFRESH' }));
  useLookAgainOnline(savedAt !== null || error === 'ERRORS.NETWORK', refresh);

  const {
    time: timeFilter = null,
    result: resultFilter = null,
    page = 1,
  } = useSearch({
    from: '/shell/guarded/results',
  });
  const navigate = useNavigate({ from: '/results' });
  // Replaced, not pushed: back leaves the screen as it always did, and returns to these filters.
  const show = (change: ResultsSearch) =>
    navigate({ search: (prev) => ({ ...prev, ...change }), replace: true, resetScroll: false });
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  // hasOpened: the confetti plays on a won slip's first opening only.
  const opened = useRef(new Set<string>());

  // Keys from the server's order, so a slip keeps its open state across filters and pages.
  const keyed = useMemo<Keyed[]>(() => slips.map((slip, i) => ({ key: `${i}-${slip.sid}`, slip })), [slips]);
  const shown = filterByResult(
    filterByTime(keyed, (k) => parseWireDate(k.slip.createdAt), timeFilter ?? 'all', new Date(serverNow())),
    resultFilter,
    (k) => k.slip.won,
  );
  const count = pageCount(shown.length, PAGE_SIZE);
  const current = clampPage(page, count);

  const toggle = ({ key, slip }: Keyed) => {
    const opening = !open.has(key);
    setOpen((prev) => {
      const next = new Set(prev);
      if (opening) next.add(key);
      else next.delete(key);
      return next;
    });
    if (opening && !opened.current.has(key)) {
      opened.current.add(key);
      if (slipState(slip) === 'won') void goldBurst().catch(() => undefined); // decoration only
    }
  };

  return (
    <section className="page results" aria-labelledby="page-title" aria-busy={phase === 'loading'}>
      <h1 id="page-title">
        <Trans>Results</Trans>
      </h1>

      <div className="results-filters">
        <TimeFilter value={timeFilter} onChange={(time) => show({ time, page: undefined })} />
        <ResultFilter value={resultFilter} onChange={(result) => show({ result, page: undefined })} />
      </div>

      {phase === 'ready' && savedAt !== null && (
        <OfflineCopyNote kind="results" savedAt={savedAt} onRetry={() => actor.send({ type: 'RETRY' })} />
      )}

      {phase === 'loading' && (
        <div className="results-pending" role="status">
          <span className="spinner" aria-hidden="true" />
          <Trans>Loading your betslips…</Trans>
        </div>
      )}

      {phase === 'failed' && (
        <div className="results-error" role="alert">
          <p>{say(error)}</p>
          <button type="button" className="btn btn-gold" onClick={() => actor.send({ type: 'RETRY' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}

      {phase === 'ready' && slips.length === 0 && (
        <div className="results-empty">
          <p>
            <Trans>You have no past betslips yet. Your betslips show here once you have played.</Trans>
          </p>
          <Link to="/play" className="btn btn-gold">
            <Trans>Play now</Trans>
          </Link>
        </div>
      )}

      {phase === 'ready' && slips.length > 0 && shown.length === 0 && (
        <p className="results-empty">
          <Trans>No betslips match these filters.</Trans>
        </p>
      )}

      {phase === 'ready' && shown.length > 0 && (
        <>
          <ul className="slips" aria-label={t`Past betslips`}>
            {pageItems(shown, current, PAGE_SIZE).map((k) => (
              <SlipItem
                key={k.key}
                id={k.key}
                slip={k.slip}
                open={open.has(k.key)}
                onToggle={() => toggle(k)}
              />
            ))}
          </ul>
          <Paginator page={current} count={count} onChange={(p) => show({ page: p > 1 ? p : undefined })} />
        </>
      )}
    </section>
  );
}
