// /verify: anyone, signed in or not, checks a Jackpot 14 receipt. The receipt comes pasted or in the
// link's hash (/verify#<receipt>, which never reaches a server); it is checked in the browser against the
// server's public key, fetched when online and kept for offline checks.
import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { loadJwks } from '../../receipts/jwksCache';
import { ReceiptDetails } from '../../receipts/ReceiptDetails';
import { type Check, checkReceipt, extractJws } from '../../receipts/receipt';
import '../../receipts/receipts.css';

type State = { status: 'idle' } | { status: 'checking' } | Check;

async function check(text: string): Promise<Check> {
  const jws = extractJws(text);
  if (!jws) return { status: 'invalid' };
  return checkReceipt(jws, await loadJwks());
}

export default function VerifyScreen() {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const { hash } = useLocation();

  const run = (value: string) => {
    setState({ status: 'checking' });
    void check(value).then(setState);
  };

  // A shared link carries the receipt in its hash: check it at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the link the page opened with
  useEffect(() => {
    const fromLink = decodeURIComponent(hash.replace(/^#/, ''));
    if (fromLink) {
      setText(fromLink);
      run(fromLink);
    } else {
      void loadJwks().catch(() => undefined); // keep the key for checks without network
    }
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
          onChange={(e) => {
            setText(e.target.value);
            setState({ status: 'idle' });
          }}
        />
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
