// The operator's support contacts as links a phone can act on: call, SMS, WhatsApp and email. A contact
// the operator left empty is not shown.
import { useLingui } from '@lingui/react/macro';
import { type SiteInfo, smsHref, telHref, whatsappHref } from './site';

export function SupportLinks({ support }: { support: SiteInfo['support'] }) {
  const { t } = useLingui();
  const links = [
    support.phone && { key: 'phone', label: t`Call ${support.phone}`, href: telHref(support.phone) },
    support.sms && { key: 'sms', label: t`SMS ${support.sms}`, href: smsHref(support.sms) },
    support.whatsapp && {
      key: 'whatsapp',
      label: t`WhatsApp ${support.whatsapp}`,
      href: whatsappHref(support.whatsapp),
      external: true,
    },
    support.email && { key: 'email', label: support.email, href: `mailto:${support.email}` },
  ].filter((l) => !!l);
  return (
    <ul className="support-links" data-testid="support-links">
      {links.map((l) => (
        <li key={l.key}>
          <a
            href={l.href}
            data-testid={`support-${l.key}`}
            {...('external' in l ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {l.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
