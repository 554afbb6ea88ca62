// Contact us: title, headings, the about text, the logo, how to reach us (location, phone,
// email, website: values are not translated, and a value not configured shows as a dash) and social links.
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { SOCIAL } from '../../shell/FooterTop';
import './contact.css';

const env = import.meta.env;
/** Contact details are deployment settings (VITE_CONTACT_*), not texts: the operator sets them at build. */
const CONTACT = {
  location: (env.VITE_CONTACT_LOCATION as string | undefined) ?? 'Maseru, Lesotho',
  phone: (env.VITE_CONTACT_PHONE as string | undefined) ?? '',
  email: (env.VITE_CONTACT_EMAIL as string | undefined) ?? '',
  website: (env.VITE_CONTACT_WEBSITE as string | undefined) ?? '',
};

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
  const website = CONTACT.website || (typeof window !== 'undefined' ? window.location.origin : '');
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
        <Detail term={t`Location`}>{CONTACT.location}</Detail>
        <Detail term={t`Phone`}>
          {CONTACT.phone && <a href={`tel:${CONTACT.phone.replace(/\s/g, '')}`}>{CONTACT.phone}</a>}
        </Detail>
        <Detail term={t`Email`}>
          {CONTACT.email && <a href={`mailto:${CONTACT.email}`}>{CONTACT.email}</a>}
        </Detail>
        <Detail term={t`Website`}>
          {website && <a href={website}>{website.replace(/^https?:\/\//, '')}</a>}
        </Detail>
      </dl>

      <h2>
        <Trans>Follow us</Trans>
      </h2>
      <ul className="contact-social" aria-label={t`Social media`}>
        {SOCIAL.map((s) => (
          <li key={s.name}>
            <a
              className="btn btn-ghost contact-social-link"
              href={s.href}
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
