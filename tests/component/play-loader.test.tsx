// The /play route's loader: it asks for the current betslip through the router context's API client
// while the screen's code loads, hands the request over unawaited, and the screen's machine takes it as
// its first fetch, so a visit makes one request, and each new visit makes its own.
import { createMemoryHistory } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Betslip } from '../../machines/betslip/types';
import { api } from '../../src/api';
import { i18n } from '../../src/i18n/i18n';
import { createAppRouter } from '../../src/router';
import type { SessionService } from '../../src/session/service';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { betslipFixture, PLAY } from './playHandlers';

/** A router signed in as far as the guard asks, with `currentBetslip` as the API's play call. */
function routerWith(currentBetslip: () => Promise<Betslip>) {
  const session = { isLoggedIn: () => true, settled: async () => undefined } as unknown as SessionService;
  return createAppRouter(
    { session, i18n, api: { ...api, play: { currentBetslip } } },
    createMemoryHistory({ initialEntries: ['/play'] }),
  );
}

const playMatch = (router: ReturnType<typeof routerWith>) =>
  router.state.matches.find((m) => m.routeId === '/shell/guarded/play');

/** Counts the current-betslip requests; the n-th answer's first home team is "Visit n". */
function countBetslipRequests() {
  const count = { n: 0 };
  server.use(
    http.get(`${PLAY}/fetch-current-betslip`, () => {
      count.n++;
      const betslip = betslipFixture();
      betslip.matches[0] = { ...betslip.matches[0]!, homeTeam: `Visit ${count.n}` };
      return HttpResponse.json(betslip);
    }),
  );
  return count;
}

const cards = () => within(screen.getByRole('list', { name: 'Matches' })).getAllByRole('group');

describe('/play loader', () => {
  it('asks through context.api and returns the request unawaited as loader data', async () => {
    let answer: (b: Betslip) => void = () => undefined;
    const currentBetslip = vi.fn(() => new Promise<Betslip>((resolve) => (answer = resolve)));
    const router = routerWith(currentBetslip);
    // The route loads although the betslip has not come: the screen shows its own loading state.
    await router.load();
    expect(currentBetslip).toHaveBeenCalledTimes(1);
    const betslip = playMatch(router)?.loaderData?.betslip;
    expect(betslip).toBeInstanceOf(Promise);
    answer(betslipFixture('J14-0077'));
    await expect(betslip).resolves.toMatchObject({ sid: 'J14-0077' });
  });

  it('leaves a refusal to the screen (no unhandled rejection while nobody has taken it)', async () => {
    const refused = Promise.reject(Object.assign(new Error('none'), { messageKey: 'BETSLIP.NONE' }));
    const router = routerWith(() => refused);
    await router.load();
    expect(playMatch(router)?.status).toBe('success');
    await expect(playMatch(router)?.loaderData?.betslip).rejects.toMatchObject({
      messageKey: 'BETSLIP.NONE',
    });
  });

  it('makes one request per visit: the screen takes the loader’s, and a new visit asks again', async () => {
    const requests = countBetslipRequests();
    localStorage.setItem('lang', 'en');
    storeSession();
    const { app, path } = await renderApp('/play');
    await waitFor(() => expect(cards()).toHaveLength(14), { timeout: 5000 });
    expect(requests.n).toBe(1);
    expect(cards()[0]).toHaveTextContent('Visit 1');

    await app.router.navigate({ to: '/tnc' });
    await waitFor(() => expect(path()).toBe('/tnc'));
    await app.router.navigate({ to: '/play' });
    // The new visit shows the new answer, not the one the last visit already took.
    await waitFor(() => expect(cards()[0]).toHaveTextContent('Visit 2'), { timeout: 5000 });
    expect(requests.n).toBe(2);
  });
});
