// Subscribing moves money (the fee), so every Subscribe asks first: tapping "Subscribe now" on /play shows
// the price and period with the terms link, and no toggle is sent until ACCEPT; Cancel sends none. A new
// subscriber with no other subscriptions is asked too (they used to be subscribed on the tap).
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { PLAY } from './playHandlers';
import { subscriberFixture } from './walletHandlers';

/** A new subscriber (no subscription, no other services); counts every toggle request. */
function newSubscriber() {
  const state = { subscribed: false };
  const toggles: unknown[] = [];
  server.use(
    http.get(`${PLAY}/fetch-subscriber-info`, () =>
      HttpResponse.json(subscriberFixture({ isSubscriptionEnabled: state.subscribed })),
    ),
    http.get(`${PLAY}/fetch-other-subscriptions`, () => HttpResponse.json([])),
    http.post(`${PLAY}/toggle-subscription`, async ({ request }) => {
      const body = (await request.json()) as { enableSubscription: boolean };
      toggles.push(body);
      state.subscribed = body.enableSubscription;
      return HttpResponse.json({ isSubscribed: state.subscribed });
    }),
  );
  return toggles;
}

async function openPlay(lang: 'en' | 'st') {
  localStorage.setItem('lang', lang);
  storeSession({ user: '26650000003' });
  const view = await renderApp('/play');
  // The prompt is in the Play screen's lazy notices chunk: the first load may take a moment.
  const prompt = await screen.findByRole(
    'region',
    { name: lang === 'en' ? 'Subscription' : 'Ngoliso' },
    { timeout: 5000 },
  );
  return { ...view, prompt };
}

const settle = () => new Promise((r) => setTimeout(r, 100));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('subscribing from the /play prompt', () => {
  it('shows the price, the period and the terms, and sends nothing until ACCEPT', {
    timeout: 15_000,
  }, async () => {
    const toggles = newSubscriber();
    const { user, prompt } = await openPlay('en');
    await user.click(await within(prompt).findByRole('button', { name: 'Subscribe now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Jackpot 14?' }, { timeout: 5000 });
    expect(within(dialog).getByTestId('subscription-price')).toHaveTextContent(
      'Jackpot 14 costs M 5.00 a week.',
    );
    expect(within(dialog).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      '/tnc',
    );
    // No other subscriptions: no list of them.
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    await settle();
    expect(toggles).toEqual([]);

    const accept = within(dialog).getByRole('button', { name: 'ACCEPT' });
    // Radix takes clicks a frame after the dialog mounts (see subscription.test.tsx).
    await waitFor(() => user.click(accept));
    await waitFor(() => expect(toggles).toHaveLength(1));
    expect(toggles).toEqual([{ msisdn: '26650000003', lang: 'en', enableSubscription: true }]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Subscription' })).not.toBeInTheDocument(),
    );
  });

  it('Cancel closes the confirmation and sends nothing; the prompt stays', { timeout: 15_000 }, async () => {
    const toggles = newSubscriber();
    const { user, prompt } = await openPlay('en');
    await user.click(await within(prompt).findByRole('button', { name: 'Subscribe now' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    await waitFor(() => user.click(cancel));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await settle();
    expect(toggles).toEqual([]);
    expect(within(prompt).getByRole('button', { name: 'Subscribe now' })).toBeInTheDocument();
  });

  it('asks in Sesotho with the price and period in Sesotho', { timeout: 15_000 }, async () => {
    const toggles = newSubscriber();
    const { user, prompt } = await openPlay('st');
    await user.click(await within(prompt).findByRole('button', { name: 'Ingolisetse hona joale' }));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5000 });
    expect(within(dialog).getByTestId('subscription-price')).toHaveTextContent(
      'Jackpot 14 e theko ea M 5.00 ka beke.',
    );
    expect(within(dialog).getByRole('link', { name: 'Lipehelo le maemo' })).toHaveAttribute('href', '/tnc');
    await settle();
    expect(toggles).toEqual([]);
  });
});
