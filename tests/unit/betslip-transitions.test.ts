// The betslip machine one pure step at a time: `initialTransition` and `transition` return the next
// snapshot and the actions to run without running any of them, so no fetch, storage, key or timer is
// touched here. What the host would do is read from the returned actions (spawned actors with their
// input, savePicks/forgetPicks with their params, the popover's delayed close).
import { describe, expect, it } from 'vitest';
import { initialTransition, type SnapshotFrom, transition } from 'xstate';
import {
  type Betslip,
  type BetslipEvent,
  betslipMachine,
  POPOVER_MS,
  REFETCH_MS,
} from '../../machines/betslip/betslipMachine';
import { SUBMIT_1_12_3, threeMatchSlip } from './betslipFixture';

type Snapshot = SnapshotFrom<typeof betslipMachine>;
type Action = ReturnType<typeof transition<typeof betslipMachine>>[1][number];

const END = Date.parse('2030-05-04T10:00:00Z');

const slip = (sid = 'J14-1'): Betslip => threeMatchSlip(sid, END);

/** The event an invoked actor's result arrives as (not part of the machine's own event union). */
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error }) as never;

/** Applies events one after the other; returns the last snapshot and the actions of the last step. */
function steps(snapshot: Snapshot, ...events: BetslipEvent[]): [Snapshot, Action[]] {
  let result: [Snapshot, Action[]] = [snapshot, []];
  for (const event of events) result = transition(betslipMachine, result[0], event);
  return result;
}

/** Which actors a step would start, with their input. */
const spawned = (actions: Action[]) =>
  actions
    .filter((a) => a.type === 'xstate.spawnChild')
    .map((a) => {
      const p = a.params as { id: string; input?: unknown };
      return p.input === undefined ? { id: p.id } : { id: p.id, input: p.input };
    });

/** The host actions a step would run, with their params. */
const hostActions = (actions: Action[]) =>
  actions.filter((a) => !a.type.startsWith('xstate.')).map((a) => ({ type: a.type, params: a.params }));

/** A ready betslip with `stored` coming back from the picks storage. */
function ready(stored: unknown = null, seed = 7): Snapshot {
  const [start] = initialTransition(betslipMachine, { seed });
  const [restoring] = transition(betslipMachine, start, done('fetchBetslip', slip()));
  return transition(betslipMachine, restoring, done('loadPicks', stored))[0];
}

describe('loading', () => {
  it('starts by fetching, and nothing else', () => {
    const [snapshot, actions] = initialTransition(betslipMachine, { seed: 7 });
    expect(snapshot.value).toEqual({ loading: 'fetching' });
    expect(spawned(actions)).toEqual([{ id: 'fetchBetslip' }]);
    expect(hostActions(actions)).toEqual([]);
  });

  it('asks for the stored picks of the fetched betslip, then shows them with the ticker running', () => {
    const [start] = initialTransition(betslipMachine, { seed: 7 });
    const [restoring, asked] = transition(betslipMachine, start, done('fetchBetslip', slip()));
    expect(restoring.value).toEqual({ loading: 'restoring' });
    expect(spawned(asked)).toEqual([{ id: 'loadPicks', input: { sid: 'J14-1' } }]);
    const [shown, started] = transition(betslipMachine, restoring, done('loadPicks', ['1', '23', null]));
    expect(shown.value).toEqual({ ready: 'picking' });
    expect(shown.context.outcomes).toEqual(['1', '23', null]);
    expect(shown.context.endsAtMs).toBe(END);
    expect(spawned(started)).toEqual([{ id: 'ticker' }]);
  });

  it('ignores stored picks that do not fit the betslip', () => {
    expect(ready(['123', '123', '1']).context.outcomes).toEqual([null, null, null]);
    expect(ready('garbage').context.outcomes).toEqual([null, null, null]);
  });

  it('keeps the picks of a refetched same betslip; another betslip forgets the old one’s', () => {
    const [closed, closing] = steps(
      ready(),
      { type: 'TAP', index: 0, digit: '1' },
      { type: 'TICK', now: END },
    );
    expect(closed.value).toBe('closed');
    // The refetch is a delayed event the actor would raise 2 s later; here it is sent at once.
    const later = closing.find((a) => a.type === 'xstate.raise')?.params as {
      event: unknown;
      delay?: number;
    };
    expect(later.delay).toBe(REFETCH_MS);
    const [refetching] = transition(betslipMachine, closed, later.event as never);
    expect(refetching.value).toEqual({ loading: 'fetching' });
    const [same] = transition(betslipMachine, refetching, done('fetchBetslip', slip('J14-1')));
    expect(same.context.outcomes).toEqual(['1', null, null]);
    const [other, actions] = transition(betslipMachine, refetching, done('fetchBetslip', slip('J14-2')));
    expect(other.context.outcomes).toEqual([null, null, null]);
    expect(hostActions(actions)).toEqual([{ type: 'forgetPicks', params: { sid: 'J14-1' } }]);
  });

  it('with no betslip goes to empty and logs', () => {
    const [start] = initialTransition(betslipMachine, { seed: 7 });
    const [empty, actions] = transition(betslipMachine, start, failed('fetchBetslip', new Error('404')));
    expect(empty.value).toBe('empty');
    expect(hostActions(actions).map((a) => a.type)).toEqual(['logNoBetslip']);
  });
});

describe('picking', () => {
  it('a tap changes the picks and asks the host to save them', () => {
    const [next, actions] = steps(ready(), { type: 'TAP', index: 1, digit: '3' });
    expect(next.context.outcomes).toEqual([null, '3', null]);
    expect(hostActions(actions)).toEqual([
      { type: 'savePicks', params: { sid: 'J14-1', outcomes: [null, '3', null] } },
    ]);
  });

  it('quick pick is a function of the seed: the same snapshot gives the same picks, and the seed moves on', () => {
    const before = steps(ready(null, 99), { type: 'TAP', index: 0, digit: '2' })[0];
    const [a] = transition(betslipMachine, before, { type: 'QUICK_PICK' });
    const [b] = transition(betslipMachine, before, { type: 'QUICK_PICK' });
    expect(a.context.outcomes).toEqual(b.context.outcomes);
    expect(a.context.outcomes[0]).toBe('2');
    expect(a.context.outcomes.every((o) => o === '1' || o === '2' || o === '3')).toBe(true);
    expect(a.context.seed).not.toBe(before.context.seed);
  });

  it('the countdown closes the betslip at its end, on the ticked time', () => {
    const [open] = steps(ready(), { type: 'TICK', now: END - 1 });
    expect(open.matches('ready')).toBe(true);
    const [closed] = transition(betslipMachine, open, { type: 'TICK', now: END });
    expect(closed.value).toBe('closed');
  });
});

describe('submit', () => {
  it('with a missing pick shows the popover and schedules its close, sending nothing', () => {
    const [next, actions] = steps(ready(), { type: 'SUBMIT' });
    expect(next.context.popover).toEqual({ kind: 'incomplete' });
    expect(spawned(actions)).toEqual([]);
    expect(actions.find((a) => a.type === 'xstate.raise')?.params).toMatchObject({
      event: { type: 'POPOVER.CLOSE' },
      delay: POPOVER_MS,
    });
  });

  it('asks for a new key, then sends the body with it', () => {
    const [keying, first] = steps(ready(['1', '12', '3']), { type: 'SUBMIT' }, { type: 'CONFIRM' });
    expect(keying.value).toEqual({ ready: { submitting: 'keying' } });
    expect(spawned(first)).toEqual([{ id: 'newKey' }]);
    const [sending, second] = transition(betslipMachine, keying, done('newKey', 'key-1'));
    expect(sending.value).toEqual({ ready: { submitting: 'sending' } });
    expect(spawned(second)).toEqual([{ id: 'submit', input: SUBMIT_1_12_3 }]);
  });

  it('an accepted slip clears the picks, forgets them in storage and tells the host', () => {
    const [sending] = steps(ready(['1', '2', '3']), { type: 'SUBMIT' });
    const [withKey] = transition(betslipMachine, sending, done('newKey', 'key-1'));
    const result = { message: 'Accepted', messageKey: 'SUBMISSION.ACCEPTED' };
    const [submitted, actions] = transition(betslipMachine, withKey, done('submit', result));
    expect(submitted.value).toEqual({ ready: 'submitted' });
    expect(submitted.context.outcomes).toEqual([null, null, null]);
    expect(submitted.context.attempt).toBeNull();
    expect(hostActions(actions)).toEqual([
      { type: 'forgetPicks', params: { sid: 'J14-1' } },
      { type: 'onSubmitted', params: { result } },
    ]);
  });

  it('after no answer the same picks are sent again with the same key; after a short wallet the key stays; after a refusal a new key is made', () => {
    const [keying] = steps(ready(['1', '2', '3']), { type: 'SUBMIT' });
    const [sending] = transition(betslipMachine, keying, done('newKey', 'key-1'));
    const noAnswer = Object.assign(new Error('offline'), { status: 0, messageKey: 'ERRORS.NETWORK' });
    const [lost] = transition(betslipMachine, sending, failed('submit', noAnswer));
    expect(lost.value).toEqual({ ready: { failed: 'other' } });
    const [retry, retryActions] = transition(betslipMachine, lost, { type: 'SUBMIT' });
    expect(retry.value).toEqual({ ready: { submitting: 'sending' } });
    expect(spawned(retryActions)[0]).toMatchObject({ id: 'submit', input: { idempotencyKey: 'key-1' } });

    // Short of money: the key stays, so the slip paid after a top-up is the same request.
    const short = Object.assign(new Error('no'), { status: 402, messageKey: 'WALLET.INSUFFICIENT_FUNDS' });
    const [wanting] = transition(betslipMachine, retry, failed('submit', short));
    expect(wanting.value).toEqual({ ready: { failed: 'shortOfMoney' } });
    expect(wanting.context.error).toBe('WALLET.INSUFFICIENT_FUNDS');
    expect(wanting.context.attempt).toMatchObject({ key: 'key-1' });
    const [paying, payingActions] = transition(betslipMachine, wanting, { type: 'SUBMIT' });
    expect(spawned(payingActions)[0]).toMatchObject({ id: 'submit', input: { idempotencyKey: 'key-1' } });

    const refusal = Object.assign(new Error('no'), { status: 403, messageKey: 'PLAY.LIMIT_REACHED' });
    const [refused] = transition(betslipMachine, paying, failed('submit', refusal));
    expect(refused.value).toEqual({ ready: { failed: 'other' } });
    expect(refused.context.error).toBe('PLAY.LIMIT_REACHED');
    expect(refused.context.attempt).toBeNull();
    const [again, againActions] = transition(betslipMachine, refused, { type: 'SUBMIT' });
    expect(again.value).toEqual({ ready: { submitting: 'keying' } });
    expect(spawned(againActions)).toEqual([{ id: 'newKey' }]);
  });

  it('a snapshot is plain data: it survives JSON and steps on the same way', () => {
    const [keying] = steps(ready(['1', '2', '3']), { type: 'SUBMIT' });
    const [sending] = transition(betslipMachine, keying, done('newKey', 'key-1'));
    const persisted = betslipMachine.resolveState({
      value: sending.value,
      context: JSON.parse(JSON.stringify(sending.context)),
    });
    const [retry] = transition(betslipMachine, persisted, failed('submit', { status: 503 }));
    expect(retry.context.attempt).toEqual({ key: 'key-1', fingerprint: 'J14-1|1,2,3' });
  });
});
