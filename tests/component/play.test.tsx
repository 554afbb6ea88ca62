// The Play screen against msw: 14 cards, price updates, the incomplete-slip popover (nothing sent), the
// exact submission with an Idempotency-Key, a refusal's message, and the empty state with retry.
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, storeSession } from './helpers';
import { capturePost, server } from './msw';
import { betslipFixture, PLAY } from './playHandlers';

/** Records every submission and answers it as the server would. */
const captureSubmissions = (answer: () => Response | Promise<Response> = () => HttpResponse.json(accepted)) =>
  capturePost('submit-online-betslip', answer);

const accepted = {
  message: 'Your betslip has been accepted. Good luck!',
  messageKey: 'SUBMISSION.ACCEPTED',
  submissionId: 's-1',
  paidFrom: 'WALLET',
  amount: 4,
};

async function openPlay() {
  localStorage.setItem('lang', 'en');
  storeSession();
  const view = await renderApp('/play');
  await screen.findByRole('heading', { name: 'Current betslip' });
  await waitFor(() => expect(cards()).toHaveLength(14));
  return view;
}

const cards = () => within(screen.getByRole('list', { name: 'Matches' })).getAllByRole('group');
const card = (n: number) => cards()[n - 1]!;
const pressed = () =>
  within(screen.getByRole('list', { name: 'Matches' })).queryAllByRole('button', { pressed: true });
const submitButton = () => screen.getByRole('button', { name: /^Play · M/ });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('play screen', () => {
  it('shows 14 match cards with three labelled pick buttons each', async () => {
    await openPlay();
    const first = card(1);
    expect(within(first).getByRole('button', { name: 'Arsenal to win (1)' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(first).getByRole('button', { name: 'Draw (X)' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Chelsea to win (2)' })).toBeInTheDocument();
    // Long names are cut by CSS; the whole name is the text, so the label contains what shows.
    const long = within(card(10)).getByRole('button', {
      name: /Espérance Sportive de Tunis et du Sud to win/,
    });
    expect(long.querySelector('.pick-name')).toHaveTextContent(/^Espérance Sportive de Tunis et du Sud$/);
    expect(long).toHaveClass('pick-long');
    expect(screen.getByRole('timer')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Play · M 2.00');
  });

  it('updates the price and the toast panel as picks are made', async () => {
    const { user } = await openPlay();
    expect(screen.queryByRole('region', { name: 'Your slip' })).not.toBeInTheDocument();
    await user.click(within(card(1)).getByRole('button', { name: 'Arsenal to win (1)' }));
    expect(within(card(1)).getByRole('button', { name: 'Arsenal to win (1)' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(submitButton()).toHaveTextContent('M 2.00');
    await user.click(within(card(1)).getByRole('button', { name: 'Draw (X)' }));
    expect(submitButton()).toHaveTextContent('M 4.00');
    await user.click(within(card(2)).getByRole('button', { name: 'Liverpool to win (1)' }));
    await user.click(within(card(2)).getByRole('button', { name: 'Draw (X)' }));
    await user.click(within(card(2)).getByRole('button', { name: 'Manchester City to win (2)' }));
    expect(submitButton()).toHaveTextContent('M 12.00'); // 2 × 2 (double) × 3 (triple)

    const panel = screen.getByRole('region', { name: 'Your slip' });
    await user.click(within(panel).getByRole('button', { expanded: false }));
    const value = (label: string) => within(panel).getByText(label).nextElementSibling?.textContent;
    expect(value('Current slip cost')).toBe('M 12.00');
    expect(value('Placed bets')).toBe('2');
    // Doubles count matches with two picks, as the price dialog does; the cap counts doubles and triples.
    expect(within(panel).getByRole('button', { expanded: true })).toHaveTextContent(
      '2/14 picked · doubles 1 · triples 1',
    );
    expect(value('Placed doubles')).toBe('1');
    expect(value('Placed triples')).toBe('1');
    expect(value('Max doubles and triples together')).toBe('6');
    expect(value('Max triples')).toBe('3');
    expect(value('Total bets')).toBe('14');
  });

  it('an incomplete slip shows the Ooooops popover for 2 s and sends nothing', async () => {
    const sent = captureSubmissions();
    const { user } = await openPlay();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(card(1)).getByRole('button', { name: 'Arsenal to win (1)' }));
    await user.click(submitButton());
    expect(screen.getByText('Ooooops.... Please place predictions for all matches')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2100));
    expect(screen.queryByText(/Ooooops/)).not.toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('posts the exact payload with an Idempotency-Key, shows the message and resets the slip', async () => {
    const sent = captureSubmissions();
    const changed = vi.fn();
    window.addEventListener('jackpot:account-changed', changed);
    const { user } = await openPlay();
    for (let n = 1; n <= 14; n++) await user.click(within(card(n)).getAllByRole('button')[0]!);
    await user.click(within(card(1)).getByRole('button', { name: 'Draw (X)' }));
    await user.click(submitButton());
    // M 4.00 is above the default M 2.00: asked once, with the price explained, before anything is sent.
    const dialog = await screen.findByRole('dialog', { name: 'Pay M 4.00 for this slip?' });
    expect(dialog).toHaveTextContent('Doubles: 1 (× 2 each)');
    expect(dialog).toHaveTextContent('M 2.00 × 2 = M 4.00');
    expect(sent).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Play · M 4.00' }));

    expect(await screen.findByText('Your betslip has been accepted. Good luck!')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sent[0]!.body).toEqual({
      msisdn: '26650000001',
      lang: 'en',
      betSlipSid: 'J14-0042',
      positionAndPredictionDtos: Array.from({ length: 14 }, (_, i) => ({
        betSlipPosition: i,
        prediction: i === 0 ? 13 : 1,
      })),
      betSlipCost: 4,
    });
    expect(submitButton()).toHaveTextContent('M 2.00');
    expect(pressed()).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Your slip' })).not.toBeInTheDocument();
    expect(localStorage.getItem('picks:J14-0042')).toBeNull();
    expect(changed).toHaveBeenCalledTimes(1);
    window.removeEventListener('jackpot:account-changed', changed);
  });

  it('a refusal stops the loader and says why, keeping the picks', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    captureSubmissions(async () => {
      await gate;
      return HttpResponse.json(
        { statusCode: 403, error: 'Forbidden', messageKey: 'PLAY.LIMIT_REACHED', message: 'x' },
        { status: 403 },
      );
    });
    const { user } = await openPlay();
    await user.click(screen.getByRole('button', { name: 'Quick pick' }));
    expect(pressed()).toHaveLength(14);
    await user.click(submitButton());
    expect(await screen.findByRole('status', { name: 'Sending your betslip…' })).toBeInTheDocument();
    expect(submitButton()).toBeDisabled();
    release();
    // (A short wallet, 402, offers a top-up instead: tests/component/top-up.test.tsx.)
    expect(await screen.findByRole('alert')).toHaveTextContent('You have reached your play limit.');
    expect(screen.queryByRole('status', { name: 'Sending your betslip…' })).not.toBeInTheDocument();
    expect(pressed()).toHaveLength(14);
  });

  it('keeps picks across a reload, and Clear empties the slip', async () => {
    localStorage.setItem('picks:J14-0042', JSON.stringify(['12', ...Array(13).fill(null)]));
    const { user } = await openPlay();
    expect(within(card(1)).getAllByRole('button', { pressed: true })).toHaveLength(2);
    expect(submitButton()).toHaveTextContent('M 4.00');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(pressed()).toHaveLength(0);
  });

  it('without a betslip logs it and offers a retry', async () => {
    let fail = true;
    server.use(
      http.get(`${PLAY}/fetch-current-betslip`, () =>
        fail
          ? HttpResponse.json(
              { statusCode: 404, error: 'Not Found', messageKey: 'BETSLIP.NONE', message: 'none' },
              { status: 404 },
            )
          : HttpResponse.json(betslipFixture()),
      ),
    );
    localStorage.setItem('lang', 'en');
    storeSession();
    const { user } = await renderApp('/play');
    expect(await screen.findByText(/There is no betslip open right now/)).toBeInTheDocument();
    expect(console.error).toHaveBeenCalledWith('No Current Betslip', expect.anything());
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(14));
  });
});
