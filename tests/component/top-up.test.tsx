// Top up and play against msw: a slip refused for a short wallet (402) offers a deposit of the difference;
// while PENDING the dialog says to confirm on the phone with the reference; once CONFIRMED the same slip is
// sent again, once, with the same Idempotency-Key. Cancelled keeps the picks and sends nothing; a round
// that closed before the deposit arrived places no slip and says the money is in the wallet.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DepositStatus } from '../../src/api/wallet';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { betslipFixture, PLAY } from './playHandlers';
import { walletFixture } from './walletHandlers';

interface Sent {
  body: Record<string, unknown>;
  key: string | null;
}

const short = () =>
  HttpResponse.json(
    { statusCode: 402, error: 'Payment Required', messageKey: 'WALLET.INSUFFICIENT_FUNDS', message: 'x' },
    { status: 402 },
  );

const accepted = {
  message: 'Your betslip has been accepted. Good luck!',
  messageKey: 'SUBMISSION.ACCEPTED',
  submissionId: 's-1',
  paidFrom: 'WALLET',
  amount: 2,
};

/**
 * A wallet with M 0.50, a slip answered 402 until the deposit is CONFIRMED, and a deposit whose status the
 * test sets (`deposit.status`).
 */
function topUpServer() {
  const submissions: Sent[] = [];
  const deposits: Sent[] = [];
  const deposit = { status: 'PENDING' as DepositStatus };
  server.use(
    http.get(`${PLAY}/fetch-wallet-info`, () =>
      HttpResponse.json(walletFixture({ totalAvailableAmount: deposit.status === 'CONFIRMED' ? 2 : 0.5 })),
    ),
    http.post(`${PLAY}/submit-online-betslip`, async ({ request }) => {
      submissions.push({
        body: (await request.json()) as Record<string, unknown>,
        key: request.headers.get('Idempotency-Key'),
      });
      return deposit.status === 'CONFIRMED' ? HttpResponse.json(accepted) : short();
    }),
    http.post(`${PLAY}/deposit`, async ({ request }) => {
      deposits.push({
        body: (await request.json()) as Record<string, unknown>,
        key: request.headers.get('Idempotency-Key'),
      });
      return HttpResponse.json(
        { depositId: 'd-1', reference: 'DP-7F3K2Q9A', status: 'PENDING', messageKey: 'DEPOSIT.PENDING' },
        { status: 202 },
      );
    }),
    http.get(`${PLAY}/deposits/d-1`, () =>
      HttpResponse.json({
        depositId: 'd-1',
        reference: 'DP-7F3K2Q9A',
        amount: 1.5,
        status: deposit.status,
        providerRequestId: 'ws_CO_1',
        providerReceipt: null,
      }),
    ),
  );
  return { submissions, deposits, deposit };
}

async function openPlay() {
  localStorage.setItem('lang', 'en');
  storeSession();
  const view = await renderApp('/play');
  await screen.findByRole('heading', { name: 'Current betslip' }, { timeout: 10_000 });
  await waitFor(() => expect(screen.getByRole('list', { name: 'Matches' })).toBeInTheDocument());
  return view;
}

/** The pressed pick buttons (hidden ones too: an open dialog hides the page from the a11y tree). */
const pressed = () =>
  within(screen.getByRole('list', { name: 'Matches', hidden: true })).queryAllByRole('button', {
    pressed: true,
    hidden: true,
  });

/** Quick pick, pay, the 402, and the offer: the dialog to deposit the difference by M-Pesa or EcoCash. */
async function offered(user: Awaited<ReturnType<typeof openPlay>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Quick pick' }));
  await user.click(screen.getByRole('button', { name: /^Play · M 2\.00/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Top up and play' }, { timeout: 10_000 });
  await within(dialog).findByText(
    'This slip costs M 2.00 and your wallet has M 0.50. Deposit M 1.50 by mobile money and your slip is paid as soon as it arrives.',
    undefined,
    { timeout: 10_000 },
  );
  await user.selectOptions(within(dialog).getByLabelText('Mobile wallet'), 'ECOCASH');
  await user.click(within(dialog).getByRole('button', { name: 'Deposit M 1.50' }));
  await within(dialog).findByText('Confirm on your phone');
  expect(within(dialog).getByText('DP-7F3K2Q9A')).toBeInTheDocument();
  return dialog;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('top up and play', () => {
  it('deposits the difference, then pays the same slip once with the same key', async () => {
    const { submissions, deposits, deposit } = topUpServer();
    const { user } = await openPlay();
    await offered(user);
    expect(deposits).toHaveLength(1);
    expect(deposits[0]!.body).toMatchObject({ amount: 1.5, mobileWalletSid: 'ECOCASH' });
    expect(deposits[0]!.key).toEqual(expect.any(String));
    expect(submissions).toHaveLength(1);

    deposit.status = 'CONFIRMED';
    await waitFor(() => expect(submissions).toHaveLength(2), { timeout: 10_000 });
    expect(submissions[1]!.key).toBe(submissions[0]!.key);
    expect(submissions[1]!.body).toEqual(submissions[0]!.body);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Top up and play' })).toBeNull());
    expect(
      await screen.findByText('Your betslip has been accepted. Good luck!', undefined, { timeout: 10_000 }),
    ).toBeInTheDocument();
    // Paid: the picks are cleared, and nothing more is sent.
    await waitFor(() => expect(pressed()).toHaveLength(0));
    expect(submissions).toHaveLength(2);
  }, 40_000);

  it('a deposit cancelled on the phone says so, keeps the picks and sends no slip', async () => {
    const { submissions, deposit } = topUpServer();
    const { user } = await openPlay();
    const dialog = await offered(user);
    deposit.status = 'CANCELLED';
    await within(dialog).findByText(
      'You cancelled the deposit on your phone. Nothing was taken and your picks are kept.',
      undefined,
      { timeout: 10_000 },
    );
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pressed()).toHaveLength(14);
    expect(submissions).toHaveLength(1);
  }, 40_000);

  it('a round that closed before the deposit arrived places no slip and says the money is in the wallet', async () => {
    const { submissions, deposit } = topUpServer();
    // The round on screen closes 12 s after it is first fetched; the next fetch answers another round.
    let fetches = 0;
    server.use(
      http.get(`${PLAY}/fetch-current-betslip`, () =>
        HttpResponse.json(fetches++ === 0 ? betslipFixture('J14-0042', 12_000) : betslipFixture('J14-0043')),
      ),
    );
    const { user } = await openPlay();
    const dialog = await offered(user);
    await screen.findByText(/Round J14-0043/, undefined, { timeout: 20_000 });
    deposit.status = 'CONFIRMED';
    await within(dialog).findByText(
      'The round closed before your deposit arrived. M 1.50 is in your wallet; no slip was placed.',
      undefined,
      { timeout: 10_000 },
    );
    expect(submissions).toHaveLength(1);
    expect(submissions[0]!.body).toMatchObject({ betSlipSid: 'J14-0042' });
  }, 60_000);
});
