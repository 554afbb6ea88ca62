// Adds a testimonial in the language chosen above the list, checked as the server checks it (a name and a
// text, lengths, a picture only from our own images).
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { addTestimonial, type TestimonialLang } from '../../api/marketing';

/** The pictures shipped in public/testimonials (the CSP allows no other origin). */
export const KNOWN_IMAGES = [
  '/testimonials/mamello.svg',
  '/testimonials/palesa.svg',
  '/testimonials/thabo.svg',
];

const LIMITS = { name: 80, occupation: 80, testimonial: 600 } as const;
const EMPTY = { name: '', occupation: '', testimonial: '', imgUrl: '' };

export function TestimonialForm({
  lang,
  onAdded,
  onError,
}: {
  lang: TestimonialLang;
  onAdded: (name: string) => void;
  onError: (messageKey: string) => void;
}) {
  const { t } = useLingui();
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof typeof EMPTY, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const name = form.name.trim();
    const testimonial = form.testimonial.trim();
    const found: typeof errors = {};
    if (!name) found.name = t`Enter the winner's name.`;
    if (!testimonial) found.testimonial = t`Enter what they say.`;
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await addTestimonial({
        lang,
        name,
        occupation: form.occupation.trim(),
        testimonial,
        ...(form.imgUrl ? { imgUrl: form.imgUrl } : {}),
      });
      setForm(EMPTY);
      onAdded(name);
    } catch (err) {
      onError(messageKeyOf(err));
    } finally {
      setBusy(false);
    }
  };

  const described = (name: keyof typeof EMPTY) => (errors[name] ? `mk-${name}-error` : undefined);
  const error = (name: keyof typeof EMPTY) =>
    errors[name] && (
      <p id={`mk-${name}-error`} className="field-error">
        {errors[name]}
      </p>
    );

  return (
    <form className="form mk-form" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="mk-add">
      <h3 id="mk-add">{lang === 'st' ? t`Add a testimonial in Sesotho` : t`Add a testimonial in English`}</h3>
      <div className="field">
        <label htmlFor="mk-name">{t`Name`}</label>
        <input
          id="mk-name"
          maxLength={LIMITS.name}
          value={form.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={described('name')}
          onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
        />
        {error('name')}
      </div>
      <div className="field">
        <label htmlFor="mk-occupation">{t`Occupation (optional)`}</label>
        <input
          id="mk-occupation"
          maxLength={LIMITS.occupation}
          value={form.occupation}
          onChange={(e) => setForm((f) => ({ ...f, occupation: e.target.value }))}
        />
      </div>
      <div className="field">
        <label htmlFor="mk-text">{t`What they say`}</label>
        <textarea
          id="mk-text"
          rows={3}
          maxLength={LIMITS.testimonial}
          value={form.testimonial}
          aria-invalid={errors.testimonial ? true : undefined}
          aria-describedby={described('testimonial')}
          onChange={(e) => setForm((f) => ({ ...f, testimonial: e.target.value }))}
        />
        {error('testimonial')}
      </div>
      <div className="field">
        <label htmlFor="mk-image">{t`Picture`}</label>
        <select
          id="mk-image"
          value={form.imgUrl}
          onChange={(e) => setForm((f) => ({ ...f, imgUrl: e.target.value }))}
        >
          <option value="">{t`No picture`}</option>
          {KNOWN_IMAGES.map((src) => (
            <option key={src} value={src}>
              {src.replace(/^.*\//, '').replace(/\.svg$/, '')}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-gold" disabled={busy}>
        <Trans>Add testimonial</Trans>
      </button>
    </form>
  );
}
