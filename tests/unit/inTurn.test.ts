import { describe, expect, it } from 'vitest';
import { inTurn } from '../../sw/inTurn';

/** A run that records when it starts and ends, and ends when the test says. */
function controlledRun(log: string[]) {
  const ends: Array<(fail?: boolean) => void> = [];
  let n = 0;
  const run = () => {
    const id = ++n;
    log.push(`start ${id}`);
    return new Promise<void>((resolve, reject) => {
      ends.push((fail) => {
        log.push(`end ${id}`);
        fail ? reject(new Error(`run ${id}`)) : resolve();
      });
    });
  };
  return { run, ends };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

/** Two calls made back to back, and the log once the first has had its chance to start. */
async function twoCalls() {
  const log: string[] = [];
  const { run, ends } = controlledRun(log);
  const turn = inTurn(run);
  const first = turn();
  const second = turn();
  await settle();
  return { log, ends, first, second };
}

describe('inTurn', () => {
  it('starts a second call only when the first has ended', async () => {
    const { log, ends, first, second } = await twoCalls();
    expect(log).toEqual(['start 1']);
    ends[0]!();
    await first;
    await settle();
    expect(log).toEqual(['start 1', 'end 1', 'start 2']);
    ends[1]!();
    await second;
    expect(log).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('goes on after a run that failed, and the failure reaches only its own caller', async () => {
    const { log, ends, first, second } = await twoCalls();
    ends[0]!(true);
    await expect(first).rejects.toThrow('run 1');
    await settle();
    expect(log).toEqual(['start 1', 'end 1', 'start 2']);
    ends[1]!();
    await expect(second).resolves.toBeUndefined();
  });

  it('starts a call made after the last run ended without waiting for anything', async () => {
    const log: string[] = [];
    const { run, ends } = controlledRun(log);
    const turn = inTurn(run);
    const first = turn();
    await settle();
    ends[0]!();
    await first;
    void turn();
    await settle();
    expect(log).toEqual(['start 1', 'end 1', 'start 2']);
  });
});
