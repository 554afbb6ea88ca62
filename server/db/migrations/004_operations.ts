// Running the game (docs/CONTRACTS.md "Results and operations API"): void results, settlement bookkeeping on
// betslips, and the operators' audit trail.
import { type Kysely, sql } from 'kysely';

const statements = [
  sql`
  -- A match can be void (abandoned, not played): it counts as correct for everyone.
  ALTER TABLE matches DROP CONSTRAINT matches_result_check
  `,
  sql`
  ALTER TABLE matches ADD CONSTRAINT matches_result_check CHECK (result IN ('1', '2', '3', 'VOID'))
  `,
  sql`
  -- When the betslip was settled, and the statistics published with it (pick shares, tier winners).
  ALTER TABLE betslips ADD COLUMN settled_at timestamptz, ADD COLUMN statistics jsonb
  `,
  sql`
  -- One row per operator action (admin API, CLI, call-centre reads): who did what to what, and when.
  CREATE TABLE operator_audit (
    id bigserial PRIMARY KEY,
    at timestamptz NOT NULL DEFAULT now(),
    actor text NOT NULL,
    action text NOT NULL,
    target text NOT NULL,
    detail jsonb NOT NULL DEFAULT '{}'
  )
  `,
  sql`
  CREATE INDEX operator_audit_target ON operator_audit (target, at DESC)
  `,
  sql`
  -- An audit trail that can be edited is no audit trail.
  CREATE FUNCTION operator_audit_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    RAISE EXCEPTION 'operator_audit rows are immutable';
  END;
  $$
  `,
  sql`
  CREATE TRIGGER operator_audit_no_change BEFORE UPDATE OR DELETE ON operator_audit
    FOR EACH ROW EXECUTE FUNCTION operator_audit_immutable()
  `,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE operator_audit`.execute(db);
  await sql`DROP FUNCTION operator_audit_immutable()`.execute(db);
  await sql`ALTER TABLE betslips DROP COLUMN settled_at, DROP COLUMN statistics`.execute(db);
  await sql`UPDATE matches SET result = NULL WHERE result = 'VOID'`.execute(db);
  await sql`ALTER TABLE matches DROP CONSTRAINT matches_result_check`.execute(db);
  await sql`ALTER TABLE matches ADD CONSTRAINT matches_result_check CHECK (result IN ('1', '2', '3'))`.execute(
    db,
  );
}
