// Choosing a reduced system in the betslip machine, one pure step at a time (`transition`): only a system
// the picks fit is kept, any change of picks that stops fitting drops it, and the submission carries its
// id and its price (machines/rules/reducedSystems.ts), never the full system's.
import { describe, expect, it } from 'vitest';
import { initialTransition, type SnapshotFrom, transition } from 'xstate';
import { type Betslip, type BetslipEvent, betslipMachine } from '../../machines/betslip/betslipMachine';
import { fingerprint, slipPriceCents, submissionBody } from '../../machines/betslip/helpers';
import { type ReducedSystem, reducedSystem } from '../../machines/rules/reducedSystems';

const R_0_6_12 = reducedSystem('R-0-6-12')!;
const R_3_3_24 = reducedSystem('R-3-3-24')!;
/** What the machine keeps of a system: plain data, never its table. */
const shape = ({ id, triples, doubles, rows }: ReducedSystem) => ({ id, triples, doubles, rows });

type Snapshot = SnapshotFrom<typeof betslipMachine>;
type Action = ReturnType<typeof transition<typeof betslipMachine>>[1][number];

const PARAMS = { defaultBetslipPrice: 2, thirdChance: 3, multipleChance: 6, feePerSecond: 2, feePerThird: 3 };

/** A 14-match betslip with the demo round's limits (3 triples, 6 multiples). */
const slip: Betslip = {
  sid: 'J14-7',
  endDate: '2030-05-04 12:00',
  endsAt: '2030-05-04T10:00:00Z',
  betslipParams: PARAMS,
  matches: Array.from({ length: 14 }, (_, i) => ({
    betslipPosotion: i + 1,
    tournament: 'Premier League',
    startDate: '2030-05-02 15:00',
    homeTeam: `Home ${i}`,
    awayTeam: `Away ${i}`,
    homeTeamLogo: '/logos/arsenal.svg',
    awayTeamLogo: '/logos/chelsea.svg',
  })),
};

/** Six doubles then eight singles: fits R-0-6-12 (full system: 64 rows, M 128). */
const SIX_DOUBLES = [...Array(6).fill('12'), ...Array(8).fill('1')];
/** Three triples, three doubles, eight singles: fits R-3-3-24. */
const THREE_THREE = [...Array(3).fill('123'), ...Array(3).fill('13'), ...Array(8).fill('2')];

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output }) as never;

function steps(snapshot: Snapshot, ...events: BetslipEvent[]): [Snapshot, Action[]] {
  let result: [Snapshot, Action[]] = [snapshot, []];
  for (const event of events) result = transition(betslipMachine, result[0], event);
  return result;
}

function ready(stored: unknown): Snapshot {
  const [start] = initialTransition(betslipMachine, { seed: 7 });
  const [restoring] = transition(betslipMachine, start, done('fetchBetslip', slip));
  return transition(betslipMachine, restoring, done('loadPicks', stored))[0];
}

const sendingInput = (actions: Action[]) =>
  actions
    .filter((a) => a.type === 'xstate.spawnChild')
    .map((a) => a.params as { id: string; input?: unknown })
    .find((p) => p.id === 'submit')?.input;

describe('choosing a reduced system', () => {
  it('starts on the full system and keeps a system the picks fit', () => {
    const s = ready(SIX_DOUBLES);
    expect(s.context.system).toBeNull();
    const [chosen] = steps(s, { type: 'CHOOSE_SYSTEM', system: R_0_6_12 });
    expect(chosen.context.system).toEqual(shape(R_0_6_12));
    expect(steps(chosen, { type: 'CHOOSE_SYSTEM', system: null })[0].context.system).toBeNull();
  });

  it('refuses a system the picks do not fit', () => {
    const s = ready(SIX_DOUBLES);
    expect(steps(s, { type: 'CHOOSE_SYSTEM', system: R_3_3_24 })[0].context.system).toBeNull();
    expect(
      steps(s, { type: 'CHOOSE_SYSTEM', system: { id: 'R-1-0-2', triples: 1, doubles: 0, rows: 2 } })[0]
        .context.system,
    ).toBeNull();
  });

  it('drops the choice when a tap, quick pick or clear makes the picks stop fitting', () => {
    const [chosen] = steps(ready(SIX_DOUBLES), { type: 'CHOOSE_SYSTEM', system: R_0_6_12 });
    // Another sign on a single would be a seventh multiple: the limit swaps the pick, and it still fits.
    const [singleChanged] = steps(chosen, { type: 'TAP', index: 13, digit: '3' });
    expect(singleChanged.context.outcomes[13]).toBe('3');
    expect(singleChanged.context.system).toEqual(shape(R_0_6_12));
    // A double back to a single: five doubles no longer fit.
    const [fewer] = steps(chosen, { type: 'TAP', index: 0, digit: '2' });
    expect(fewer.context.outcomes[0]).toBe('1');
    expect(fewer.context.system).toBeNull();
    expect(steps(chosen, { type: 'CLEAR' })[0].context.system).toBeNull();
    expect(steps(chosen, { type: 'QUICK_PICK' })[0].context.system).toEqual(shape(R_0_6_12)); // complete already
  });

  it('prices the slip by the system, confirms it and sends its id with that price', () => {
    const [chosen] = steps(ready(THREE_THREE), { type: 'CHOOSE_SYSTEM', system: R_3_3_24 });
    expect(slipPriceCents(PARAMS, chosen.context.outcomes, R_3_3_24)).toBe(4800); // M 2 × 24 rows
    expect(slipPriceCents(PARAMS, chosen.context.outcomes, null)).toBe(43200); // M 2 × 216 rows
    const [confirming] = steps(chosen, { type: 'SUBMIT' });
    expect(confirming.hasTag('confirm')).toBe(true);
    const [keying] = steps(confirming, { type: 'CONFIRM' });
    const [, actions] = transition(betslipMachine, keying, done('newKey', 'key-9'));
    expect(sendingInput(actions)).toEqual({
      ...submissionBody(slip, THREE_THREE),
      betSlipCost: 48,
      systemId: 'R-3-3-24',
      idempotencyKey: 'key-9',
    });
  });

  it('a full slip sends no systemId; the same picks under another system are another attempt', () => {
    expect(submissionBody(slip, SIX_DOUBLES)).not.toHaveProperty('systemId');
    expect(submissionBody(slip, SIX_DOUBLES, R_3_3_24)).not.toHaveProperty('systemId'); // does not fit
    expect(fingerprint(slip, SIX_DOUBLES, R_0_6_12)).not.toBe(fingerprint(slip, SIX_DOUBLES));
  });

  it('after a system slip is accepted the choice is gone and no standing picks are offered', () => {
    const [chosen] = steps(ready(SIX_DOUBLES), { type: 'CHOOSE_SYSTEM', system: R_0_6_12 });
    const [keying] = steps(chosen, { type: 'SUBMIT' }, { type: 'CONFIRM' });
    const [sending] = transition(betslipMachine, keying, done('newKey', 'key-1'));
    const [sent] = transition(
      betslipMachine,
      sending,
      done('submit', { message: 'ok', messageKey: 'SUBMISSION.ACCEPTED' }),
    );
    expect(sent.context.system).toBeNull();
    expect(sent.context.lastSent).toBeNull();
  });

  it('ignores a choice while the slip is being sent', () => {
    const [keying] = steps(ready(SIX_DOUBLES), { type: 'SUBMIT' }, { type: 'CONFIRM' });
    expect(steps(keying, { type: 'CHOOSE_SYSTEM', system: R_0_6_12 })[0].context.system).toBeNull();
  });
});
