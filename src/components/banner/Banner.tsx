// The banner on every signed-in page: a background image, '14 JACKPOT' with the jackpot
// prize, and the prize ticker — both only when there are prizes. The ticker (and embla with it) is a
// lazy chunk: until it arrives the first prize shows in its place, so nothing moves.
import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { formatM } from '../../../machines/rules/money';
import { lazyChunk } from '../../lib/lazyChunk';
import { PrizeLine } from './PrizeLine';
import { usePrizes } from './prizes';
import './banner.css';

const PrizeTicker = lazyChunk(() => import('./PrizeTicker'));

export function Banner() {
  const { t } = useLingui();
  const prizes = usePrizes();
  const jackpot = prizes.find((p) => p.prizeType === 14);
  const first = prizes[0];
  return (
    <section className="banner" aria-label={t`Jackpot prizes`}>
      {first && (
        <div className="banner-inner">
          <h2 className="banner-heading">
            <Trans>14 JACKPOT</Trans>
            {jackpot && <span className="banner-amount">{formatM(jackpot.amount)}</span>}
          </h2>
          {jackpot?.rolledOver ? (
            <p className="banner-rollover">
              <Trans>Includes {formatM(jackpot.rolledOver)} rolled over: nobody won it last time.</Trans>
            </p>
          ) : null}
          <Suspense
            fallback={
              <div className="ticker">
                <PrizeLine prize={first} />
              </div>
            }
          >
            <PrizeTicker prizes={prizes} />
          </Suspense>
        </div>
      )}
    </section>
  );
}

export default Banner;
