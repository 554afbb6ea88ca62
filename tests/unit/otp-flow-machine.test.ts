// The SMS-code flow of registration and password reset, with stub server calls: the steps, the checks it
// makes before calling (number, code shape, password rule and match), where each refusal leads, and that
// it signs in with the new password at the end; started with a kept flow (a reload), it resumes at the code
// step and asks for no code until told.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, getNextSnapshot, waitFor } from 'xstate';
import { type OtpFlowInput, otpFlowMachine } from '../../machines/session/otpFlowMachine';

const refusal = (messageKey: string) => Object.assign(new Error(messageKey), { messageKey });

interface Stubs {
  /** Message keys the calls refuse with, in order; undefined answers OK. */
  request?: (string | undefined)[];
  check?: (string | undefined)[];
  set?: (string | undefined)[];
}

/** When the stub's codes run out: the n-th code sent runs out n minutes after the epoch. */
const sentUntil = (n: number) => n * 60_000;

function run(stubs: Stubs = {}, input?: OtpFlowInput) {
  const calls: string[] = [];
  const signedIn: { msisdn: string; password: string }[] = [];
  const answer = async (queue: (string | undefined)[] | undefined) => {
    const key = queue?.shift();
    if (key) throw refusal(key);
  };
  const machine = otpFlowMachine.provide({
    actors: {
      requestCode: fromPromise(async ({ input }) => {
        calls.push(`request:${input.msisdn}`);
        await answer(stubs.request);
        return { expiresAt: sentUntil(calls.filter((c) => c.startsWith('request:')).length) };
      }),
      checkCode: fromPromise(async ({ input }) => {
        calls.push(`check:${input.code}`);
        await answer(stubs.check);
      }),
      setPassword: fromPromise(async ({ input }) => {
        calls.push(`set:${input.code}:${input.password}`);
        await answer(stubs.set);
      }),
    },
    actions: { signIn: (_, params) => signedIn.push(params) },
  });
  const actor = createActor(machine, { input }).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('busy'));
  return { actor, calls, signedIn, settled };
}

describe('otp flow machine', () => {
  it('goes number → code → password → signed in with the new password', async () => {
    const { actor, calls, signedIn, settled } = run();
    actor.send({ type: 'SUBMIT_NUMBER', phone: '+266 5000 0002' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect((await settled()).matches({ code: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.msisdn).toBe('26650000002');

    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    expect((await settled()).matches({ password: 'editing' })).toBe(true);

    actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret123', again: 'secret123' });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.matches('done')).toBe(true);
    expect(calls).toEqual(['request:26650000002', 'check:123456', 'set:123456:secret123']);
    expect(signedIn).toEqual([{ msisdn: '26650000002', password: 'secret123' }]);
    // The password is not kept once handed to the sign-in.
    expect(done.context.password).toBe('');
  });

  it('checks the number, the code shape and the password before calling the server (pure steps)', () => {
    let s = otpFlowMachine.resolveState({
      value: { number: 'editing' },
      context: { msisdn: '', code: '', password: '', error: null, expiresAt: null, resumed: false },
    });
    s = getNextSnapshot(otpFlowMachine, s, { type: 'SUBMIT_NUMBER', phone: '12345' });
    expect(s.matches({ number: 'editing' })).toBe(true);
    expect(s.context.error).toBe('MSISDN.INVALID');

    s = otpFlowMachine.resolveState({
      value: { code: 'editing' },
      context: {
        msisdn: '26650000002',
        code: '',
        password: '',
        error: null,
        expiresAt: null,
        resumed: false,
      },
    });
    s = getNextSnapshot(otpFlowMachine, s, { type: 'SUBMIT_CODE', code: '12345' });
    expect(s.matches({ code: 'editing' })).toBe(true);
    expect(s.context.error).toBe('OTP.FORMAT');

    s = otpFlowMachine.resolveState({
      value: { password: 'editing' },
      context: {
        msisdn: '26650000002',
        code: '123456',
        password: '',
        error: null,
        expiresAt: null,
        resumed: false,
      },
    });
    const weak = getNextSnapshot(otpFlowMachine, s, {
      type: 'SUBMIT_PASSWORD',
      password: 'short1',
      again: 'short1',
    });
    expect(weak.matches({ password: 'editing' })).toBe(true);
    expect(weak.context.error).toBe('PASSWORD.NOT_COMPLIANT');
    const different = getNextSnapshot(otpFlowMachine, s, {
      type: 'SUBMIT_PASSWORD',
      password: 'secret123',
      again: 'secret124',
    });
    expect(different.matches({ password: 'editing' })).toBe(true);
    expect(different.context.error).toBe('PASSWORD.MISMATCH');
  });

  it('keeps a refused number or code on its step with the server key, and resends a code', async () => {
    const { actor, calls, settled } = run({
      request: ['OTP.TOO_MANY_REQUESTS', undefined, undefined],
      check: ['OTP.INVALID'],
    });
    actor.send({ type: 'SUBMIT_NUMBER', phone: '50000002' });
    let s = await settled();
    expect(s.matches({ number: 'editing' })).toBe(true);
    expect(s.context.error).toBe('OTP.TOO_MANY_REQUESTS');
    actor.send({ type: 'SUBMIT_NUMBER', phone: '50000002' });
    await settled();
    actor.send({ type: 'SUBMIT_CODE', code: '000000' });
    s = await settled();
    expect(s.matches({ code: 'editing' })).toBe(true);
    expect(s.context.error).toBe('OTP.INVALID');
    actor.send({ type: 'RESEND' });
    s = await settled();
    expect(s.matches({ code: 'editing' })).toBe(true);
    expect(s.context.error).toBeNull();
    actor.send({ type: 'CHANGE_NUMBER' });
    expect(actor.getSnapshot().matches({ number: 'editing' })).toBe(true);
    expect(calls).toEqual([
      'request:26650000002',
      'request:26650000002',
      'check:000000',
      'request:26650000002',
    ]);
  });

  it('stops at `exists` when the proven number already has an account (at the code or at the end)', async () => {
    const atCode = run({ check: ['REGISTER.EXISTS'] });
    atCode.actor.send({ type: 'SUBMIT_NUMBER', phone: '50000001' });
    await atCode.settled();
    atCode.actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    expect((await atCode.settled()).matches('exists')).toBe(true);
    atCode.actor.send({ type: 'CHANGE_NUMBER' });
    expect(atCode.actor.getSnapshot().matches('number')).toBe(true);

    const atEnd = run({ set: ['REGISTER.EXISTS'] });
    atEnd.actor.send({ type: 'SUBMIT_NUMBER', phone: '50000001' });
    await atEnd.settled();
    atEnd.actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await atEnd.settled();
    atEnd.actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret123', again: 'secret123' });
    expect((await atEnd.settled()).matches('exists')).toBe(true);
    expect(atEnd.signedIn).toEqual([]);
  });

  it('goes back to the code step when the code expired before the password was set', async () => {
    const { actor, signedIn, settled } = run({ set: ['OTP.EXPIRED', 'PASSWORD.NOT_COMPLIANT'] });
    actor.send({ type: 'SUBMIT_NUMBER', phone: '50000002' });
    await settled();
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    await settled();
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret123', again: 'secret123' });
    let s = await settled();
    expect(s.matches({ code: 'editing' })).toBe(true);
    expect(s.context.error).toBe('OTP.EXPIRED');
    expect(s.context.password).toBe('');

    // Any other refusal of the password stays on the password step.
    actor.send({ type: 'SUBMIT_CODE', code: '654321' });
    await settled();
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret123', again: 'secret123' });
    s = await settled();
    expect(s.matches({ password: 'editing' })).toBe(true);
    expect(s.context.error).toBe('PASSWORD.NOT_COMPLIANT');
    expect(signedIn).toEqual([]);
  });

  it('remembers when the code sent runs out, and the newer one after a resend', async () => {
    const { actor, settled } = run();
    expect(actor.getSnapshot().matches({ number: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.expiresAt).toBeNull();
    actor.send({ type: 'SUBMIT_NUMBER', phone: '50000002' });
    expect((await settled()).context.expiresAt).toBe(sentUntil(1));
    actor.send({ type: 'RESEND' });
    expect((await settled()).context.expiresAt).toBe(sentUntil(2));
    expect(actor.getSnapshot().context.resumed).toBe(false);
  });

  it('resumes at the code step with the kept number, and sends no code until asked', async () => {
    const resume = { msisdn: '26650000002', expiresAt: sentUntil(4) };
    const { actor, calls, signedIn, settled } = run({}, { resume });
    let s = actor.getSnapshot();
    expect(s.matches({ code: 'editing' })).toBe(true);
    expect(s.context).toMatchObject({ msisdn: '26650000002', expiresAt: sentUntil(4), resumed: true });
    expect(calls).toEqual([]);

    // The code already in the SMS is checked as it is; the rest of the flow is the usual one.
    actor.send({ type: 'SUBMIT_CODE', code: '123456' });
    s = await settled();
    expect(s.matches({ password: 'editing' })).toBe(true);
    expect(s.context.resumed).toBe(false);
    actor.send({ type: 'SUBMIT_PASSWORD', password: 'secret123', again: 'secret123' });
    await waitFor(actor, (snapshot) => snapshot.status === 'done');
    expect(calls).toEqual(['check:123456', 'set:123456:secret123']);
    expect(signedIn).toEqual([{ msisdn: '26650000002', password: 'secret123' }]);
  });

  it('asks for a new code on a resumed flow only when told, and then forgets it was resumed', async () => {
    const { actor, calls, settled } = run({}, { resume: { msisdn: '26650000002', expiresAt: 1 } });
    actor.send({ type: 'RESEND' });
    const s = await settled();
    expect(s.matches({ code: 'editing' })).toBe(true);
    expect(s.context).toMatchObject({ expiresAt: sentUntil(1), resumed: false });
    expect(calls).toEqual(['request:26650000002']);

    const other = run({}, { resume: { msisdn: '26650000002', expiresAt: 1 } });
    other.actor.send({ type: 'CHANGE_NUMBER' });
    expect(other.actor.getSnapshot().matches({ number: 'editing' })).toBe(true);
    expect(other.actor.getSnapshot().context.resumed).toBe(false);
    expect(other.calls).toEqual([]);
  });

  it('starts at the number without a kept flow', () => {
    expect(run({}, { resume: null }).actor.getSnapshot().matches({ number: 'editing' })).toBe(true);
    expect(run({}, {}).actor.getSnapshot().context.resumed).toBe(false);
  });
});
