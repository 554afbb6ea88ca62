// /verify beyond a pasted receipt (issue 27, point 5): a reference typed alone is looked up on the server
// (round, Maseru time, channel; only that it exists), unknown or offline it says so; a second /verify#…
// link in the same tab is checked too; and the number on a receipt is masked for anyone but its owner.
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadReceiptKey } from '../../server/play/receiptKey';
import { type ReceiptPayload, signReceipt } from '../../server/play/receipts';
import { renderApp, storeSession } from './helpers';
import { server } from './msw';

const key = loadReceiptKey({ receiptSigningKey: undefined, dataDir: 'memory://' });
const JWKS = { keys: [key.publicJwk] };

const payload: ReceiptPayload = {
  ref: 'J14-0004-NKSPA7',
  sid: 'J14-0004',
  msisdn: '26658123401',
  predictions: Array.from({ length: 14 }, () => 1),
  cost: 2,
  paidFrom: 'WALLET',
  at: '2026-03-02T08:05:00.000Z',
};
const jws = signReceipt(key, payload);
const other = signReceipt(key, { ...payload, ref: 'J14-0004-QW7RT2', cost: 6 });

const LOOKUP = '/api/public/receipts/:reference';
const found = {
  reference: 'J14-0004-NKSPA7',
  sid: 'J14-0004',
  createdAt: '2026-03-02T08:05:00.000Z',
  channel: 'USSD',
  status: 'ACCEPTED',
};

beforeEach(() => {
  localStorage.setItem('lang', 'en');
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  server.use(http.get('/api/receipts/jwks.json', () => HttpResponse.json(JWKS)));
});
afterEach(() => {
  vi.restoreAllMocks();
  if (window.location.hash) window.history.replaceState(null, '', window.location.pathname);
});

async function typeAndCheck(text: string) {
  const view = await renderApp('/verify');
  await view.user.type(await screen.findByLabelText('Receipt'), text);
  await view.user.click(screen.getByRole('button', { name: 'Check' }));
  return view;
}

describe('/verify with a reference typed alone', () => {
  it('looks it up and shows the round, the Maseru time and the channel, as existence only', async () => {
    const asked: string[] = [];
    server.use(
      http.get(LOOKUP, ({ params }) => {
        asked.push(String(params.reference));
        return HttpResponse.json(found);
      }),
    );
    await typeAndCheck(' J14-0004-nkspa7 ');
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveTextContent('Reference found');
    expect(result).toHaveTextContent('only confirms that the reference exists');
    expect(within(result).getByTestId('receipt-reference')).toHaveTextContent('J14-0004-NKSPA7');
    // The round on its own line (not only inside the reference).
    expect(within(result).getByText('J14-0004')).toBeInTheDocument();
    // 08:05 UTC is 10:05 in Maseru, whatever the phone's zone.
    expect(result).toHaveTextContent('02/03/2026 10:05');
    expect(result).toHaveTextContent('USSD');
    expect(result).not.toHaveTextContent('Not valid');
    expect(asked).toEqual(['J14-0004-NKSPA7']);
  });

  it('says a reference nobody has is not found, translated, in English and Sesotho', async () => {
    server.use(
      http.get(LOOKUP, () =>
        HttpResponse.json(
          { statusCode: 404, error: 'Not Found', messageKey: 'RECEIPT.UNKNOWN', message: 'RECEIPT.UNKNOWN' },
          { status: 404 },
        ),
      ),
    );
    const { unmount } = await typeAndCheck('J14-0004-ZZZZZZ');
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveTextContent('Not found');
    expect(result).toHaveTextContent('No slip has this reference');
    expect(result).not.toHaveTextContent('RECEIPT.UNKNOWN');
    unmount();

    localStorage.setItem('lang', 'st');
    const st = await renderApp('/verify');
    await st.user.type(await screen.findByLabelText('Rasiti'), 'J14-0004-ZZZZZZ');
    await st.user.click(screen.getByRole('button', { name: 'Hlahloba' }));
    const sesotho = await screen.findByTestId('verify-result');
    expect(sesotho).toHaveTextContent('Ha e fumanehe');
    expect(sesotho).toHaveTextContent('Ha ho slip e nang le nomoro ena ea tšupiso');
  });

  it('offline, asks for the whole receipt link instead, without calling the server', async () => {
    const lookUp = vi.fn(() => HttpResponse.json(found));
    server.use(http.get(LOOKUP, lookUp));
    const view = await renderApp('/verify');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await view.user.type(await screen.findByLabelText('Receipt'), 'J14-0004-NKSPA7');
    await view.user.click(screen.getByRole('button', { name: 'Check' }));
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveTextContent('Paste the whole receipt link to check it without a network.');
    expect(lookUp).not.toHaveBeenCalled();
  });

  it('says why when the look-up is refused for too many tries', async () => {
    server.use(
      http.get(LOOKUP, () =>
        HttpResponse.json(
          {
            statusCode: 429,
            error: 'Too Many Requests',
            messageKey: 'RECEIPT.TOO_MANY_LOOKUPS',
            message: '',
          },
          { status: 429 },
        ),
      ),
    );
    await typeAndCheck('J14-0004-NKSPA7');
    const result = await screen.findByTestId('verify-result');
    expect(result).toHaveTextContent('Cannot look it up now');
    expect(result).toHaveTextContent('Too many look-ups from this network');
  });
});

describe('/verify links opened one after another in the same tab', () => {
  it('checks the new receipt when the router moves to another /verify#…', async () => {
    const { history } = await renderApp(`/verify#${jws}`);
    await waitFor(() => expect(screen.getByTestId('receipt-reference')).toHaveTextContent('J14-0004-NKSPA7'));
    act(() => history.push(`/verify#${other}`));
    await waitFor(() => expect(screen.getByTestId('receipt-reference')).toHaveTextContent('J14-0004-QW7RT2'));
    expect(screen.getByTestId('verify-result')).toHaveTextContent('M 6.00');
    expect(await screen.findByLabelText('Receipt')).toHaveValue(other);
  });

  it('checks the new receipt when only the window reports a hash change', async () => {
    await renderApp(`/verify#${jws}`);
    await waitFor(() => expect(screen.getByTestId('receipt-reference')).toHaveTextContent('J14-0004-NKSPA7'));
    act(() => {
      window.location.hash = other;
    });
    await waitFor(() => expect(screen.getByTestId('receipt-reference')).toHaveTextContent('J14-0004-QW7RT2'));
  });
});

describe('the number on a checked receipt', () => {
  it('is masked for a stranger signed out', async () => {
    await renderApp(`/verify#${jws}`);
    const number = await screen.findByTestId('receipt-number');
    expect(number).toHaveTextContent('266 5xxx xx01');
    expect(screen.getByTestId('verify-result')).not.toHaveTextContent('26658123401');
  });

  it('is masked for another signed-in subscriber', async () => {
    storeSession({ user: '26650000001' });
    await renderApp(`/verify#${jws}`);
    expect(await screen.findByTestId('receipt-number')).toHaveTextContent('266 5xxx xx01');
  });

  it('is shown in full to its owner', async () => {
    storeSession({ user: '26658123401' });
    await renderApp(`/verify#${jws}`);
    expect(await screen.findByTestId('receipt-number')).toHaveTextContent('26658123401');
  });
});
