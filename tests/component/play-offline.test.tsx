// The Play screen without network: a slip that gets no answer goes to the offline queue with the same
// Idempotency-Key and body, the screen says it is saved and shows the queue; offline, nothing is sent at
// all; a definite refusal is never queued. The queue module itself is replaced here (jsdom has no
// IndexedDB); its rules are unit-tested in tests/unit/offline-queue.test.ts and run for real in e2e.
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueuedSubmission, SubmissionPayload } from '../../src/offline/queueFormat';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { PLAY } from './playHandlers';

const queued: QueuedSubmission[] = [];
const listeners = new Set<() => void>();

vi.mock('../../src/offline/pageQueue', () => ({
  enqueueSubmission: vi.fn(async (payload: SubmissionPayload, key: string, endsAt: number) => {
    queued.push({
      key,
      user: '26650000001',
      payload,
      endsAt,
      queuedAt: 0,
      attempts: 0,
      nextTryAt: 0,
      refusedToken: null,
    });
    for (const l of listeners) l();
  }),
  queueState: async () => ({ queued: [...queued], outcomes: [] }),
  onQueueChange: (l: () => void) => {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  dismissOutcome: async () => undefined,
}));

const keys: (string | null)[] = [];
function answerSubmissions(answer: () => Response) {
  server.use(
    http.post(`${PLAY}/submit-online-betslip`, ({ request }) => {
      keys.push(request.headers.get('Idempotency-Key'));
      return answer();
    }),
  );
}

async function openPlayAndSubmit() {
  localStorage.setItem('lang', 'en');
  storeSession();
  const { user } = await renderApp('/play');
  await screen.findByRole('heading', { name: 'Current betslip' });
  await user.click(await screen.findByRole('button', { name: 'Quick pick' }));
  await user.click(screen.getByRole('button', { name: /^Play · M/ }));
}

beforeEach(() => {
  queued.length = 0;
  keys.length = 0;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('play screen offline', () => {
  it('queues a slip that got no answer, with the key it was sent with, and shows it as saved', async () => {
    answerSubmissions(() => HttpResponse.error());
    await openPlayAndSubmit();
    expect(
      await screen.findByText(/your slip is saved and will be sent when you are back online/),
    ).toBeTruthy();
    expect(await screen.findByText(/1 slip is saved and waits for the network/)).toBeTruthy();
    expect(queued).toHaveLength(1);
    const entry = queued[0]!;
    expect(keys).toEqual([entry.key]);
    expect(entry.payload).toMatchObject({ msisdn: '26650000001', lang: 'en' });
    expect(entry.payload.positionAndPredictionDtos).toHaveLength(14);
    expect(Number.isFinite(entry.endsAt)).toBe(true);
  });

  it('sends nothing while the phone is offline and queues the slip at once', async () => {
    answerSubmissions(() => HttpResponse.json({ messageKey: 'SUBMISSION.ACCEPTED' }));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await openPlayAndSubmit();
    await waitFor(() => expect(queued).toHaveLength(1));
    expect(keys).toEqual([]);
  });

  it('shows a refusal and queues nothing', async () => {
    answerSubmissions(() =>
      HttpResponse.json(
        { statusCode: 402, error: 'Payment Required', messageKey: 'WALLET.INSUFFICIENT_FUNDS', message: 'x' },
        { status: 402 },
      ),
    );
    await openPlayAndSubmit();
    expect(await screen.findByText(/Not enough money in your wallet or airtime/)).toBeTruthy();
    expect(queued).toEqual([]);
    expect(screen.queryByText(/waits for the network/)).toBeNull();
  });
});
