// The Subscribe control's machine: one flow at a time, loaded on demand, run as the child 'flow'; its
// end becomes an outcome and a stored status. The flow here is the real subscription machine with stub
// API actors; the loader is a stub that may fail or be held open.
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, initialTransition, transition, waitFor } from 'xstate';
import { outcomeOf, subscriptionFlowsMachine } from '../../machines/subscription/subscriptionFlowsMachine';
import { type SubscriptionOffer, subscriptionMachine } from '../../machines/subscription/subscriptionMachine';

const WEEKLY: SubscriptionOffer = { price: 5, period: 'week' };

const flowLogic = (server: boolean, others: string[] = []) =>
  subscriptionMachine.provide({
    actors: {
      fetchStatus: fromPromise(async () => server),
      fetchOthers: fromPromise(async () => others),
      fetchOffer: fromPromise<SubscriptionOffer>(async () => WEEKLY),
      toggle: fromPromise(async ({ input }: { input: { enableSubscription: boolean } }) => ({
        isSubscribed: input.enableSubscription,
      })),
    },
  });

function start(load: () => Promise<ReturnType<typeof flowLogic>>) {
  const loads = vi.fn(load);
  const stored: boolean[] = [];
  const actor = createActor(
    subscriptionFlowsMachine.provide({
      actors: { loadFlow: fromPromise(() => loads()) },
      actions: { storeStatus: (_, { isSubscribed }) => stored.push(isSubscribed) },
    }),
  );
  actor.start();
  return { actor, loads, stored };
}

describe('subscription flows machine', () => {
  it('runs one flow per click and keeps how it ended', async () => {
    const { actor, stored } = start(async () => flowLogic(false));
    actor.send({ type: 'TOGGLE', isSubscribed: false });
    const flow = (await waitFor(actor, (s) => s.matches('running'))).context.flow!;
    await waitFor(flow, (s) => s.matches('confirming'));
    flow.send({ type: 'ACCEPT' });
    const after = await waitFor(actor, (s) => s.matches('idle') && s.context.outcome !== null);
    expect(after.context.outcome).toEqual({ kind: 'subscribed', id: 1 });
    expect(after.context.flow).toBeNull();
    expect(stored).toEqual([true]);
  });

  it('shows the running flow for its confirmation, and ignores clicks while it runs', async () => {
    const { actor, loads } = start(async () => flowLogic(false, ['Football News']));
    actor.send({ type: 'TOGGLE', isSubscribed: false });
    actor.send({ type: 'TOGGLE', isSubscribed: false });
    const flow = (await waitFor(actor, (s) => s.matches('running'))).context.flow!;
    await waitFor(flow, (s) => s.matches('confirming'));
    actor.send({ type: 'TOGGLE', isSubscribed: false });
    expect(loads).toHaveBeenCalledTimes(1);
    flow.send({ type: 'CANCEL' });
    const after = await waitFor(actor, (s) => s.matches('idle'));
    expect(after.context.outcome).toBeNull(); // a cancel changes nothing worth a toast
  });

  it('a flow whose code cannot be loaded fails as no network, and the next click tries again', async () => {
    let fail = true;
    const { actor, loads } = start(async () => {
      if (fail) throw new Error('chunk failed');
      return flowLogic(true);
    });
    actor.send({ type: 'TOGGLE', isSubscribed: false });
    const failed = await waitFor(actor, (s) => s.matches('idle') && s.context.outcome !== null);
    expect(failed.context.outcome).toEqual({ kind: 'failed', messageKey: 'ERRORS.NETWORK', id: 1 });
    fail = false;
    actor.send({ type: 'TOGGLE', isSubscribed: false });
    expect(actor.getSnapshot().context.outcome).toBeNull();
    const synced = await waitFor(actor, (s) => s.matches('idle') && s.context.outcome !== null);
    expect(synced.context.outcome).toEqual({ kind: 'subscribed', id: 2 });
    expect(loads).toHaveBeenCalledTimes(2);
  });

  it('stopping it stops a running flow: nothing is sent after the view has gone', async () => {
    const toggle = vi.fn(async () => ({ isSubscribed: true }));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { actor } = start(async () =>
      subscriptionMachine.provide({
        actors: {
          fetchStatus: fromPromise(async () => {
            await held;
            return false;
          }),
          fetchOthers: fromPromise<string[]>(async () => []),
          fetchOffer: fromPromise<SubscriptionOffer>(async () => WEEKLY),
          toggle: fromPromise(toggle),
        },
      }),
    );
    actor.send({ type: 'TOGGLE', isSubscribed: false });
    await waitFor(actor, (s) => s.matches('running'));
    actor.stop();
    release();
    await new Promise((r) => setTimeout(r, 0));
    expect(toggle).not.toHaveBeenCalled();
  });

  it('clears the outcome when asked, in any state', () => {
    const [idle] = initialTransition(subscriptionFlowsMachine);
    const withOutcome = subscriptionFlowsMachine.resolveState({
      value: 'idle',
      context: { ...idle.context, outcome: { kind: 'subscribed', id: 1 }, outcomes: 1 },
    });
    const [cleared] = transition(subscriptionFlowsMachine, withOutcome, { type: 'CLEAR_OUTCOME' });
    expect(cleared.context.outcome).toBeNull();
  });
});

describe('outcomeOf', () => {
  it('tells failures and changes, and nothing after a cancel or a sync to the same status', () => {
    expect(outcomeOf(false, { isSubscribed: false, error: 'ERRORS.NETWORK' }, 3)).toEqual({
      kind: 'failed',
      messageKey: 'ERRORS.NETWORK',
      id: 3,
    });
    expect(outcomeOf(false, { isSubscribed: true, error: null }, 3)).toEqual({ kind: 'subscribed', id: 3 });
    expect(outcomeOf(true, { isSubscribed: false, error: null }, 3)).toEqual({ kind: 'unsubscribed', id: 3 });
    expect(outcomeOf(false, { isSubscribed: false, error: null }, 3)).toBeNull();
  });
});
