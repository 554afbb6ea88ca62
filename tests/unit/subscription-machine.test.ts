// The subscription toggle (status first; subscribing always waits for ACCEPT on a confirmation that has the
// price, the period and any other subscriptions), with stub actors: which calls are made, in which order,
// and what status the flow ends with.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type SubscriptionOffer, subscriptionMachine } from '../../machines/subscription/subscriptionMachine';

const WEEKLY: SubscriptionOffer = { price: 5, period: 'week' };

interface Stubs {
  server: boolean;
  others?: string[];
  /** The toggle answers this status (defaults to what was asked). */
  toggleAnswer?: boolean;
  fail?: 'status' | 'others' | 'offer' | 'toggle';
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
      fetchOffer: fromPromise<SubscriptionOffer>(async () => {
        calls.push('offer');
        return stubs.fail === 'offer' ? refuse() : WEEKLY;
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
  it('asks to confirm with the price and period even with no other subscriptions, and toggles only after ACCEPT', async () => {
    const { actor, calls } = run(false, { server: false, others: [] });
    const confirming = await waitFor(actor, (s) => s.matches('confirming'));
    expect(confirming.context.offer).toEqual(WEEKLY);
    expect(confirming.context.others).toEqual([]);
    // Nothing is sent while the subscriber reads the price.
    await new Promise((r) => setTimeout(r, 10));
    expect(calls).toEqual(['status', 'others', 'offer']);
    actor.send({ type: 'ACCEPT' });
    expect(await finished(actor)).toEqual({ isSubscribed: true, error: null });
    expect(calls).toEqual(['status', 'others', 'offer', 'toggle:true']);
  });

  it('lists the other subscriptions with the offer and toggles only after ACCEPT', async () => {
    const { actor, calls } = run(false, { server: false, others: ['Daily Horoscope', 'Football News'] });
    const confirming = await waitFor(actor, (s) => s.matches('confirming'));
    expect(confirming.context.others).toEqual(['Daily Horoscope', 'Football News']);
    expect(confirming.context.offer).toEqual(WEEKLY);
    expect(calls).toEqual(['status', 'others', 'offer']);
    actor.send({ type: 'ACCEPT' });
    expect(await finished(actor)).toEqual({ isSubscribed: true, error: null });
    expect(calls).toEqual(['status', 'others', 'offer', 'toggle:true']);
  });

  it('Cancel closes the confirmation without toggling, with or without other subscriptions', async () => {
    for (const others of [[], ['Football News']]) {
      const { actor, calls } = run(false, { server: false, others });
      await waitFor(actor, (s) => s.matches('confirming'));
      actor.send({ type: 'CANCEL' });
      expect(await finished(actor)).toEqual({ isSubscribed: false, error: null });
      expect(calls).toEqual(['status', 'others', 'offer']);
    }
  });

  it('only syncs when the server already differs from what the client knew', async () => {
    const subscribedElsewhere = run(false, { server: true });
    expect(await finished(subscribedElsewhere.actor)).toEqual({ isSubscribed: true, error: null });
    expect(subscribedElsewhere.calls).toEqual(['status']);

    const endedElsewhere = run(true, { server: false });
    expect(await finished(endedElsewhere.actor)).toEqual({ isSubscribed: false, error: null });
    expect(endedElsewhere.calls).toEqual(['status']);
  });

  it('unsubscribes with the opposite state and no confirmation (the Unsubscribe dialog came first)', async () => {
    const { actor, calls } = run(true, { server: true, others: ['Football News'] });
    expect(await finished(actor)).toEqual({ isSubscribed: false, error: null });
    expect(calls).toEqual(['status', 'toggle:false']);
  });

  it("keeps the toggle's answer as the status, whatever was asked", async () => {
    const { actor } = run(false, { server: false, toggleAnswer: false });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'ACCEPT' });
    expect(await finished(actor)).toEqual({ isSubscribed: false, error: null });
  });

  it('a failed call ends the flow with its message key and the status unchanged', async () => {
    for (const fail of ['status', 'others', 'offer', 'toggle'] as const) {
      const { actor, calls } = run(false, { server: false, fail });
      if (fail === 'toggle') {
        await waitFor(actor, (s) => s.matches('confirming'));
        actor.send({ type: 'ACCEPT' });
      }
      expect(await finished(actor)).toEqual({ isSubscribed: false, error: 'ERRORS.NETWORK' });
      expect(calls.at(-1)).toBe(fail === 'toggle' ? 'toggle:true' : fail);
    }
  });

  it('never subscribes when the price cannot be had: no confirmation, no toggle', async () => {
    const { actor, calls } = run(false, { server: false, fail: 'offer' });
    const snap = await waitFor(actor, (s) => s.status === 'done');
    expect(snap.value).toBe('failed');
    expect(calls).not.toContain('toggle:true');
  });

  it('ignores ACCEPT before the confirmation is shown', () => {
    const snap = subscriptionMachine.resolveState({
      value: 'checkingStatus',
      context: {
        known: false,
        isSubscribed: false,
        others: [],
        offer: null,
        error: null,
      },
    });
    expect(snap.can({ type: 'ACCEPT' })).toBe(false);
  });
});
