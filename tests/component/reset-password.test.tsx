// "Forgot password?" (DESIGN.md "Password reset"): from /login to a new password and signed in, the live
// password rules, and each refusal of the code said in the subscriber's language.
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, renderApp } from './helpers';
import { server } from './msw';
import { expectFlowCalls, otpServer, refuse } from './otpHandlers';

describe('password reset screen', () => {
  it('goes from "Forgot password?" on /login through code and new password to signed in', async () => {
    localStorage.setItem('lang', 'en');
    const { calls, tokenForms } = otpServer('26650000001');
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
    expectFlowCalls(calls, {
      msisdn: '26650000001',
      purpose: 'RESET',
      last: 'reset-password',
      lastBody: { newPassword: 'abcdefg1' },
    });
    // Signed in with the new password (the session machine's login).
    expect(tokenForms.at(-1)?.get('username')).toBe('26650000001');
    expect(tokenForms.at(-1)?.get('password')).toBe('abcdefg1');
    expect(localStorage.getItem('user')).toBe('26650000001');
  });

  it('says an expired code in Sesotho and, when it expires at the last step, goes back for a new one', async () => {
    const { calls } = otpServer('26650000001');
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
    const { calls } = otpServer('26650000001');
    const { user } = await renderApp('/reset-password');
    await user.type(await screen.findByLabelText('Phone number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a Lesotho mobile number');
    expect(calls).toEqual([]);
  });
});
