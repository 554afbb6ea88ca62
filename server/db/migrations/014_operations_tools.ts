// Operating rounds safely. A betslip published while another is open waits as SCHEDULED and becomes
// CURRENT when that one ends (or at its own go_live_at, whichever is later), so publishing never cuts an
// open round short. A betslip may roll an unwon jackpot over: when it settles with no jackpot winner, its
// jackpot pool is added to the next round's (rolled_into names which; rollover_cents is how much, kept
// with rolled_into null until a next round exists).
import { type Kysely, sql } from 'kysely';

const withStatuses = (statuses: string) => [
  sql`ALTER TABLE betslips DROP CONSTRAINT betslips_status_check`,
  sql`ALTER TABLE betslips ADD CONSTRAINT betslips_status_check CHECK (status IN (${sql.raw(statuses)}))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    ...withStatuses(`'DRAFT', 'SCHEDULED', 'CURRENT', 'CLOSED', 'SETTLING', 'SETTLED'`),
    sql`ALTER TABLE betslips ADD COLUMN go_live_at timestamptz`,
    sql`ALTER TABLE betslips ADD COLUMN rollover boolean NOT NULL DEFAULT false`,
    sql`ALTER TABLE betslips ADD COLUMN rollover_cents bigint NOT NULL DEFAULT 0 CHECK (rollover_cents >= 0)`,
    sql`ALTER TABLE betslips ADD COLUMN rolled_into text REFERENCES betslips (sid)`,
    sql`CREATE INDEX operator_audit_at ON operator_audit (at DESC, id DESC)`,
  ])
    await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE betslips SET status = 'DRAFT' WHERE status = 'SCHEDULED'`.execute(db);
  for (const statement of [
    sql`DROP INDEX operator_audit_at`,
    sql`ALTER TABLE betslips DROP COLUMN rolled_into`,
    sql`ALTER TABLE betslips DROP COLUMN rollover_cents`,
    sql`ALTER TABLE betslips DROP COLUMN rollover`,
    sql`ALTER TABLE betslips DROP COLUMN go_live_at`,
    ...withStatuses(`'DRAFT', 'CURRENT', 'CLOSED', 'SETTLING', 'SETTLED'`),
  ])
    await statement.execute(db);
}
