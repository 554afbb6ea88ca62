// Footer: the top block (title, support, social links, payment methods, disclaimer) only
// for signed-in users; the bottom bar (copyright with the current year, privacy, disclaimer) always.
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyChunk } from '../lib/lazyChunk';

// Lazy: below the first screen (the main area is at least 100vh tall), so not part of the first load.
const FooterTop = lazyChunk(() => import('./FooterTop'));

export function Footer({ loggedIn }: { loggedIn: boolean }) {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      {loggedIn && (
        <Suspense fallback={null}>
          <FooterTop />
        </Suspense>
      )}
      <div className="footer-bottom">
        <span>
          <Trans>© {year} Jackpot 14. All rights reserved.</Trans>
        </span>
        <Link to="/privacy">
          <Trans>Privacy policy</Trans>
        </Link>
        <Link to="/tnc">
          <Trans>Terms</Trans>
        </Link>
        <Link to="/how-to-play">
          <Trans>How to play</Trans>
        </Link>
        <Link to="/rounds">
          <Trans>Past results</Trans>
        </Link>
        <span>
          <Trans>18+ only. Play responsibly.</Trans>
        </span>
      </div>
    </footer>
  );
}
