// Randomness a machine can keep in its context: the whole state of the sequence is one 32-bit number,
// so a transition that draws random numbers stays a pure function of (snapshot, event) and a snapshot
// can be saved and replayed. mulberry32: small and fast, and plenty for suggesting picks (it is not
// for anything secret; idempotency keys come from crypto.randomUUID in an actor).
import { type Outcome, quickPick } from '../rules/betslip';

/** The next number in [0, 1) and the seed to continue from. */
export function nextRandom(seed: number): [value: number, nextSeed: number] {
  const next = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(next ^ (next >>> 15), 1 | next);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return [((t ^ (t >>> 14)) >>> 0) / 4_294_967_296, next];
}

/** Quick pick (empty matches only) drawn from `seed`; returns the picks and the seed to continue from. */
export function seededQuickPick(
  outcomes: readonly Outcome[],
  seed: number,
): { outcomes: Outcome[]; seed: number } {
  let state = seed;
  const random = () => {
    const [value, next] = nextRandom(state);
    state = next;
    return value;
  };
  return { outcomes: quickPick(outcomes, random), seed: state };
}
