// Sign-in from a busy shared address (DESIGN.md "Sign-in behind a shared address"): the identity provider
// answers a right password 400 invalid_grant "Code required" and sends a code by SMS; the login screen
// asks for it and signs in with the same grant and `otp`, in both languages.
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeToken, renderApp, TOKEN_URL, tokenAnswer } from './helpers';
import { server } from './msw';

const RIGHT_CODE = '246810';

/** The token endpoint over the address limit: a code first, then only the right one lets in. */
function stepUpEndpoint() {
  const sent: URLSearchParams[] = [];
  server.use(
    http.post(TOKEN_URL, async ({ request }) => {
      const body = new URLSearchParams(await request.text());
      sent.push(body);
      const otp = body.get('otp');
      if (otp === RIGHT_CODE) return HttpResponse.json(tokenAnswer(makeToken({ user: '26650000001' })));
      return HttpResponse.json(
        { error: 'invalid_grant', error_description: otp ? 'Invalid code' : 'Code required' },
        { status: 400 },
      );
    }),
  );
  return sent;
}

describe('login step-up by SMS code', () => {
  it('asks for the code sent to the number, refuses a wrong one, and signs in with the right one', async () => {
    localStorage.setItem('lang', 'en');
    const sent = stepUpEndpoint();
    const { user, path } = await renderApp('/results');
    await waitFor(() => expect(path()).toBe('/login'));

    await user.type(await screen.findByLabelText('Phone number'), '5000 0001');
    await user.type(screen.getByLabelText('Password'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByRole('heading', { name: 'We sent a code to your number. Enter it to sign in.' }),
    ).toBeInTheDocument();
    // The SMS is written in the app's language.
    expect(sent[0]?.get('ui_locales')).toBe('en');
    expect(sent[0]?.has('otp')).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();

    const code = screen.getByLabelText('Code from the SMS');
    // Too short: said here, nothing sent.
    await user.type(code, '123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code from the SMS.');
    expect(sent).toHaveLength(1);

    await user.type(code, '456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    expect(sent[1]?.get('otp')).toBe('123456');

    await user.clear(screen.getByLabelText('Code from the SMS'));
    await user.type(screen.getByLabelText('Code from the SMS'), RIGHT_CODE);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(path()).toBe('/results'));
    // The same grant as the first, with the code.
    expect(sent[2]?.get('grant_type')).toBe('password');
    expect(sent[2]?.get('username')).toBe('26650000001');
    expect(sent[2]?.get('password')).toBe('demo1234');
    expect(sent[2]?.get('otp')).toBe(RIGHT_CODE);
    expect(localStorage.getItem('user')).toBe('26650000001');
  });

  it('says it in Sesotho, and goes back to the sign-in form', async () => {
    const sent = stepUpEndpoint();
    const { user } = await renderApp('/login');
    await user.type(await screen.findByLabelText('Nomoro ea mohala'), '50000001');
    await user.type(screen.getByLabelText('Phasewete'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Kena' }));

    expect(
      await screen.findByRole('heading', {
        name: 'Re u rometse khoutu nomorong ea hao ea mohala. E kenye e le hore u kene.',
      }),
    ).toBeInTheDocument();
    expect(sent[0]?.get('ui_locales')).toBe('st');
    expect(screen.getByLabelText('Khoutu e tsoang ho SMS')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Khutla' }));
    expect(await screen.findByLabelText('Nomoro ea mohala')).toBeInTheDocument();
    expect(screen.queryByLabelText('Khoutu e tsoang ho SMS')).not.toBeInTheDocument();
  });
});
