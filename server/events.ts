// In-process domain events: one capability announces what happened, another reacts without importing
// each other. Listeners must not throw into the emitter's caller, and work that must not be lost is not
// done by a listener: it is a job enqueued in the transaction that made it necessary (settlement enqueues
// its push notices itself; the jobs only listen to start them sooner).
import { EventEmitter } from 'node:events';

export interface SettledWinner {
  msisdn: string;
  amountCents: number;
  /** The prize tier's display text, e.g. 'JACKPOT' (machines/rules/settlement.ts prizeName). */
  prizeWon: string;
}

export interface DomainEvents {
  /**
   * A betslip was settled and its prizes credited (emitted once per first settlement, after commit), with
   * every winning slip. Not every participant: that list grows with the round (the notices job reads them).
   */
  'betslip.settled': [{ sid: string; winners: SettledWinner[] }];
  /**
   * The current betslip changed here (published, closed early, rolled forward; after commit): caches of
   * it are dropped. Other instances see it within their cache's time to live.
   */
  'betslip.changed': [{ sid: string | null }];
  /** A submission was stored and paid (after commit). */
  'submission.accepted': [{ sid: string; msisdn: string; submissionId: string }];
}

export type DomainEventBus = EventEmitter<DomainEvents>;

export function createEventBus(): DomainEventBus {
  const bus = new EventEmitter<DomainEvents>();
  // A listener's failure is logged by whoever registered it; never crash the request that emitted.
  bus.on('error', () => {});
  return bus;
}
