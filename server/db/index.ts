// The one query layer: Kysely over embedded PGlite (default, under DATA_DIR/pglite) or over real
// PostgreSQL through node-postgres when DATABASE_URL is set. Same migrations, same queries.
import { join } from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import type { Config } from '../config.ts';
import type { AbuseLimitsTables } from './abuseLimitsTables.ts';
import type { ChannelTables } from './channelTables.ts';
import type { DepositTables } from './depositTables.ts';
import type { GroupTables } from './groupTables.ts';
import type { IdentityTables } from './identityTables.ts';
import type { IntentTables } from './intentTables.ts';
import type { OperationsTables } from './operationsTables.ts';
import { PGLITE_DEFAULTS, type PgliteSettings } from './pgliteSettings.ts';
import type { PlayWalletTables } from './playWalletTables.ts';
import type { PushTables } from './pushTables.ts';
import type { StandingPicksTables } from './standingPicksTables.ts';
import type { WalletAccountTables } from './walletAccountTables.ts';

/** Every table the server knows. */
export interface Database
  extends IdentityTables,
    PlayWalletTables,
    WalletAccountTables,
    OperationsTables,
    PushTables,
    IntentTables,
    AbuseLimitsTables,
    StandingPicksTables,
    ChannelTables,
    DepositTables,
    GroupTables {}

export interface Db {
  kysely: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** One SQL statement outside Kysely, e.g. for pg-boss's `db: { executeSql }` option. */
  executeSql<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** PostgreSQL only: work inside this schema (created if missing). Tests use one per run. */
  schema?: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

async function openPostgres(url: string, schema: string | undefined): Promise<Db> {
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const { default: pg } = await import('pg');
  if (schema) {
    // Created before the pool exists because every pooled connection starts with it on its search_path.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process: the
  // pool replaces it on the next query.
  pool.on('error', (error) => console.error('PostgreSQL idle connection error:', error.message));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    kind: 'postgres',
    executeSql: async <R>(text: string, values: unknown[] = []) => {
      const result = await pool.query(text, values);
      return { rows: result.rows as R[] };
    },
    close: () => kysely.destroy(),
  };
}

async function openEmbedded(dataDir: string, settings: PgliteSettings): Promise<Db> {
  // Loaded lazily: an instance on PostgreSQL never pays for the WebAssembly module.
  const [{ openPGlite }, { PGlitePool }] = await Promise.all([
    import('./pgliteTemplate.ts'),
    import('./pglitePool.ts'),
  ]);
  const dir = dataDir.startsWith('memory://') ? 'memory://' : join(dataDir, 'pglite');
  const pool = new PGlitePool(await openPGlite(dir, settings));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    kind: 'pglite',
    executeSql: (text, values = []) => pool.query(text, values),
    close: () => kysely.destroy(),
  };
}

/**
 * Opens the database the configuration names (not migrated: call `migrate(db)`); the embedded one with
 * `config.pglite`'s memory settings, else the defaults.
 */
export function openDb(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'pglite'>>,
  options: OpenDbOptions = {},
): Promise<Db> {
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, options.schema)
    : openEmbedded(config.dataDir, config.pglite ?? PGLITE_DEFAULTS);
}
