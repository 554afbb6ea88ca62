// The main area's layout: header and banner for signed-in users (a visitor's header otherwise), the page,
// the footer.
import { Trans } from '@lingui/react/macro';
import { Outlet, useRouter } from '@tanstack/react-router';
import { Suspense, useEffect } from 'react';
import { AccountProvider } from '../account/hooks';
import { Banner } from '../components/banner/Banner';
import { useAfterPaint } from '../lib/afterPaint';
import { lazyChunk } from '../lib/lazyChunk';
import { useIsLoggedIn, useSessionUser } from '../session/hooks';
import { Header } from './Header';
import { VisitorHeader } from './VisitorHeader';

// The critical version alert and the app-download invitation: lazy, they are never part of the first paint.
const ShellNotices = lazyChunk(() => import('./notices/ShellNotices'));
// The footer sits below the first screen (the main area is at least one screen tall): not in the first load.
const Footer = lazyChunk(() => import('./Footer').then((m) => ({ default: m.Footer })));

/** New pages start at the top; back and forward keep the restored position (router scrollRestoration). */
function useScrollTopOnNavigate() {
  const router = useRouter();
  useEffect(
    () =>
      router.history.subscribe(({ action }) => {
        if (action.type === 'PUSH' || action.type === 'REPLACE') window.scrollTo(0, 0);
      }),
    [router],
  );
}

export function Shell() {
  // Unguarded pages (terms, how to play, rounds, verify) show visitors the brand, language and ways in.
  const loggedIn = useIsLoggedIn();
  const user = useSessionUser();
  useScrollTopOnNavigate();
  // The notices and the footer (their chunks, their reads) wait until the page itself has painted.
  const later = useAfterPaint();
  return (
    // Wallet and subscription status load once per signed-in user, for the header and the screens.
    <AccountProvider user={loggedIn ? user : null}>
      <div className="app">
        <a className="skip-link" href="#main">
          <Trans>Skip to content</Trans>
        </a>
        {loggedIn ? <Header /> : <VisitorHeader />}
        {loggedIn && <Banner />}
        {/* Before the page, in its flow: the app invitation pushes content down rather than cover a button. */}
        <Suspense fallback={null}>{later && <ShellNotices />}</Suspense>
        <main id="main" className="main" tabIndex={-1}>
          <Outlet />
        </main>
        <Suspense fallback={null}>{later && <Footer loggedIn={loggedIn} />}</Suspense>
      </div>
    </AccountProvider>
  );
}
