// Where the crash and bank tests run their real server: a fresh embedded database and, where PostgreSQL
// answers at TEST_DATABASE_URL, a fresh PostgreSQL database too (registered only there, as the other
// server suites do: tests/server/helper.ts). The database is disposed of after the run, whatever happens.
import { it } from 'vitest';
import {
  type BenchDatabase,
  embeddedDatabase,
  postgresDatabase,
  postgresReachable,
} from '../bench/fixture.ts';

const postgresUp = await postgresReachable();

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
  if (postgresUp) it(name('PostgreSQL'), async () => onFresh(await postgresDatabase()), timeoutMs);
  else console.warn(`PostgreSQL not reachable at TEST_DATABASE_URL: "${name('PostgreSQL')}" was not run`);
}
