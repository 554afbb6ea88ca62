// The Account screen against msw: details and subscription status, subscribe-now, the change-password
// modal (shake-and-send-nothing, success and failure toasts, reset fields) and responsible play.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PlayLimits, SubscriberInfo } from '../../src/api/account';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { PLAY } from './playHandlers';

const subscriber = (over: Partial<SubscriberInfo> = {}): SubscriberInfo => ({
  msisdn: '26650000001',
  createDate: '2026-01-15 10:20:30',
  isSubscriptionEnabled: true,
  otherSubscriptions: [],
  ...over,
});

const noLimits: PlayLimits = {
  weeklyLimit: null,
  pendingWeeklyLimit: null,
  pendingFrom: null,
  pausedUntil: null,
  spentThisWeek: 12.5,
  weeklyDepositLimit: null,
  pendingWeeklyDepositLimit: null,
  depositPendingFrom: null,
  depositedThisWeek: 40,
};

/** Answers GET/POST like the server would and records every POST body by path. */
function account(opts: { info?: SubscriberInfo; limits?: PlayLimits } = {}) {
  const sent: Record<string, unknown[]> = {};
  const record = async (path: string, request: Request) => {
    const body = await request.json();
    sent[path] = [...(sent[path] ?? []), body];
    return body as Record<string, unknown>;
  };
  let info = opts.info ?? subscriber();
  let limits = opts.limits ?? noLimits;
  server.use(
    http.get(`${PLAY}/fetch-subscriber-info`, () => HttpResponse.json(info)),
    http.get(`${PLAY}/play-limits`, () => HttpResponse.json(limits)),
    http.get(`${PLAY}/fetch-other-subscriptions`, () => HttpResponse.json([])),
    http.post(`${PLAY}/toggle-subscription`, async ({ request }) => {
      const body = await record('toggle-subscription', request);
      info = { ...info, isSubscriptionEnabled: body.enableSubscription as boolean };
      return HttpResponse.json({ isSubscribed: info.isSubscriptionEnabled });
    }),
    http.post(`${PLAY}/change-password`, async ({ request }) => {
      await record('change-password', request);
      return HttpResponse.json(true);
    }),
    http.post(`${PLAY}/play-limits`, async ({ request }) => {
      const body = await record('play-limits', request);
      limits = { ...limits, weeklyLimit: body.weeklyLimit as number | null };
      return HttpResponse.json(limits);
    }),
    http.post(`${PLAY}/deposit-limit`, async ({ request }) => {
      const body = await record('deposit-limit', request);
      const next = body.weeklyDepositLimit as number | null;
      const now = limits.weeklyDepositLimit;
      // The server's rule: lower (or a first limit) at once, higher or none after 24 hours.
      limits =
        now === null || (next !== null && next <= now)
          ? { ...limits, weeklyDepositLimit: next }
          : {
              ...limits,
              pendingWeeklyDepositLimit: next,
              depositPendingFrom: new Date('2030-05-07T08:15:00+02:00').toISOString(),
            };
      return HttpResponse.json(limits);
    }),
    http.post(`${PLAY}/play-pause`, async ({ request }) => {
      await record('play-pause', request);
      limits = { ...limits, pausedUntil: new Date(Date.now() + 7 * 86_400_000).toISOString() };
      return HttpResponse.json(limits);
    }),
  );
  return sent;
}

async function openAccount() {
  localStorage.setItem('lang', 'en');
  storeSession();
  const view = await renderApp('/account');
  await screen.findByRole('heading', { name: 'Account', level: 1 }, { timeout: 10_000 });
  await screen.findByTestId('weekly-limit');
  return view;
}

const stakeGroup = () => within(screen.getByRole('region', { name: 'Spending limit' }));
const depositGroup = () => within(screen.getByRole('region', { name: 'Deposit limit' }));

const detail = (id: string) => screen.getByTestId(id).textContent;

async function openPasswordDialog(user: Awaited<ReturnType<typeof openAccount>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Change password' }));
  return screen.findByRole('dialog', { name: 'Change password' });
}

async function fillPassword(
  user: Awaited<ReturnType<typeof openAccount>>['user'],
  dialog: HTMLElement,
  values: { old: string; next: string; repeat: string },
  submit = true,
) {
  const d = within(dialog);
  await user.type(d.getByLabelText('Current password'), values.old);
  await user.type(d.getByLabelText('New password'), values.next);
  await user.type(d.getByLabelText('Repeat new password'), values.repeat);
  if (submit) await user.click(d.getByRole('button', { name: 'Change password' }));
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('account details', () => {
  it('shows the user id, the creation date and Enabled, with no subscribe button', async () => {
    account();
    await openAccount();
    await waitFor(() => expect(detail('account-subscription')).toBe('Enabled'));
    expect(detail('account-user')).toBe('26650000001');
    expect(detail('account-created')).toBe('15/01/2026');
    expect(screen.queryByRole('button', { name: 'Subscribe now' })).not.toBeInTheDocument();
  });

  it('subscribe now confirms the price first, then posts enableSubscription true and the status turns Enabled', async () => {
    const sent = account({ info: subscriber({ isSubscriptionEnabled: false }) });
    const { user } = await openAccount();
    await waitFor(() => expect(detail('account-subscription')).toBe('Disabled'));
    await user.click(screen.getByRole('button', { name: 'Subscribe now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Jackpot 14?' });
    expect(dialog).toHaveTextContent('Jackpot 14 costs M 5.00 a week.');
    expect(within(dialog).getByRole('link', { name: 'Terms and conditions' })).toHaveAttribute(
      'href',
      '/tnc',
    );
    expect(sent['toggle-subscription']).toBeUndefined();
    await user.click(within(dialog).getByRole('button', { name: 'ACCEPT' }));
    await waitFor(() => expect(detail('account-subscription')).toBe('Enabled'));
    expect(sent['toggle-subscription']).toEqual([
      { msisdn: '26650000001', lang: 'en', enableSubscription: true },
    ]);
    expect(screen.queryByRole('button', { name: 'Subscribe now' })).not.toBeInTheDocument();
  });

  it('with other subscriptions it lists them and subscribes only after ACCEPT', async () => {
    const sent = account({ info: subscriber({ isSubscriptionEnabled: false }) });
    server.use(http.get(`${PLAY}/fetch-other-subscriptions`, () => HttpResponse.json(['Daily Horoscope'])));
    const { user } = await openAccount();
    await user.click(await screen.findByRole('button', { name: 'Subscribe now' }));
    expect(await screen.findByText('Daily Horoscope')).toBeInTheDocument();
    expect(sent['toggle-subscription']).toBeUndefined();
    await user.click(screen.getByRole('button', { name: 'ACCEPT' }));
    await waitFor(() => expect(detail('account-subscription')).toBe('Enabled'));
    expect(sent['toggle-subscription']).toHaveLength(1);
  });

  it('shows the price and period with the terms, and unsubscribes only after a confirmation that says what stops', async () => {
    const sent = account();
    const { user } = await openAccount();
    expect(await screen.findByTestId('account-price')).toHaveTextContent(
      'The subscription costs M 5.00 a week.',
    );
    expect(within(screen.getByTestId('account-price')).getByRole('link')).toHaveAttribute('href', '/tnc');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop your Jackpot 14 subscription?' });
    expect(dialog).toHaveTextContent('The subscription fee of M 5.00 a week is no longer charged');
    await user.click(within(dialog).getByRole('button', { name: 'Keep my subscription' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent['toggle-subscription']).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    const again = await screen.findByRole('dialog');
    await user.click(within(again).getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(detail('account-subscription')).toBe('Disabled'));
    expect(sent['toggle-subscription']).toEqual([
      { msisdn: '26650000001', lang: 'en', enableSubscription: false },
    ]);
    // Subscribing again is the same button, and the same confirmation, as for anyone not subscribed.
    await user.click(await screen.findByRole('button', { name: 'Subscribe now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Subscribe to Jackpot 14?' });
    expect(sent['toggle-subscription']).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'ACCEPT' }));
    await waitFor(() => expect(detail('account-subscription')).toBe('Enabled'));
    expect(sent['toggle-subscription']).toHaveLength(2);
  });
});

describe('change password', () => {
  it.each([
    ['do not match', 'abcdefg1', 'abcdefg2', 'The two passwords are not the same.'],
    ['are not compliant', 'abcdefgh', 'abcdefgh', 'The password does not meet the rules below.'],
  ])(
    'new passwords that %s shake both fields for 300 ms, say why and send nothing',
    async (_, next, repeat, why) => {
      const sent = account();
      const { user } = await openAccount();
      const dialog = await openPasswordDialog(user);
      await fillPassword(user, dialog, { old: 'demo1234', next, repeat }, false);
      const d = within(dialog);
      // Time stands still from the click on, so a slow machine cannot end the shake before it is seen.
      vi.useFakeTimers();
      fireEvent.click(d.getByRole('button', { name: 'Change password' }));
      expect(d.getByLabelText('New password')).toHaveClass('shake');
      expect(d.getByLabelText('Repeat new password')).toHaveClass('shake');
      expect(d.getByLabelText('Current password')).not.toHaveClass('shake');
      act(() => vi.advanceTimersByTime(310));
      expect(d.getByLabelText('New password')).not.toHaveClass('shake');
      expect(d.getByLabelText('Repeat new password')).toHaveAttribute('aria-invalid', 'true');
      // In words too, registration's, under the field; what was typed stays.
      expect(d.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(why));
      expect(d.getByLabelText('Repeat new password')).toHaveValue(repeat);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(sent['change-password']).toBeUndefined();
    },
  );

  it('on success the modal closes, a success toast shows for 5 s and the fields are empty again', async () => {
    const sent = account();
    const { user } = await openAccount();
    const dialog = await openPasswordDialog(user);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await fillPassword(user, dialog, { old: 'demo1234', next: 'newpass99', repeat: 'newpass99' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Your password has been changed.');
    expect(toast).toHaveAttribute('data-kind', 'success');
    expect(sent['change-password']).toEqual([{ oldPassword: 'demo1234', newPassword: 'newpass99' }]);
    await act(() => vi.advanceTimersByTimeAsync(4_000));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_100));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    const again = within(await openPasswordDialog(user));
    expect(again.getByLabelText('Current password')).toHaveValue('');
    expect(again.getByLabelText('New password')).toHaveValue('');
    expect(again.getByLabelText('Repeat new password')).toHaveValue('');
  });

  it('a wrong current password keeps the dialog open, says so under that field and keeps the new ones', async () => {
    const sent = account();
    let answer: 'wrong' | 'right' = 'wrong';
    server.use(
      http.post(`${PLAY}/change-password`, async ({ request }) => {
        sent['change-password'] = [...(sent['change-password'] ?? []), await request.json()];
        return answer === 'wrong'
          ? HttpResponse.json(
              { statusCode: 400, error: 'Bad Request', messageKey: 'PASSWORD.WRONG_OLD', message: 'wrong' },
              { status: 400 },
            )
          : HttpResponse.json(true);
      }),
    );
    const { user } = await openAccount();
    const dialog = await openPasswordDialog(user);
    await fillPassword(user, dialog, { old: 'nope1234', next: 'newpass99', repeat: 'newpass99' });
    const d = within(dialog);
    const current = d.getByLabelText('Current password');
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription(
        'Your current password is not right, so the password was not changed.',
      ),
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(current).toHaveFocus();
    expect(d.getByLabelText('New password')).toHaveValue('newpass99');
    expect(d.getByLabelText('Repeat new password')).toHaveValue('newpass99');
    // Only the current password is typed again.
    answer = 'right';
    await user.clear(current);
    await user.type(current, 'demo1234');
    expect(current).not.toHaveAttribute('aria-invalid');
    await user.click(d.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByTestId('toast')).toHaveTextContent('Your password has been changed.');
    expect(sent['change-password']).toEqual([
      { oldPassword: 'nope1234', newPassword: 'newpass99' },
      { oldPassword: 'demo1234', newPassword: 'newpass99' },
    ]);
  });

  it.each([
    [
      'a falsy answer gives the general failure toast',
      'demo1234',
      () => HttpResponse.json(false),
      'Your password could not be changed. Please try again.',
    ],
  ])('%s', async (_, old, answer, said) => {
    account();
    server.use(http.post(`${PLAY}/change-password`, answer));
    const { user } = await openAccount();
    await fillPassword(user, await openPasswordDialog(user), { old, next: 'newpass99', repeat: 'newpass99' });
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveAttribute('data-kind', 'failure');
    expect(toast).toHaveTextContent(said);
  });
});

describe('responsible play', () => {
  it('shows no limit and the week spent, then sets a limit', async () => {
    const sent = account();
    const { user } = await openAccount();
    expect(detail('weekly-limit')).toBe('No limit');
    expect(detail('spent-this-week')).toBe('M 12.50');
    expect(detail('pause-status')).toBe('None');
    await user.type(screen.getByLabelText('Weekly spending limit'), '150');
    await user.click(stakeGroup().getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(detail('weekly-limit')).toBe('M 150.00'));
    expect(sent['play-limits']).toEqual([{ weeklyLimit: 150 }]);
    expect(screen.getByTestId('toast')).toHaveTextContent('Your weekly limit is now M 150.00.');
    expect(screen.getByLabelText('Weekly spending limit')).toHaveValue('');
  });

  it('an amount that is not a positive M amount shakes and sends nothing', async () => {
    const sent = account();
    const { user } = await openAccount();
    await user.type(screen.getByLabelText('Weekly spending limit'), '10.555');
    await user.click(stakeGroup().getByRole('button', { name: 'Save limit' }));
    expect(screen.getByLabelText('Weekly spending limit')).toHaveAttribute('aria-invalid', 'true');
    expect(sent['play-limits']).toBeUndefined();
  });

  it('shows a pending raise with when it applies', async () => {
    const pendingFrom = new Date('2030-05-06T09:30:00+02:00').toISOString();
    account({ limits: { ...noLimits, weeklyLimit: 100, pendingWeeklyLimit: 300, pendingFrom } });
    await openAccount();
    expect(detail('weekly-limit')).toBe('M 100.00');
    expect(screen.getByTestId('pending-limit')).toHaveTextContent(
      'Your new limit of M 300.00 applies from 06/05/2030 09:30.',
    );
  });

  it('a pause asks for confirmation first and then sends the chosen duration', async () => {
    const sent = account();
    const { user } = await openAccount();
    await user.click(screen.getByRole('button', { name: '7 days' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a break for 7 days?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent['play-pause']).toBeUndefined();

    await user.click(screen.getByRole('button', { name: '7 days' }));
    await user.click(await screen.findByRole('button', { name: 'Start the pause' }));
    await waitFor(() => expect(detail('pause-status')).toMatch(/^Until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/));
    expect(sent['play-pause']).toEqual([{ duration: '7d' }]);
    expect(screen.getByTestId('toast')).toHaveTextContent(/^Your break has started/);
  });

  it('the deposit limit shows the week deposited, lowers at once and shows a raise as pending', async () => {
    const sent = account({ limits: { ...noLimits, weeklyDepositLimit: 500 } });
    const { user } = await openAccount();
    expect(detail('deposit-limit')).toBe('M 500.00');
    expect(detail('deposited-this-week')).toBe('M 40.00');
    const field = screen.getByLabelText('Weekly deposit limit');
    await user.type(field, '200');
    await user.click(depositGroup().getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(detail('deposit-limit')).toBe('M 200.00'));
    expect(screen.getByTestId('toast')).toHaveTextContent('Your weekly limit is now M 200.00.');
    expect(detail('weekly-limit')).toBe('No limit');

    await user.type(field, '900');
    await user.click(depositGroup().getByRole('button', { name: 'Save limit' }));
    await waitFor(() =>
      expect(screen.getByTestId('pending-deposit-limit')).toHaveTextContent(
        'Your new limit of M 900.00 applies from 07/05/2030 08:15.',
      ),
    );
    expect(detail('deposit-limit')).toBe('M 200.00');
    expect(sent['deposit-limit']).toEqual([{ weeklyDepositLimit: 200 }, { weeklyDepositLimit: 900 }]);
    expect(sent['play-limits']).toBeUndefined();
  });

  it('a deposit limit that is not an amount says so and sends nothing', async () => {
    const sent = account();
    const { user } = await openAccount();
    await user.type(screen.getByLabelText('Weekly deposit limit'), 'ten');
    await user.click(depositGroup().getByRole('button', { name: 'Save limit' }));
    expect(screen.getByLabelText('Weekly deposit limit')).toHaveAttribute('aria-invalid', 'true');
    expect(depositGroup().getByRole('alert')).toHaveTextContent(
      'Enter an amount in maloti, like 150 or 150.50.',
    );
    expect(sent['deposit-limit']).toBeUndefined();
  });
});
