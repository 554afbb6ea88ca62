// Proving a phone with an SMS code, then choosing a password: the steps of registration and of password
// reset (docs/CONTRACTS.md "Registration and password reset"). number → code → password → done, with
// "send a new code" and "change number" on the way. A pure declaration: the three server calls are actors
// and signing in is an action, supplied with `.provide()` by the screen, which also says which purpose.
// A refusal's message key stays in `error` for the screen to translate; keys the server never sends
// (OTP.FORMAT, PASSWORD.MISMATCH) are this machine's own checks. Started with a `resume` (a reload while the
// code was out, machines/rules/otpResume.ts) it begins at the code step, and asks for no new code until told.
import { assign, fromPromise, not, setup } from 'xstate';
import { messageKeyOf } from '../rules/messageKey';
import { isPasswordCompliant } from '../rules/password';
import { normaliseMsisdn } from './msisdn';

export interface OtpFlowContext {
  /** The normalised number the code was sent to ('' before). */
  msisdn: string;
  /** The code that passed the check ('' before). */
  code: string;
  /** The chosen password, kept until signing in with it. */
  password: string;
  /** Message key of the last refusal, or null. */
  error: string | null;
  /** When the last code sent runs out (ms since the epoch), or null before one is sent. */
  expiresAt: number | null;
  /** Back at the code step after a reload, with the code sent before: the screen says to enter that one. */
  resumed: boolean;
}

export interface OtpFlowInput {
  /** A flow kept across a reload: the number its code went to and when that code runs out. */
  resume?: { msisdn: string; expiresAt: number } | null;
}

/** What asking for a code answers: when the code sent runs out (the screen reads the clock). */
export interface CodeSentUntil {
  expiresAt: number;
}

export type OtpFlowEvent =
  | { type: 'SUBMIT_NUMBER'; phone: string }
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'RESEND' }
  | { type: 'CHANGE_NUMBER' }
  | { type: 'SUBMIT_PASSWORD'; password: string; again: string };

/** An SMS code is six digits. */
export const CODE_PATTERN = /^\d{6}$/;
/** Refusals that mean the code itself no longer works: the subscriber goes back to the code step. */
const CODE_REFUSALS = new Set(['OTP.INVALID', 'OTP.EXPIRED', 'OTP.TOO_MANY_TRIES']);
/** The number already has an account (registration only). */
export const EXISTS = 'REGISTER.EXISTS';

const notProvided = (name: string) => () => Promise.reject(new Error(`otp flow: ${name} was not provided`));
const refusedWith = ({ event }: { event: { error: unknown } }) => messageKeyOf(event.error);

export const otpFlowMachine = setup({
  types: {
    context: {} as OtpFlowContext,
    events: {} as OtpFlowEvent,
    input: {} as OtpFlowInput | undefined,
  },
  actors: {
    /** Asks the server to send a code to the number. */
    requestCode: fromPromise<CodeSentUntil, { msisdn: string }>(notProvided('requestCode')),
    /** Checks the code without using it up. */
    checkCode: fromPromise<unknown, { msisdn: string; code: string }>(notProvided('checkCode')),
    /** Registers, or resets the password, with the checked code. */
    setPassword: fromPromise<unknown, { msisdn: string; code: string; password: string }>(
      notProvided('setPassword'),
    ),
  },
  actions: {
    /** Signs in with the new password (the session machine's login). */
    signIn: (_, _params: { msisdn: string; password: string }) => undefined,
  },
  guards: {
    numberValid: ({ event }) => event.type === 'SUBMIT_NUMBER' && normaliseMsisdn(event.phone) !== null,
    codeWellFormed: ({ event }) => event.type === 'SUBMIT_CODE' && CODE_PATTERN.test(event.code),
    passwordCompliant: ({ event }) => event.type === 'SUBMIT_PASSWORD' && isPasswordCompliant(event.password),
    passwordsMatch: ({ event }) => event.type === 'SUBMIT_PASSWORD' && event.password === event.again,
    exists: ({ event }) => messageKeyOf((event as { error?: unknown }).error) === EXISTS,
    codeRefused: ({ event }) => CODE_REFUSALS.has(messageKeyOf((event as { error?: unknown }).error)),
    resumed: ({ context }) => context.resumed,
  },
}).createMachine({
  id: 'otpFlow',
  context: ({ input }) => ({
    msisdn: input?.resume?.msisdn ?? '',
    code: '',
    password: '',
    error: null,
    expiresAt: input?.resume?.expiresAt ?? null,
    resumed: Boolean(input?.resume),
  }),
  initial: 'start',
  states: {
    /** Passed at once: to the code step when resuming, else to the number. */
    start: { always: [{ guard: 'resumed', target: 'code' }, { target: 'number' }] },
    number: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT_NUMBER: [
              {
                guard: 'numberValid',
                target: 'sending',
                actions: assign({ msisdn: ({ event }) => normaliseMsisdn(event.phone)!, error: null }),
              },
              { actions: assign({ error: 'MSISDN.INVALID' }) },
            ],
          },
        },
        sending: {
          tags: 'busy',
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ msisdn: context.msisdn }),
            onDone: {
              target: '#otpFlow.code',
              actions: assign({ code: '', error: null, expiresAt: ({ event }) => event.output.expiresAt }),
            },
            onError: { target: 'editing', actions: assign({ error: refusedWith }) },
          },
        },
      },
    },
    code: {
      initial: 'editing',
      on: { CHANGE_NUMBER: { target: 'number', actions: assign({ error: null }) } },
      exit: assign({ resumed: false }),
      states: {
        editing: {
          on: {
            SUBMIT_CODE: [
              {
                guard: 'codeWellFormed',
                target: 'checking',
                actions: assign({ code: ({ event }) => event.code, error: null }),
              },
              { actions: assign({ error: 'OTP.FORMAT' }) },
            ],
            RESEND: { target: 'resending', actions: assign({ error: null }) },
          },
        },
        checking: {
          tags: 'busy',
          invoke: {
            src: 'checkCode',
            input: ({ context }) => ({ msisdn: context.msisdn, code: context.code }),
            onDone: '#otpFlow.password',
            onError: [
              { guard: 'exists', target: '#otpFlow.exists' },
              // The refusal now says what to do; the resumed notice would contradict an expired code.
              { target: 'editing', actions: assign({ error: refusedWith, resumed: false }) },
            ],
          },
        },
        resending: {
          tags: 'busy',
          invoke: {
            src: 'requestCode',
            input: ({ context }) => ({ msisdn: context.msisdn }),
            onDone: {
              target: 'editing',
              actions: assign({ resumed: false, expiresAt: ({ event }) => event.output.expiresAt }),
            },
            onError: { target: 'editing', actions: assign({ error: refusedWith }) },
          },
        },
      },
    },
    password: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT_PASSWORD: [
              { guard: not('passwordCompliant'), actions: assign({ error: 'PASSWORD.NOT_COMPLIANT' }) },
              {
                guard: 'passwordsMatch',
                target: 'saving',
                actions: assign({ password: ({ event }) => event.password, error: null }),
              },
              { actions: assign({ error: 'PASSWORD.MISMATCH' }) },
            ],
          },
        },
        saving: {
          tags: 'busy',
          invoke: {
            src: 'setPassword',
            input: ({ context }) => ({
              msisdn: context.msisdn,
              code: context.code,
              password: context.password,
            }),
            onDone: '#otpFlow.done',
            onError: [
              { guard: 'exists', target: '#otpFlow.exists' },
              // Expired or used meanwhile: back to the code step, where a new one can be asked for.
              {
                guard: 'codeRefused',
                target: '#otpFlow.code',
                actions: assign({ password: '', error: refusedWith }),
              },
              { target: 'editing', actions: assign({ password: '', error: refusedWith }) },
            ],
          },
        },
      },
    },
    /** Registration only: the proven number has an account; the screen offers the reset. */
    exists: {
      on: { CHANGE_NUMBER: { target: 'number', actions: assign({ error: null }) } },
    },
    done: {
      type: 'final',
      entry: [
        { type: 'signIn', params: ({ context }) => ({ msisdn: context.msisdn, password: context.password }) },
        assign({ password: '' }),
      ],
    },
  },
});

export type OtpFlowMachine = typeof otpFlowMachine;
