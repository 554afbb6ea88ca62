// The call-centre screen against msw: only the call centre and admins get in (subscribers go to /play and
// never see the link); the number is checked in the chosen language before asking; a lookup shows the
// account, subscription, wallet, slips with references and waiting payments; the reset SMS is sent only
// after a confirmation, and its success or refusal is said plainly.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, renderApp, storeSession } from './helpers';
import { server } from './msw';

const SUPPORT = `${API}/admin/support`;

const VIEW = {
  account: {
    msisdn: '26650000001',
    language: 'st',
    registeredAt: '2026-11-01T08:00:00.000Z',
    termsVersion: '2026-11-01',
    ageConfirmedAt: '2026-11-01T08:00:00.000Z',
    pausedUntil: null,
    weeklyLimit: 100,
    weeklyDepositLimit: null,
  },
  subscription: { enabled: true, otherSubscriptions: [] },
  wallet: {
    totalAvailableAmount: 1054,
    withdrawablemount: 1000,
    totalWonAmount: 1050,
    totalWithdrawnAmount: 0,
    currentlyWithheldAmount: 20,
    totalDepositedAmount: 0,
    walletMovesDto: [
      {
        createDate: '2026-11-20 10:00',
        amount: -2,
        reason: 'BETSLIP_STAKE',
        serviceId: 'JACKPOT14',
        balanceAfter: 1054,
      },
    ],
    deposits: [],
    pendingCashOuts: [
      { reference: 'CO-7', amount: 20, createDate: '2026-11-21 09:00', mobileWalletSid: 'MPESA' },
    ],
  },
  slips: [
    {
      sid: 'J14-0042',
      reference: 'J14-0042-7F3K2Q',
      createdAt: '2026-11-20T08:00:00.000Z',
      cost: 2,
      paidFrom: 'WALLET',
      channel: 'APP',
      roundStatus: 'SETTLED',
      outcome: { correctCount: 13, amountWon: 50, prizeWon: '13' },
    },
  ],
  pending: {
    cashOuts: [{ reference: 'CO-7', amount: 20, createDate: '2026-11-21 09:00', mobileWalletSid: 'MPESA' }],
    deposits: [
      {
        depositId: 'd1',
        reference: 'DP-ABCD1234',
        amount: 30,
        status: 'PENDING',
        createDate: '2026-11-22 09:00',
        mobileWalletSid: 'MPESA',
      },
    ],
  },
};

function supportApi(
  reset: () => Response = () => HttpResponse.json({ message: 'OTP.SENT', expiresIn: 300 }),
) {
  const calls: string[] = [];
  server.use(
    http.get(`${SUPPORT}/subscriber`, ({ request }) => {
      const msisdn = new URL(request.url).searchParams.get('msisdn');
      calls.push(`GET ${msisdn}`);
      if (msisdn === '59999999')
        return HttpResponse.json(
          { statusCode: 404, error: 'Not Found', messageKey: 'SUBSCRIBER.NOT_FOUND', message: '' },
          { status: 404 },
        );
      return HttpResponse.json(VIEW);
    }),
    http.post(`${SUPPORT}/password-reset`, async ({ request }) => {
      calls.push(`POST ${JSON.stringify(await request.json())}`);
      return reset();
    }),
  );
  return calls;
}

describe('call-centre screen', () => {
  it.each([
    [['commxp-user'], '/play'],
    [['ROLE_MARKETING'], '/marketing'],
  ])('sends %j from /support to their own screen (%s)', async (roles, home) => {
    const calls = supportApi();
    localStorage.setItem('lang', 'en');
    storeSession({ roles });
    const { path } = await renderApp('/support');
    await waitFor(() => expect(path()).toBe(home));
    expect(screen.queryByRole('link', { name: 'Call centre' })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('sends a visitor to /login', async () => {
    const { path } = await renderApp('/support');
    await waitFor(() => expect(path()).toBe('/login'));
  });

  it('checks the number in Sesotho, then shows what the call centre needs', async () => {
    const calls = supportApi();
    storeSession({ user: 'callcentre', roles: ['ROLE_CALL_CENTER'] });
    const { user } = await renderApp('/support');
    const field = await screen.findByLabelText('Nomoro ea mohala ea moreki', {}, { timeout: 5000 });
    expect(screen.getByRole('link', { name: 'Setsi sa mehala' })).toBeTruthy();
    await user.type(field, '4000');
    await user.click(screen.getByRole('button', { name: 'Batla' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);

    await user.clear(field);
    await user.type(field, '5000 0001');
    await user.click(screen.getByRole('button', { name: 'Batla' }));
    const slips = await screen.findByTestId('support-slips');
    expect(calls).toEqual(['GET 5000 0001']);
    expect(within(slips).getByText('J14-0042-7F3K2Q')).toBeTruthy();
    expect(within(slips).getByText(/13 li nepahetse, o hapile M 50.00/)).toBeTruthy();
    const wallet = screen.getByTestId('support-wallet');
    expect(within(wallet).getByText('M 1,054.00')).toBeTruthy();
    const pending = screen.getByTestId('support-pending');
    expect(within(pending).getByText('CO-7')).toBeTruthy();
    expect(within(pending).getByText('DP-ABCD1234')).toBeTruthy();
    // Every date in one format (dd/MM/yyyy HH:mm), whatever shape the wire gave it.
    expect(pending.textContent).toContain('21/11/2026 09:00');
    expect(pending.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(screen.getByTestId('support-slips').textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(within(screen.getByTestId('support-account')).getByText('+26650000001')).toBeTruthy();
  });

  it('says when nobody has the number', async () => {
    supportApi();
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'admin', roles: ['ROLE_ADMIN'] });
    const { user } = await renderApp('/support');
    await user.type(
      await screen.findByLabelText("Subscriber's phone number", {}, { timeout: 5000 }),
      '59999999',
    );
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No subscriber has that number.');
    expect(screen.queryByTestId('support-wallet')).toBeNull();
  });

  it('sends the reset SMS only after a confirmation, and says how it went', async () => {
    let answer = () => HttpResponse.json({ message: 'OTP.SENT', expiresIn: 300 });
    const calls = supportApi(() => answer());
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'callcentre', roles: ['ROLE_CALL_CENTER'] });
    const { user } = await renderApp('/support');
    await user.type(
      await screen.findByLabelText("Subscriber's phone number", {}, { timeout: 5000 }),
      '26650000001',
    );
    await user.click(screen.getByRole('button', { name: 'Look up' }));
    await user.click(await screen.findByRole('button', { name: 'Send password-reset SMS' }));
    expect(calls).toEqual(['GET 26650000001']);
    await user.click(screen.getByRole('button', { name: 'Send the SMS' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/sent to \+26650000001/);
    expect(calls.at(-1)).toBe('POST {"msisdn":"26650000001"}');

    answer = () =>
      HttpResponse.json(
        { statusCode: 429, error: 'Too Many Requests', messageKey: 'OTP.TOO_MANY_REQUESTS', message: '' },
        { status: 429 },
      );
    await user.click(screen.getByRole('button', { name: 'Send password-reset SMS' }));
    await user.click(screen.getByRole('button', { name: 'Send the SMS' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The SMS was not sent: Too many codes asked for. Please wait a few minutes.',
    );
  });
});
