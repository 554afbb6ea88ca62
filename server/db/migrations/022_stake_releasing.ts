// An airtime stake that reconciliation finds not charged is RELEASING while its reference is voided at
// the operator, and RELEASED only once the operator has said so: a charge still on its way would
// otherwise land after the release and keep the subscriber's airtime with no slip. While RELEASING it
// cannot be confirmed, and the void (or the refund of a charge that just landed) is retried until done.
import { type Kysely, sql } from 'kysely';

const statuses = (list: string[]) => sql.raw(list.map((s) => `'${s}'`).join(', '));
const BEFORE = ['RESERVED', 'CONFIRMED', 'RELEASED', 'REFUNDING', 'REFUNDED'];
const OPEN_BEFORE = ['RESERVED', 'REFUNDING'];

async function statusesAre(db: Kysely<unknown>, all: string[], open: string[]) {
  await sql`ALTER TABLE airtime_stakes DROP CONSTRAINT airtime_stakes_status_check`.execute(db);
  await sql`ALTER TABLE airtime_stakes ADD CONSTRAINT airtime_stakes_status_check CHECK (status IN (${statuses(all)}))`.execute(
    db,
  );
  await sql`DROP INDEX airtime_stakes_open`.execute(db);
  await sql`CREATE INDEX airtime_stakes_open ON airtime_stakes (created_at) WHERE status IN (${statuses(open)})`.execute(
    db,
  );
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await statusesAre(db, [...BEFORE, 'RELEASING'], [...OPEN_BEFORE, 'RELEASING']);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE airtime_stakes SET status = 'RESERVED' WHERE status = 'RELEASING'`.execute(db);
  await statusesAre(db, BEFORE, OPEN_BEFORE);
}
