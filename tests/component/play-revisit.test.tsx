// Back on /play a few seconds after leaving it: what was read on the visit before and cannot have moved
// (the round's slips, the testimonials) is shown without asking again; each read costs a subscriber about
// 2 KB on 2G, mostly headers. Money moving meanwhile (a queued slip sent) makes the slips worth reading.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { PLAY, TESTIMONIALS } from './playHandlers';

const slip = (reference: string) => ({
  reference,
  createdAt: '2026-03-02T08:05:00.000Z',
  cost: 2,
  paidFrom: 'WALLET',
  channel: 'APP',
  predictions: Array.from({ length: 14 }, () => 1),
  jws: 'x.y.z',
});

let asked = { slips: 0, testimonials: 0 };
let played: unknown[] = [];

beforeEach(() => {
  localStorage.setItem('lang', 'en');
  asked = { slips: 0, testimonials: 0 };
  played = [slip('J14-0042-AAAAAA')];
  server.use(
    http.get(`${PLAY}/my-slips`, () => {
      asked.slips++;
      return HttpResponse.json(played);
    }),
    http.get(`${PLAY}/fetch-testimonials`, () => {
      asked.testimonials++;
      return HttpResponse.json(TESTIMONIALS);
    }),
  );
});

type App = Awaited<ReturnType<typeof renderApp>>;

/** Taps a tab of the main bar and waits for the screen's heading. */
async function tab({ user }: App, name: string, heading: string) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('link', { name }));
  await screen.findByRole('heading', { name: heading, level: 1 });
}

describe('/play visited again', () => {
  it('shows the slips and testimonials read a moment ago without asking for them again', async () => {
    storeSession();
    const app = await renderApp('/play');
    expect(await screen.findByText('You have played this round: 1 slip')).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual({ slips: 1, testimonials: 1 }));
    await tab(app, 'Results', 'Results');
    await tab(app, 'Play', 'Current betslip');
    await screen.findByRole('list', { name: 'Matches' });
    expect(await screen.findByText('You have played this round: 1 slip')).toBeInTheDocument();
    expect(await screen.findByText('I won M 2,500.')).toBeInTheDocument();
    expect(asked).toEqual({ slips: 1, testimonials: 1 });
  });

  it('reads the slips again when a slip was paid while away', async () => {
    storeSession();
    const app = await renderApp('/play');
    expect(await screen.findByText('You have played this round: 1 slip')).toBeInTheDocument();
    await tab(app, 'Results', 'Results');
    // What src/offline/pageQueue.ts does when a queued slip is accepted.
    played = [...played, slip('J14-0042-BBBBBB')];
    window.dispatchEvent(new Event('jackpot:account-changed'));
    await tab(app, 'Play', 'Current betslip');
    expect(await screen.findByText('You have played this round: 2 slips')).toBeInTheDocument();
    expect(asked.slips).toBe(2);
  });
});
