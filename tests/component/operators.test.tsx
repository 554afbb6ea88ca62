// Staff accounts against msw: only admins get in; the list shows each operator's role, state and last
// sign-in; adding, resetting and disabling send what the API takes (checked first in the page), say how it
// went and read the list again; nobody is offered disabling themselves. On /login, an operator whose
// password an admin set is asked for their own (old, new, again), which is set and then signed in with.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken, renderApp, storeSession, TOKEN_URL, tokenAnswer } from './helpers';
import { server } from './msw';

const OPERATORS = `${API}/admin/operators`;

const operator = (username: string, roles: string[], extra: object = {}) => ({
  username,
  roles,
  disabled: false,
  mustChangePassword: false,
  lastSignInAt: null,
  createdAt: '2026-11-01T08:00:00.000Z',
  ...extra,
});

function operatorsApi() {
  const calls: { method: string; path: string; body: unknown }[] = [];
  let list = [
    operator('admin', ['ROLE_ADMIN'], { lastSignInAt: '2026-11-23T08:30:00.000Z' }),
    operator('callcentre', ['ROLE_CALL_CENTER']),
  ];
  const record = async (request: Request) => {
    const body = request.method === 'GET' ? undefined : await request.json().catch(() => undefined);
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body as Record<string, string> | undefined;
  };
  server.use(
    http.get(OPERATORS, async ({ request }) => {
      await record(request);
      return HttpResponse.json(list);
    }),
    http.post(OPERATORS, async ({ request }) => {
      const body = (await record(request)) ?? {};
      if (body.username === 'admin') {
        return HttpResponse.json(
          { statusCode: 409, error: 'Conflict', messageKey: 'OPERATOR.EXISTS', message: 'Conflict' },
          { status: 409 },
        );
      }
      const added = operator(body.username ?? '', [body.role ?? ''], { mustChangePassword: true });
      list = [...list, added];
      return HttpResponse.json(added, { status: 201 });
    }),
    http.post(`${OPERATORS}/:username/disable`, async ({ request, params }) => {
      await record(request);
      list = list.map((o) => (o.username === params.username ? { ...o, disabled: true } : o));
      return HttpResponse.json(list.find((o) => o.username === params.username));
    }),
    http.post(`${OPERATORS}/:username/password`, async ({ request, params }) => {
      await record(request);
      list = list.map((o) => (o.username === params.username ? { ...o, mustChangePassword: true } : o));
      return HttpResponse.json(list.find((o) => o.username === params.username));
    }),
  );
  return calls;
}

describe('staff accounts screen', () => {
  it('sends someone without ROLE_ADMIN to their own screen, never asking the API', async () => {
    const calls = operatorsApi();
    storeSession({ user: 'callcentre', roles: ['ROLE_CALL_CENTER'] });
    const { path } = await renderApp('/admin/operators');
    await waitFor(() => expect(path()).toBe('/support'));
    expect(calls).toEqual([]);
  });

  it('lists, adds, resets and disables staff', async () => {
    const calls = operatorsApi();
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'admin', roles: ['ROLE_ADMIN'] });
    const { user } = await renderApp('/admin/operators');
    await screen.findByRole('heading', { name: 'Staff accounts' }, { timeout: 15000 });
    const me = await screen.findByTestId('operator-admin');
    expect(me).toHaveTextContent('Administrator');
    expect(me).toHaveTextContent('Last sign-in: 23/11/2026 10:30');
    // Nobody disables themselves.
    expect(within(me).queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.getByTestId('operator-callcentre')).toHaveTextContent('Never signed in');

    // Checked in the page first: a name the server would refuse, a weak password.
    await user.type(screen.getByLabelText('Username'), '1bad');
    await user.type(screen.getByLabelText('First password'), 'temp1234');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A username is 3 to 32');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    // Typed with capitals: sent as the stored name.
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'Lineo');
    await user.selectOptions(screen.getByLabelText('Role'), 'ROLE_MARKETING');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText(/lineo was added/)).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/admin/operators',
      body: { username: 'lineo', role: 'ROLE_MARKETING', password: 'temp1234' },
    });
    const lineo = await screen.findByTestId('operator-lineo');
    expect(lineo).toHaveTextContent('Marketing');
    expect(lineo).toHaveTextContent('Must choose a password');

    // A refusal is the server's key, translated.
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('First password'), 'temp1234');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('An account with this username already exists.')).toBeInTheDocument();

    // Reset: asks first, with the temporary password.
    const cc = screen.getByTestId('operator-callcentre');
    await user.click(within(cc).getByRole('button', { name: 'Reset password' }));
    await user.type(within(cc).getByLabelText('Temporary password'), 'reset1234');
    await user.click(within(cc).getByRole('button', { name: 'Confirm reset' }));
    expect(await screen.findByText(/The password of callcentre was reset/)).toBeInTheDocument();
    expect(calls.at(-2)).toMatchObject({
      path: '/api/admin/operators/callcentre/password',
      body: { password: 'reset1234' },
    });

    // Disable: asks first, then the list shows it.
    await user.click(
      within(screen.getByTestId('operator-callcentre')).getByRole('button', { name: 'Disable' }),
    );
    await user.click(screen.getByRole('button', { name: 'Confirm disable' }));
    expect(await screen.findByText('callcentre is disabled and signed out.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/operators/callcentre/disable')).toBe(true);
    await waitFor(() => expect(screen.getByTestId('operator-callcentre')).toHaveTextContent('Disabled'));
  });

  it('is linked from the operations screen', async () => {
    operatorsApi();
    server.use(
      http.get(`${API}/admin/betslips`, () => HttpResponse.json([])),
      http.get(`${API}/admin/reports/rounds`, () => HttpResponse.json([])),
      http.get(`${API}/admin/reports/summary`, () =>
        HttpResponse.json({
          walletLiabilities: 0,
          pendingCashOuts: 0,
          pendingDeposits: 0,
          playersLast7Days: 0,
        }),
      ),
      http.get(`${API}/admin/audit`, () => HttpResponse.json([])),
    );
    localStorage.setItem('lang', 'en');
    storeSession({ user: 'admin', roles: ['ROLE_ADMIN'] });
    await renderApp('/admin');
    expect(await screen.findByRole('link', { name: 'Staff accounts' }, { timeout: 15000 })).toHaveAttribute(
      'href',
      '/admin/operators',
    );
  });
});

describe('an operator’s first password on the sign-in screen', () => {
  it('asks for their own password, sets it, then signs in with it', async () => {
    localStorage.setItem('lang', 'en');
    const grants: string[] = [];
    let set: unknown;
    let auth: string | null = null;
    const access = makeToken({ user: 'lineo', roles: ['ROLE_CALL_CENTER'] });
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        const password = new URLSearchParams(await request.text()).get('password') ?? '';
        grants.push(password);
        return password === 'mine5678'
          ? HttpResponse.json({ ...tokenAnswer(access), refresh_token: 'r' })
          : HttpResponse.json(
              { error: 'invalid_grant', error_description: 'Account is not fully set up' },
              { status: 400 },
            );
      }),
      http.post(`${API}/web-registration/operator-password`, async ({ request }) => {
        set = await request.json();
        auth = request.headers.get('authorization');
        const body = set as { oldPassword: string };
        return body.oldPassword === 'temp1234'
          ? HttpResponse.json({ message: 'PASSWORD.CHANGED' })
          : HttpResponse.json(
              { statusCode: 401, error: 'Unauthorized', messageKey: 'AUTH.INVALID_CREDENTIALS', message: '' },
              { status: 401 },
            );
      }),
    );
    const { user, path } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number'), 'lineo');
    await user.type(screen.getByLabelText('Password'), 'temp1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Choose your own password' })).toBeInTheDocument();
    // The old password is the one just typed; the two new ones must match.
    expect(screen.getByLabelText('Current password')).toHaveValue('temp1234');
    await user.type(screen.getByLabelText('New password'), 'mine5678');
    await user.type(screen.getByLabelText('New password again'), 'mine5679');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords are not the same.');
    expect(set).toBeUndefined();

    // A wrong current password is said plainly.
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'nope1234');
    await user.clear(screen.getByLabelText('New password again'));
    await user.type(screen.getByLabelText('New password again'), 'mine5678');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('The current password is not right.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'temp1234');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    await waitFor(() => expect(path()).toBe('/support'));
    expect(set).toEqual({ username: 'lineo', oldPassword: 'temp1234', newPassword: 'mine5678' });
    expect(auth).toBe(`Basic ${btoa('website:website-secret')}`);
    expect(grants).toEqual(['temp1234', 'mine5678']);
  });

  it('says a disabled account is disabled, in Sesotho by default', async () => {
    server.use(
      http.post(TOKEN_URL, () =>
        HttpResponse.json({ error: 'invalid_grant', error_description: 'Account disabled' }, { status: 400 }),
      ),
    );
    const { user } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Nomoro ea mohala'), 'palesa');
    await user.type(screen.getByLabelText('Phasewete'), 'mine5678');
    await user.click(screen.getByRole('button', { name: 'Kena' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Akhaonto ena e thibetsoe');
  });
});
