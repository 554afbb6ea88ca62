// Clear play, one pure step at a time and in the rules: a slip above the default price is confirmed once
// (with its price explained), a tap that swaps a pick because of a limit is said, an incomplete submit
// marks the missing matches, and another round replacing the shown one is said with what became of
// the picks. Fixture: 3 matches, at most 2 multi-pick matches and 1 triple, M 2 × 2 per double × 3 per triple.
import { describe, expect, it } from 'vitest';
import { initialTransition, type SnapshotFrom, transition } from 'xstate';
import {
  type Betslip,
  type BetslipEvent,
  betslipMachine,
  NOTICE_MS,
  POPOVER_MS,
  REFETCH_MS,
} from '../../machines/betslip/betslipMachine';
import { costsMoreThanDefault, tapReplacement } from '../../machines/rules/betslip';
import { formatFactor, priceParts } from '../../machines/rules/priceParts';
import { threeMatchSlip } from './betslipFixture';

type Snapshot = SnapshotFrom<typeof betslipMachine>;
type Action = ReturnType<typeof transition<typeof betslipMachine>>[1][number];

const END = Date.parse('2030-05-04T10:00:00Z');
const slip = (sid = 'J14-1'): Betslip => threeMatchSlip(sid, END);
const PARAMS = slip().betslipParams;
const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never;

function steps(snapshot: Snapshot, ...events: BetslipEvent[]): [Snapshot, Action[]] {
  let result: [Snapshot, Action[]] = [snapshot, []];
  for (const event of events) result = transition(betslipMachine, result[0], event);
  return result;
}

function ready(stored: unknown = null): Snapshot {
  const [start] = initialTransition(betslipMachine, { seed: 7 });
  const [restoring] = transition(betslipMachine, start, done('fetchBetslip', slip()));
  return transition(betslipMachine, restoring, done('loadPicks', stored))[0];
}

const spawnedIds = (actions: Action[]) =>
  actions.filter((a) => a.type === 'xstate.spawnChild').map((a) => (a.params as { id: string }).id);
const delays = (actions: Action[]) =>
  actions.filter((a) => a.type === 'xstate.raise').map((a) => (a.params as { delay?: number }).delay);

describe('price rules', () => {
  it('a slip costs more than the default only with doubles or triples', () => {
    expect(costsMoreThanDefault(PARAMS, ['1', '2', '3'])).toBe(false);
    expect(costsMoreThanDefault(PARAMS, ['1', '12', '3'])).toBe(true);
    // A fee of 1 makes a double cost nothing more: no confirmation.
    expect(costsMoreThanDefault({ ...PARAMS, feePerSecond: 1 }, ['1', '12', '3'])).toBe(false);
  });

  it('explains the price in the order the rules multiply it', () => {
    expect(priceParts(PARAMS, ['12', '123', '3'])).toEqual({
      baseCents: 200,
      doubles: 1,
      feePerSecond: 2,
      doublesFactor: 2,
      triples: 1,
      feePerThird: 3,
      triplesFactor: 3,
      totalCents: 1200,
    });
    const six = { ...PARAMS, multipleChance: 6, thirdChance: 3 };
    const parts = priceParts(six, ['12', '13', '23', '123', '123', '123']);
    expect(parts.baseCents * parts.doublesFactor * parts.triplesFactor).toBe(parts.totalCents);
    expect(parts.totalCents).toBe(200 * 8 * 27);
    expect(formatFactor(1.1 ** 2)).toBe('1.21');
    expect(formatFactor(8)).toBe('8');
  });

  it('names the pick a tap replaced and the limit that made it', () => {
    // Two multi-pick matches already: a third match cannot take a second pick.
    expect(tapReplacement(['12', '13', '1'], 2, '2', PARAMS)).toEqual({
      index: 2,
      removed: '1',
      added: '2',
      limit: 'doubles',
    });
    // One triple already: a double cannot become a triple.
    expect(tapReplacement(['123', '13', null], 1, '2', PARAMS)).toEqual({
      index: 1,
      removed: '3',
      added: '2',
      limit: 'triples',
    });
    // Adding, removing and a first pick replace nothing.
    expect(tapReplacement(['1', null, null], 0, '2', PARAMS)).toBeNull();
    expect(tapReplacement(['12', '13', '1'], 0, '1', PARAMS)).toBeNull();
    expect(tapReplacement(['12', '13', null], 2, '1', PARAMS)).toBeNull();
  });
});

describe('confirming the price', () => {
  it('above the default price, submit asks first: nothing is keyed or sent until CONFIRM', () => {
    const [asking, actions] = steps(ready(['1', '12', '3']), { type: 'SUBMIT' });
    expect(asking.value).toEqual({ ready: 'confirming' });
    expect(spawnedIds(actions)).toEqual([]);
    // Another SUBMIT (a double tap) does not ask twice.
    const [still, none] = transition(betslipMachine, asking, { type: 'SUBMIT' });
    expect(still.value).toEqual({ ready: 'confirming' });
    expect(spawnedIds(none)).toEqual([]);
    const [keying, started] = transition(betslipMachine, asking, { type: 'CONFIRM' });
    expect(keying.value).toEqual({ ready: { submitting: 'keying' } });
    expect(spawnedIds(started)).toEqual(['newKey']);
  });

  it('Cancel goes back to picking with the picks kept', () => {
    const [back, actions] = steps(ready(['1', '12', '3']), { type: 'SUBMIT' }, { type: 'CANCEL' });
    expect(back.value).toEqual({ ready: 'picking' });
    expect(back.context.outcomes).toEqual(['1', '12', '3']);
    expect(spawnedIds(actions)).toEqual([]);
  });

  it('at the default price, submit sends at once', () => {
    const [keying] = steps(ready(['1', '2', '3']), { type: 'SUBMIT' });
    expect(keying.value).toEqual({ ready: { submitting: 'keying' } });
  });

  it('a retry of the same confirmed picks after no answer is not asked again', () => {
    const [sending] = steps(ready(['1', '12', '3']), { type: 'SUBMIT' }, { type: 'CONFIRM' });
    const [withKey] = transition(betslipMachine, sending, done('newKey', 'key-1'));
    const noAnswer = Object.assign(new Error('offline'), { status: 0, messageKey: 'ERRORS.NETWORK' });
    const [lost] = transition(betslipMachine, withKey, {
      type: 'xstate.error.actor.submit',
      error: noAnswer,
    } as never);
    expect(lost.value).toEqual({ ready: { failed: 'other' } });
    const [again] = transition(betslipMachine, lost, { type: 'SUBMIT' });
    expect(again.value).toEqual({ ready: { submitting: 'sending' } });
  });

  it('the countdown ending while asking closes the betslip', () => {
    const [asking] = steps(ready(['1', '12', '3']), { type: 'SUBMIT' });
    const [closed] = transition(betslipMachine, asking, { type: 'TICK', now: END });
    expect(closed.value).toBe('closed');
  });
});

describe('a pick replaced by a limit', () => {
  it('is said in the popover, which stays longer than the others', () => {
    const [next, actions] = steps(ready(['12', '13', '1']), { type: 'TAP', index: 2, digit: '3' });
    expect(next.context.outcomes).toEqual(['12', '13', '3']);
    expect(next.context.popover).toEqual({
      kind: 'replaced',
      index: 2,
      removed: '1',
      added: '3',
      limit: 'doubles',
    });
    expect(delays(actions)).toEqual([NOTICE_MS]);
    expect(NOTICE_MS).toBeGreaterThan(POPOVER_MS);
  });

  it('an ordinary tap says nothing', () => {
    const [next, actions] = steps(ready(['12', null, '1']), { type: 'TAP', index: 2, digit: '3' });
    expect(next.context.outcomes).toEqual(['12', null, '13']);
    expect(next.context.popover).toBeNull();
    expect(delays(actions)).toEqual([]);
  });
});

describe('missing matches', () => {
  it('an incomplete submit marks them (counting each time), until the slip is cleared', () => {
    const [once] = steps(ready(['1', null, null]), { type: 'SUBMIT' });
    expect(once.context.missingMarked).toBe(1);
    const [twice] = steps(once, { type: 'TAP', index: 1, digit: '2' }, { type: 'SUBMIT' });
    expect(twice.context.missingMarked).toBe(2);
    const [cleared] = transition(betslipMachine, twice, { type: 'CLEAR' });
    expect(cleared.context.missingMarked).toBe(0);
  });

  it('a sent slip drops the marks', () => {
    const [marked] = steps(
      ready(['1', null, '3']),
      { type: 'SUBMIT' },
      { type: 'TAP', index: 1, digit: '2' },
    );
    expect(marked.context.missingMarked).toBe(1);
    const [sending] = steps(marked, { type: 'SUBMIT' });
    const [withKey] = transition(betslipMachine, sending, done('newKey', 'k'));
    const [sent] = transition(betslipMachine, withKey, done('submit', { message: 'ok' }));
    expect(sent.context.missingMarked).toBe(0);
  });
});

describe('the round changing', () => {
  function refetch(from: Snapshot): Snapshot {
    const [closed, closing] = steps(from, { type: 'TICK', now: END });
    const later = closing.find((a) => a.type === 'xstate.raise')?.params as {
      event: unknown;
      delay?: number;
    };
    expect(later.delay).toBe(REFETCH_MS);
    return transition(betslipMachine, closed, later.event as never)[0];
  }

  it('another round says which closed and which is open, and that unsent picks were cleared', () => {
    const fetching = refetch(steps(ready(), { type: 'TAP', index: 0, digit: '1' })[0]);
    const [other] = transition(betslipMachine, fetching, done('fetchBetslip', slip('J14-2')));
    expect(other.context.roundChange).toEqual({ closedSid: 'J14-1', openedSid: 'J14-2', picksCleared: true });
    expect(other.context.outcomes).toEqual([null, null, null]);
    const [dismissed] = transition(betslipMachine, other, { type: 'DISMISS_ROUND_CHANGE' });
    expect(dismissed.context.roundChange).toBeNull();
  });

  it('without picks there was nothing to clear; the same round refetched says nothing', () => {
    const fetching = refetch(ready());
    const [other] = transition(betslipMachine, fetching, done('fetchBetslip', slip('J14-2')));
    expect(other.context.roundChange).toEqual({
      closedSid: 'J14-1',
      openedSid: 'J14-2',
      picksCleared: false,
    });
    const [same] = transition(betslipMachine, fetching, done('fetchBetslip', slip('J14-1')));
    expect(same.context.roundChange).toBeNull();
  });

  it('the first betslip of a visit is no change', () => {
    expect(ready().context.roundChange).toBeNull();
  });
});

describe('the picks of the last accepted slip', () => {
  it('are kept after an acceptance for the standing offer, until dismissed', () => {
    const [sending] = steps(ready(['1', '2', '3']), { type: 'SUBMIT' });
    const [withKey] = transition(betslipMachine, sending, done('newKey', 'k'));
    const [sent] = transition(
      betslipMachine,
      withKey,
      done('submit', { message: 'ok', messageKey: 'SUBMISSION.ACCEPTED' }),
    );
    expect(sent.context.lastSent).toEqual({
      sid: 'J14-1',
      dtos: [
        { betSlipPosition: 0, prediction: 1 },
        { betSlipPosition: 1, prediction: 2 },
        { betSlipPosition: 2, prediction: 3 },
      ],
      messageKey: 'SUBMISSION.ACCEPTED',
    });
    const [dismissed] = transition(betslipMachine, sent, { type: 'DISMISS_LAST_SENT' });
    expect(dismissed.context.lastSent).toBeNull();
  });
});
