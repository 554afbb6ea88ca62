// Registration and password reset survive the SMS app (issue 27, point 6): a cheap Android phone reloads
// the page while the subscriber reads the code, so a reload at the code step comes back there with the
// number and the ticked boxes, and asks for no new code (3 per 10 minutes); only "Send a new code" does.
// Once the code has run out, a reload starts at the number. A reload here is unmount, then a new app.
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TERMS_VERSION } from './contentHandlers';
import { renderApp } from './helpers';
import { otpServer } from './otpHandlers';

const REGISTER_KEPT = 'jackpot14:otp-flow:register';

/** Step 1 of registration: the number, both boxes, "Send code" (labels in the language given). */
async function registerToCode(user: UserEvent, labels: { phone: string; send: string }) {
  await user.type(await screen.findByLabelText(labels.phone), '5000 0002');
  for (const box of within(await screen.findByTestId('consent')).getAllByRole('checkbox')) {
    await user.click(box);
  }
  await user.click(screen.getByRole('button', { name: labels.send }));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('registration survives a reload at the code step', () => {
  it('comes back at the code step with the number and the boxes, and asks for no new code', async () => {
    localStorage.setItem('lang', 'en');
    const { calls, count } = otpServer('26650000002');
    const first = await renderApp('/register');
    await registerToCode(first.user, { phone: 'Phone number', send: 'Send code' });
    await first.user.type(await screen.findByLabelText('Code from the SMS'), '12');
    expect(count('request-otp')).toBe(1);
    // Neither the code nor anything typed into it is kept.
    const kept = localStorage.getItem(REGISTER_KEPT);
    expect(kept).toContain('26650000002');
    expect(JSON.parse(kept!)).toEqual({
      msisdn: '26650000002',
      ticked: ['adult', 'terms'],
      expiresAt: expect.any(Number),
    });

    // The SMS app took the memory: the page is gone and loaded again.
    first.unmount();
    const { user, path } = await renderApp('/register');
    const otp = await screen.findByLabelText('Code from the SMS');
    expect(otp).toHaveValue('');
    expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You already have a code: enter it here.');
    expect(
      screen.getByText(/Sent to \+26650000002\. The code is valid until \d\d:\d\d\./),
    ).toBeInTheDocument();
    expect(count('request-otp')).toBe(1);

    // The code from the SMS finishes the registration, with the boxes ticked before the reload.
    await user.type(otp, '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Password again'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(path()).toBe('/play'));
    expect(count('request-otp')).toBe(1);
    expect(calls.find((c) => c.path === 'register')?.body).toMatchObject({
      msisdn: '26650000002',
      submittedOtp: '123456',
      ageConfirmed: true,
      termsVersion: TERMS_VERSION,
    });
    // Registered and signed in: nothing is left to come back to.
    expect(localStorage.getItem(REGISTER_KEPT)).toBeNull();
  });

  it('asks for a new code only when told, and starts at the number once the code has run out (Sesotho)', async () => {
    const { count } = otpServer('26650000002');
    const first = await renderApp('/register');
    await registerToCode(first.user, { phone: 'Nomoro ea mohala', send: 'Romela khoutu' });
    await screen.findByLabelText('Khoutu e tsoang ho SMS');
    first.unmount();

    const second = await renderApp('/register');
    await screen.findByLabelText('Khoutu e tsoang ho SMS');
    expect(screen.getByRole('status')).toHaveTextContent('U se u na le khoutu');
    expect(count('request-otp')).toBe(1);
    await second.user.click(screen.getByRole('button', { name: 'Romela khoutu e ncha' }));
    await waitFor(() => expect(count('request-otp')).toBe(2));
    // A new code is out: the screen no longer speaks of the one from before.
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    second.unmount();

    // Six minutes later the code no longer works: back to the start, and nothing of the number is kept.
    const later = Date.now() + 6 * 60_000;
    vi.spyOn(Date, 'now').mockImplementation(() => later);
    await renderApp('/register');
    expect(await screen.findByLabelText('Nomoro ea mohala')).toHaveValue('');
    expect(screen.getByText('Mohato oa 1 ho e 3')).toBeInTheDocument();
    for (const box of within(screen.getByTestId('consent')).getAllByRole('checkbox')) {
      expect(box).not.toBeChecked();
    }
    expect(localStorage.getItem(REGISTER_KEPT)).toBeNull();
    expect(count('request-otp')).toBe(2);
  });
});

describe('password reset survives a reload at the code step', () => {
  it('comes back at the code step, unless the link names another number', async () => {
    localStorage.setItem('lang', 'en');
    const { count } = otpServer('26650000001');
    const first = await renderApp('/reset-password?msisdn=26650000001');
    await first.user.click(await screen.findByRole('button', { name: 'Send code' }));
    await screen.findByLabelText('Code from the SMS');
    first.unmount();

    const second = await renderApp('/reset-password?msisdn=26650000001');
    await screen.findByLabelText('Code from the SMS');
    expect(screen.getByText(/Sent to \+26650000001\./)).toBeInTheDocument();
    expect(count('request-otp')).toBe(1);
    second.unmount();

    // A link for another number is about that number: it starts there, asking for nothing yet.
    await renderApp('/reset-password?msisdn=26650000009');
    expect(await screen.findByLabelText('Phone number')).toHaveValue('26650000009');
    expect(screen.getByRole('button', { name: 'Send code' })).toBeInTheDocument();
    expect(count('request-otp')).toBe(1);
  });
});

describe('a resumed registration can still change its number', () => {
  it('goes back to the number, filled in, with the boxes still ticked, and keeps nothing', async () => {
    localStorage.setItem('lang', 'en');
    const { count } = otpServer('26650000002');
    const first = await renderApp('/register');
    await registerToCode(first.user, { phone: 'Phone number', send: 'Send code' });
    await screen.findByLabelText('Code from the SMS');
    first.unmount();

    const { user } = await renderApp('/register');
    await screen.findByLabelText('Code from the SMS');
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    expect(await screen.findByLabelText('Phone number')).toHaveValue('26650000002');
    for (const box of within(screen.getByTestId('consent')).getAllByRole('checkbox')) {
      expect(box).toBeChecked();
    }
    expect(localStorage.getItem(REGISTER_KEPT)).toBeNull();
    expect(count('request-otp')).toBe(1);
  });
});
