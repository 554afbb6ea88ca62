// The banner (jackpot heading and prize ticker, refreshed every 60 s while mounted), the testimonials
// in the current language, and carousel autoplay pausing while the page is hidden.
import { I18nProvider } from '@lingui/react';
import { act, render, renderHook, screen } from '@testing-library/react';
import type { EmblaCarouselType } from 'embla-carousel';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner } from '../../src/components/banner/Banner';
import { PRIZE_REFRESH_MS } from '../../src/components/banner/prizes';
import { Testimonials } from '../../src/components/carousel/Testimonials';
import { useVisibleAutoplay } from '../../src/components/carousel/useVisibleAutoplay';
import { activateLanguage, i18n } from '../../src/i18n/i18n';
import { server } from './msw';
import { PLAY, PRIZES, TESTIMONIALS } from './playHandlers';

const withI18n = (ui: React.ReactNode) => <I18nProvider i18n={i18n}>{ui}</I18nProvider>;

beforeEach(async () => {
  await activateLanguage('en');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('banner', () => {
  it("shows '14 JACKPOT' with the jackpot and the ticker's first prize", async () => {
    render(withI18n(<Banner />));
    const heading = await screen.findByRole('heading', { name: /14 JACKPOT/ });
    expect(heading).toHaveTextContent('14 JACKPOTM 250,000.00');
    expect(await screen.findByText('14 correct: M 250,000.00', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows neither heading nor ticker without prizes', async () => {
    let calls = 0;
    server.use(
      http.get(`${PLAY}/fetch-current-prizes`, () => {
        calls++;
        return HttpResponse.json([]);
      }),
    );
    render(withI18n(<Banner />));
    await vi.waitFor(() => expect(calls).toBe(1));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByText(/correct:/)).not.toBeInTheDocument();
  });

  it('refetches prizes every 60 s while mounted and stops on unmount', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    server.use(
      http.get(`${PLAY}/fetch-current-prizes`, () => {
        calls++;
        return HttpResponse.json(PRIZES.map((p) => ({ ...p, amount: p.amount + calls })));
      }),
    );
    const view = render(withI18n(<Banner />));
    expect(await screen.findByText('M 250,001.00')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(PRIZE_REFRESH_MS));
    expect(await screen.findByText('M 250,002.00')).toBeInTheDocument();
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(3 * PRIZE_REFRESH_MS));
    expect(calls).toBe(2);
  });
});

describe('testimonials', () => {
  it('shows only those in the current language, and nothing when there are none', async () => {
    const view = render(withI18n(<Testimonials items={TESTIMONIALS} />));
    expect(screen.getByText('I won M 2,500.')).toBeInTheDocument();
    expect(screen.queryByText('Ke hapile M 2,500.')).not.toBeInTheDocument();
    await act(() => activateLanguage('st'));
    expect(screen.getByText('Ke hapile M 2,500.')).toBeInTheDocument();
    view.rerender(withI18n(<Testimonials items={TESTIMONIALS.filter((x) => x.lang === 'en')} />));
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

describe('carousel autoplay', () => {
  it('stops while the page is hidden and plays again when it is shown', () => {
    const autoplay = { play: vi.fn(), stop: vi.fn() };
    const api = { plugins: () => ({ autoplay }) } as unknown as EmblaCarouselType;
    let hidden = false;
    vi.spyOn(document, 'hidden', 'get').mockImplementation(() => hidden);
    const { unmount } = renderHook(() => useVisibleAutoplay(api));
    expect(autoplay.play).toHaveBeenCalledTimes(1);
    hidden = true;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(autoplay.stop).toHaveBeenCalledTimes(1);
    hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    expect(autoplay.play).toHaveBeenCalledTimes(2);
    unmount();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(autoplay.play).toHaveBeenCalledTimes(2);
  });
});
