// The past-betslips machine: RETRY starts over (the list goes while it loads), REFRESH looks again
// keeping the list, and a refresh that fails keeps it rather than showing an error.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PastBetslip } from '../../machines/rules/results';
import { resultsMachine } from '../../src/screens/results/resultsMachine';

const slip = (sid: string) => ({ sid }) as PastBetslip;

function start(answers: Array<PastBetslip[] | Error>) {
  const actor = createActor(
    resultsMachine.provide({
      actors: {
        fetchSlips: fromPromise(async () => {
          const next = answers.shift();
          if (next instanceof Error || next === undefined) throw next ?? new Error('no answer');
          return next;
        }),
      },
    }),
  ).start();
  return actor;
}

describe('results machine', () => {
  it('refreshes in place: the list stays while it looks, then is replaced', async () => {
    const actor = start([[slip('a')], [slip('a'), slip('b')]]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().context.slips).toHaveLength(1);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.slips).toHaveLength(2);
  });

  it('keeps the list and shows no error when a refresh fails', async () => {
    const actor = start([[slip('a')], Object.assign(new Error('offline'), { messageKey: 'ERRORS.NETWORK' })]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ slips: [slip('a')], error: null });
  });

  it('from a failure, a refresh loads again like a retry', async () => {
    const actor = start([Object.assign(new Error('offline'), { messageKey: 'ERRORS.NETWORK' }), [slip('a')]]);
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('ERRORS.NETWORK');
    actor.send({ type: 'REFRESH' });
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toEqual({ slips: [slip('a')], error: null });
  });
});
