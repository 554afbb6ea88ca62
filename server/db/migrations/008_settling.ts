// Settlement in batches. A betslip is SETTLING from the moment settlement takes it (no submission,
// result or correction is accepted any more) until every batch of prizes is paid and it becomes
// SETTLED; a settlement that stopped half-way leaves it SETTLING, and settling it again finishes the
// job. Submissions are read a page at a time in id order, hence the index on (betslip_sid, id), which
// also serves everything the index on betslip_sid alone did.
import { type Kysely, sql } from 'kysely';

const withStatuses = (statuses: string) => [
  sql`ALTER TABLE betslips DROP CONSTRAINT betslips_status_check`,
  sql`ALTER TABLE betslips ADD CONSTRAINT betslips_status_check CHECK (status IN (${sql.raw(statuses)}))`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    ...withStatuses(`'DRAFT', 'CURRENT', 'CLOSED', 'SETTLING', 'SETTLED'`),
    sql`CREATE INDEX submissions_betslip_id ON submissions (betslip_sid, id)`,
    sql`DROP INDEX submissions_betslip`,
  ])
    await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Unfinished settlements go back to CLOSED: settling again pays only what was not paid (prize keys).
  await sql`UPDATE betslips SET status = 'CLOSED' WHERE status = 'SETTLING'`.execute(db);
  for (const statement of [
    ...withStatuses(`'DRAFT', 'CURRENT', 'CLOSED', 'SETTLED'`),
    sql`CREATE INDEX submissions_betslip ON submissions (betslip_sid)`,
    sql`DROP INDEX submissions_betslip_id`,
  ])
    await statement.execute(db);
}
