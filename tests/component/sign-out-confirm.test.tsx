// Sign out deletes the offline queue (a shared phone keeps nothing of its last subscriber), so it asks
// first, and only then, when this subscriber has slips not yet sent: how many, "Send it first", "Sign out
// and delete", "Stay signed in". With nothing queued it stays one tap. IndexedDB (idb-keyval) is an
// in-memory map here; the page queue and its replay run for real against msw.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedSubmission } from '../../src/offline/queueFormat';
import { renderApp, storeSession } from './helpers';
import { idb } from './idbKeyval';
import { server } from './msw';
import { PLAY } from './playHandlers';

vi.mock('idb-keyval', () => import('./idbKeyval'));

const A = '26650000001';

const slip = (key: string, user: string | null = A): QueuedSubmission => ({
  key,
  user,
  payload: {
    msisdn: user,
    lang: 'en',
    betSlipSid: 'J14-0001',
    positionAndPredictionDtos: [{ betSlipPosition: 0, prediction: 1 }],
    betSlipCost: 5,
  },
  endsAt: Date.now() + 3_600_000,
  queuedAt: Date.now(),
  attempts: 0,
  nextTryAt: Date.now() + 60_000,
  refusedToken: null,
});

const queue = () => (idb.get('queue') as QueuedSubmission[] | undefined) ?? [];

/** Submissions the server received (Idempotency-Key of each), answered with `status`. */
function answerSubmissions(status: number): string[] {
  const keys: string[] = [];
  server.use(
    http.post(`${PLAY}/submit-online-betslip`, ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key') ?? '');
      return status < 300
        ? HttpResponse.json({ messageKey: 'SUBMISSION.ACCEPTED', amount: 5 }, { status })
        : HttpResponse.json({ messageKey: 'SERVER.ERROR' }, { status });
    }),
  );
  return keys;
}

async function tapSignOut(queued: QueuedSubmission[]) {
  localStorage.setItem('lang', 'en');
  storeSession({ user: A });
  if (queued.length) idb.set('queue', queued);
  const app = await renderApp('/tnc');
  await app.user.click(await screen.findByTestId('sign-out'));
  return app;
}

/** The lazy login screen has loaded: no route transition outlives the test (or its environment). */
const loginShown = () => waitFor(() => expect(document.getElementById('login-username')).not.toBeNull());

describe('Sign out with the offline queue', () => {
  beforeEach(() => {
    idb.clear();
    vi.restoreAllMocks();
  });

  it('signs out at once, with no question, when nothing is queued', async () => {
    const { path } = await tapSignOut([]);
    await waitFor(() => expect(path()).toBe('/login'));
    expect(screen.queryByTestId('sign-out-dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('null');
    await loginShown();
  });

  it('asks first when this subscriber has a slip not yet sent, and says how many would be lost', async () => {
    const { path } = await tapSignOut([slip('k1'), slip('k2', null)]);
    const dialog = await screen.findByTestId('sign-out-dialog');
    expect(within(dialog).getByTestId('sign-out-unsent')).toHaveTextContent(
      '2 slips saved on this phone have not been sent yet. Signing out deletes them',
    );
    expect(within(dialog).getByRole('button', { name: 'Send them first' })).toBeInTheDocument();
    expect(path()).toBe('/tnc');
    expect(localStorage.getItem('token')).not.toBe('null');
  });

  it('"Stay signed in" closes the question and keeps the session and the slip', async () => {
    const { user, path } = await tapSignOut([slip('k1')]);
    const dialog = await screen.findByTestId('sign-out-dialog');
    expect(dialog).toHaveTextContent('1 slip saved on this phone has not been sent yet');
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByTestId('sign-out-dialog')).not.toBeInTheDocument());
    expect(path()).toBe('/tnc');
    expect(localStorage.getItem('token')).not.toBe('null');
    expect(queue().map((e) => e.key)).toEqual(['k1']);
  });

  it('"Sign out and delete" signs out and leaves no queued slip behind', async () => {
    const sent = answerSubmissions(200);
    const { user, path } = await tapSignOut([slip('k1')]);
    await user.click(await screen.findByRole('button', { name: 'Sign out and delete' }));
    await waitFor(() => expect(path()).toBe('/login'));
    await waitFor(() => expect(queue()).toEqual([]));
    expect(idb.has('outcomes')).toBe(false);
    expect(sent).toEqual([]);
    await loginShown();
  });

  it('"Send it first" sends the slip with its key, then signs out', async () => {
    const sent = answerSubmissions(200);
    const { user, path } = await tapSignOut([slip('k1')]);
    await user.click(await screen.findByRole('button', { name: 'Send it first' }));
    await waitFor(() => expect(path()).toBe('/login'));
    expect(sent).toEqual(['k1']);
    await waitFor(() => expect(queue()).toEqual([]));
    await loginShown();
  });

  it('"Send it first" offline says a network is needed, sends nothing and keeps the question', async () => {
    const sent = answerSubmissions(200);
    const { user, path } = await tapSignOut([slip('k1')]);
    const dialog = await screen.findByTestId('sign-out-dialog');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(within(dialog).getByRole('button', { name: 'Send it first' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Sending needs a network');
    expect(sent).toEqual([]);
    expect(path()).toBe('/tnc');
    expect(queue().map((e) => e.key)).toEqual(['k1']);
  });

  it('"Send it first" with no answer from the server keeps the question and the slip', async () => {
    const sent = answerSubmissions(503);
    const { user, path } = await tapSignOut([slip('k1')]);
    const dialog = await screen.findByTestId('sign-out-dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send it first' }));
    expect(await within(dialog).findByTestId('sign-out-not-sent')).toBeInTheDocument();
    expect(sent).toEqual(['k1']);
    expect(path()).toBe('/tnc');
    expect(queue().map((e) => e.key)).toEqual(['k1']);
  });
});
