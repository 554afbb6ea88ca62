// The operator screen (/admin, ROLE_ADMIN; lazy, so none of it is in a subscriber's bundle): the betslips
// with their status, build one from the team catalogue, publish, enter results per match, settle. Every refusal is
// the server's message key, translated.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLoaderData } from '@tanstack/react-router';
import { useState } from 'react';
import { showInstant, showWireDate } from '../../../machines/rules/maseruTime';
import { digitsOfM } from '../../../machines/rules/money';
import {
  listBetslips,
  publishBetslip,
  type SettlementPreview,
  settleBetslip,
  settlementPreview,
} from '../../api/admin';
import { serverNow } from '../../api/clock';
import { useServerMessage } from '../../i18n/serverMessages';
import { firstThen } from '../../lib/firstRead';
import { AuditLog } from './AuditLog';
import { betslipStatusText } from './betslipStatusText';
import { ConfirmPanel } from './ConfirmPanel';
import { Reports } from './Reports';
import { ResultsForm } from './ResultsForm';
import { RoundBuilder } from './RoundBuilder';
import { SettlementTable } from './SettlementTable';
import './admin.css';
import { LoadFailed, OperatorNotice } from './OperatorNotice';
import { useOperatorList, useOperatorRun } from './useOperatorList';

type Confirm = { sid: string; kind: 'publish' | 'settle'; preview?: SettlementPreview } | null;

/** Statuses whose results may still be entered or corrected, and those that may be settled. */
const RESULTS_OPEN = ['CURRENT', 'CLOSED'];
const SETTLEABLE = ['CURRENT', 'CLOSED', 'SETTLING'];

/** When a round closes, as operators read dates (dd/MM/yyyy HH:mm, Maseru time). */
function EndsAt({ endDate }: { endDate: string }) {
  const ends = showWireDate(endDate);
  return (
    <span className="admin-end">
      <Trans>Ends {ends}</Trans>
    </span>
  );
}

export default function AdminScreen() {
  const { t, i18n } = useLingui();
  const say = useServerMessage();
  const [resultsOf, setResultsOf] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [done, setDone] = useState(0);

  // The first list is the route loader's request (src/lib/firstRead.ts); a reload asks again.
  const { betslips: loaded } = useLoaderData({ from: '/shell/guarded/admin' });
  const [read] = useState(() => firstThen(loaded, listBetslips));
  const { list: betslips, loadError, load } = useOperatorList(read);
  // The reports (wallet liabilities, turnover) change with a settlement: they are read again too.
  const { busy, notice, run, quietly } = useOperatorRun(async () => {
    setDone((n) => n + 1);
    await load();
  });

  /** What publishing `sid` will do: live now, or wait for the open round. */
  const publishPlan = (sid: string) => {
    const open = betslips?.find(
      (b) => b.sid !== sid && b.status === 'CURRENT' && Date.parse(b.endsAt) > serverNow(),
    );
    if (!open) return t`It goes live now: subscribers can play it at once. This cannot be undone.`;
    const other = open.sid;
    const ends = showWireDate(open.endDate);
    return t`Round ${other} is still open until ${ends}: ${sid} waits (scheduled) and goes live when it ends. The open round is not cut short.`;
  };

  /** When a SCHEDULED round goes live, in words. */
  const goesLive = (goLiveAt: string | null) => {
    if (goLiveAt === null) return t`Goes live when the open round ends.`;
    const at = showInstant(goLiveAt);
    return t`Goes live at ${at} (Maseru time), once no other round is open.`;
  };

  /** Settling asks first: the preview (what each tier pays, moving no money), then a confirmation. */
  const previewSettlement = (sid: string) =>
    quietly(async () => setConfirm({ sid, kind: 'settle', preview: await settlementPreview(sid) }));

  return (
    <section className="page admin" aria-labelledby="page-title" aria-busy={busy}>
      <h1 id="page-title">
        <Trans>Operations</Trans>
      </h1>
      <p>
        <Link to="/admin/operators">
          <Trans>Staff accounts</Trans>
        </Link>
      </p>

      <OperatorNotice notice={notice} sticky />

      <div className="admin-list-head">
        <h2>
          <Trans>Betslips</Trans>
        </h2>
        {/* A scheduled round goes live, a round closes: the list shows it when read again. */}
        <button type="button" className="btn btn-ghost" disabled={busy} onClick={() => void load()}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      {loadError && <LoadFailed message={say(loadError)} onRetry={() => void load()} />}
      {!loadError && betslips === null && (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      {betslips?.length === 0 && (
        <p>
          <Trans>No betslips yet. Create one below.</Trans>
        </p>
      )}
      {betslips && betslips.length > 0 && (
        <ul className="admin-betslips">
          {betslips.map(({ sid, status, endDate, ...b }) => (
            <li key={sid} className="admin-card">
              <div className="admin-betslip-head">
                <strong>{sid}</strong>
                <span className="admin-status" data-status={status}>
                  {betslipStatusText(status, i18n)}
                </span>
                {endDate && <EndsAt endDate={endDate} />}
              </div>
              {status === 'SCHEDULED' && <p className="admin-end">{goesLive(b.goLiveAt)}</p>}
              <div className="admin-actions">
                {/* Only what the server would accept for this status. */}
                {status === 'DRAFT' && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    disabled={busy}
                    aria-expanded={confirm?.sid === sid && confirm.kind === 'publish'}
                    onClick={() => setConfirm({ sid, kind: 'publish' })}
                  >
                    <Trans>Publish</Trans>
                  </button>
                )}
                {RESULTS_OPEN.includes(status) && (
                  <button
                    type="button"
                    className="btn btn-ghost"
                    aria-expanded={resultsOf === sid}
                    onClick={() => setResultsOf((s) => (s === sid ? null : sid))}
                  >
                    <Trans>Enter results</Trans>
                  </button>
                )}
                {SETTLEABLE.includes(status) && (
                  <button
                    type="button"
                    className="btn btn-gold"
                    disabled={busy}
                    onClick={() => void previewSettlement(sid)}
                  >
                    <Trans>Settle</Trans>
                  </button>
                )}
              </div>
              {confirm?.sid === sid && confirm.kind === 'publish' && (
                <ConfirmPanel
                  title={t`Publish ${sid}?`}
                  confirmLabel={t`Confirm publish`}
                  busy={busy}
                  onCancel={() => setConfirm(null)}
                  onConfirm={() =>
                    void run(async () => {
                      setConfirm(null);
                      const p = await publishBetslip(sid);
                      return p.status === 'CURRENT'
                        ? t`Betslip ${sid} published.`
                        : t`Betslip ${sid} scheduled: it goes live when the current round ends.`;
                    })
                  }
                >
                  <p>{publishPlan(sid)}</p>
                </ConfirmPanel>
              )}
              {confirm?.sid === sid && confirm.kind === 'settle' && confirm.preview && (
                <ConfirmPanel
                  title={t`Settle ${sid}?`}
                  confirmLabel={t`Confirm settle`}
                  busy={busy}
                  onCancel={() => setConfirm(null)}
                  onConfirm={() =>
                    void run(async () => {
                      setConfirm(null);
                      const r = await settleBetslip(sid);
                      const winners = r.winners;
                      const paid = digitsOfM(r.paid);
                      return t`Betslip ${sid} settled. Winners: ${winners}. Paid: M ${paid}.`;
                    })
                  }
                >
                  <SettlementTable preview={confirm.preview} />
                </ConfirmPanel>
              )}
              {/* Closed with the round once it is settled: results cannot change then. */}
              {resultsOf === sid && RESULTS_OPEN.includes(status) && (
                <ResultsForm betslip={{ sid, status, endDate, ...b }} run={run} />
              )}
            </li>
          ))}
        </ul>
      )}

      <RoundBuilder past={betslips ?? []} run={run} busy={busy} />
      <Reports revision={done} />
      <AuditLog />
    </section>
  );
}
