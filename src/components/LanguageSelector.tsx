// EN / ST switch. The choice is saved and applied without a reload.
import { useLingui as useLinguiContext } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { changeLanguage, type Language } from '../i18n/i18n';

const OPTIONS: { lang: Language; label: string; name: string }[] = [
  { lang: 'en', label: 'EN', name: 'English' },
  { lang: 'st', label: 'ST', name: 'Sesotho' },
];

export function LanguageSelector() {
  const { t } = useLingui();
  const { i18n } = useLinguiContext();
  return (
    <fieldset className="lang-selector">
      <legend className="sr-only">{t`Language`}</legend>
      {OPTIONS.map((o) => (
        <button
          key={o.lang}
          type="button"
          lang={o.lang}
          title={o.name}
          className="lang-option"
          data-testid={`lang-${o.lang}`}
          aria-pressed={i18n.locale === o.lang}
          onClick={() => void changeLanguage(o.lang)}
        >
          {o.label}
        </button>
      ))}
    </fieldset>
  );
}
