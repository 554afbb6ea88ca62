// Header for signed-in users: brand, wallet, subscribe and sign-out; date, clock, session
// countdown and language; the main links. Ticking parts are their own components so only they re-render.
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { formatClock, formatDate } from '../../machines/rules/maseruTime';
import { ROLES } from '../../machines/rules/roles';
import { LanguageSelector } from '../components/LanguageSelector';
import { useNow } from '../hooks/useNow';
import { useHasRole, useSession, useSessionCountdown } from '../session/hooks';
import { OfflineBadge } from './OfflineBadge';
import { useOperatorLinks } from './operatorLinks';
import { SignOutButton } from './SignOutButton';
import { SubscribeButton } from './SubscribeButton';
import { WalletButton } from './WalletButton';

function DateClock() {
  const now = useNow(1000);
  return (
    <>
      <span className="date" data-testid="date">
        {formatDate(now)}
      </span>
      <span className="clock" data-testid="clock">
        {formatClock(now)}
      </span>
    </>
  );
}

function SessionCountdown() {
  const countdown = useSessionCountdown();
  const { t } = useLingui();
  return (
    <span className="countdown" title={t`Time left before you are signed out`}>
      <span className="countdown-label">
        <Trans>Session</Trans>
      </span>{' '}
      <span data-testid="session-countdown">{countdown}</span>
    </span>
  );
}

/**
 * One nav for every width: a top row on wide screens, a bar fixed to the bottom on phones (CSS only, no JS).
 * On phones the bar keeps the four main tabs; Contact and Terms are reached from the account page.
 */
function MainNav({ subscriber }: { subscriber: boolean }) {
  const { t } = useLingui();
  const operatorLinks = useOperatorLinks();
  // An operator account has no wallet, slips or subscription: its tabs are its own screens.
  const links = (
    [
      { to: '/play', label: t`Play`, extra: false, mine: true },
      { to: '/results', label: t`Results`, extra: false, mine: true },
      { to: '/wallet', label: t`Wallet`, extra: false, mine: true },
      { to: '/contact', label: t`Contact us`, extra: true, mine: true },
      { to: '/tnc', label: t`Terms`, extra: true, mine: false },
      { to: '/account', label: t`Account`, extra: false, mine: true },
    ] as const
  ).filter((l) => subscriber || !l.mine);
  return (
    <nav className="main-nav" aria-label={t`Main`} data-testid="main-nav">
      <ul>
        {links.map((l) => (
          <li key={l.to} className={l.extra ? 'nav-extra' : undefined}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
        {operatorLinks.map((l) => (
          <li key={l.to} className={subscriber ? 'nav-extra' : undefined}>
            <Link to={l.to}>{l.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Header() {
  const session = useSession();
  // Operators (admin, call centre, marketing) have no wallet or subscription of their own.
  const subscriber = useHasRole(ROLES.user);
  return (
    <header className="site-header">
      <div className="header-bar">
        <Link to={session.home()} className="brand">
          <img src="/icons/icon.svg" alt="" width="32" height="32" />
          <span>Jackpot 14</span>
        </Link>
        <div className="header-actions">
          {subscriber && <WalletButton />}
          {subscriber && <SubscribeButton />}
          <SignOutButton />
        </div>
      </div>
      <div className="header-status">
        <DateClock />
        <SessionCountdown />
        <OfflineBadge />
        <LanguageSelector />
      </div>
      <MainNav subscriber={subscriber} />
    </header>
  );
}
