// "You have played this round": the subscriber's slips on the betslip on screen (my-slips), each opening
// its receipt. Refetched when a slip is paid here or sent from the offline queue; a slip just paid opens
// its receipt at once (RECEIPT_EVENT). Its own chunk on /play, after the slip is usable.
import { Plural, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { formatM } from '../../machines/rules/money';
import { ACCOUNT_CHANGED_EVENT, RECEIPT_EVENT, type SlipReceipt } from '../api/play';
import { fetchMySlips, type MySlip } from '../api/receipts';
import { forgetAnswers, keepAnswer, recentAnswer } from '../lib/recentAnswers';
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

/** The last list read, kept per user and round: back on /play within the minute, it is not read again. */
const KEPT = 'my-slips:';
const keptKey = (user: string | null, sid: string) => `${KEPT}${user ?? ''}:${sid}`;
const recentSlips = (user: string | null, sid: string | undefined) =>
  sid === undefined ? undefined : recentAnswer<MySlip[]>(keptKey(user, sid), SLIPS_FRESH_MS)?.value;

// A slip paid or sent from the queue anywhere (this screen mounted or not) makes every kept list old.
const forgetSlips = () => forgetAnswers(KEPT);
window.addEventListener(ACCOUNT_CHANGED_EVENT, forgetSlips);

export default function PlayedThisRound({ sid, matches }: { sid?: string; matches?: readonly MatchName[] }) {
  const { t } = useLingui();
  const user = useSessionUser();
  const [slips, setSlips] = useState<MySlip[]>(() => recentSlips(user, sid) ?? []);
  const [open, setOpen] = useState<string | null>(null);

  useEffect(() => {
    if (!sid) return;
    const ctrl = new AbortController();
    const load = (signal?: AbortSignal) =>
      fetchMySlips(sid, signal).then(
        (answer) => {
          const list = Array.isArray(answer) ? answer : [];
          keepAnswer(keptKey(user, sid), list);
          setSlips(list);
        },
        () => undefined, // offline: the list stays as it was; the receipt sheet still opens
      );
    const kept = recentSlips(user, sid);
    if (kept) setSlips(kept);
    else void load(ctrl.signal);
    // Forgets the kept list itself rather than counting on the module's listener having run first.
    const again = () => {
      forgetSlips();
      void load();
    };
    window.addEventListener(ACCOUNT_CHANGED_EVENT, again);
    return () => {
      ctrl.abort();
      window.removeEventListener(ACCOUNT_CHANGED_EVENT, again);
    };
  }, [sid, user]);

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
