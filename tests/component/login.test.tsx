import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeToken, renderApp, TOKEN_URL, tokenAnswer } from './helpers';
import { server } from './msw';

describe('login screen', () => {
  it('signs in with a normalised number, stores the session keys and goes back where the guard came from', async () => {
    localStorage.setItem('lang', 'en');
    let sent: { body: URLSearchParams; auth: string | null; type: string | null } | undefined;
    const access = makeToken({ user: '26650000001', roles: ['commxp-user'] });
    server.use(
      http.post(TOKEN_URL, async ({ request }) => {
        sent = {
          body: new URLSearchParams(await request.text()),
          auth: request.headers.get('authorization'),
          type: request.headers.get('content-type'),
        };
        return HttpResponse.json({ ...tokenAnswer(access), refresh_token: 'refresh-1' });
      }),
    );
    const { user, path } = await renderApp('/results');
    await waitFor(() => expect(path()).toBe('/login'));

    await user.type(await screen.findByLabelText('Phone number'), '+266 5000 0001');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(path()).toBe('/results'));
    expect(sent?.body.get('username')).toBe('26650000001');
    expect(sent?.body.get('password')).toBe('demo1234');
    expect(sent?.body.get('grant_type')).toBe('password');
    expect(sent?.body.get('client_id')).toBe('mobile');
    expect(sent?.auth).toBe(`Basic ${btoa('mobile:mobile-secret')}`);
    expect(sent?.type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(localStorage.getItem('token')).toBe(access);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(localStorage.getItem('role')).toBe('["commxp-user"]');
    expect(localStorage.getItem('user')).toBe('26650000001');
    expect(await screen.findByTestId('session-countdown')).toHaveTextContent(/^(30:00|29:5\d)$/);
  });

  it('says the credentials are wrong, in Sesotho by default', async () => {
    server.use(
      http.post(TOKEN_URL, () =>
        HttpResponse.json(
          { error: 'invalid_grant', error_description: 'Invalid user credentials' },
          { status: 401 },
        ),
      ),
    );
    const { user, path } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Nomoro ea mohala'), '50000001');
    await user.type(screen.getByLabelText('Phasewete'), 'wrong-pass1');
    await user.click(screen.getByRole('button', { name: 'Kena' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Nomoro ea mohala kapa phasewete e fosahetse.',
    );
    expect(path()).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    [
      'too many attempts',
      () => HttpResponse.json({ error: 'invalid_grant' }, { status: 429 }),
      'Too many sign-in',
    ],
    ['no network', () => HttpResponse.error(), 'No network connection'],
    ['a server error', () => HttpResponse.json({ error: 'server_error' }, { status: 500 }), 'not answering'],
  ])('explains %s', async (_, answer, text) => {
    localStorage.setItem('lang', 'en');
    server.use(http.post(TOKEN_URL, answer));
    const { user } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number'), '50000001');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
  });

  it('lands an operator who is not a subscriber on their own screen', async () => {
    localStorage.setItem('lang', 'en');
    const access = makeToken({ user: 'callcentre', roles: ['ROLE_CALL_CENTER'] });
    server.use(http.post(TOKEN_URL, () => HttpResponse.json({ ...tokenAnswer(access), refresh_token: 'r' })));
    const { user, path } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Phone number'), 'callcentre');
    await user.type(screen.getByLabelText('Password'), 'callcentre1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(path()).toBe('/support'));
  });
});
