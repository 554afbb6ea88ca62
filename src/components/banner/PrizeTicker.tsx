// The prize ticker: an embla carousel of one item, autoplay every 3000 ms, loop, no
// dragging, no dots. Lazy-loaded by the banner so embla stays out of the first load.
import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel from 'embla-carousel-react';
import { useMemo, useState } from 'react';
import type { Prize } from '../../api/play';
import { carouselSupported, prefersMotion, useVisibleAutoplay } from '../carousel/useVisibleAutoplay';
import { PrizeLine } from './PrizeLine';
// The track and slide layout; without it a page other than /play (which loads it with the testimonials)
// would show every prize stacked.
import '../carousel/carousel.css';

export const TICKER_MS = 3000;

function Carousel({ prizes }: { prizes: Prize[] }) {
  const plugins = useMemo(
    () => (prefersMotion() ? [Autoplay({ delay: TICKER_MS, stopOnInteraction: false })] : []),
    [],
  );
  const [ref, api] = useEmblaCarousel({ loop: true, watchDrag: false }, plugins);
  useVisibleAutoplay(api);
  return (
    <div className="ticker carousel-viewport" ref={ref}>
      <ul className="carousel-track">
        {prizes.map((p) => (
          <li className="carousel-slide" key={p.prizeType}>
            <PrizeLine prize={p} />
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function PrizeTicker({ prizes }: { prizes: Prize[] }) {
  const [supported] = useState(carouselSupported);
  const first = prizes[0];
  if (supported) return <Carousel prizes={prizes} />;
  // Without carousel support the jackpot line simply stays in view.
  return <div className="ticker">{first && <PrizeLine prize={first} />}</div>;
}
