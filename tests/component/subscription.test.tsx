// Subscribing from the header: the status is fetched first, then a confirmation with the price and period
// (and the other subscriptions, if any); Cancel sends nothing, ACCEPT toggles; a status changed elsewhere
// only syncs.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { subscriberFixture } from './walletHandlers';

const P = '/api/protected';

/** A server whose subscription status the toggle really changes; records each toggle body. */
function subscriptionServer(opts: { subscribed: boolean; others: string[]; statusAfterStart?: boolean }) {
  const state = { subscribed: opts.subscribed, statusCalls: 0 };
  const toggles: unknown[] = [];
  server.use(
    http.get(`${P}/fetch-subscriber-info`, () => {
      state.statusCalls++;
      // From the second call on, a status changed elsewhere (another device) when asked to.
      if (state.statusCalls > 1 && opts.statusAfterStart !== undefined)
        state.subscribed = opts.statusAfterStart;
      return HttpResponse.json(subscriberFixture({ isSubscriptionEnabled: state.subscribed }));
    }),
    http.get(`${P}/fetch-other-subscriptions`, () => HttpResponse.json(opts.others)),
    http.post(`${P}/toggle-subscription`, async ({ request }) => {
      const body = (await request.json()) as { enableSubscription: boolean };
      toggles.push(body);
      state.subscribed = body.enableSubscription;
      return HttpResponse.json({ isSubscribed: state.subscribed });
    }),
  );
  return toggles;
}

async function openPlay() {
  localStorage.setItem('lang', 'en');
  storeSession({ user: '26650000003' });
  const view = await renderApp('/play');
  await screen.findByRole('heading', { name: 'Current betslip' }, { timeout: 5000 });
  return view;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('subscription', () => {
  it('shows the other subscriptions; Cancel sends nothing, ACCEPT subscribes', {
    timeout: 15_000,
  }, async () => {
    const toggles = subscriptionServer({ subscribed: false, others: ['Daily Horoscope', 'Football News'] });
    const { user } = await openPlay();
    const subscribe = await screen.findByRole('button', { name: 'Subscribe' });

    await user.click(subscribe);
    // The modal is a lazy chunk: the first load may take a moment.
    const dialog = await screen.findByRole(
      'dialog',
      { name: 'You have other subscriptions' },
      { timeout: 5000 },
    );
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Daily Horoscope', 'Football News']);
    expect(within(dialog).getByTestId('subscription-price')).toHaveTextContent(
      'Jackpot 14 costs M 5.00 a week.',
    );
    // Radix lifts the page's `pointer-events: none` from the dialog a frame after it mounts: a click
    // before that is refused by user-event, so it is retried until the dialog takes clicks.
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => user.click(cancel));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggles).toEqual([]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Subscribe' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const again = await screen.findByRole('dialog');
    const accept = within(again).getByRole('button', { name: 'ACCEPT' });
    await waitFor(() => user.click(accept));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument());
    expect(toggles).toEqual([{ msisdn: '26650000003', lang: 'en', enableSubscription: true }]);
    expect(screen.getByTestId('toast')).toHaveTextContent('You are subscribed to Jackpot 14. Good luck!');
  });

  it('Escape closes the warning without subscribing', async () => {
    const toggles = subscriptionServer({ subscribed: false, others: ['Football News'] });
    const { user } = await openPlay();
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    await screen.findByRole('dialog', {}, { timeout: 5000 });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toggles).toEqual([]);
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('asks with the price and period even when there are no other subscriptions', async () => {
    const toggles = subscriptionServer({ subscribed: false, others: [] });
    const { user } = await openPlay();
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Jackpot 14?' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Jackpot 14 costs M 5.00 a week.');
    expect(toggles).toEqual([]);
    const accept = within(dialog).getByRole('button', { name: 'ACCEPT' });
    await waitFor(() => user.click(accept));
    await waitFor(() => expect(toggles).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument());
  });

  it('only syncs when the subscriber was subscribed elsewhere meanwhile', async () => {
    const toggles = subscriptionServer({
      subscribed: false,
      others: ['Football News'],
      statusAfterStart: true,
    });
    const { user } = await openPlay();
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument());
    expect(toggles).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a failed toggle keeps the button and says so', async () => {
    subscriptionServer({ subscribed: false, others: [] });
    server.use(http.post(`${P}/toggle-subscription`, () => HttpResponse.error()));
    const { user } = await openPlay();
    await user.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    const accept = within(dialog).getByRole('button', { name: 'ACCEPT' });
    await waitFor(() => user.click(accept));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your subscription could not be changed.');
    expect(alert).toHaveTextContent('No network connection.');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});
