// /verify: anyone, signed in or not, checks a Jackpot 14 receipt. The receipt comes pasted or in the
// link's hash (/verify#<receipt>, which never reaches a server); it is checked in the browser against the
// server's public key, fetched when online and kept for offline checks. A reference typed alone is looked
// up on the server instead (src/receipts/verifyText.ts), which only confirms that it exists.
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadJwks } from '../../receipts/jwksCache';
import { ReceiptDetails } from '../../receipts/ReceiptDetails';
import { type Verdict, verifyText } from '../../receipts/verifyText';
import '../../receipts/receipts.css';
import { isReferenceVerdict, ReferenceResult } from './ReferenceResult';

type State = { status: 'idle' } | { status: 'checking' } | Verdict;

/** The text a /verify#… hash carries ('' when none, or when it is not valid percent-encoding). */
function fromHash(hash: string): string {
  try {
    return decodeURIComponent(hash.replace(/^#/, ''));
  } catch {
    return hash.replace(/^#/, '');
  }
}

export default function VerifyScreen() {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const { hash } = useLocation();
  /** The newest check: an older one answering late must not overwrite it. */
  const latest = useRef(0);
  /** The hash last checked, so the router and the window reporting one change check it once. */
  const checkedHash = useRef<string | null>(null);

  const run = useCallback((value: string) => {
    const id = ++latest.current;
    setState({ status: 'checking' });
    void verifyText(value).then((verdict) => {
      if (id === latest.current) setState(verdict);
    });
  }, []);

  // A shared link carries the receipt in its hash: check it at once, and again whenever another
  // /verify#… link opens in this tab (the page stays mounted, only the hash changes).
  const checkHash = useCallback(
    (raw: string) => {
      const fromLink = fromHash(raw);
      if (fromLink === checkedHash.current) return;
      checkedHash.current = fromLink;
      if (!fromLink) return;
      setText(fromLink);
      run(fromLink);
    },
    [run],
  );
  useEffect(() => checkHash(hash), [hash, checkHash]);
  useEffect(() => {
    const onHashChange = () => checkHash(window.location.hash);
    window.addEventListener('hashchange', onHashChange);
    return () => window.removeEventListener('hashchange', onHashChange);
  }, [checkHash]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the page opened without a link
  useEffect(() => {
    if (!fromHash(hash)) void loadJwks().catch(() => undefined); // keep the key for checks without network
  }, []);

  return (
    <section className="page verify" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>Check a receipt</Trans>
      </h1>
      <p>
        <Trans>
          Paste a Jackpot 14 receipt or open its link. It is checked on this phone with Jackpot 14's public
          key, without the network once the key is saved.
        </Trans>
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          run(text);
        }}
      >
        <label htmlFor="receipt-text">
          <Trans>Receipt</Trans>
        </label>
        <textarea
          id="receipt-text"
          value={text}
          spellCheck={false}
          autoComplete="off"
          aria-describedby="receipt-text-hint"
          onChange={(e) => {
            latest.current++;
            setText(e.target.value);
            setState({ status: 'idle' });
          }}
        />
        <p id="receipt-text-hint" className="hint">
          <Trans>Or type the reference on the slip, like J14-0004-NKSPA7, to look it up.</Trans>
        </p>
        <div className="form-row">
          <button
            type="submit"
            className="btn btn-gold"
            disabled={!text.trim() || state.status === 'checking'}
          >
            <Trans>Check</Trans>
          </button>
        </div>
      </form>
      <div role="status" aria-live="polite">
        {state.status === 'checking' && (
          <p>
            <Trans>Checking…</Trans>
          </p>
        )}
        {state.status === 'valid' && (
          <div className="verify-result verify-valid" data-testid="verify-result">
            <p className="verify-verdict">{t`Valid receipt`}</p>
            <p>
              <Trans>Jackpot 14 signed this receipt and nothing in it has been changed.</Trans>
            </p>
            <ReceiptDetails payload={state.payload} showNumber />
          </div>
        )}
        {state.status === 'invalid' && (
          <div className="verify-result verify-invalid" data-testid="verify-result">
            <p className="verify-verdict">{t`Not valid`}</p>
            <p>
              <Trans>This is not a Jackpot 14 receipt, or it was changed after it was issued.</Trans>
            </p>
          </div>
        )}
        {state.status === 'no-key' && (
          <div className="verify-result verify-unknown" data-testid="verify-result">
            <p className="verify-verdict">{t`Cannot check yet`}</p>
            <p>
              <Trans>
                Connect to the internet once so this phone can save Jackpot 14's key, then try again.
              </Trans>
            </p>
          </div>
        )}
        {isReferenceVerdict(state) && <ReferenceResult verdict={state} />}
        {state.status === 'unsupported' && (
          <div className="verify-result verify-unknown" data-testid="verify-result">
            <p className="verify-verdict">{t`Cannot check on this device`}</p>
            <p>
              <Trans>This browser cannot check receipts. Try a current Chrome or another phone.</Trans>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
