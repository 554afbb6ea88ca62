// The Deposit tab against msw: invalid fields send nothing; the amount and provider are confirmed first
// (nothing sent before Confirm, nothing on Cancel); a deposit answers "confirm on your phone"
// with its reference, is followed (GET deposits/:id) until the provider's answer, and then says what
// to do next; the wallet is refetched once it is settled; a refusal is shown translated.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { walletFixture } from './walletHandlers';

const P = '/api/protected';

async function openDeposit() {
  localStorage.setItem('lang', 'en');
  storeSession();
  const view = await renderApp('/wallet');
  await screen.findByRole('tab', { name: 'Overview' }, { timeout: 5000 });
  await view.user.click(screen.getByRole('tab', { name: 'Deposit' }));
  return view;
}

const panel = () => screen.getByRole('tabpanel');

type User = Awaited<ReturnType<typeof openDeposit>>['user'];

/** Presses the confirm step's action button (its label carries the amount). */
async function confirmWith(user: User, action: string) {
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: action }));
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('deposit', () => {
  it('sends nothing while the wallet or amount is wrong', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post(`${P}/deposit`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({});
      }),
    );
    const { user } = await openDeposit();
    await user.type(within(panel()).getByLabelText('Amount'), '20');
    await user.click(within(panel()).getByRole('button', { name: 'Deposit' }));
    await user.selectOptions(within(panel()).getByLabelText('Mobile wallet'), 'MPESA');
    await user.clear(within(panel()).getByLabelText('Amount'));
    await user.click(within(panel()).getByRole('button', { name: 'Deposit' }));
    expect(within(panel()).getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks first with the amount and the provider: Cancel sends nothing, Confirm sends once', async () => {
    const sent: Array<{ body: unknown; key: string | null }> = [];
    server.use(
      http.post(`${P}/deposit`, async ({ request }) => {
        sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        return HttpResponse.json(
          { depositId: 'd-2', reference: 'DP-ASKED001', status: 'PENDING', messageKey: 'DEPOSIT.PENDING' },
          { status: 202 },
        );
      }),
      http.get(`${P}/deposits/d-2`, () =>
        HttpResponse.json({
          depositId: 'd-2',
          reference: 'DP-ASKED001',
          amount: 2000,
          status: 'PENDING',
          providerRequestId: null,
          providerReceipt: null,
          failureReason: null,
          providerCode: null,
        }),
      ),
    );
    const { user } = await openDeposit();
    await user.selectOptions(within(panel()).getByLabelText('Mobile wallet'), 'ECOCASH');
    await user.type(within(panel()).getByLabelText('Amount'), '2000');
    await user.click(within(panel()).getByRole('button', { name: 'Deposit' }));
    const asked = await screen.findByRole('dialog', { name: 'Deposit M 2,000.00?' });
    expect(asked).toHaveTextContent('AmountM 2,000.00');
    expect(asked).toHaveTextContent('ProviderEcoCash');
    expect(asked).toHaveTextContent('From the number266 5000 0001');
    expect(asked).toHaveAccessibleDescription(
      'EcoCash will ask you on your phone to approve the payment with your PIN.',
    );
    expect(sent).toEqual([]);
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(within(panel()).getByLabelText('Amount')).toHaveValue('2,000.00');

    await user.click(within(panel()).getByRole('button', { name: 'Deposit' }));
    await confirmWith(user, 'Deposit · M 2,000.00');
    await within(panel()).findByTestId('deposit-card');
    expect(sent).toEqual([
      { body: { lang: 'en', amount: 2000, mobileWalletSid: 'ECOCASH' }, key: expect.any(String) },
    ]);
  });

  it.each([
    ['CONFIRMED', 'Deposit of M 25.00 received', 'Your deposit is in your wallet.', 'Deposit more', null],
    [
      'CANCELLED',
      'Deposit of M 25.00 cancelled',
      'The payment was cancelled on your phone.',
      'Try again',
      null,
    ],
    ['FAILED', 'Deposit of M 25.00 not completed', 'The payment did not go through.', 'Try again', null],
    [
      'FAILED',
      'Deposit of M 25.00 not completed',
      "There was not enough money in your mobile wallet. Nothing was taken.Provider's code INS-2006",
      'Try again',
      'INSUFFICIENT_FUNDS',
    ],
  ] as const)(
    'shows the pending deposit with its reference, then %s ("%s") with the reason and what to do next',
    async (status, title, text, next, failureReason) => {
      const sent: Array<{ body: unknown; key: string | null }> = [];
      let polls = 0;
      let walletFetches = 0;
      server.use(
        http.post(`${P}/deposit`, async ({ request }) => {
          sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
          return HttpResponse.json(
            { depositId: 'd-1', reference: 'DP-7F3K2Q9A', status: 'PENDING', messageKey: 'DEPOSIT.PENDING' },
            { status: 202 },
          );
        }),
        http.get(`${P}/deposits/d-1`, () => {
          polls++;
          return HttpResponse.json({
            depositId: 'd-1',
            reference: 'DP-7F3K2Q9A',
            amount: 25,
            status: polls < 2 ? 'PENDING' : status,
            providerRequestId: 'ws_CO_1',
            providerReceipt: null,
            failureReason: polls < 2 ? null : failureReason,
            providerCode: failureReason ? 'INS-2006' : null,
          });
        }),
        http.get(`${P}/fetch-wallet-info`, () => {
          walletFetches++;
          return HttpResponse.json(walletFixture());
        }),
      );
      const { user } = await openDeposit();
      await user.selectOptions(within(panel()).getByLabelText('Mobile wallet'), 'MPESA');
      await user.type(within(panel()).getByLabelText('Amount'), '25');
      await user.click(within(panel()).getByRole('button', { name: 'Deposit' }));
      await confirmWith(user, 'Deposit · M 25.00');
      const card = await within(panel()).findByTestId('deposit-card');
      expect(card).toHaveAttribute('data-status', 'PENDING');
      expect(card).toHaveTextContent('Deposit of M 25.00 waiting');
      expect(card).toHaveTextContent('Confirm the payment on your phone');
      expect(card).toHaveTextContent('Reference DP-7F3K2Q9A');
      expect(sent).toEqual([
        { body: { lang: 'en', amount: 25, mobileWalletSid: 'MPESA' }, key: expect.any(String) },
      ]);
      const before = walletFetches;
      await waitFor(
        () => expect(within(panel()).getByTestId('deposit-card')).toHaveAttribute('data-status', status),
        {
          timeout: 8000,
        },
      );
      const done = within(panel()).getByTestId('deposit-card');
      expect(done).toHaveTextContent(title);
      expect(done).toHaveTextContent(text);
      await waitFor(() => expect(walletFetches).toBeGreaterThan(before));
      await user.click(within(panel()).getByRole('button', { name: next }));
      expect(within(panel()).queryByTestId('deposit-card')).not.toBeInTheDocument();
    },
    15_000,
  );

  it('shows a refusal over the weekly deposit limit, translated', async () => {
    server.use(
      http.post(`${P}/deposit`, () =>
        HttpResponse.json(
          { statusCode: 403, error: 'Forbidden', messageKey: 'DEPOSIT.LIMIT_REACHED', message: 'x' },
          { status: 403 },
        ),
      ),
    );
    const { user } = await openDeposit();
    await user.selectOptions(within(panel()).getByLabelText('Mobile wallet'), 'ECOCASH');
    await user.type(within(panel()).getByLabelText('Amount'), '500');
    await user.click(within(panel()).getByRole('button', { name: 'Deposit' }));
    await confirmWith(user, 'Deposit · M 500.00');
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'This would go over your weekly deposit limit.',
    );
    expect(within(panel()).queryByTestId('deposit-card')).not.toBeInTheDocument();
  });

  it('lists deposits still waiting for confirmation with their reference', async () => {
    server.use(
      http.get(`${P}/fetch-wallet-info`, () =>
        HttpResponse.json({
          ...walletFixture(),
          deposits: [
            {
              depositId: 'd-9',
              reference: 'DP-WAITING1',
              amount: 12.5,
              status: 'PENDING',
              createDate: '',
              mobileWalletSid: 'MPESA',
            },
            {
              depositId: 'd-8',
              reference: 'DP-DONE0001',
              amount: 3,
              status: 'CONFIRMED',
              createDate: '',
              mobileWalletSid: 'MPESA',
            },
          ],
        }),
      ),
    );
    await openDeposit();
    const waiting = within(panel()).getByRole('region', { name: 'Deposits waiting for confirmation' });
    expect(waiting).toHaveTextContent('M 12.50 · Reference DP-WAITING1');
    expect(waiting).not.toHaveTextContent('DP-DONE0001');
  });
});
