import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from './contentHandlers';
import { API, renderApp } from './helpers';
import { server } from './msw';
import { expectFlowCalls, otpServer } from './otpHandlers';

/** Ticks the age and terms boxes of the number step, in either language. */
async function tickConsent(user: UserEvent) {
  const consent = await screen.findByTestId('consent');
  for (const box of within(consent).getAllByRole('checkbox')) await user.click(box);
}

describe('register screen', () => {
  it('goes phone number → SMS code → password → signed in on /play', async () => {
    localStorage.setItem('lang', 'en');
    const { calls, tokenForms } = otpServer('26650000002');
    const { user, path } = await renderApp('/register');

    // Step 1: a number in a local spelling is sent in normal form.
    await user.type(await screen.findByLabelText('Phone number'), '5000 0002');
    await tickConsent(user);
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    // Step 2: a wrong code is refused with the server's translated message, the right one passes.
    const otp = await screen.findByLabelText('Code from the SMS');
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    expect(otp).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(otp, '000000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not right');
    await user.clear(otp);
    await user.type(otp, '12a3456');
    expect(otp).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    // Step 3: the compliance rule and the match are checked before anything is sent.
    const first = await screen.findByLabelText('Password');
    const again = screen.getByLabelText('Password again');
    await user.type(first, 'short1');
    await user.type(again, 'short1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('does not meet the rules');
    await user.clear(first);
    await user.clear(again);
    await user.type(first, 'secret123');
    await user.type(again, 'secret124');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not the same');
    expect(calls.map((c) => c.path)).not.toContain('register');

    // The show/hide toggle reveals what was typed.
    expect(first).toHaveAttribute('type', 'password');
    await user.click(screen.getAllByRole('button', { name: 'Show' })[0]!);
    expect(first).toHaveAttribute('type', 'text');

    await user.clear(again);
    await user.type(again, 'secret123');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(path()).toBe('/play'));
    expectFlowCalls(calls, {
      msisdn: '26650000002',
      purpose: 'REGISTER',
      last: 'register',
      lastBody: { userInput: 'secret123', ageConfirmed: true, termsVersion: TERMS_VERSION },
    });
    expect(tokenForms.at(-1)?.get('username')).toBe('26650000002');
    expect(tokenForms.at(-1)?.get('password')).toBe('secret123');
    expect(localStorage.getItem('user')).toBe('26650000002');
  });

  it('refuses a number that is not a Lesotho mobile before calling the server', async () => {
    localStorage.setItem('lang', 'en');
    const { user } = await renderApp('/register');
    await user.type(await screen.findByLabelText('Phone number'), '12345');
    await tickConsent(user);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a Lesotho mobile number');
  });

  it('translates a server refusal of the OTP request (Sesotho)', async () => {
    server.use(
      http.post(`${API}/web-registration/request-otp`, () =>
        HttpResponse.json(
          { statusCode: 429, messageKey: 'OTP.TOO_MANY_REQUESTS', message: 'x' },
          { status: 429 },
        ),
      ),
    );
    const { user } = await renderApp('/register');
    await user.type(await screen.findByLabelText('Nomoro ea mohala'), '50000002');
    await tickConsent(user);
    await user.click(screen.getByRole('button', { name: 'Romela khoutu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('U kopile likhoutu tse ngata haholo');
  });
});

/** The server's answer to a proven code for a number that has an account: 409 REGISTER.EXISTS. */
function numberHasAccount() {
  server.use(
    http.post(`${API}/web-registration/request-otp`, () =>
      HttpResponse.json({ message: 'OTP.SENT', expiresIn: 300 }),
    ),
    http.post(`${API}/web-registration/submit-otp`, () =>
      HttpResponse.json(
        { statusCode: 409, error: 'Conflict', messageKey: 'REGISTER.EXISTS', message: 'x' },
        { status: 409 },
      ),
    ),
  );
}

describe('register screen, a number that already has an account', () => {
  it('says so once the code is proven and offers the reset with the number carried over', async () => {
    localStorage.setItem('lang', 'en');
    numberHasAccount();
    const { user, path, app } = await renderApp('/register');
    await user.type(await screen.findByLabelText('Phone number'), '5000 0001');
    await tickConsent(user);
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await user.type(await screen.findByLabelText('Code from the SMS'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This number already has an account');
    // No password step for a number that has an account.
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Set a new password' }));
    await waitFor(() => expect(path()).toBe('/reset-password'));
    expect(app.router.state.location.search).toEqual({ msisdn: '26650000001' });
    expect(await screen.findByLabelText('Phone number')).toHaveValue('26650000001');
  });

  it('lets the subscriber try another number instead (Sesotho)', async () => {
    numberHasAccount();
    const { user } = await renderApp('/register');
    await user.type(await screen.findByLabelText('Nomoro ea mohala'), '50000001');
    await tickConsent(user);
    await user.click(screen.getByRole('button', { name: 'Romela khoutu' }));
    await user.type(await screen.findByLabelText('Khoutu e tsoang ho SMS'), '123456');
    await user.click(screen.getByRole('button', { name: 'Tsoela pele' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nomoro ena e se e na le akhaonto');
    expect(screen.getByRole('link', { name: 'Beha phasewete e ncha' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Sebelisa nomoro e 'ngoe" }));
    expect(await screen.findByLabelText('Nomoro ea mohala')).toHaveValue('50000001');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks for the age and terms boxes in the chosen language before sending any code', async () => {
    const calls: string[] = [];
    server.use(
      http.post(`${API}/web-registration/request-otp`, () => {
        calls.push('request-otp');
        return HttpResponse.json({ message: 'OTP.SENT', expiresIn: 300 });
      }),
    );
    const { user } = await renderApp('/register');
    await user.type(await screen.findByLabelText('Nomoro ea mohala'), '50000002');
    const send = screen.getByRole('button', { name: 'Romela khoutu' });
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('lilemo li 18');
    await user.click(screen.getByRole('checkbox', { name: /lilemo li 18/ }));
    await user.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent('Amohela melao');
    expect(calls).toEqual([]);
    expect(screen.getByRole('link', { name: /Bala melao/ })).toHaveAttribute('href', '/tnc');
    await user.click(screen.getByRole('checkbox', { name: /Ke amohela melao/ }));
    await user.click(send);
    await waitFor(() => expect(calls).toEqual(['request-otp']));
  });
});
