// Carousels stop autoplaying while the page is hidden and resume when it shows again: no timers firing in a
// background tab, no slide jump on return.
import type { EmblaCarouselType } from 'embla-carousel';
import { useEffect } from 'react';

export function useVisibleAutoplay(api: EmblaCarouselType | undefined): void {
  useEffect(() => {
    const autoplay = api?.plugins().autoplay;
    if (!autoplay) return;
    const sync = () => (document.hidden ? autoplay.stop() : autoplay.play());
    sync();
    document.addEventListener('visibilitychange', sync);
    return () => document.removeEventListener('visibilitychange', sync);
  }, [api]);
}

/** Autoplay only for people who have not asked for reduced motion. */
export const prefersMotion = (): boolean =>
  typeof window === 'undefined' ||
  typeof window.matchMedia !== 'function' ||
  !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * Embla needs ResizeObserver, IntersectionObserver and matchMedia. Where one is missing (very old
 * WebViews, jsdom) the carousel stays inactive and the slides render as static content instead.
 */
export const carouselSupported = (): boolean =>
  typeof window !== 'undefined' &&
  typeof window.ResizeObserver === 'function' &&
  typeof window.IntersectionObserver === 'function' &&
  typeof window.matchMedia === 'function';
