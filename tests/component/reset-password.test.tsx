// "Forgot password?" (DESIGN.md "Password reset"): from /login to a new password and signed in, the live
// password rules, and each refusal of the code said in the subscriber's language.
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, makeToken, renderApp, TOKEN_URL, tokenAnswer } from './helpers';
import { server } from './msw';

const WEBSITE_AUTH = `Basic ${btoa('website:website-secret')}`;
const refuse = (status: number, messageKey: string) =>
  HttpResponse.json({ statusCode: status, error: 'Bad Request', messageKey, message: 'x' }, { status });

interface Call {
  path: string;
  body: Record<string, string>;
  auth: string | null;
}

/** Answers the reset routes like the server: code 123456 is right, 999999 has expired. */
function resetServer() {
  const calls: Call[] = [];
  const tokenForms: URLSearchParams[] = [];
  const record = async (path: string, request: Request) => {
    const body = (await request.json()) as Record<string, string>;
    calls.push({ path, body, auth: request.headers.get('authorization') });
    return body;
  };
  const codeAnswer = (code: string) =>
    code === '123456' ? null : code === '999999' ? refuse(400, 'OTP.EXPIRED') : refuse(400, 'OTP.INVALID');
  server.use(
    http.post(`${API}/web-registration/request-otp`, async ({ request }) => {
      await record('request-otp', request);
      return HttpResponse.json({ message: 'OTP.SENT', expiresIn: 300 });
    }),
    http.post(`${API}/web-registration/submit-otp`, async ({ request }) => {
      const body = await record('submit-otp', request);
      return codeAnswer(body.submittedOtp!) ?? HttpResponse.json({ valid: true });
    }),
    http.post(`${API}/web-registration/reset-password`, async ({ request }) => {
      const body = await record('reset-password', request);
      return codeAnswer(body.submittedOtp!) ?? HttpResponse.json({ message: 'PASSWORD.RESET' });
    }),
    http.post(TOKEN_URL, async ({ request }) => {
      tokenForms.push(new URLSearchParams(await request.text()));
      return HttpResponse.json(tokenAnswer(makeToken({ user: '26650000001' })));
    }),
  );
  return { calls, tokenForms };
}

describe('password reset screen', () => {
  it('goes from "Forgot password?" on /login through code and new password to signed in', async () => {
    localStorage.setItem('lang', 'en');
    const { calls, tokenForms } = resetServer();
    const { user, path } = await renderApp('/login');

    // The number typed on the sign-in page comes along.
    await user.type(await screen.findByLabelText('Phone number'), '5000 0001');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(path()).toBe('/reset-password'));
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    const number = screen.getByLabelText('Phone number');
    expect(number).toHaveValue('26650000001');
    // Said the same whether or not the number has an account.
    expect(screen.getByText(/If this number has an account/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    // A wrong code is refused with its message; the right one passes.
    const code = await screen.findByLabelText('Code from the SMS');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // The same live rules as registration: each part ticks as it is met.
    const first = await screen.findByLabelText('New password');
    const again = screen.getByLabelText('Repeat new password');
    const rules = within(screen.getByRole('list'));
    await user.type(first, 'abc');
    expect(rules.getByText(/small letter/).closest('li')).toHaveClass('rule-ok');
    expect(rules.getByText(/one digit/).closest('li')).not.toHaveClass('rule-ok');
    await user.type(again, 'abc');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('does not meet the rules');
    expect(calls.map((c) => c.path)).not.toContain('reset-password');
    await user.type(first, 'defg1');
    expect(rules.getByText(/one digit/).closest('li')).toHaveClass('rule-ok');
    await user.type(again, 'defg1');
    await user.click(screen.getByRole('button', { name: 'Save and sign in' }));

    await waitFor(() => expect(path()).toBe('/play'));
    expect(calls.map((c) => c.path)).toEqual(['request-otp', 'submit-otp', 'submit-otp', 'reset-password']);
    expect(calls.every((c) => c.auth === WEBSITE_AUTH)).toBe(true);
    expect(calls[0]!.body).toEqual({ msisdn: '26650000001', lang: 'en', purpose: 'RESET' });
    expect(calls[2]!.body).toEqual({
      msisdn: '26650000001',
      lang: 'en',
      submittedOtp: '123456',
      purpose: 'RESET',
    });
    expect(calls[3]!.body).toEqual({
      msisdn: '26650000001',
      lang: 'en',
      submittedOtp: '123456',
      newPassword: 'abcdefg1',
    });
    // Signed in with the new password (the session machine's login).
    expect(tokenForms.at(-1)?.get('username')).toBe('26650000001');
    expect(tokenForms.at(-1)?.get('password')).toBe('abcdefg1');
    expect(localStorage.getItem('user')).toBe('26650000001');
  });

  it('says an expired code in Sesotho and, when it expires at the last step, goes back for a new one', async () => {
    const { calls } = resetServer();
    // The code passes its check, then expires before the new password is saved.
    server.use(http.post(`${API}/web-registration/reset-password`, () => refuse(400, 'OTP.EXPIRED')));
    const { user } = await renderApp('/reset-password?msisdn=26650000001');
    expect(await screen.findByRole('heading', { name: 'Beha phasewete e ncha' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Romela khoutu' }));
    const code = await screen.findByLabelText('Khoutu e tsoang ho SMS');
    await user.type(code, '999999');
    await user.click(screen.getByRole('button', { name: 'Tsoela pele' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Khoutu eo e felloe ke nako. Kopa e ncha.');
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Tsoela pele' }));

    await user.type(await screen.findByLabelText('Phasewete e ncha'), 'secret123');
    await user.type(screen.getByLabelText('Pheta phasewete e ncha'), 'secret123');
    await user.click(screen.getByRole('button', { name: "Boloka 'me u kene" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Khoutu eo e felloe ke nako.');
    // Back on the code step, where a new code can be asked for.
    expect(screen.getByLabelText('Khoutu e tsoang ho SMS')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Romela khoutu e ncha' }));
    await waitFor(() => expect(calls.filter((c) => c.path === 'request-otp')).toHaveLength(2));
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('refuses a number that is not a Lesotho mobile before calling the server', async () => {
    localStorage.setItem('lang', 'en');
    const { calls } = resetServer();
    const { user } = await renderApp('/reset-password');
    await user.type(await screen.findByLabelText('Phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a Lesotho mobile number');
    expect(calls).toEqual([]);
  });
});
