// The betslip machine as a running actor on fake time, its side effects stubbed with `.provide()`:
// loading and the empty state, the countdown's end and the refetch 2 s later, submission flows, the
// popover's 2 s, quick pick, clear, stored picks, idempotency keys. Single pure steps are in
// betslip-transitions.test.ts.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  type Betslip,
  betslipMachine,
  clockTicker,
  NO_BETSLIP_LOG,
  POPOVER_MS,
  REFETCH_MS,
  type SubmitInput,
  type SubmitResult,
  TICK_MS,
} from '../../machines/betslip/betslipMachine';
import { seededQuickPick } from '../../machines/betslip/seededRandom';
import { SUBMIT_1_12_3, threeMatchSlip } from './betslipFixture';

const T0 = Date.parse('2030-05-01T10:00:00Z');
const SEED = 42;

const slip = (sid = 'J14-1', endsInMs = 3 * 86_400_000): Betslip => threeMatchSlip(sid, T0 + endsInMs);

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
  ) {
    super(messageKey);
  }
}

function start(
  opts: {
    fetch?: () => Promise<Betslip>;
    submit?: (input: SubmitInput) => Promise<SubmitResult>;
    stored?: Record<string, unknown>;
  } = {},
) {
  const fetchBetslip = vi.fn(opts.fetch ?? (async () => slip()));
  const submit = vi.fn(
    opts.submit ?? (async () => ({ message: 'Accepted', messageKey: 'SUBMISSION.ACCEPTED' })),
  );
  const onSubmitted = vi.fn();
  const store = new Map(Object.entries(opts.stored ?? {}));
  let n = 0;
  const actor = createActor(
    betslipMachine.provide({
      actors: {
        fetchBetslip: fromPromise(() => fetchBetslip()),
        loadPicks: fromPromise(async ({ input }) => store.get(`picks:${input.sid}`)),
        newKey: fromPromise<string>(async () => `key-${++n}`),
        submit: fromPromise(({ input }: { input: SubmitInput }) => submit(input)),
        ticker: clockTicker(() => Date.now() + 5000), // the server's clock runs 5 s ahead of the phone's
      },
      actions: {
        onSubmitted,
        savePicks: (_, { sid, outcomes }) => store.set(`picks:${sid}`, outcomes),
        forgetPicks: (_, { sid }) => store.delete(`picks:${sid}`),
      },
    }),
    { input: { seed: SEED } },
  );
  actor.start();
  return { actor, fetchBetslip, submit, onSubmitted, store, snap: () => actor.getSnapshot() };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('loading', () => {
  it('shows the betslip and restores stored picks for its sid', async () => {
    const m = start({ stored: { 'picks:J14-1': ['1', '23', null] } });
    expect(m.snap().matches('loading')).toBe(true);
    await flush();
    expect(m.snap().matches({ ready: 'picking' })).toBe(true);
    expect(m.snap().context.outcomes).toEqual(['1', '23', null]);
    expect(m.snap().context.now).toBe(T0 + 5000);
  });

  it('ignores stored picks that no longer fit the betslip', async () => {
    const m = start({ stored: { 'picks:J14-1': ['123', '123', '1'] } });
    await flush();
    expect(m.snap().context.outcomes).toEqual([null, null, null]);
  });

  it("logs 'No Current Betslip' and waits in 'empty' for a retry", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const m = start({
      fetch: async () => {
        if (fail) throw new Refusal(404, 'BETSLIP.NONE');
        return slip();
      },
    });
    await flush();
    expect(m.snap().matches('empty')).toBe(true);
    expect(log).toHaveBeenCalledWith(NO_BETSLIP_LOG, expect.anything());
    fail = false;
    m.actor.send({ type: 'RETRY' });
    await flush();
    expect(m.snap().matches('ready')).toBe(true);
  });
});

describe('countdown', () => {
  it('ticks every second on server time; at the end it stops and refetches 2 s later', async () => {
    // Ends 8 s after T0 on the server's clock, i.e. 3 s of phone time (the server is 5 s ahead).
    const m = start({ fetch: async () => slip('J14-1', 8000) });
    await flush();
    await vi.advanceTimersByTimeAsync(TICK_MS);
    expect(m.snap().context.now).toBe(T0 + 6000);
    await vi.advanceTimersByTimeAsync(2 * TICK_MS);
    expect(m.snap().matches('closed')).toBe(true);
    expect(m.fetchBetslip).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(REFETCH_MS - 1);
    expect(m.fetchBetslip).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(m.fetchBetslip).toHaveBeenCalledTimes(2);
  });
});

describe('picking', () => {
  it('taps within the limits, persists per sid, quick pick fills only empty matches, clear empties', async () => {
    const m = start();
    await flush();
    m.actor.send({ type: 'TAP', index: 0, digit: '1' });
    m.actor.send({ type: 'TAP', index: 0, digit: '3' });
    expect(m.snap().context.outcomes).toEqual(['13', null, null]);
    expect(m.store.get('picks:J14-1')).toEqual(['13', null, null]);
    m.actor.send({ type: 'QUICK_PICK' });
    const picked = m.snap().context.outcomes;
    expect(picked[0]).toBe('13');
    expect(picked.slice(1).every((o) => o === '1' || o === '2' || o === '3')).toBe(true);
    expect(picked).toEqual(seededQuickPick(['13', null, null], SEED).outcomes);
    expect(m.store.get('picks:J14-1')).toEqual(picked);
    m.actor.send({ type: 'CLEAR' });
    expect(m.snap().context.outcomes).toEqual([null, null, null]);
  });
});

describe('submit', () => {
  it('with a missing pick shows the popover for 2 s and sends nothing', async () => {
    const m = start();
    await flush();
    m.actor.send({ type: 'TAP', index: 0, digit: '1' });
    m.actor.send({ type: 'SUBMIT' });
    expect(m.snap().context.popover).toEqual({ kind: 'incomplete' });
    await vi.advanceTimersByTimeAsync(POPOVER_MS - 1);
    expect(m.snap().context.popover).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(m.snap().context.popover).toBeNull();
    expect(m.submit).not.toHaveBeenCalled();
  });

  it('a second popover gets its own full 2 s', async () => {
    const m = start();
    await flush();
    m.actor.send({ type: 'SUBMIT' });
    await vi.advanceTimersByTimeAsync(1500);
    m.actor.send({ type: 'SUBMIT' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(m.snap().context.popover).not.toBeNull();
    await vi.advanceTimersByTimeAsync(500);
    expect(m.snap().context.popover).toBeNull();
  });

  it('sends the exact payload, then clears picks and price, shows the message for 2 s, calls onSubmitted', async () => {
    let answer: (r: SubmitResult) => void = () => undefined;
    const m = start({ submit: () => new Promise((resolve) => (answer = resolve)) });
    await flush();
    for (const [index, digit] of [
      [0, '1'],
      [1, '1'],
      [1, '2'],
      [2, '3'],
    ] as const)
      m.actor.send({ type: 'TAP', index, digit });
    m.actor.send({ type: 'TOGGLE_PANEL' });
    m.actor.send({ type: 'SUBMIT' });
    expect(m.snap().hasTag('confirm')).toBe(true); // M 4.00 is above the default M 2.00
    m.actor.send({ type: 'CONFIRM' });
    expect(m.snap().matches({ ready: 'submitting' })).toBe(true);
    await flush(); // the key first, then the request
    m.actor.send({ type: 'TAP', index: 0, digit: '2' }); // ignored while the request runs
    expect(m.submit).toHaveBeenCalledWith(SUBMIT_1_12_3);
    answer({ message: 'Accepted', messageKey: 'SUBMISSION.ACCEPTED' });
    await flush();
    const c = m.snap().context;
    expect(m.snap().matches({ ready: 'submitted' })).toBe(true);
    expect(c.outcomes).toEqual([null, null, null]);
    expect(c.panelOpen).toBe(false);
    expect(c.popover).toEqual({ kind: 'submitted', message: 'Accepted', messageKey: 'SUBMISSION.ACCEPTED' });
    expect(m.store.has('picks:J14-1')).toBe(false);
    expect(m.onSubmitted).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POPOVER_MS);
    expect(m.snap().context.popover).toBeNull();
    expect(m.snap().matches({ ready: 'picking' })).toBe(true);
  });

  it('keeps the key for a retry after no answer or a short wallet, takes a new one after a refusal', async () => {
    const failures = [
      new Refusal(0, 'ERRORS.NETWORK'),
      new Refusal(402, 'WALLET.INSUFFICIENT_FUNDS'),
      new Refusal(403, 'PLAY.LIMIT_REACHED'),
    ];
    const m = start({
      submit: async () => {
        const f = failures.shift();
        if (f) throw f;
        return { message: 'ok' };
      },
    });
    await flush();
    m.actor.send({ type: 'QUICK_PICK' });
    const picked = m.snap().context.outcomes;
    m.actor.send({ type: 'SUBMIT' });
    await flush();
    expect(m.snap().matches({ ready: 'failed' })).toBe(true);
    expect(m.snap().context.error).toBe('ERRORS.NETWORK');
    expect(m.snap().context.outcomes).toEqual(picked);
    m.actor.send({ type: 'SUBMIT' });
    await flush();
    expect(m.snap().context.error).toBe('WALLET.INSUFFICIENT_FUNDS');
    // Top up and play: the same slip is paid with the same key once the money is in.
    m.actor.send({ type: 'SUBMIT' });
    await flush();
    expect(m.snap().context.error).toBe('PLAY.LIMIT_REACHED');
    m.actor.send({ type: 'SUBMIT' });
    await flush();
    expect(m.submit.mock.calls.map(([i]) => i.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-1', 'key-2']);
    expect(m.snap().matches({ ready: 'submitted' })).toBe(true);
    expect(m.snap().context.error).toBeNull();
  });

  it('a closed betslip refusal refetches the current betslip after 2 s', async () => {
    const m = start({
      submit: async () => {
        throw new Refusal(409, 'BETSLIP.CLOSED');
      },
    });
    await flush();
    m.actor.send({ type: 'QUICK_PICK' });
    m.actor.send({ type: 'SUBMIT' });
    await flush();
    expect(m.snap().matches('closed')).toBe(true);
    expect(m.snap().context.error).toBe('BETSLIP.CLOSED');
    await vi.advanceTimersByTimeAsync(REFETCH_MS);
    expect(m.fetchBetslip).toHaveBeenCalledTimes(2);
  });
});
