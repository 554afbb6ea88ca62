// Clear play on the Play screen against msw: the round's reference and closing time, a pick replaced
// by a limit said in words, an incomplete slip marking (and scrolling to) the missing matches, the round
// closing while the player is here, and the subscribe prompt before any picking.
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { betslipFixture, PLAY } from './playHandlers';
import { subscriberFixture } from './walletHandlers';

async function openPlay() {
  localStorage.setItem('lang', 'en');
  storeSession();
  const view = await renderApp('/play');
  await screen.findByRole('heading', { name: 'Current betslip' }, { timeout: 10_000 });
  await waitFor(() => expect(cards()).toHaveLength(14));
  return view;
}

const list = () => screen.getByRole('list', { name: 'Matches' });
const cards = () => within(list()).getAllByRole('group');
const card = (n: number) => cards()[n - 1]!;
const submitButton = () => screen.getByRole('button', { name: /^Play · M/ });

let scrolled: Element[] = [];
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  scrolled = [];
  // jsdom has no layout: record which element the screen asks to bring into view.
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this);
  };
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('clear play', () => {
  it("shows the round's reference and closing date and time", async () => {
    await openPlay();
    expect(screen.getByText('Round J14-0042 · closes 04/05/2030 12:00')).toBeInTheDocument();
  });

  it('says which pick a limit replaced instead of swapping it silently', async () => {
    server.use(
      http.get(`${PLAY}/fetch-current-betslip`, () =>
        HttpResponse.json({
          ...betslipFixture(),
          betslipParams: { ...betslipFixture().betslipParams, multipleChance: 1 },
        }),
      ),
    );
    const { user } = await openPlay();
    await user.click(within(card(1)).getByRole('button', { name: 'Arsenal to win (1)' }));
    await user.click(within(card(1)).getByRole('button', { name: 'Draw (X)' })); // the one double allowed
    await user.click(within(card(2)).getByRole('button', { name: 'Liverpool to win (1)' }));
    await user.click(within(card(2)).getByRole('button', { name: 'Manchester City to win (2)' }));
    expect(
      await screen.findByText(
        'Match 2: 2 replaced 1. This slip allows at most 1 matches with more than one pick.',
      ),
    ).toBeInTheDocument();
    expect(within(card(2)).getByRole('button', { name: 'Manchester City to win (2)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(card(2)).getByRole('button', { name: 'Liverpool to win (1)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('an incomplete slip marks each missing match, scrolls to the first and focuses it', async () => {
    const { user } = await openPlay();
    for (const n of [1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 14])
      await user.click(within(card(n)).getAllByRole('button')[0]!);
    await user.click(submitButton());
    await waitFor(() => expect(scrolled).toHaveLength(1));
    const missing = list().querySelectorAll('li.match-missing');
    expect([...missing].map((li) => within(li as HTMLElement).getByRole('group'))).toEqual([
      card(4),
      card(13),
    ]);
    expect(scrolled[0]).toBe(missing[0]);
    expect(card(4)).toHaveAccessibleDescription('Not picked yet');
    expect(card(1)).not.toHaveAccessibleDescription();
    expect(document.activeElement).toBe(within(card(4)).getAllByRole('button')[0]);
    // Picking a marked match removes its mark; the other stays.
    await user.click(within(card(4)).getAllByRole('button')[0]!);
    expect(card(4)).not.toHaveAccessibleDescription();
    expect(card(13)).toHaveAccessibleDescription('Not picked yet');
  });

  it('when the round closes, says so and that the unsent picks were cleared for the new one', async () => {
    let sid = 'J14-0042';
    server.use(http.get(`${PLAY}/fetch-current-betslip`, () => HttpResponse.json(betslipFixture(sid, 4000))));
    const { user } = await openPlay();
    await user.click(within(card(1)).getAllByRole('button')[0]!);
    sid = 'J14-0043';
    await waitFor(() => expect(document.querySelector('.play-notice')).not.toBeNull(), { timeout: 10_000 });
    expect(document.querySelector('.play-notice')).toHaveTextContent(
      'Round J14-0042 has closed. Round J14-0043 is open now. Your unsent picks were for the closed round, so they were cleared.',
    );
    expect(within(list()).queryAllByRole('button', { pressed: true })).toHaveLength(0);
    expect(screen.getByText(/^Round J14-0043 · closes/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText(/has closed/)).not.toBeInTheDocument();
  }, 20_000);

  it('an unsubscribed player is asked to subscribe before picking', async () => {
    server.use(
      http.get(`${PLAY}/fetch-subscriber-info`, () =>
        HttpResponse.json(subscriberFixture({ isSubscriptionEnabled: false })),
      ),
      http.get(`${PLAY}/fetch-other-subscriptions`, () => HttpResponse.json([])),
    );
    const { user } = await openPlay();
    const prompt = await screen.findByRole('region', { name: 'Subscription' });
    expect(prompt).toHaveTextContent(
      'You are not subscribed yet. Subscribe first, so that your slip can be played.',
    );
    // Above the matches, so it is read before any pick.
    expect(prompt.compareDocumentPosition(list()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    let toggled: unknown = null;
    server.use(
      http.post(`${PLAY}/toggle-subscription`, async ({ request }) => {
        toggled = await request.json();
        return HttpResponse.json({ isSubscribed: true });
      }),
    );
    await user.click(await within(prompt).findByRole('button', { name: 'Subscribe now' }));
    // The confirmation with the price comes first (tests/component/subscribe-confirm.test.tsx).
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Jackpot 14?' }, { timeout: 5000 });
    expect(toggled).toBeNull();
    const accept = within(dialog).getByRole('button', { name: 'ACCEPT' });
    await waitFor(() => user.click(accept));
    await waitFor(() => expect(toggled).toMatchObject({ enableSubscription: true }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Subscription' })).not.toBeInTheDocument(),
    );
  });

  it('a subscribed player sees no prompt', async () => {
    await openPlay();
    await act(() => new Promise((r) => setTimeout(r, 200)));
    expect(screen.queryByRole('region', { name: 'Subscription' })).not.toBeInTheDocument();
  });
});

describe('standing picks', () => {
  it('after an accepted slip offers to play the same picks each round; sets and cancels them', async () => {
    const calls: Array<{ method: string; body: unknown }> = [];
    server.use(
      http.post(`${PLAY}/submit-online-betslip`, () =>
        HttpResponse.json({
          message: 'Your betslip has been accepted. Good luck!',
          messageKey: 'SUBMISSION.ACCEPTED',
          submissionId: 's-1',
          paidFrom: 'WALLET',
          amount: 2,
        }),
      ),
      http.put(`${PLAY}/standing-picks`, async ({ request }) => {
        calls.push({ method: 'PUT', body: await request.json() });
        return HttpResponse.json({ standing: null, lastPlay: null });
      }),
      http.delete(`${PLAY}/standing-picks`, () => {
        calls.push({ method: 'DELETE', body: null });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = await openPlay();
    for (let n = 1; n <= 14; n++) await user.click(within(card(n)).getAllByRole('button')[n === 2 ? 2 : 0]!);
    await user.click(submitButton());
    const offer = await screen.findByRole('region', { name: 'Play the same picks next round' });
    await user.click(within(offer).getByRole('button', { name: 'Yes, play them each round' }));
    expect(await within(offer).findByText(/^Done: these picks will be played/)).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        body: {
          positionAndPredictionDtos: Array.from({ length: 14 }, (_, i) => ({
            betSlipPosition: i,
            prediction: i === 1 ? 2 : 1,
          })),
        },
      },
    ]);
    await user.click(within(offer).getByRole('button', { name: 'Cancel standing picks' }));
    expect(await within(offer).findByText(/^Cancelled/)).toBeInTheDocument();
    expect(calls.map((c) => c.method)).toEqual(['PUT', 'DELETE']);
    await user.click(within(offer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Play the same picks next round' })).not.toBeInTheDocument();
  });

  it('the Account screen shows the choice and the last round, and cancels it', async () => {
    let deleted = false;
    server.use(
      http.get(`${PLAY}/standing-picks`, () =>
        HttpResponse.json({
          standing: deleted
            ? null
            : { positionAndPredictionDtos: [], setInSid: 'J14-0041', updatedAt: '2030-05-01T10:00:00Z' },
          lastPlay: {
            sid: 'J14-0042',
            status: 'REFUSED',
            messageKey: 'PLAY.PAUSED',
            at: '2030-05-02T10:00:00Z',
          },
        }),
      ),
      http.delete(`${PLAY}/standing-picks`, () => {
        deleted = true;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    localStorage.setItem('lang', 'en');
    storeSession();
    const { user } = await renderApp('/account');
    const card = await screen.findByRole(
      'region',
      { name: 'Play the same picks next round' },
      { timeout: 5000 },
    );
    expect(card).toHaveTextContent('On: your picks are played and paid when each new round opens.');
    expect(card).toHaveTextContent('Round J14-0042: not played.');
    await user.click(within(card).getByRole('button', { name: 'Cancel standing picks' }));
    await waitFor(() => expect(deleted).toBe(true));
    expect(await within(card).findByText(/^Off\./)).toBeInTheDocument();
  });
});
