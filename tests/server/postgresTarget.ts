/**
 * The PostgreSQL the server tests run against (TEST_DATABASE_URL, else the local one) and whether it
 * answers. Kept apart from helper.ts so suites that start servers as child processes can ask without
 * loading the app.
 */
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Why PostgreSQL cannot be used, or null when it can. */
async function postgresUnavailable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message || error.name : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const unavailable = await postgresUnavailable();
const unreachable = unavailable && `unreachable at ${new URL(TEST_DATABASE_URL).host} (${unavailable})`;
if (unreachable)
  console.warn(`PostgreSQL ${unreachable}: the PostgreSQL runs of the server tests are skipped.`);

/**
 * Why the PostgreSQL runs are skipped, e.g. "unreachable at 127.0.0.1:5432 (connect ECONNREFUSED …):
 * skipped", or undefined when PostgreSQL answers. CI always has PostgreSQL, so there nothing is skipped.
 */
export const postgresSkipped: string | undefined = unreachable ? `${unreachable}: skipped` : undefined;

/** `title` for a PostgreSQL run, with the reason when it is skipped. */
export const onPostgres = (title: string): string =>
  postgresSkipped ? `${title} (${postgresSkipped})` : title;
