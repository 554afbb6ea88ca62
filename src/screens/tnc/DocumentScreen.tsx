// The terms and the privacy policy as the operator wrote them (CONTENT_DIR), in the chosen language.
// Readable signed out (from registration or sign-in), with a way back to where the reader came from.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { showWireDay } from '../../../machines/rules/maseruTime';
import { fetchDocument, type SiteDocument } from '../../content/site';
import { Markdown } from '../../lib/markdown';
import { useIsLoggedIn } from '../../session/hooks';
import './document.css';

type State = { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; doc: SiteDocument };

export function DocumentScreen({ doc }: { doc: 'terms' | 'privacy' }) {
  const { i18n } = useLingui();
  const lang = i18n.locale;
  const router = useRouter();
  const loggedIn = useIsLoggedIn();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how "Try again" fetches once more
  useEffect(() => {
    let live = true;
    setState({ kind: 'loading' });
    fetchDocument(doc, lang).then(
      (d) => live && setState({ kind: 'ready', doc: d }),
      () => live && setState({ kind: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [doc, lang, attempt]);

  const back = () => (window.history.length > 1 ? router.history.back() : router.navigate({ to: '/login' }));
  const version = state.kind === 'ready' ? state.doc.version : null;
  const versionDate = version && /^\d{4}-\d{2}-\d{2}$/.test(version) ? showWireDay(version) : version;

  return (
    <section className="page document" aria-busy={state.kind === 'loading'} data-testid={`doc-${doc}`}>
      <button type="button" className="btn btn-ghost document-back" onClick={back}>
        <span aria-hidden="true">← </span>
        <Trans>Back</Trans>
      </button>
      {state.kind === 'loading' && (
        <p role="status" className="hint">
          <Trans>Loading…</Trans>
        </p>
      )}
      {state.kind === 'error' && (
        <div className="form-row">
          <p className="form-error" role="alert">
            <Trans>This page cannot be shown right now. Check your connection.</Trans>
          </p>
          <button type="button" className="btn btn-ghost" onClick={() => setAttempt((n) => n + 1)}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {state.kind === 'ready' && (
        <article className="document-text" lang={state.doc.lang}>
          <Markdown source={state.doc.markdown} />
          {doc === 'terms' && versionDate && (
            <p className="hint" data-testid="terms-version">
              <Trans>Version of {versionDate}</Trans>
            </p>
          )}
        </article>
      )}
      {!loggedIn && (
        <p className="document-links">
          <Link to="/register">
            <Trans>Register</Trans>
          </Link>
          <Link to="/login">
            <Trans>Sign in</Trans>
          </Link>
        </p>
      )}
    </section>
  );
}
