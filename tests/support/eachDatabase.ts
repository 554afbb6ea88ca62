// Where the crash and bank tests run their real server: a fresh embedded database and, where PostgreSQL
// answers at TEST_DATABASE_URL, a fresh PostgreSQL database too (elsewhere shown as skipped, with the
// reason, as the other server suites do). The database is disposed of after the run, whatever happens.
import { it } from 'vitest';
import { type BenchDatabase, embeddedDatabase, postgresDatabase } from '../bench/fixture.ts';
import { onPostgres, postgresSkipped } from '../server/postgresTarget.ts';

/** Registers `run` once per database; `name` gets 'the embedded database' or 'PostgreSQL'. */
export function itOnEachDatabase(
  name: (database: string) => string,
  run: (target: BenchDatabase) => Promise<void>,
  timeoutMs: number,
): void {
  const onFresh = async (target: BenchDatabase) => {
    try {
      await run(target);
    } finally {
      await target.dispose();
    }
  };
  it(name('the embedded database'), () => onFresh(embeddedDatabase()), timeoutMs);
  // Skipped, with the reason in its name, where PostgreSQL does not answer (tests/server/postgresTarget.ts).
  it.skipIf(postgresSkipped)(
    onPostgres(name('PostgreSQL')),
    async () => onFresh(await postgresDatabase()),
    timeoutMs,
  );
}
