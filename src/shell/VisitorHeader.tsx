// The header of the public pages (how to play, rounds, verify, terms) for a visitor who is not signed
// in: the brand, the language switch and the ways in, so nobody lands on a page with no way out.
import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { LanguageSelector } from '../components/LanguageSelector';

export function VisitorHeader() {
  return (
    <header className="site-header visitor-header" data-testid="visitor-header">
      <div className="header-bar">
        <Link to="/how-to-play" className="brand">
          <img src="/icons/icon.svg" alt="" width="32" height="32" />
          <span>Jackpot 14</span>
        </Link>
        <div className="header-actions">
          <Link to="/login" className="btn btn-ghost">
            <Trans>Sign in</Trans>
          </Link>
          <Link to="/register" className="btn btn-gold">
            <Trans>Register</Trans>
          </Link>
        </div>
      </div>
      <div className="header-status">
        <LanguageSelector />
      </div>
    </header>
  );
}
