// A settled slip's count, prize and winning rows in a narrow table of their own. Settlement wrote them
// into each slip's row, and a submission's row is about 1.1 KB with five indexes: every slip of a round
// became a new row version and five index entries. Inserting a few bytes under one key costs a third to a
// fifth as much (docs/PERFORMANCE.md). The old columns of submissions stay (migrations only add, and an
// instance of the previous release may still run during an upgrade) but are no longer read or written;
// what they held is copied here. No foreign key: every row is written from the submission it names, in the
// same statement, and submissions are never deleted; the check would cost settlement a lookup a slip.
import { type Kysely, sql } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE slip_results (
      submission_id text PRIMARY KEY,
      correct_count smallint NOT NULL,
      amount_won_cents bigint NOT NULL,
      prize_won text NOT NULL,
      winning_rows jsonb
    )`.execute(db);
  await sql`
    INSERT INTO slip_results (submission_id, correct_count, amount_won_cents, prize_won, winning_rows)
    SELECT id, correct_count, coalesce(amount_won_cents, 0), coalesce(prize_won, ''), winning_rows
    FROM submissions WHERE correct_count IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    UPDATE submissions AS s SET correct_count = r.correct_count, amount_won_cents = r.amount_won_cents,
      prize_won = r.prize_won, winning_rows = r.winning_rows
    FROM slip_results AS r WHERE r.submission_id = s.id`.execute(db);
  await sql`DROP TABLE slip_results`.execute(db);
}
