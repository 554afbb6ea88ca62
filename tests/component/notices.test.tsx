// The shell's notices: the critical version alert (opens once per start until dismissed, static backdrop)
// and the red app-download toast on Android web (after 10 s, no auto-hide, a click clears it); and the
// footer's "Notify me" control subscribing through the service worker's PushManager.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppInfo } from '../../src/shell/notices/versionStore';
import { CHECK_VERSION, CLIENT_TYPE } from './appInfoHandlers';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';

const CRITICAL = {
  version: '2.0.0',
  isCritical: true,
  displayMessage: 'Please update now',
  link: 'https://example.org/app',
};

beforeEach(() => {
  resetAppInfo();
  localStorage.setItem('lang', 'en');
  storeSession();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Answers check-version with `body` and counts the calls. */
function versionAnswer(body: object) {
  const calls = { n: 0 };
  server.use(
    http.get(CHECK_VERSION, () => {
      calls.n++;
      return HttpResponse.json(body);
    }),
  );
  return calls;
}

describe('critical version alert', () => {
  it('opens once per start until dismissed, and a click outside or Escape does not close it', async () => {
    const calls = versionAnswer(CRITICAL);
    const first = await renderApp('/play');
    // The first lazy load of the dialog's chunk is slow in a cold test run.
    const dialog = await screen.findByRole('dialog', { name: 'Update Jackpot 14' }, { timeout: 5000 });
    expect(dialog).toHaveTextContent('Please update now');
    expect(screen.getByRole('link', { name: 'Get the new version' })).toHaveAttribute('href', CRITICAL.link);

    await first.user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    // Radix closes a dismissable dialog on a pointer-down outside it; this one must stay.
    const overlay = document.querySelector('.version-overlay')!;
    fireEvent.pointerDown(overlay);
    fireEvent.click(overlay);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    // Navigating does not check again.
    await first.user.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(localStorage.getItem('criticalVersionDismissed')).toBe('2.0.0');
    await act(() => first.app.router.navigate({ to: '/tnc' }));
    expect(calls.n).toBe(1);
    first.unmount();

    // The next start checks again, finds the same version dismissed, and shows nothing.
    resetAppInfo();
    await renderApp('/play');
    await waitFor(() => expect(calls.n).toBe(2));
    await screen.findByTestId('wallet-button');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // A cold run transforms the dialog's chunk on first use: seconds, not a hang.
  }, 20_000);

  it('shows again on the next start when it was not dismissed, and for a newer critical version', async () => {
    versionAnswer(CRITICAL);
    const first = await renderApp('/play');
    await screen.findByRole('dialog');
    first.unmount();
    resetAppInfo();
    const second = await renderApp('/play');
    await second.user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    second.unmount();

    resetAppInfo();
    versionAnswer({ ...CRITICAL, version: '2.1.0', displayMessage: '' });
    await renderApp('/play');
    expect(await screen.findByRole('dialog')).toHaveTextContent(
      'A new version of Jackpot 14 (2.1.0) is available. Please update to keep playing.',
    );
  });

  it('stays closed for a version that is not newer or not critical', async () => {
    const calls = versionAnswer({ ...CRITICAL, version: '1.0.0' });
    await renderApp('/play');
    await waitFor(() => expect(calls.n).toBe(1));
    await screen.findByTestId('wallet-button');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('app-download toast', () => {
  it('appears after 10 s on Android web when an app URL is known, stays, and a click clears it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(
      http.get(CLIENT_TYPE, () =>
        HttpResponse.json({ android: true, mobileAppUrl: 'https://example.org/app.apk' }),
      ),
    );
    const { user } = await renderApp('/play');
    await screen.findByTestId('wallet-button');
    await act(() => vi.advanceTimersByTimeAsync(9_000));
    expect(screen.queryByText(/has an Android app/)).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    const toast = await screen.findByText(/has an Android app/);
    expect(screen.getByRole('link', { name: 'Download the app' })).toHaveAttribute(
      'href',
      'https://example.org/app.apk',
    );
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(toast).toBeInTheDocument();
    await user.click(toast);
    expect(screen.queryByText(/has an Android app/)).not.toBeInTheDocument();
  });

  it('does not appear without an app URL or off Android', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(http.get(CLIENT_TYPE, () => HttpResponse.json({ android: true, mobileAppUrl: null })));
    await renderApp('/play');
    await screen.findByTestId('wallet-button');
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(screen.queryByText(/has an Android app/)).not.toBeInTheDocument();
  });
});

describe('notify me', () => {
  const KEY = 'BPz5oKkDr6f4pqA9n9dG9pQe3mY5mJ2m6nOe9d5dIQ2Ck6yJ1V4wQm7Vw0f4wS6ZzJ1a8xYlqk0xD9h3p2n1c8I';

  /** A browser with push: a service worker whose PushManager records the subscribe call. */
  function stubPush(permission: NotificationPermission) {
    const subscribe = vi.fn(async (_options: PushSubscriptionOptionsInit) => ({
      toJSON: () => ({ endpoint: 'https://push.example.org/1', keys: { p256dh: 'p', auth: 'a' } }),
    }));
    const pushManager = { getSubscription: vi.fn(async () => null), subscribe };
    const registration = { pushManager };
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal(
      'Notification',
      Object.assign(class {}, { permission: 'default', requestPermission: vi.fn(async () => permission) }),
    );
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    });
    return subscribe;
  }

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('subscribes with the server key and stores the subscription with the language', async () => {
    const subscribe = stubPush('granted');
    let stored: unknown;
    server.use(
      http.get('/api/web-registration/vapid-public-key', () => HttpResponse.json({ publicKey: KEY })),
      http.post('/api/protected/wep-push-notification-subscription', async ({ request }) => {
        stored = await request.json();
        return HttpResponse.json({ response: 'subscribed' });
      }),
    );
    const { user } = await renderApp('/play');
    await user.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Notifications are on.')).toBeInTheDocument();
    const options = subscribe.mock.calls[0]![0];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(stored).toEqual({
      endpoint: 'https://push.example.org/1',
      keys: { p256dh: 'p', auth: 'a' },
      lang: 'en',
    });
  });

  it("logs a failure only ('failed!') and keeps the button", async () => {
    stubPush('granted');
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/web-registration/vapid-public-key', () => HttpResponse.json({ publicKey: KEY })),
      http.post('/api/protected/wep-push-notification-subscription', () =>
        HttpResponse.json({ messageKey: 'PUSH.INVALID' }, { status: 400 }),
      ),
    );
    const { user } = await renderApp('/play');
    await user.click(await screen.findByRole('button', { name: 'Notify me' }));
    await waitFor(() =>
      expect(error).toHaveBeenCalledWith('web push subscription failed', expect.anything()),
    );
    expect(screen.getByRole('button', { name: 'Notify me' })).toBeEnabled();
    expect(screen.queryByText('Notifications are on.')).not.toBeInTheDocument();
    error.mockRestore();
  });

  it('says notifications are blocked when the subscriber refuses them', async () => {
    stubPush('denied');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(
      http.get('/api/web-registration/vapid-public-key', () => HttpResponse.json({ publicKey: KEY })),
    );
    const { user } = await renderApp('/play');
    await user.click(await screen.findByRole('button', { name: 'Notify me' }));
    // The stub's permission stays 'default', so the button returns; the refusal is logged.
    await waitFor(() => expect(console.error).toHaveBeenCalled());
    expect(screen.queryByText('Notifications are on.')).not.toBeInTheDocument();
  });

  it('is not offered where the browser has no push', async () => {
    await renderApp('/play');
    await screen.findByTestId('wallet-button');
    expect(screen.queryByRole('button', { name: 'Notify me' })).not.toBeInTheDocument();
  });
});
