// The marketing screen (/marketing, ROLE_MARKETING or ROLE_ADMIN; lazy, outside the subscriber bundle):
// testimonials per language (add, remove after a confirmation, a preview exactly as the carousel on /play
// shows them) and the default prize table the banner shows. Every change is audited by the server.
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { listTestimonials, type TestimonialLang } from '../../api/marketing';
import { useServerMessage } from '../../i18n/serverMessages';
import { PrizeTableForm } from './PrizeTableForm';
import { TestimonialForm } from './TestimonialForm';
import { TestimonialList } from './TestimonialList';
import '../admin/admin.css';
import '../support/support.css';
import './marketing.css';
import { LoadFailed, type Notice, OperatorNotice } from '../admin/OperatorNotice';
import { useOperatorList } from '../admin/useOperatorList';

export default function MarketingScreen() {
  const { t, i18n } = useLingui();
  const say = useServerMessage();
  const [lang, setLang] = useState<TestimonialLang>(i18n.locale === 'en' ? 'en' : 'st');
  const [notice, setNotice] = useState<Notice>(null);
  const { list: items, loadError, load } = useOperatorList(listTestimonials);

  return (
    <section className="page admin marketing" aria-labelledby="page-title">
      <h1 id="page-title">
        <Trans>Marketing</Trans>
      </h1>
      <OperatorNotice notice={notice} sticky />

      <section className="admin-card" aria-labelledby="mk-testimonials">
        <h2 id="mk-testimonials">
          <Trans>Testimonials</Trans>
        </h2>
        <fieldset className="mk-lang">
          <legend>{t`Language`}</legend>
          {(['st', 'en'] as const).map((code) => (
            <label key={code} className="mk-lang-option">
              <input
                type="radio"
                name="mk-lang"
                value={code}
                checked={lang === code}
                onChange={() => setLang(code)}
              />
              {code === 'st' ? t`Sesotho` : t`English`}
            </label>
          ))}
        </fieldset>
        {loadError && <LoadFailed message={say(loadError)} onRetry={() => void load()} />}
        <TestimonialList
          items={items}
          lang={lang}
          onRemoved={(name) => {
            setNotice({ kind: 'ok', text: t`The testimonial of ${name} was removed.` });
            void load();
          }}
          onError={(key) => setNotice({ kind: 'error', text: say(key) })}
        />
        <TestimonialForm
          lang={lang}
          onAdded={(name) => {
            setNotice({ kind: 'ok', text: t`The testimonial of ${name} was added.` });
            void load();
          }}
          onError={(key) => setNotice({ kind: 'error', text: say(key) })}
        />
      </section>

      <PrizeTableForm onNotice={setNotice} />
    </section>
  );
}
