// The session machine's step-up (DESIGN.md "Sign-in behind a shared address"): a right password from a
// busy shared address is answered "Code required"; the machine keeps the credentials in memory and signs
// in with them and the SMS code, whichever screen asked.
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise, getInitialSnapshot, getNextSnapshot } from 'xstate';
import { asksForCode, CODE_INVALID, CODE_REQUIRED, type Session } from '../../machines/session/rules';
import { type Credentials, type SessionInput, sessionMachine } from '../../machines/session/sessionMachine';

const input: SessionInput = { session: null, now: Date.now(), platform: 'web', allowAutoRefresh: true };

const signedIn: Session = {
  user: '26650000001',
  role: '["commxp-user"]',
  token: 'tok-1',
  refreshToken: 'refresh-1',
  exp: Math.floor(Date.now() / 1000) + 300,
  iat: Math.floor(Date.now() / 1000),
  refreshExp: Math.floor(Date.now() / 1000) + 86_400,
};

/** Every actor started, stopped after each test (a signed-in one runs its countdown ticker). */
const actors: { stop(): void }[] = [];
afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop();
});

/** A refusal as src/api/auth.ts throws it. */
const refusal = (status: number, messageKey: string) =>
  Promise.reject(Object.assign(new Error(messageKey), { status, messageKey }));

/** The machine with a scripted password grant, recording what it was sent and what the app was told. */
function start(answers: ((c: Credentials) => Promise<Session>)[]) {
  const sent: Credentials[] = [];
  const calls = { persisted: 0, landed: [] as (string | null)[] };
  const machine = sessionMachine.provide({
    actors: {
      login: fromPromise<Session, Credentials>(({ input: c }) => {
        sent.push(c);
        const answer = answers.shift();
        if (!answer) throw new Error('no answer scripted');
        return answer(c);
      }),
    },
    actions: {
      persist: () => void calls.persisted++,
      goAfterLogin: (_, p) => void calls.landed.push(p.redirect),
    },
  });
  const actor = createActor(machine, { input });
  actors.push(actor);
  actor.start();
  const settled = async () => {
    for (let i = 0; i < 20 && actor.getSnapshot().matches('loggingIn'); i++) {
      await new Promise((r) => setTimeout(r, 0));
    }
    return actor.getSnapshot();
  };
  return { actor, sent, calls, settled };
}

const LOGIN = {
  type: 'LOGIN',
  username: '26650000001',
  password: 'right123',
  redirect: '/wallet',
  lang: 'st',
} as const;

describe('session machine: step-up by SMS code', () => {
  it('tells the step-up answers from the others', () => {
    expect(asksForCode(CODE_REQUIRED)).toBe(true);
    expect(asksForCode(CODE_INVALID)).toBe(true);
    for (const key of ['AUTH.INVALID_CREDENTIALS', 'AUTH.TOO_MANY_ATTEMPTS', 'ERRORS.NETWORK']) {
      expect(asksForCode(key)).toBe(false);
    }
  });

  it('takes the credentials and the language on LOGIN, and hears no code while signed out', () => {
    const out = getInitialSnapshot(sessionMachine, input);
    expect(getNextSnapshot(sessionMachine, out, { type: 'SUBMIT_CODE', otp: '123456' }).value).toBe(
      'loggedOut',
    );
    const next = getNextSnapshot(sessionMachine, out, LOGIN);
    expect(next.value).toBe('loggingIn');
    expect(next.context.pending).toEqual({ username: '26650000001', password: 'right123', lang: 'st' });
  });

  it('waits for the code on "Code required", then signs in with the same credentials and the code', async () => {
    const { actor, sent, calls, settled } = start([
      () => refusal(400, CODE_REQUIRED),
      () => refusal(400, CODE_INVALID),
      () => Promise.resolve(signedIn),
    ]);
    actor.send(LOGIN);
    let snap = await settled();
    expect(snap.value).toBe('codeRequired');
    expect(snap.context.error).toBe(CODE_REQUIRED);
    expect(calls.persisted).toBe(0);

    // A wrong code: still waiting for the right one, with the reason.
    actor.send({ type: 'SUBMIT_CODE', otp: '111111' });
    snap = await settled();
    expect(snap.value).toBe('codeRequired');
    expect(snap.context.error).toBe(CODE_INVALID);

    actor.send({ type: 'SUBMIT_CODE', otp: '222222' });
    snap = await settled();
    expect(snap.matches('loggedIn')).toBe(true);
    expect(sent).toEqual([
      { username: '26650000001', password: 'right123', lang: 'st' },
      { username: '26650000001', password: 'right123', lang: 'st', otp: '111111' },
      { username: '26650000001', password: 'right123', lang: 'st', otp: '222222' },
    ]);
    expect(calls.persisted).toBe(1);
    expect(calls.landed).toEqual(['/wallet']);
    // The password is not kept once signed in.
    expect(snap.context.pending).toBeNull();
  });

  it('goes back to the sign-in form on CANCEL_CODE, forgetting the credentials', async () => {
    const { actor, settled } = start([() => refusal(400, CODE_REQUIRED)]);
    actor.send(LOGIN);
    await settled();
    actor.send({ type: 'CANCEL_CODE' });
    const snap = actor.getSnapshot();
    expect(snap.value).toBe('loggedOut');
    expect(snap.context.pending).toBeNull();
    expect(snap.context.error).toBeNull();
  });

  it('ends the step-up on any other refusal (the account must wait), keeping its reason', async () => {
    const { actor, settled } = start([
      () => refusal(400, CODE_REQUIRED),
      () => refusal(429, 'AUTH.TOO_MANY_ATTEMPTS'),
    ]);
    actor.send(LOGIN);
    await settled();
    actor.send({ type: 'SUBMIT_CODE', otp: '333333' });
    const snap = await settled();
    expect(snap.value).toBe('loggedOut');
    expect(snap.context.error).toBe('AUTH.TOO_MANY_ATTEMPTS');
    expect(snap.context.pending).toBeNull();
  });

  it('starts afresh when the form is sent again with other credentials during the step-up', async () => {
    const { actor, sent, settled } = start([
      () => refusal(400, CODE_REQUIRED),
      () => Promise.resolve(signedIn),
    ]);
    actor.send(LOGIN);
    await settled();
    actor.send({ type: 'LOGIN', username: '26650000002', password: 'other123' });
    expect((await settled()).matches('loggedIn')).toBe(true);
    expect(sent[1]).toEqual({ username: '26650000002', password: 'other123' });
  });
});
