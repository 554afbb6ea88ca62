// What every operations route plugin is given (server/ops/routes.ts registers them).
import type { Kysely } from 'kysely';
import type { Database } from '../db/index.ts';

export interface OpsOptions {
  db: Kysely<Database>;
  now: () => Date;
}
