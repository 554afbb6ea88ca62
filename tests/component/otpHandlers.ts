// The SMS-code routes of registration and password reset (/web-registration), answered like the server:
// code 123456 is right, 999999 has expired, any other is wrong; reset-password checks its code again.
// Each call is recorded with its body and Authorization header, each token request with its form.
import { HttpResponse, http } from 'msw';
import { expect } from 'vitest';
import { API, makeToken, TOKEN_URL, tokenAnswer } from './helpers';
import { server } from './msw';

/** How the website client authenticates its registration and reset calls. */
export const WEBSITE_AUTH = `Basic ${btoa('website:website-secret')}`;

export interface OtpCall {
  path: string;
  body: Record<string, string>;
  auth: string | null;
}

/** A refusal as the server sends it. */
export const refuse = (status: number, messageKey: string) =>
  HttpResponse.json({ statusCode: status, error: 'Bad Request', messageKey, message: 'x' }, { status });

const codeAnswer = (code: string | undefined) =>
  code === '123456' ? null : code === '999999' ? refuse(400, 'OTP.EXPIRED') : refuse(400, 'OTP.INVALID');

/** Installs the routes; the token endpoint signs `user` in. */
export function otpServer(user: string) {
  const calls: OtpCall[] = [];
  const tokenForms: URLSearchParams[] = [];
  const record = async (path: string, request: Request) => {
    const body = (await request.json()) as Record<string, string>;
    calls.push({ path, body, auth: request.headers.get('authorization') });
    return body;
  };
  server.use(
    http.post(`${API}/web-registration/request-otp`, async ({ request }) => {
      await record('request-otp', request);
      return HttpResponse.json({ message: 'OTP.SENT', expiresIn: 300 });
    }),
    http.post(`${API}/web-registration/submit-otp`, async ({ request }) => {
      const body = await record('submit-otp', request);
      return codeAnswer(body.submittedOtp) ?? HttpResponse.json({ valid: true });
    }),
    http.post(`${API}/web-registration/register`, async ({ request }) => {
      await record('register', request);
      return HttpResponse.json({ message: 'REGISTER.SUCCESS' }, { status: 201 });
    }),
    http.post(`${API}/web-registration/reset-password`, async ({ request }) => {
      const body = await record('reset-password', request);
      return codeAnswer(body.submittedOtp) ?? HttpResponse.json({ message: 'PASSWORD.RESET' });
    }),
    http.post(TOKEN_URL, async ({ request }) => {
      tokenForms.push(new URLSearchParams(await request.text()));
      return HttpResponse.json(tokenAnswer(makeToken({ user })));
    }),
  );
  const count = (path: string) => calls.filter((c) => c.path === path).length;
  return { calls, tokenForms, count };
}

/**
 * A flow that asked for a code, had one wrong code refused, then the right one, and finished with `last`
 * (register or reset-password, whose body is the number, the code and `lastBody`), all as the website.
 */
export function expectFlowCalls(
  calls: OtpCall[],
  flow: { msisdn: string; purpose: 'REGISTER' | 'RESET'; last: string; lastBody: Record<string, unknown> },
) {
  const { msisdn, purpose } = flow;
  expect(calls.map((c) => c.path)).toEqual(['request-otp', 'submit-otp', 'submit-otp', flow.last]);
  expect(calls.every((c) => c.auth === WEBSITE_AUTH)).toBe(true);
  expect(calls[0]?.body).toEqual({ msisdn, lang: 'en', purpose });
  expect(calls[2]?.body).toEqual({ msisdn, lang: 'en', submittedOtp: '123456', purpose });
  expect(calls[3]?.body).toEqual({ msisdn, lang: 'en', submittedOtp: '123456', ...flow.lastBody });
}
