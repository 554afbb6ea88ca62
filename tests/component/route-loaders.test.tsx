// The first reads of /rounds, /results and /admin: each route's loader asks through the router context's
// API client while the screen's code loads and hands the request over unawaited (src/lib/firstRead.ts);
// the screen takes it, so a visit makes one request, and a failure (no network) is the screen's to show.
import { createMemoryHistory } from '@tanstack/react-router';
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { type Api, api } from '../../src/api';
import { i18n } from '../../src/i18n/i18n';
import { createAppRouter } from '../../src/router';
import type { SessionService } from '../../src/session/service';
import { renderApp } from './helpers';
import { server } from './msw';

/** A router signed in as an admin as far as guards ask, with `overrides` in its API client. */
function routerAt(path: string, overrides: Partial<Api>) {
  const session = {
    isLoggedIn: () => true,
    settled: async () => undefined,
    hasRole: () => true,
    user: () => '26650000001',
  } as unknown as SessionService;
  return createAppRouter(
    { session, i18n, api: { ...api, ...overrides } },
    createMemoryHistory({ initialEntries: [path] }),
  );
}

const loaderData = (router: ReturnType<typeof routerAt>, routeId: string) =>
  router.state.matches.find((m) => m.routeId === routeId)?.loaderData as Record<string, Promise<unknown>>;

describe('route loaders', () => {
  it.each([
    [
      '/rounds',
      '/shell/rounds',
      'rounds',
      { publicRounds: async () => ({ fetchPublicRounds: vi.fn(async () => []) }) },
    ],
    [
      '/results',
      '/shell/guarded/results',
      'slips',
      { results: async () => ({ fetchPastBetslips: vi.fn(async () => []) }) },
    ],
    [
      '/admin',
      '/shell/guarded/admin',
      'betslips',
      { admin: async () => ({ listBetslips: vi.fn(async () => []) }) },
    ],
  ])(
    '%s asks through context.api and hands the request over unawaited',
    async (path, routeId, key, overrides) => {
      const router = routerAt(path, overrides as unknown as Partial<Api>);
      await router.load();
      const read = loaderData(router, routeId)[key];
      expect(read).toBeInstanceOf(Promise);
      await expect(read).resolves.toBeDefined();
    },
  );

  it('leaves a failure to the screen: the route loads, the request rejects', async () => {
    const failing = Promise.reject(new Error('offline'));
    const router = routerAt('/rounds', {
      publicRounds: async () => ({ fetchPublicRounds: () => failing }) as never,
    });
    await router.load();
    expect(router.state.matches.at(-1)?.status).toBe('success');
    await expect(loaderData(router, '/shell/rounds').rounds).rejects.toThrow('offline');
  });

  it('/rounds shows the loader’s answer with one request per visit, and its error without network', async () => {
    let requests = 0;
    server.use(
      http.get('/api/public/rounds', () => {
        requests++;
        return requests === 1
          ? HttpResponse.json([{ sid: 'J14-0001', endsAt: '2025-03-01T12:00:00Z', matches: [], tiers: [] }])
          : HttpResponse.error();
      }),
    );
    localStorage.setItem('lang', 'en');
    const { app } = await renderApp('/rounds');
    expect(await screen.findByRole('heading', { name: /J14-0001/ })).toBeDefined();
    expect(requests).toBe(1);
    await app.router.navigate({ to: '/tnc' });
    await app.router.navigate({ to: '/rounds' });
    expect(await screen.findByRole('alert')).toBeDefined();
    expect(requests).toBe(2);
  });
});
