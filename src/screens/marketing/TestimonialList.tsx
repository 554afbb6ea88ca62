// One language's testimonials: the preview as the carousel on /play shows them, then each with its
// Remove button (asking first: a removed testimonial is gone).
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { messageKeyOf } from '../../../machines/rules/messageKey';
import { removeTestimonial, type StoredTestimonial } from '../../api/marketing';
import { Testimonials } from '../../components/carousel/Testimonials';
import { ConfirmPanel } from '../admin/ConfirmPanel';

export function TestimonialList({
  items,
  lang,
  onRemoved,
  onError,
}: {
  items: StoredTestimonial[] | null;
  lang: string;
  onRemoved: (name: string) => void;
  onError: (messageKey: string) => void;
}) {
  const { t } = useLingui();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  if (items === null)
    return (
      <p>
        <Trans>Loading…</Trans>
      </p>
    );
  const shown = items.filter((x) => x.lang === lang);

  const remove = async (item: StoredTestimonial) => {
    setBusy(true);
    try {
      await removeTestimonial(item.id);
      setConfirming(null);
      onRemoved(item.name);
    } catch (err) {
      onError(messageKeyOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h3>
        <Trans>Preview</Trans>
      </h3>
      <div className="mk-preview" data-testid="mk-preview">
        {shown.length === 0 ? (
          <p>
            <Trans>No testimonials in this language: the home page shows no carousel.</Trans>
          </p>
        ) : (
          <Testimonials
            lang={lang}
            items={shown.map((x) => ({
              lang: x.lang,
              imgUrl: x.imgUrl,
              testimonialDto: { name: x.name, occupation: x.occupation, testimonial: x.testimonial },
            }))}
          />
        )}
      </div>
      <ul className="support-rows mk-list" aria-label={t`Testimonials in this language`}>
        {shown.map((item) => (
          <li key={item.id} data-testid="mk-testimonial">
            <b>{item.name}</b>
            {item.occupation && <span className="support-muted">{item.occupation}</span>}
            <span className="mk-text">{item.testimonial}</span>
            {confirming === item.id ? (
              <ConfirmPanel
                title={t`Remove this testimonial?`}
                confirmLabel={t`Remove`}
                busy={busy}
                onConfirm={() => void remove(item)}
                onCancel={() => setConfirming(null)}
              >
                <p>
                  <Trans>
                    {item.name}'s testimonial leaves the home page carousel at once. This cannot be undone.
                  </Trans>
                </p>
              </ConfirmPanel>
            ) : (
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(item.id)}>
                <Trans>Remove</Trans>
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
