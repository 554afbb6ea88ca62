// "You have played this round": the subscriber's slips on the betslip on screen (my-slips), each opening
// its receipt. Refetched when a slip is paid here or sent from the offline queue; a slip just paid opens
// its receipt at once (RECEIPT_EVENT). Its own chunk on /play, after the slip is usable.
import { Plural, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { formatM } from '../../machines/rules/money';
import { ACCOUNT_CHANGED_EVENT, RECEIPT_EVENT, type SlipReceipt } from '../api/play';
import { fetchMySlips, type MySlip } from '../api/receipts';
import { forgetAnswer, keepAnswer, recentAnswer } from '../lib/recentAnswers';
import { useSessionUser } from '../session/hooks';
import { loadJwks } from './jwksCache';
import type { MatchName } from './ReceiptDetails';
import ReceiptSheet from './ReceiptSheet';
import { receiptTime } from './receipt';
import './receipts.css';

/** A slip's rows and reduced system, when it stands for more than one row. */
function SlipRows({ rows, systemId }: { rows: number; systemId: string | null }) {
  const { t } = useLingui();
  return <span className="played-rows">{systemId ? t`${rows} rows · ${systemId}` : t`${rows} rows`}</span>;
}

/** A group slip (DESIGN.md "Group play"): its group, whose page shows the members and their shares. */
function GroupLink({ code }: { code: string }) {
  const { t } = useLingui();
  return (
    <Link to="/g/$code" params={{ code }} className="played-group">
      {t`Group ${code}`}
    </Link>
  );
}

/** How long the list read on a visit is shown again on the next without asking (money moving forgets it). */
const SLIPS_FRESH_MS = 60_000;

/** The last list read, for whom and which round: back on /play within the minute, it is not read again. */
const KEPT = 'my-slips';
type KeptSlips = { user: string | null; sid: string; list: MySlip[] };

function recentSlips(user: string | null, sid: string | undefined): MySlip[] | undefined {
  const kept = recentAnswer<KeptSlips>(KEPT, SLIPS_FRESH_MS)?.value;
  return kept && kept.user === user && kept.sid === sid ? kept.list : undefined;
}

// A slip paid or sent from the queue anywhere (this screen mounted or not) makes the kept list old.
window.addEventListener(ACCOUNT_CHANGED_EVENT, () => forgetAnswer(KEPT));

export default function PlayedThisRound({ sid, matches }: { sid?: string; matches?: readonly MatchName[] }) {
  const { t } = useLingui();
  const user = useSessionUser();
  const [slips, setSlips] = useState<MySlip[]>(() => recentSlips(user, sid) ?? []);
  const [open, setOpen] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      sid === undefined
        ? Promise.resolve()
        : fetchMySlips(sid, signal).then(
            (answer) => {
              const list = Array.isArray(answer) ? answer : [];
              keepAnswer<KeptSlips>(KEPT, { user, sid, list });
              setSlips(list);
            },
            () => undefined, // offline: the list stays as it was; the receipt sheet still opens
          ),
    [sid, user],
  );

  useEffect(() => {
    if (!sid) return;
    const ctrl = new AbortController();
    const kept = recentSlips(user, sid);
    if (kept) setSlips(kept);
    else void load(ctrl.signal);
    const again = () => void load();
    window.addEventListener(ACCOUNT_CHANGED_EVENT, again);
    return () => {
      ctrl.abort();
      window.removeEventListener(ACCOUNT_CHANGED_EVENT, again);
    };
  }, [sid, user, load]);

  // A slip just paid here: open its receipt (the list refetches on the account-changed event).
  useEffect(() => {
    const show = (e: Event) => setOpen((e as CustomEvent<SlipReceipt>).detail.jws);
    window.addEventListener(RECEIPT_EVENT, show);
    return () => window.removeEventListener(RECEIPT_EVENT, show);
  }, []);

  // The keys for /verify, so a receipt can be checked later without the network.
  useEffect(() => {
    void loadJwks().catch(() => undefined);
  }, []);

  const count = slips.length;
  return (
    <>
      {count > 0 && (
        <section className="played-round" aria-labelledby="played-round-title">
          <h2 id="played-round-title">
            <Plural
              value={count}
              one="You have played this round: # slip"
              other="You have played this round: # slips"
            />
          </h2>
          <ul>
            {slips.map(({ reference, ...s }) => (
              <li key={reference}>
                <button type="button" className="played-slip" onClick={() => setOpen(s.jws)}>
                  {/* Named by what it shows (voice control says the words on screen), "Receipt" before. */}
                  <span className="sr-only">{t`Receipt`}</span> <strong>{reference}</strong>
                  <span>
                    {formatM(s.cost)} · {receiptTime(s.createdAt)}
                  </span>
                  {(s.rows ?? 1) > 1 && <SlipRows rows={s.rows!} systemId={s.systemId ?? null} />}
                </button>
                {s.group && <GroupLink code={s.group} />}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ReceiptSheet
        jws={open}
        betslip={sid && matches ? { sid, matches } : undefined}
        onClose={() => setOpen(null)}
      />
    </>
  );
}
