// Contact us: title, headings, the about text, the logo, how to reach us (location, phone,
// SMS, WhatsApp, email, website: the operator's, from the server; a value not set shows as a dash) and social links.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { type SiteInfo, smsHref, telHref, useSite, whatsappHref } from '../../content/site';
import './contact.css';

/** The website is where the app is served from; the rest are the operator's (CONTENT_DIR/site.json). */
const website = typeof window !== 'undefined' ? window.location.origin : '';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className="contact-row">
      <dt>{term}</dt>
      <dd>
        {children || (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">{t`Not available`}</span>
          </>
        )}
      </dd>
    </div>
  );
}

export default function ContactScreen() {
  const { t } = useLingui();
  const site = useSite();
  const c: Partial<SiteInfo['support']> = site?.support ?? {};
  return (
    <section className="page contact" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>Contact us</Trans>
      </h1>
      <div className="contact-about">
        <img src="/icons/icon.svg" alt={t`Jackpot 14 logo`} width="72" height="72" />
        <div>
          <h2>
            <Trans>About Jackpot 14</Trans>
          </h2>
          <p>
            <Trans>
              Jackpot 14 is a weekly football prediction game for Lesotho. Predict the results of 14 matches
              from your phone, pay from your wallet or airtime, and win a share of the prizes when you get 6,
              7, 12, 13 or all 14 right.
            </Trans>
          </p>
        </div>
      </div>

      <h2>
        <Trans>Get in touch</Trans>
      </h2>
      <p>
        <Trans>Questions about a betslip, a payment or your account? We are happy to help.</Trans>
      </p>
      <dl className="contact-list">
        <Detail term={t`Location`}>{c.location}</Detail>
        <Detail term={t`Phone`}>{c.phone && <a href={telHref(c.phone)}>{c.phone}</a>}</Detail>
        <Detail term="SMS">{c.sms && <a href={smsHref(c.sms)}>{c.sms}</a>}</Detail>
        <Detail term="WhatsApp">
          {c.whatsapp && (
            <a href={whatsappHref(c.whatsapp)} target="_blank" rel="noopener noreferrer">
              {c.whatsapp}
            </a>
          )}
        </Detail>
        <Detail term={t`Email`}>{c.email && <a href={`mailto:${c.email}`}>{c.email}</a>}</Detail>
        <Detail term={t`Website`}>
          {website && <a href={website}>{website.replace(/^https?:\/\//, '')}</a>}
        </Detail>
      </dl>

      <h2>
        <Trans>Follow us</Trans>
      </h2>
      <ul className="contact-social" aria-label={t`Social media`}>
        {site?.social.map((s) => (
          <li key={s.name}>
            <a
              className="btn btn-ghost contact-social-link"
              href={s.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {s.name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
