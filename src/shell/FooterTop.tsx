// The footer's top block for signed-in users: title, support, social links, payment methods, the
// "Notify me" control and the disclaimer. Its own chunk (Footer.tsx loads it lazily): the main area is at
// least a screen tall, so this block is never part of the first paint and never shifts what is on screen.
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { SupportLinks } from '../content/SupportLinks';
import { useSite } from '../content/site';
import { lazyChunk } from '../lib/lazyChunk';

// Lazy: web push code is not needed for the first paint.
const NotifyButton = lazyChunk(() => import('../components/NotifyButton'));

// Bundled logos (no external images); the links go to the providers' own sites.
const PAYMENTS = [
  { name: 'M-Pesa', logo: '/payments/mpesa.svg', href: 'https://www.vodacom.co.ls/' },
  { name: 'EcoCash', logo: '/payments/ecocash.svg', href: 'https://www.econet.co.ls/' },
];

export default function FooterTop() {
  const { t } = useLingui();
  const site = useSite();
  return (
    <div className="footer-top">
      <div className="footer-col">
        <p className="footer-title">Jackpot 14</p>
        <p>
          <Trans>Customer support: call or SMS our help line, every day.</Trans>
        </p>
        {site && <SupportLinks support={site.support} />}
      </div>
      <nav className="footer-col" aria-label={t`Social media`}>
        <ul className="footer-links">
          {site?.social.map((s) => (
            <li key={s.name}>
              <a href={s.url} target="_blank" rel="noopener noreferrer">
                {s.name}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="footer-col">
        <p>
          <Trans>Pay with</Trans>
        </p>
        <ul className="payments">
          {PAYMENTS.map((p) => (
            <li key={p.name}>
              <a href={p.href} target="_blank" rel="noopener noreferrer">
                <img src={p.logo} alt={p.name} width="96" height="40" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      </div>
      <div className="footer-col">
        <Suspense fallback={null}>
          <NotifyButton />
        </Suspense>
      </div>
      <p className="footer-disclaimer">
        <Trans>
          Jackpot 14 is a game of prediction for adults aged 18 and over. Play responsibly and only with money
          you can afford to lose.
        </Trans>
      </p>
    </div>
  );
}
