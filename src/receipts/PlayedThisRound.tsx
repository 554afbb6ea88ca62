// "You have played this round": the subscriber's slips on the betslip on screen (my-slips), each opening
// its receipt. Refetched when a slip is paid here or sent from the offline queue; a slip just paid opens
// its receipt at once (RECEIPT_EVENT). Its own chunk on /play, after the slip is usable.
import { Plural, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { formatM } from '../../machines/rules/money';
import { ACCOUNT_CHANGED_EVENT, RECEIPT_EVENT, type SlipReceipt } from '../api/play';
import { fetchMySlips, type MySlip } from '../api/receipts';
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

export default function PlayedThisRound({ sid, matches }: { sid?: string; matches?: readonly MatchName[] }) {
  const { t } = useLingui();
  const [slips, setSlips] = useState<MySlip[]>([]);
  const [open, setOpen] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchMySlips(sid, signal).then(
        (list) => setSlips(Array.isArray(list) ? list : []),
        () => undefined, // offline: the list stays as it was; the receipt sheet still opens
      ),
    [sid],
  );

  useEffect(() => {
    if (!sid) return;
    const ctrl = new AbortController();
    void load(ctrl.signal);
    const again = () => void load();
    window.addEventListener(ACCOUNT_CHANGED_EVENT, again);
    return () => {
      ctrl.abort();
      window.removeEventListener(ACCOUNT_CHANGED_EVENT, again);
    };
  }, [sid, load]);

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
