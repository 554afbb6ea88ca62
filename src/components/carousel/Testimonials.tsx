// Testimonials carousel: autoplay, loop, drag and dots, items in the current language.
// Shown only when the current language has items; an empty carousel only logs. PlayTestimonials reads
// /play's own.
import { Trans, useLingui } from '@lingui/react/macro';
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useMemo, useState } from 'react';
import { fetchTestimonials, type Testimonial } from '../../api/play';
import { keepAnswer, recentAnswer } from '../../lib/recentAnswers';
import { carouselSupported, prefersMotion, useVisibleAutoplay } from './useVisibleAutoplay';
import './carousel.css';

/** Time each testimonial stays in view. */
const AUTOPLAY_MS = 5000;
/** The original's "nav speed 700" is its slide animation in ms; embla counts duration in its own
 * units (default 25), and 30 comes close to 700 ms. */
const DURATION = 30;

function Slides({ items }: { items: Testimonial[] }) {
  const { t } = useLingui();
  const total = items.length;
  return (
    <div className="carousel-track">
      {items.map((x, i) => {
        const position = i + 1;
        return (
          <figure
            className="carousel-slide testimonial"
            key={`${x.testimonialDto.name}-${position}`}
            aria-roledescription="slide"
            aria-label={t`${position} of ${total}`}
          >
            {x.imgUrl && (
              <img
                src={x.imgUrl}
                alt=""
                width={56}
                height={56}
                loading="lazy"
                onError={(e) => {
                  e.currentTarget.hidden = true;
                }}
              />
            )}
            <blockquote>{x.testimonialDto.testimonial}</blockquote>
            <figcaption>
              <b>{x.testimonialDto.name}</b>
              <span>{x.testimonialDto.occupation}</span>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}

function Carousel({ items }: { items: Testimonial[] }) {
  const { t } = useLingui();
  const plugins = useMemo(
    () => (prefersMotion() ? [Autoplay({ delay: AUTOPLAY_MS, stopOnInteraction: false })] : []),
    [],
  );
  const [ref, api] = useEmblaCarousel({ loop: true, duration: DURATION }, plugins);
  const [selected, setSelected] = useState(0);
  useVisibleAutoplay(api);
  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect).on('reInit', onSelect);
    return () => {
      api.off('select', onSelect).off('reInit', onSelect);
    };
  }, [api]);
  return (
    <>
      <div className="carousel-viewport" ref={ref}>
        <Slides items={items} />
      </div>
      <div className="carousel-dots">
        {items.map((x, i) => {
          const position = i + 1;
          return (
            <button
              type="button"
              key={`${x.testimonialDto.name}-${position}`}
              className="carousel-dot"
              aria-label={t`Show testimonial ${position}`}
              aria-current={i === selected}
              onClick={() => api?.scrollTo(i)}
            />
          );
        })}
      </div>
    </>
  );
}

/** `lang`: whose testimonials to show (the page's language unless marketing previews another). */
export function Testimonials({ items, lang }: { items: Testimonial[]; lang?: string }) {
  const { t, i18n } = useLingui();
  const wanted = lang ?? i18n.locale;
  const shown = useMemo(() => items.filter((x) => x.lang === wanted), [items, wanted]);
  // Decided once: embla cannot run without ResizeObserver, IntersectionObserver and matchMedia.
  const [supported] = useState(carouselSupported);
  useEffect(() => {
    if (items.length > 0 && shown.length === 0) console.info('testimonials: no slides in', wanted);
  }, [items.length, shown.length, wanted]);
  if (shown.length === 0) return null;
  return (
    <section className="testimonials" aria-roledescription="carousel" aria-label={t`What winners say`}>
      <h2>
        <Trans>What winners say</Trans>
      </h2>
      {supported ? (
        <Carousel items={shown} />
      ) : (
        <div className="carousel-static">
          <Slides items={shown} />
        </div>
      )}
    </section>
  );
}

/** How long read testimonials are shown again without asking (an operator edits them rarely). */
const TESTIMONIALS_FRESH_MS = 30 * 60_000;

/**
 * /play's testimonials: read on mount unless read in the last half hour (back on /play, no 2 KB read
 * again); without any, nothing is shown.
 */
export function PlayTestimonials() {
  const [items, setItems] = useState<Testimonial[]>(
    () => recentAnswer<Testimonial[]>('testimonials', TESTIMONIALS_FRESH_MS)?.value ?? [],
  );
  useEffect(() => {
    if (recentAnswer('testimonials', TESTIMONIALS_FRESH_MS)) return;
    const ctrl = new AbortController();
    fetchTestimonials(ctrl.signal).then(
      (list) => setItems(keepAnswer('testimonials', Array.isArray(list) ? list : []).value),
      () => undefined, // decoration only: without them the screen simply has no carousel
    );
    return () => ctrl.abort();
  }, []);
  return items.length > 0 ? <Testimonials items={items} /> : null;
}
