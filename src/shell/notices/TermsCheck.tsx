// A new version of the terms: a signed-in subscriber who has not accepted it is asked once, in a modal
// that links the text. Accepting records it on the server; "Later" closes it until the next start.
import { Suspense, useEffect, useState } from 'react';
import { fetchTermsStatus } from '../../content/site';
import { lazyChunk } from '../../lib/lazyChunk';

const TermsDialog = lazyChunk(() => import('./TermsDialog'));

/** Keyed by the signed-in user: another user signing in asks afresh. */
export function TermsCheck() {
  const [version, setVersion] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetchTermsStatus().then(
      (s) => live && s.mustAccept && setVersion(s.version),
      () => undefined, // offline or refused: asked again on the next start
    );
    return () => {
      live = false;
    };
  }, []);
  if (!version) return null;
  return (
    <Suspense fallback={null}>
      <TermsDialog version={version} onDone={() => setVersion(null)} />
    </Suspense>
  );
}
