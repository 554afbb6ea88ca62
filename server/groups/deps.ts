// What the group services need: the database, the server clock, the stake guards a submission runs
// (responsible-play limits and pause), the receipt key the close signs the group's slip with, and where
// to schedule a round's close job.
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';
import type { ReceiptKey } from '../play/receiptKey.ts';
import type { StakeGuard } from '../play/submit.ts';

export interface GroupDeps {
  db: Kysely<Database>;
  now: () => Date;
  guards: StakeGuard[];
  receiptKey: ReceiptKey;
  /** Schedules the close of round `sid`'s groups for `at` (a pg-boss job; once per round). */
  scheduleClose?: (sid: string, at: Date) => Promise<void>;
}

/** The statement reasons of group money (DESIGN.md "Group play"). */
export const REASONS = {
  share: 'GROUP_SHARE',
  refund: 'GROUP_REFUND',
  prize: 'GROUP_PRIZE',
} as const;
