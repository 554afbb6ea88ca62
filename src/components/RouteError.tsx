// What a screen shows when it could not open: its code did not arrive (offline before the service worker
// stored it, or a new version replaced it) or its first read failed. Translated, in the shell's place for
// the page, with one way on. Never the router's own English "Something went wrong!".
import { Trans } from '@lingui/react/macro';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useOnline } from '../hooks/useOnline';

/** A lazy chunk (script or its CSS) that did not load: only a fresh page load fetches it again. */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i.test(
    error.message,
  );

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const online = useOnline();
  useEffect(() => console.error('a screen could not open', error), [error]);
  const retry = () => {
    if (isChunkLoadError(error) && navigator.onLine) {
      window.location.reload();
      return;
    }
    reset();
    void router.invalidate();
  };
  return (
    <section className="route-error" role="alert" data-testid="route-error">
      <h1>
        <Trans>This page could not open</Trans>
      </h1>
      <p>
        {online ? (
          <Trans>Please try again.</Trans>
        ) : (
          <Trans>You are offline. Connect to the network and try again.</Trans>
        )}
      </p>
      <button type="button" className="btn btn-gold" onClick={retry}>
        <Trans>Try again</Trans>
      </button>
    </section>
  );
}
