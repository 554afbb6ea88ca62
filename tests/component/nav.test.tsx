// Phone-first navigation: four main tabs in one nav (a bottom bar on phones by CSS), Contact and Terms
// marked as extras that the phone bar leaves to the account page's "More" list.
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { PLAY } from './playHandlers';

describe('main navigation', () => {
  it('keeps Play, Results, Wallet and Account as the tabs and marks Contact and Terms as extras', async () => {
    storeSession();
    localStorage.setItem('lang', 'en');
    await renderApp('/results');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    const tabs = links.filter((a) => !a.closest('li')?.classList.contains('nav-extra'));
    expect(tabs.map((a) => a.textContent)).toEqual(['Play', 'Results', 'Wallet', 'Account']);
    const extras = links.filter((a) => a.closest('li')?.classList.contains('nav-extra'));
    expect(extras.map((a) => a.textContent)).toEqual(['Contact us', 'Terms']);
    expect(within(nav).getByRole('link', { name: 'Results' })).toHaveAttribute('aria-current', 'page');
  });

  it('gives an operator account its own screens as tabs, and none of a subscriber’s', async () => {
    storeSession({ user: 'admin', roles: ['ROLE_ADMIN'] });
    localStorage.setItem('lang', 'en');
    await renderApp('/tnc');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const tabs = within(nav)
      .getAllByRole('link')
      .filter((a) => !a.closest('li')?.classList.contains('nav-extra'));
    expect(tabs.map((a) => a.textContent)).toEqual(['Operations', 'Call centre', 'Marketing']);
    for (const name of ['Play', 'Wallet', 'Account', 'Subscribe now'])
      expect(screen.queryByRole('link', { name }) ?? screen.queryByRole('button', { name })).toBeNull();
  });

  it('reaches Contact and Terms from the account page', async () => {
    storeSession();
    localStorage.setItem('lang', 'en');
    server.use(
      http.get(`${PLAY}/fetch-subscriber-info`, () =>
        HttpResponse.json({
          msisdn: '26650000001',
          createDate: '2026-01-15 10:20:30',
          isSubscriptionEnabled: true,
          otherSubscriptions: [],
        }),
      ),
    );
    const { user, path } = await renderApp('/account');
    const more = await screen.findByTestId('account-more');
    expect(within(more).getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/tnc');
    await user.click(within(more).getByRole('link', { name: 'Contact us' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(path()).toBe('/contact');
  });
});
