// Receipts in the app against msw: the receipt sheet after paying, "You have played this round" with
// each slip's receipt, and /verify (signed out) checking a receipt valid, changed or offline.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadReceiptKey } from '../../server/play/receiptKey';
import { type ReceiptPayload, signReceipt } from '../../server/play/receipts';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';
import { betslipFixture, PLAY } from './playHandlers';

const key = loadReceiptKey({ receiptSigningKey: undefined, dataDir: 'memory://' });
const JWKS = { keys: [key.publicJwk] };

const payload: ReceiptPayload = {
  ref: 'J14-0042-7F3K2Q',
  sid: 'J14-0042',
  msisdn: '26650000001',
  predictions: [13, ...Array.from({ length: 13 }, () => 1)],
  cost: 4,
  paidFrom: 'WALLET',
  at: '2026-03-02T08:05:00.000Z',
};
const jws = signReceipt(key, payload);

const mySlip = {
  reference: payload.ref,
  createdAt: payload.at,
  cost: 4,
  paidFrom: 'WALLET',
  channel: 'APP',
  predictions: payload.predictions,
  jws,
};

beforeEach(() => {
  localStorage.setItem('lang', 'en');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('receipts on /play', () => {
  it('shows the receipt after paying and lists the slip as played this round', async () => {
    let played: unknown[] = [];
    const asked: string[] = [];
    server.use(
      http.get(`${PLAY}/my-slips`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('sid') ?? '');
        return HttpResponse.json(played);
      }),
      http.post(`${PLAY}/submit-online-betslip`, () => {
        played = [mySlip];
        return HttpResponse.json({
          message: 'Your betslip has been accepted. Good luck!',
          messageKey: 'SUBMISSION.ACCEPTED',
          submissionId: 's-1',
          paidFrom: 'WALLET',
          amount: 4,
          receipt: { reference: payload.ref, jws },
        });
      }),
    );
    storeSession();
    const { user } = await renderApp('/play');
    const matches = await screen.findByRole('list', { name: 'Matches' });
    await waitFor(() => expect(within(matches).getAllByRole('group')).toHaveLength(14));
    expect(screen.queryByText(/You have played this round/)).not.toBeInTheDocument();
    const cards = within(matches).getAllByRole('group');
    for (const c of cards) await user.click(within(c).getAllByRole('button')[0]!);
    await user.click(within(cards[0]!).getByRole('button', { name: 'Draw (X)' }));
    await user.click(screen.getByRole('button', { name: /M 4\.00$/ }));
    // Above the default price, the slip is confirmed once with its price explained.
    const confirm = await screen.findByRole('dialog', { name: 'Pay M 4.00 for this slip?' });
    await user.click(within(confirm).getByRole('button', { name: 'Play · M 4.00' }));

    const sheet = await screen.findByRole('dialog', { name: 'Your receipt' });
    expect(within(sheet).getByTestId('receipt-reference')).toHaveTextContent('J14-0042-7F3K2Q');
    expect(within(sheet).getByText('M 4.00')).toBeInTheDocument();
    expect(within(sheet).getByText('From the wallet')).toBeInTheDocument();
    expect(within(sheet).getByText('02/03/2026 10:05')).toBeInTheDocument(); // Maseru, UTC+2
    const picks = within(within(sheet).getByRole('list', { name: 'Picks' })).getAllByRole('listitem');
    expect(picks).toHaveLength(14);
    const first = betslipFixture().matches[0]!;
    expect(picks[0]).toHaveTextContent(`${first.homeTeam} – ${first.awayTeam}`);
    expect(picks[0]).toHaveTextContent('1X');
    expect(picks[1]).toHaveTextContent(/1$/);

    await user.click(within(sheet).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('You have played this round: 1 slip')).toBeInTheDocument();
    expect(asked.every((sid) => sid === 'J14-0042')).toBe(true);
    await user.click(screen.getByRole('button', { name: /^Receipt J14-0042-7F3K2Q/ }));
    expect(await screen.findByRole('dialog', { name: 'Your receipt' })).toHaveTextContent('J14-0042-7F3K2Q');
  });

  it('lists a slip the offline queue sent, with its receipt, once the account-changed event comes', async () => {
    let played: unknown[] = [];
    server.use(http.get(`${PLAY}/my-slips`, () => HttpResponse.json(played)));
    storeSession();
    const { user } = await renderApp('/play');
    await screen.findByRole('list', { name: 'Matches' });
    expect(screen.queryByText(/You have played this round/)).not.toBeInTheDocument();
    // What src/offline/pageQueue.ts does when a queued slip is accepted.
    played = [mySlip, { ...mySlip, reference: 'J14-0042-ABCDEF' }];
    window.dispatchEvent(new Event('jackpot:account-changed'));
    expect(await screen.findByText('You have played this round: 2 slips')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Receipt J14-0042-7F3K2Q/ }));
    expect(await screen.findByRole('dialog', { name: 'Your receipt' })).toHaveTextContent('From the wallet');
  });

  it('copies a /verify link to the receipt when the phone cannot share', async () => {
    server.use(http.get(`${PLAY}/my-slips`, () => HttpResponse.json([mySlip])));
    storeSession();
    const { user } = await renderApp('/play');
    // After userEvent's set-up, which puts its own clipboard in place.
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: /^Receipt J14-0042-7F3K2Q/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Your receipt' });
    await user.click(within(sheet).getByRole('button', { name: 'Share or copy' }));
    expect(writeText).toHaveBeenCalledWith(`${location.origin}/verify#${jws}`);
    expect(await within(sheet).findByText('Link copied.')).toBeInTheDocument();
  });
});

describe('/verify', () => {
  it('checks a receipt from the link signed out: valid, with what it says', async () => {
    server.use(http.get('/api/receipts/jwks.json', () => HttpResponse.json(JWKS)));
    await renderApp(`/verify#${jws}`);
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveTextContent('Valid receipt');
    expect(within(result).getByTestId('receipt-reference')).toHaveTextContent('J14-0042-7F3K2Q');
    // A stranger sees the number masked (tests/component/verify-reference.test.tsx: the owner sees it).
    expect(result).toHaveTextContent('266 5xxx xx01');
    expect(result).toHaveTextContent('Match 1');
  });

  it('says a changed receipt is not valid, and checks offline with the saved key', async () => {
    server.use(http.get('/api/receipts/jwks.json', () => HttpResponse.json(JWKS)));
    const { user } = await renderApp('/verify');
    // The key is saved on the first visit, online.
    await waitFor(() => expect(localStorage.getItem('jackpot14:receipt-jwks')).toContain(key.kid));
    const [h, p, s] = jws.split('.');
    const forged = Buffer.from(JSON.stringify({ ...payload, cost: 400 })).toString('base64url');
    const box = screen.getByLabelText('Receipt');
    await user.type(box, `${h}.${forged}.${s}`);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('verify-result')).toHaveTextContent('Not valid');

    server.use(http.get('/api/receipts/jwks.json', () => HttpResponse.error()));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.clear(box);
    await user.type(box, `${h}.${p}.${s}`);
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByTestId('verify-result')).toHaveTextContent('Valid receipt');
  });

  it('cannot check before a key was ever saved', async () => {
    server.use(http.get('/api/receipts/jwks.json', () => HttpResponse.error()));
    await renderApp(`/verify#${jws}`);
    expect(await screen.findByTestId('verify-result')).toHaveTextContent('Cannot check yet');
  });
});
