// The wallet button and the Wallet screen against msw: the balance, the four figures, the amount field's
// formatting, the friend's number rules, invalid fields that shake and send nothing, the confirm step
// before airtime and cash-out (nothing sent before Confirm, nothing on Cancel), buy and cash-out with
// their toasts, and the transactions list with its filter and paginator.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showWireDate as statementDate } from '../../machines/rules/maseruTime';
import { notifyAccountChanged } from '../../src/api/play';
import type { WalletMove } from '../../src/api/wallet';
import { renderApp, storeSession, TOKEN_URL, tokenAnswer } from './helpers';
import { capturePost, server } from './msw';
import { subscriberFixture, walletFixture } from './walletHandlers';
import { captureStatementCsv, countWalletFetches } from './walletStatement';

const P = '/api/protected';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function openWallet(tab?: RegExp) {
  localStorage.setItem('lang', 'en');
  storeSession();
  const view = await renderApp('/wallet');
  await screen.findByRole('tab', { name: 'Overview' }, { timeout: 5000 });
  if (tab) await view.user.click(screen.getByRole('tab', { name: tab }));
  return view;
}

type User = Awaited<ReturnType<typeof openWallet>>['user'];

const panel = () => screen.getByRole('tabpanel');
const amountField = () => within(panel()).getByLabelText('Amount');
const friendField = () => within(panel()).getByLabelText("Friend's phone number");
const button = (name: string) => within(panel()).getByRole('button', { name });

/** Chooses `wallet` and types `amount` in the open money form. */
async function fill(user: User, wallet: string, amount: string) {
  await user.selectOptions(within(panel()).getByLabelText('Mobile wallet'), wallet);
  await user.type(amountField(), amount);
}

/** The confirm step's dialog (portalled outside the panel). */
const dialog = () => screen.getByRole('dialog');

/** Presses the confirm step's action button (its label carries the amount). */
async function confirmWith(user: User, action: string) {
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: action }));
}

/** Switches Buy mobile to a friend and types `typed` as the friend's number; returns the field. */
async function forFriend(user: User, typed: string) {
  await user.click(button('For a friend'));
  const friend = friendField();
  await user.type(friend, typed);
  return friend;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('wallet button', () => {
  it('shows M and the balance, and a click refetches the wallet and opens /wallet', async () => {
    const fetches = countWalletFetches(() => walletFixture({ totalAvailableAmount: 1234567.5 }));
    localStorage.setItem('lang', 'en');
    storeSession();
    const { user, path } = await renderApp('/play');
    const button = await screen.findByTestId('wallet-button');
    expect(button).toHaveTextContent('M 1,234,567.50');
    expect(button).toHaveAccessibleName('Wallet: M 1,234,567.50');
    const before = fetches.n;
    await user.click(button);
    await waitFor(() => expect(path()).toBe('/wallet'));
    await waitFor(() => expect(fetches.n).toBe(before + 1));
  });

  it('is not shown until the wallet has loaded', async () => {
    server.use(http.get(`${P}/fetch-wallet-info`, () => HttpResponse.json({}, { status: 503 })));
    localStorage.setItem('lang', 'en');
    storeSession();
    await renderApp('/play');
    await screen.findByRole('heading', { name: 'Current betslip' }, { timeout: 5000 });
    expect(screen.queryByTestId('wallet-button')).not.toBeInTheDocument();
  });
});

describe('account store', () => {
  it('refetches the wallet, not the subscription status, after a paid submission (ACCOUNT_CHANGED_EVENT)', async () => {
    let balance = 1054;
    const fetches = countWalletFetches(() => walletFixture({ totalAvailableAmount: balance }));
    let statusCalls = 0;
    server.use(
      http.get(`${P}/fetch-subscriber-info`, () => {
        statusCalls++;
        return HttpResponse.json(subscriberFixture());
      }),
    );
    localStorage.setItem('lang', 'en');
    storeSession();
    await renderApp('/play');
    const button = await screen.findByTestId('wallet-button', {}, { timeout: 5000 });
    expect(button).toHaveTextContent('M 1,054.00');
    expect([fetches.n, statusCalls]).toEqual([1, 1]);
    balance = 1050;
    act(() => notifyAccountChanged());
    await waitFor(() => expect(screen.getByTestId('wallet-button')).toHaveTextContent('M 1,050.00'));
    // Paying moves money, never the subscription: the status is not asked for again (2 KB saved a slip).
    expect([fetches.n, statusCalls]).toEqual([2, 1]);
  });
});

describe('wallet overview', () => {
  it('shows the four figures and no under-processing card when nothing is withheld', async () => {
    await openWallet();
    expect(screen.getByTestId('figure-available')).toHaveTextContent('Total availableM 1,054.00');
    expect(screen.getByTestId('figure-withdrawable')).toHaveTextContent('Available to cash outM 980.50');
    expect(screen.getByTestId('figure-won')).toHaveTextContent('Total earningsM 1,250.00');
    expect(screen.getByTestId('figure-withdrawn')).toHaveTextContent('Total cash-outsM 269.50');
    expect(screen.queryByTestId('figure-withheld')).not.toBeInTheDocument();
  });

  it('shows what is under processing while a cash-out is withheld', async () => {
    countWalletFetches(() => walletFixture({ currentlyWithheldAmount: 150 }));
    await openWallet();
    expect(screen.getByTestId('figure-withheld')).toHaveTextContent('Under processingM 150.00');
  });

  it('lists each pending cash-out with its reference', async () => {
    countWalletFetches(() =>
      walletFixture({
        currentlyWithheldAmount: 150,
        pendingCashOuts: [
          { reference: 'CO-7', amount: 100, createDate: '2026-11-20 10:00:00', mobileWalletSid: 'MPESA' },
          { reference: 'CO-9', amount: 50, createDate: '2026-11-21 10:00:00', mobileWalletSid: 'ECOCASH' },
        ],
      }),
    );
    await openWallet();
    const items = within(screen.getByTestId('figure-withheld')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Reference CO-7M 100.00', 'Reference CO-9M 50.00']);
  });
});

describe('token refresh on wallet actions', () => {
  it('a tab change refreshes a token past half its lifetime', async () => {
    let refreshes = 0;
    server.use(
      http.post(TOKEN_URL, () => {
        refreshes++;
        return HttpResponse.json(tokenAnswer());
      }),
    );
    localStorage.setItem('lang', 'en');
    storeSession({ expInSec: 100, iatAgoSec: 200 });
    const { user } = await renderApp('/wallet');
    await screen.findByRole('tab', { name: 'Overview' }, { timeout: 5000 });
    expect(refreshes).toBe(0);
    await user.click(screen.getByRole('tab', { name: 'Transactions' }));
    await waitFor(() => expect(refreshes).toBe(1));
    expect(screen.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('amount input', () => {
  it('adds separators, keeps two decimals, pads on blur and clears zero', async () => {
    const { user } = await openWallet(/Cash out/);
    const amount = amountField();
    await user.type(amount, '1234.567');
    expect(amount).toHaveValue('1,234.56');
    await user.clear(amount);
    await user.type(amount, 'M12a34');
    expect(amount).toHaveValue('1,234');
    await user.tab();
    expect(amount).toHaveValue('1,234.00');
    await user.clear(amount);
    await user.type(amount, '5.5');
    await user.tab();
    expect(amount).toHaveValue('5.50');
    await user.clear(amount);
    await user.type(amount, '0.00');
    await user.tab();
    expect(amount).toHaveValue('');
  });
});

describe('buy mobile', () => {
  it("swaps the toggle's label and cleans the friend's number as typed", async () => {
    const { user } = await openWallet(/Buy mobile/);
    expect(within(panel()).queryByLabelText("Friend's phone number")).not.toBeInTheDocument();
    await user.click(button('For a friend'));
    expect(button('For me')).toBeInTheDocument();
    const friend = friendField();
    await user.type(friend, '+266 5000-0002');
    expect(friend).toHaveValue('50000002');
    await user.clear(friend);
    await user.type(friend, '26662 0000 1x9');
    expect(friend).toHaveValue('62000019');
    await user.click(button('For me'));
    expect(within(panel()).queryByLabelText("Friend's phone number")).not.toBeInTheDocument();
  });

  it('asks for no mobile wallet (the wallet pays); an empty amount shakes for 300 ms and nothing is asked or sent', async () => {
    const sent = capturePost('mobile-money-transaction', () => HttpResponse.json({}));
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openWallet(/Buy mobile/);
    expect(within(panel()).queryByLabelText('Mobile wallet')).not.toBeInTheDocument();
    await user.click(button('Buy airtime for me'));
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField().closest('.field')).toHaveClass('shake');
    expect(amountField()).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(300));
    expect(amountField().closest('.field')).not.toHaveClass('shake');
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("asks first with the amount and the friend's number: Cancel sends nothing, Confirm sends once", async () => {
    const sent = capturePost('mobile-money-transaction', () =>
      HttpResponse.json({ message: 'Done.', messageKey: 'AIRTIME.SUCCESS', status: 'CONFIRMED' }),
    );
    const { user } = await openWallet(/Buy mobile/);
    await user.type(amountField(), '10');
    await forFriend(user, '5012 3456');
    await user.click(button('Buy airtime for a friend'));
    const asked = await screen.findByRole('dialog', { name: 'M 10.00 airtime to 266 5012 3456?' });
    expect(asked).toHaveTextContent('AmountM 10.00');
    expect(asked).toHaveTextContent("Friend's number266 5012 3456");
    expect(asked).toHaveTextContent('Paid fromYour Jackpot 14 wallet');
    expect(asked).not.toHaveTextContent('M-Pesa');
    expect(sent).toEqual([]);

    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    // The form is as it was: the subscriber can correct it or ask again.
    expect(amountField()).toHaveValue('10.00');
    expect(friendField()).toHaveValue('50123456');

    // Escape is a Cancel too.
    await user.click(button('Buy airtime for a friend'));
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await user.click(button('Buy airtime for a friend'));
    await confirmWith(user, 'Buy · M 10.00');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ lang: 'en', amount: 10, receivingMsisdn: '26650123456' });
    expect(sent[0]!.key).toMatch(UUID);
  });

  it('for me, the confirm names my own number', async () => {
    const sent = capturePost('mobile-money-transaction', () => HttpResponse.json({}));
    const { user } = await openWallet(/Buy mobile/);
    await user.type(amountField(), '2.5');
    await user.click(button('Buy airtime for me'));
    const asked = await screen.findByRole('dialog', { name: 'M 2.50 airtime for your number?' });
    expect(asked).toHaveTextContent('Your number266 5000 0001');
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
  });

  it("shakes a friend's number shorter than 8 digits and sends nothing", async () => {
    const sent = capturePost('mobile-money-transaction', () => HttpResponse.json({}));
    const { user } = await openWallet(/Buy mobile/);
    await user.type(amountField(), '10');
    const friend = await forFriend(user, '5000001');
    await user.click(button('Buy airtime for a friend'));
    expect(friend).toHaveAttribute('aria-invalid', 'true');
    expect(friend.closest('.field')).toHaveClass('shake');
    expect(friend).toHaveFocus();
    expect(amountField()).not.toHaveAttribute('aria-invalid');
    expect(within(panel()).getByText("Enter your friend's 8-digit number.")).toBeInTheDocument();
    await user.type(friend, '2');
    expect(friend).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it("refuses a friend's number that is not a Lesotho mobile number and says why", async () => {
    const sent = capturePost('mobile-money-transaction', () => HttpResponse.json({}));
    const { user } = await openWallet(/Buy mobile/);
    await user.type(amountField(), '10');
    // Eight digits, but a landline: the server would answer MSISDN.INVALID.
    const friend = await forFriend(user, '2231 2345');
    expect(friend).toHaveValue('22312345');
    await user.click(button('Buy airtime for a friend'));
    expect(friend).toHaveAttribute('aria-invalid', 'true');
    expect(friend).toHaveAccessibleDescription('Lesotho mobile numbers start with 5 or 6.');
    expect(friend).toHaveFocus();
    expect(sent).toEqual([]);

    await user.clear(friend);
    await user.type(friend, '6200 0019');
    await user.click(button('Buy airtime for a friend'));
    await confirmWith(user, 'Buy · M 10.00');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toMatchObject({ receivingMsisdn: '26662000019' });
  });

  it("buys for a friend with an Idempotency-Key, shows the server's message and clears the fields", async () => {
    const sent = capturePost('mobile-money-transaction', () =>
      HttpResponse.json({
        message: 'Airtime of M 1,025.50 sent to 26650000002.',
        messageKey: 'AIRTIME.SUCCESS',
      }),
    );
    const fetches = countWalletFetches();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = await openWallet(/Buy mobile/);
    await user.type(amountField(), '1025.5');
    await forFriend(user, '50000002');
    const before = fetches.n;
    await user.click(button('Buy airtime for a friend'));
    expect(dialog()).toHaveAccessibleName('M 1,025.50 airtime to 266 5000 0002?');
    await confirmWith(user, 'Buy · M 1,025.50');

    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Airtime of M 1,025.50 sent to 26650000002.');
    expect(toast).toHaveClass('toast-success');
    expect(sent).toHaveLength(1);
    // No mobile wallet: the wallet pays.
    expect(sent[0]!.body).toEqual({ lang: 'en', amount: 1025.5, receivingMsisdn: '26650000002' });
    expect(sent[0]!.key).toMatch(UUID);
    expect(amountField()).toHaveValue('');
    expect(friendField()).toHaveValue('');
    await waitFor(() => expect(fetches.n).toBe(before + 1));
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('buys for me, confirmed each time, with a new key per attempt', async () => {
    const sent = capturePost('mobile-money-transaction', () =>
      HttpResponse.json({ message: 'Done.', messageKey: 'AIRTIME.SUCCESS' }),
    );
    const { user } = await openWallet(/Buy mobile/);
    for (const typed of ['5', '7']) {
      await user.type(amountField(), typed);
      await user.click(button('Buy airtime for me'));
      await confirmWith(user, `Buy · M ${typed}.00`);
      await waitFor(() => expect(amountField()).toHaveValue(''));
    }
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map((s) => s.body)).toEqual([
      { lang: 'en', amount: 5, receivingMsisdn: null },
      { lang: 'en', amount: 7, receivingMsisdn: null },
    ]);
    expect(sent[0]!.key).not.toBe(sent[1]!.key);
  });

  it('checks the amount against the available figure first and shows progress while buying', async () => {
    const sent = capturePost('mobile-money-transaction', async () => {
      await delay(200);
      return HttpResponse.json({ message: 'Done.', messageKey: 'AIRTIME.SUCCESS' });
    });
    const { user } = await openWallet(/Buy mobile/);
    await user.type(amountField(), '1054.01');
    await user.click(button('Buy airtime for me'));
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField()).toHaveAccessibleDescription('That is more than the M 1,054.00 in your wallet.');
    expect(sent).toEqual([]);
    await user.clear(amountField());
    await user.type(amountField(), '1054');
    await user.click(button('Buy airtime for me'));
    await confirmWith(user, 'Buy · M 1,054.00');
    const busy = button('Buying airtime…');
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(button('Buy airtime for me')).toBeEnabled());
    expect(sent).toHaveLength(1);
  });

  it('a refusal shows the WALLET.SERVERERROR toast with the reason and clears the fields', async () => {
    capturePost('mobile-money-transaction', () =>
      HttpResponse.json(
        { statusCode: 402, error: 'Payment Required', messageKey: 'WALLET.INSUFFICIENT_FUNDS', message: 'x' },
        { status: 402 },
      ),
    );
    const { user } = await openWallet(/Buy mobile/);
    // Within the available figure, but the balance moved on the server meanwhile.
    await user.type(amountField(), '1000');
    await user.click(button('Buy airtime for me'));
    await confirmWith(user, 'Buy · M 1,000.00');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('The transaction could not be completed. Please try again.');
    expect(toast).toHaveTextContent('There is not enough money in your wallet for this amount.');
    expect(toast).toHaveClass('toast-failure');
    expect(amountField()).toHaveValue('');
  });
});

describe('cash out', () => {
  it('shakes when the wallet or amount is missing and sends nothing', async () => {
    const sent = capturePost('cash-out', () => HttpResponse.json({}));
    const { user } = await openWallet(/Cash out/);
    await user.type(amountField(), '20');
    await user.click(button('Cash out'));
    expect(within(panel()).getByLabelText('Mobile wallet').closest('.field')).toHaveClass('shake');
    expect(amountField()).not.toHaveAttribute('aria-invalid');
    await user.selectOptions(within(panel()).getByLabelText('Mobile wallet'), 'MPESA');
    await user.clear(amountField());
    await user.click(button('Cash out'));
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField()).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('asks before a big cash-out with the amount, my number and the provider; Cancel sends nothing', async () => {
    const sent = capturePost('cash-out', () =>
      HttpResponse.json({
        message: 'Sent.',
        messageKey: 'CASHOUT.CONFIRMED',
        status: 'CONFIRMED',
        reference: 'CO-2',
      }),
    );
    countWalletFetches(() => walletFixture({ totalAvailableAmount: 30000, withdrawablemount: 30000 }));
    const { user } = await openWallet(/Cash out/);
    await fill(user, 'MPESA', '25000');
    await user.click(button('Cash out'));
    const asked = await screen.findByRole('dialog', { name: 'Cash out M 25,000.00?' });
    expect(asked).toHaveTextContent('AmountM 25,000.00');
    expect(asked).toHaveTextContent('To the number266 5000 0001');
    expect(asked).toHaveTextContent('ProviderM-Pesa');
    expect(sent).toEqual([]);
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);
    expect(amountField()).toHaveValue('25,000.00');

    await user.click(button('Cash out'));
    await confirmWith(user, 'Cash out · M 25,000.00');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ lang: 'en', amount: 25000, mobileWalletSid: 'MPESA' });
  });

  it("refuses an amount above the server's cap with the server's own message and sends nothing", async () => {
    const sent = capturePost('cash-out', () => HttpResponse.json({}));
    const { user } = await openWallet(/Cash out/);
    await fill(user, 'MPESA', '1000000.01');
    await user.click(button('Cash out'));
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    expect(amountField()).toHaveAccessibleDescription(
      'Enter an amount from M 0.01 to M 1,000,000.00, with at most two decimals.',
    );
    expect(sent).toEqual([]);
  });

  it('shows a loading state until the answer, then the message in a toast', async () => {
    const sent = capturePost('cash-out', async () => {
      await delay(200);
      return HttpResponse.json({
        message: 'Your cash-out of M 20.00 is being processed (ref MP-1).',
        messageKey: 'CASHOUT.PENDING',
        status: 'PENDING',
        reference: 'MP-1',
      });
    });
    const { user } = await openWallet(/Cash out/);
    await fill(user, 'MPESA', '20');
    await user.click(button('Cash out'));
    await confirmWith(user, 'Cash out · M 20.00');
    const busy = button('Cashing out…');
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Your cash-out of M 20.00 is being processed (ref MP-1).');
    expect(toast).toHaveClass('toast-warning');
    expect(button('Cash out')).toBeEnabled();
    expect(sent[0]).toEqual({
      body: { lang: 'en', amount: 20, mobileWalletSid: 'MPESA' },
      key: expect.stringMatching(UUID),
    });
    expect(amountField()).toHaveValue('');
  });

  it('a network failure keeps the amount, and trying again is the same attempt with the same key', async () => {
    let lost = true;
    const sent = capturePost('cash-out', () =>
      lost
        ? HttpResponse.error()
        : HttpResponse.json({
            message: 'Sent.',
            messageKey: 'CASHOUT.CONFIRMED',
            status: 'CONFIRMED',
            reference: 'CO-1',
          }),
    );
    const { user } = await openWallet(/Cash out/);
    await fill(user, 'ECOCASH', '20');
    await user.click(button('Cash out'));
    await confirmWith(user, 'Cash out · M 20.00');
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('The transaction could not be completed. Please try again.');
    expect(toast).toHaveTextContent('No network connection.');
    expect(button('Cash out')).toBeEnabled();
    expect(amountField()).toHaveValue('20.00');
    lost = false;
    await user.click(button('Cash out'));
    await confirmWith(user, 'Cash out · M 20.00');
    await waitFor(() => expect(amountField()).toHaveValue(''));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    // The next cash-out is a new attempt.
    await user.type(amountField(), '20');
    await user.click(button('Cash out'));
    await confirmWith(user, 'Cash out · M 20.00');
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.key).not.toBe(sent[0]!.key);
  });
});

describe('transactions', () => {
  /** A Maseru-time 'yyyy-mm-dd hh:mm:ss' for `hoursAgo` hours before now. */
  const maseru = (hoursAgo: number) =>
    new Date(Date.now() - hoursAgo * 3_600_000 + 2 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');

  it('lists moves 8 per page with signed amounts, reasons inside, and filters by time', async () => {
    const moves: WalletMove[] = Array.from({ length: 10 }, (_, i) => ({
      createDate: maseru(i * 10 + 1),
      amount: i % 2 ? 1000 + i : -(i + 0.5),
      reason: i % 2 ? 'PRIZE_WON' : 'AIRTIME_FOR_FRIEND',
      serviceId: `S-${i}`,
      balanceAfter: 100 - i,
    }));
    countWalletFetches(() => walletFixture({ walletMovesDto: moves }));
    const { user } = await openWallet(/Transactions/);
    const list = within(panel()).getByRole('list', { name: 'Transactions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(8);
    const first = items[0]!.querySelector('summary')!;
    expect(first).toHaveTextContent(`${statementDate(moves[0]!.createDate)}M. -0.50Airtime for a friend`);
    expect(statementDate(moves[0]!.createDate)).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(items[1]!.querySelector('summary')).toHaveTextContent('M. 1,001.00Prize won');
    fireEvent.click(first);
    expect(items[0]).toHaveTextContent('Balance afterM. 100.00');
    // An airtime move's service is airtime, whatever code an older answer stored.
    expect(items[0]).toHaveTextContent('ServiceAirtime');

    await user.click(button('Page 2'));
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(2);
    expect(within(panel()).getByText(statementDate(moves[9]!.createDate))).toBeInTheDocument();

    // Last 24 hours: moves 1, 11 and 21 hours old; the page goes back to 1.
    await user.selectOptions(within(panel()).getByLabelText('Time range'), 'day');
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(3);
    expect(within(panel()).queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    // The filtered statement downloads as CSV, built in the page.
    const csv = captureStatementCsv();
    await user.click(button('Download statement (CSV)'));
    await waitFor(() => expect(csv.text.split('\r\n')).toHaveLength(5));
    expect(csv.text.split('\r\n')[0]).toBe(
      'Date,Reason,Amount (M),Balance after (M),Service,Status,Reference',
    );
    expect(csv.text.split('\r\n')[1]).toBe(
      `${statementDate(moves[0]!.createDate)},Airtime for a friend,-0.50,100.00,Airtime,,`,
    );

    await user.selectOptions(within(panel()).getByLabelText('Time range'), '1h');
    expect(within(panel()).getByText('No transactions in this time range.')).toBeInTheDocument();
  });

  it('deposit and cash-out rows show their status (translated) and reference, in the list and the CSV', async () => {
    const moves: WalletMove[] = [
      {
        createDate: maseru(1),
        amount: -30,
        reason: 'CASH_OUT',
        serviceId: 'MPESA',
        status: 'PENDING',
        reference: 'CO-41',
      },
      {
        createDate: maseru(2),
        amount: 50,
        reason: 'DEPOSIT',
        serviceId: 'ECOCASH',
        status: 'CONFIRMED',
        reference: 'DP-7K3M9QXA',
      },
      { createDate: maseru(3), amount: -5, reason: 'BETSLIP_STAKE', serviceId: 'JP14' },
    ];
    countWalletFetches(() => walletFixture({ walletMovesDto: moves }));
    const { user } = await openWallet(/Transactions/);
    const items = within(within(panel()).getByRole('list', { name: 'Transactions' })).getAllByRole(
      'listitem',
    );
    for (const item of items) fireEvent.click(item.querySelector('summary')!);
    expect(items[0]).toHaveTextContent('StatusPending');
    expect(items[0]).toHaveTextContent('ReferenceCO-41');
    expect(items[1]).toHaveTextContent('StatusCompleted');
    expect(within(items[1]!).getByText('DP-7K3M9QXA')).toHaveClass('move-reference');
    expect(items[2]).not.toHaveTextContent('Status');
    expect(items[2]).not.toHaveTextContent('Reference');

    const csv = captureStatementCsv();
    await user.click(button('Download statement (CSV)'));
    // Header, three rows and the CRLF after the last.
    await waitFor(() => expect(csv.text.split('\r\n')).toHaveLength(5));
    const rows = csv.text
      .split('\r\n')
      .slice(0, 4)
      .map((r) => r.split(',').slice(5));
    expect(rows).toEqual([
      ['Status', 'Reference'],
      ['Pending', 'CO-41'],
      ['Completed', 'DP-7K3M9QXA'],
      ['', ''],
    ]);
  });

  it("labels airtime as airtime with the friend's masked number, in the list and the CSV, never a mobile wallet", async () => {
    const moves: WalletMove[] = [
      {
        createDate: maseru(1),
        amount: -10,
        reason: 'AIRTIME_FOR_FRIEND',
        serviceId: 'AIRTIME',
        friend: '266 5xxx xx02',
      },
      // Stored by an older server and kept in this device's last copy: it named the wallet picked then.
      { createDate: maseru(2), amount: -5, reason: 'AIRTIME_PURCHASE', serviceId: 'MPESA' },
      { createDate: maseru(3), amount: -20, reason: 'CASH_OUT', serviceId: 'MPESA' },
    ];
    countWalletFetches(() => walletFixture({ walletMovesDto: moves }));
    const { user } = await openWallet(/Transactions/);
    const items = within(within(panel()).getByRole('list', { name: 'Transactions' })).getAllByRole(
      'listitem',
    );
    for (const item of items) fireEvent.click(item.querySelector('summary')!);
    expect(items[0]!.querySelector('summary')).toHaveTextContent('Airtime for a friend · 266 5xxx xx02');
    expect(items[0]).toHaveTextContent('ServiceAirtime');
    expect(items[1]).toHaveTextContent('ServiceAirtime');
    expect(items[1]).not.toHaveTextContent('MPESA');
    expect(items[2]).toHaveTextContent('ServiceMPESA');

    const csv = captureStatementCsv();
    await user.click(button('Download statement (CSV)'));
    await waitFor(() => expect(csv.text.split('\r\n')).toHaveLength(5));
    const rows = csv.text
      .split('\r\n')
      .slice(1, 4)
      .map((r) => r.split(','))
      .map((cells) => [cells[1], cells[4]]);
    expect(rows).toEqual([
      ['Airtime for a friend · 266 5xxx xx02', 'Airtime'],
      ['Airtime', 'Airtime'],
      ['Cash-out', 'MPESA'],
    ]);
  });

  it('keeps the tab, the time range and the page in the URL, so a reload and coming back show them', async () => {
    const moves: WalletMove[] = Array.from({ length: 10 }, (_, i) => ({
      createDate: maseru(i * 10 + 1),
      amount: -(i + 1),
      reason: 'AIRTIME_PURCHASE',
      serviceId: `S-${i}`,
    }));
    countWalletFetches(() => walletFixture({ walletMovesDto: moves }));
    const first = await openWallet(/Transactions/);
    await first.user.selectOptions(within(panel()).getByLabelText('Time range'), 'week');
    await first.user.click(button('Page 2'));
    await waitFor(() =>
      expect(first.app.router.state.location.search).toEqual({ tab: 'transactions', time: 'week', page: 2 }),
    );
    const href = first.app.router.state.location.href;
    first.unmount();

    // Reload: the Transactions tab, its time range and page 2 again.
    localStorage.setItem('lang', 'en');
    const reloaded = await renderApp(href);
    const tab = await screen.findByRole('tab', { name: 'Transactions' }, { timeout: 5000 });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(within(panel()).getByLabelText('Time range')).toHaveValue('week');
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(2);
    expect(button('Page 2')).toHaveAttribute('aria-current', 'page');

    // Away and back: the history entry kept them.
    await reloaded.app.router.navigate({ to: '/play' });
    await waitFor(() => expect(reloaded.path()).toBe('/play'));
    reloaded.history.back();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Transactions' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(within(panel()).getAllByRole('listitem')).toHaveLength(2);

    // Back to the first tab: the URL loses the tab, the list keeps its range.
    await reloaded.user.click(screen.getByRole('tab', { name: 'Overview' }));
    await waitFor(() => expect(reloaded.app.router.state.location.search).toEqual({ time: 'week', page: 2 }));
  });
});
