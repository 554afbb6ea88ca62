// The subscription toggle (status first, the warning when there are other subscriptions), with stub actors:
// which calls are made, in which order, and what status the flow ends with.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { subscriptionMachine } from '../../machines/subscription/subscriptionMachine';

interface Stubs {
  server: boolean;
  others?: string[];
  /** The toggle answers this status (defaults to what was asked). */
  toggleAnswer?: boolean;
  fail?: 'status' | 'others' | 'toggle';
}

function run(known: boolean, stubs: Stubs) {
  const calls: string[] = [];
  const refuse = () => Promise.reject(Object.assign(new Error('no'), { messageKey: 'ERRORS.NETWORK' }));
  const machine = subscriptionMachine.provide({
    actors: {
      fetchStatus: fromPromise(async () => {
        calls.push('status');
        return stubs.fail === 'status' ? refuse() : stubs.server;
      }),
      fetchOthers: fromPromise(async () => {
        calls.push('others');
        return stubs.fail === 'others' ? refuse() : (stubs.others ?? []);
      }),
      toggle: fromPromise(async ({ input }: { input: { enableSubscription: boolean } }) => {
        calls.push(`toggle:${input.enableSubscription}`);
        if (stubs.fail === 'toggle') return refuse();
        return { isSubscribed: stubs.toggleAnswer ?? input.enableSubscription };
      }),
    },
  });
  const actor = createActor(machine, { input: { isSubscribed: known } });
  actor.start();
  return { actor, calls };
}

const finished = async (actor: ReturnType<typeof run>['actor']) => {
  const snap = await waitFor(actor, (s) => s.status === 'done');
  return snap.output;
};

describe('subscription machine', () => {
  it('subscribes at once when there are no other subscriptions', async () => {
    const { actor, calls } = run(false, { server: false, others: [] });
    expect(await finished(actor)).toEqual({ isSubscribed: true, error: null });
    expect(calls).toEqual(['status', 'others', 'toggle:true']);
  });

  it('shows the warning when there are other subscriptions and toggles only after ACCEPT', async () => {
    const { actor, calls } = run(false, { server: false, others: ['Daily Horoscope', 'Football News'] });
    const warning = await waitFor(actor, (s) => s.matches('warning'));
    expect(warning.context.others).toEqual(['Daily Horoscope', 'Football News']);
    expect(calls).toEqual(['status', 'others']);
    actor.send({ type: 'ACCEPT' });
    expect(await finished(actor)).toEqual({ isSubscribed: true, error: null });
    expect(calls).toEqual(['status', 'others', 'toggle:true']);
  });

  it('Cancel closes the warning without toggling', async () => {
    const { actor, calls } = run(false, { server: false, others: ['Football News'] });
    await waitFor(actor, (s) => s.matches('warning'));
    actor.send({ type: 'CANCEL' });
    expect(await finished(actor)).toEqual({ isSubscribed: false, error: null });
    expect(calls).toEqual(['status', 'others']);
  });

  it('only syncs when the server already differs from what the client knew', async () => {
    const subscribedElsewhere = run(false, { server: true });
    expect(await finished(subscribedElsewhere.actor)).toEqual({ isSubscribed: true, error: null });
    expect(subscribedElsewhere.calls).toEqual(['status']);

    const endedElsewhere = run(true, { server: false });
    expect(await finished(endedElsewhere.actor)).toEqual({ isSubscribed: false, error: null });
    expect(endedElsewhere.calls).toEqual(['status']);
  });

  it('unsubscribes with the opposite state and no warning', async () => {
    const { actor, calls } = run(true, { server: true, others: ['Football News'] });
    expect(await finished(actor)).toEqual({ isSubscribed: false, error: null });
    expect(calls).toEqual(['status', 'toggle:false']);
  });

  it("keeps the toggle's answer as the status, whatever was asked", async () => {
    const { actor } = run(false, { server: false, toggleAnswer: false });
    expect(await finished(actor)).toEqual({ isSubscribed: false, error: null });
  });

  it('a failed call ends the flow with its message key and the status unchanged', async () => {
    for (const fail of ['status', 'others', 'toggle'] as const) {
      const { actor, calls } = run(false, { server: false, fail });
      expect(await finished(actor)).toEqual({ isSubscribed: false, error: 'ERRORS.NETWORK' });
      expect(calls.at(-1)).toBe(fail === 'toggle' ? 'toggle:true' : fail);
    }
  });

  it('ignores ACCEPT before the warning is shown', () => {
    const snap = subscriptionMachine.resolveState({
      value: 'checkingStatus',
      context: {
        known: false,
        isSubscribed: false,
        others: [],
        error: null,
      },
    });
    expect(snap.can({ type: 'ACCEPT' })).toBe(false);
  });
});
