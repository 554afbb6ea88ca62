// What registration and password reset share: the flow machine (machines/session/otpFlowMachine.ts) with
// its server calls and sign-in supplied, and the steps it walks through — phone number, SMS code, password
// twice — drawn from its state. Each screen adds its title, words and links. Once a code is out, the flow
// is kept (src/storage/otpResume.ts) so a reload comes back to the code step without asking for another.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { formatTime } from '../../../machines/rules/maseruTime';
import { codeExpiresAt, type OtpResume, resumeToKeep } from '../../../machines/rules/otpResume';
import { otpFlowMachine } from '../../../machines/session/otpFlowMachine';
import { serverMessage } from '../../i18n/serverMessages';
import { useIsSigningIn, useSignInError } from '../../session/hooks';
import { type OtpFlowPurpose, saveOtpResume } from '../../storage/otpResume';
import { PasswordStep } from './PasswordStep';
import { PhoneField } from './PhoneField';

export type OtpFlowActor = ActorRefFrom<typeof otpFlowMachine>;

/** The server calls of one purpose (register or reset). */
export interface OtpFlowCalls {
  /** Answers how long the code works (request-otp's `expiresIn`, seconds). */
  requestCode: (msisdn: string) => Promise<{ expiresIn?: number }>;
  checkCode: (msisdn: string, code: string) => Promise<unknown>;
  setPassword: (msisdn: string, code: string, password: string) => Promise<unknown>;
}

/** Messages of the machine's own checks; every other key is the server's. */
const FLOW_MESSAGES: Record<string, MessageDescriptor> = {
  'OTP.FORMAT': msg`Enter the 6-digit code from the SMS.`,
  'PASSWORD.MISMATCH': msg`The two passwords are not the same.`,
};

/** How a screen keeps its flow across a reload. */
export interface OtpFlowKeeping {
  purpose: OtpFlowPurpose;
  /** The flow kept before the reload (loadOtpResume), to start from; null starts at the number. */
  resume: OtpResume | null;
  /** Names of the number step's ticked boxes, kept with the number. */
  ticked?: () => string[];
}

/** The step a state is at: its top-level name. */
const stepOf = (value: unknown) =>
  typeof value === 'string' ? value : Object.keys(value as Record<string, unknown>)[0]!;

/**
 * The flow's actor, its calls reading the latest `calls` (the language may change on the way). Every
 * change of step keeps or drops the flow for a reload (the rule: machines/rules/otpResume.ts).
 */
export function useOtpFlow(
  calls: OtpFlowCalls,
  signIn: (msisdn: string, password: string) => void,
  keeping: OtpFlowKeeping,
) {
  const latest = useRef({ calls, signIn, ticked: keeping.ticked });
  latest.current = { calls, signIn, ticked: keeping.ticked };
  const actor = useActorRef(
    otpFlowMachine.provide({
      actors: {
        requestCode: fromPromise(async ({ input }) => {
          const sent = await latest.current.calls.requestCode(input.msisdn);
          return { expiresAt: codeExpiresAt(Date.now(), sent?.expiresIn) };
        }),
        checkCode: fromPromise(({ input }) => latest.current.calls.checkCode(input.msisdn, input.code)),
        setPassword: fromPromise(({ input }) =>
          latest.current.calls.setPassword(input.msisdn, input.code, input.password),
        ),
      },
      actions: { signIn: (_, { msisdn, password }) => latest.current.signIn(msisdn, password) },
    }),
    { input: { resume: keeping.resume } },
  );
  const { purpose } = keeping;
  useEffect(() => {
    const subscription = actor.subscribe((s) => {
      const flow = { step: stepOf(s.value), msisdn: s.context.msisdn, expiresAt: s.context.expiresAt };
      saveOtpResume(purpose, resumeToKeep(flow, latest.current.ticked?.() ?? [], Date.now()));
    });
    return () => subscription.unsubscribe();
  }, [actor, purpose]);
  return actor;
}

type Step = 'number' | 'code' | 'password' | 'done' | 'other';
const STEPS = ['number', 'code', 'password', 'done'] as const;
const STEP_NUMBER: Record<Step, number> = { number: 1, code: 2, password: 3, done: 3, other: 0 };

interface Props {
  actor: OtpFlowActor;
  /** Prefix of the inputs' ids. */
  id: string;
  /** The number to start with (e.g. carried over from another screen). */
  initialPhone?: string;
  /** Under the number: what will happen to it. */
  numberHint: ReactNode;
  /** More fields of the number step (registration's age and terms boxes). */
  numberExtra?: ReactNode;
  /** Checks the number step's extra fields; a message to show instead of sending, or null to go on. */
  checkNumberStep?: () => MessageDescriptor | null;
  passwordLabel: string;
  againLabel: string;
  submitLabel: string;
}

/** The number, code and password steps; renders nothing in a state of the screen's own (e.g. `exists`). */
export function OtpSteps({
  actor,
  id,
  initialPhone = '',
  numberHint,
  numberExtra,
  checkNumberStep,
  ...password
}: Props) {
  const { t, i18n } = useLingui();
  const step = useSelector(actor, (s): Step => STEPS.find((name) => s.matches(name)) ?? 'other');
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const msisdn = useSelector(actor, (s) => s.context.msisdn);
  const resumed = useSelector(actor, (s) => s.context.resumed);
  // Maseru time, as the SMS and the rest of the app tell it.
  const until = useSelector(actor, (s) => s.context.expiresAt && formatTime(new Date(s.context.expiresAt)));
  const signingIn = useIsSigningIn();
  const signInError = useSignInError();
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [stepError, setStepError] = useState<MessageDescriptor | null>(null);
  if (step === 'other') return null;

  const stepNumber = STEP_NUMBER[step];
  const submitNumber = (e: FormEvent) => {
    e.preventDefault();
    const refused = checkNumberStep?.() ?? null;
    setStepError(refused);
    if (refused) return;
    setCode('');
    actor.send({ type: 'SUBMIT_NUMBER', phone });
  };
  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'SUBMIT_CODE', code });
  };
  const shownError =
    step === 'done'
      ? signInError && serverMessage(signInError)
      : (step === 'number' && stepError) || (error && (FLOW_MESSAGES[error] ?? serverMessage(error)));

  return (
    <>
      <p className="step">
        <Trans>Step {stepNumber} of 3</Trans>
      </p>
      {step === 'number' && (
        <form className="form" onSubmit={submitNumber} noValidate>
          <PhoneField
            id={`${id}-msisdn`}
            autoComplete="tel"
            value={phone}
            onValue={setPhone}
            hint={numberHint}
          />
          {numberExtra}
          <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
            {busy ? t`Please wait…` : t`Send code`}
          </button>
        </form>
      )}
      {step === 'code' && (
        <form className="form" onSubmit={submitCode} noValidate>
          {resumed && (
            // Back after a reload (the SMS app took the page's memory): the code sent before still works.
            <p className="hint" role="status">
              <Trans>
                You already have a code: enter it here. Ask for a new one only if the SMS has not come.
              </Trans>
            </p>
          )}
          <div className="field">
            <label htmlFor={`${id}-otp`}>{t`Code from the SMS`}</label>
            <input
              id={`${id}-otp`}
              name="one-time-code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              aria-describedby={`${id}-otp-hint`}
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            <p id={`${id}-otp-hint`} className="hint">
              {resumed && until ? (
                <Trans>
                  Sent to +{msisdn}. The code is valid until {until}.
                </Trans>
              ) : (
                <Trans>Sent to +{msisdn}. The code is valid for 5 minutes.</Trans>
              )}
            </p>
          </div>
          <button type="submit" className="btn btn-gold btn-block" disabled={busy}>
            {busy ? t`Please wait…` : t`Continue`}
          </button>
          <div className="form-row">
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => {
                setCode('');
                actor.send({ type: 'RESEND' });
              }}
            >
              <Trans>Send a new code</Trans>
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              disabled={busy}
              onClick={() => actor.send({ type: 'CHANGE_NUMBER' })}
            >
              <Trans>Change number</Trans>
            </button>
          </div>
        </form>
      )}
      {(step === 'password' || step === 'done') && (
        <PasswordStep
          id={id}
          {...password}
          busy={busy || signingIn || (step === 'done' && !signInError)}
          onSubmit={(p, again) => actor.send({ type: 'SUBMIT_PASSWORD', password: p, again })}
        />
      )}
      {shownError && (
        <p className="form-error" role="alert">
          {i18n._(shownError)}
        </p>
      )}
      {step === 'done' && signInError && (
        // The password is set; only signing in failed: the sign-in page takes it from here.
        <p className="auth-switch">
          <Link to="/login">
            <Trans>Sign in</Trans>
          </Link>
        </p>
      )}
    </>
  );
}
