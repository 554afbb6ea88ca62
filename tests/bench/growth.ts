/**
 * Cost growth: how submitting and settling scale with what is already stored. Submissions/s (the same
 * autocannon load as load.ts, SIGNED_IN subscribers taking turns) and the server's resident memory after
 * it (the server as `npm start` runs it: startBundledServer), with 1k, 10k and 100k subscribers and
 * submissions stored; and the time settleBetslip (the function behind the admin route and the CLI) takes
 * for 10k and 100k submissions, run in-process on the same kind of database once every match has a
 * result. Each size gets a freshly filled database.
 */
import { settleBetslip } from '../../server/ops/settle.ts';
import {
  type BenchDatabase,
  type DatabaseKind,
  databaseKinds,
  fillDatabase,
  giveResults,
} from './fixture.ts';
import { currentSlip, type LoadFigures, signInBench, submitLoad } from './load.ts';
import { startBundledServer } from './process.ts';

export const LOAD_SIZES = [1_000, 10_000, 100_000] as const;
export const SETTLE_SIZES = [10_000, 100_000] as const;

export interface LoadAtSize extends LoadFigures {
  /** Subscribers and submissions stored before the load. */
  stored: number;
  rssMbAfter: number;
}

export interface SettleAtSize {
  /** Bench submissions stored. */
  submissions: number;
  /** All submissions the settlement counted (the bench's and the demo's). */
  settled: number;
  ms: number;
  msPer1k: number;
  winners: number;
}

export interface DatabaseGrowth {
  database: string;
  load: LoadAtSize[];
  settlement: SettleAtSize[];
  /** Figure at 100k divided by the figure at 10k (1 = no growth). */
  ratio100kVs10k: { submitRps: number; rssMb: number; settleMsPer1k: number };
}

async function loadAt(target: BenchDatabase, stored: number, port: number): Promise<LoadAtSize> {
  await fillDatabase(target, { subscribers: stored, stored });
  const server = await startBundledServer(target.env, { port });
  try {
    const tokens = await signInBench(server.url);
    const { slip } = await currentSlip(server.url, tokens[0]!);
    const figures = await submitLoad(server, tokens, slip);
    return { stored, ...figures, rssMbAfter: server.rssMb() };
  } finally {
    await server.stop();
  }
}

async function settleAt(target: BenchDatabase, submissions: number): Promise<SettleAtSize> {
  await fillDatabase(target, { subscribers: submissions, stored: submissions });
  const db = await target.open();
  try {
    const betslip = await db.kysely
      .selectFrom('betslips')
      .select(['sid', 'end_at'])
      .where('status', '=', 'CURRENT')
      .executeTakeFirstOrThrow();
    await giveResults(db, betslip.sid);
    // The demo's own few submissions on this betslip are settled too: count what is really settled.
    const { n } = await db.kysely
      .selectFrom('submissions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('betslip_sid', '=', betslip.sid)
      .executeTakeFirstOrThrow();
    // Settled "just after the close", so the betslip's own end time can stay as seeded.
    const closed = new Date(betslip.end_at.getTime() + 1000);
    const t0 = performance.now();
    const outcome = await settleBetslip(db.kysely, 'bench', betslip.sid, () => closed);
    const ms = performance.now() - t0;
    if (!outcome.ok) throw new Error(`settlement refused: ${JSON.stringify(outcome)}`);
    const settled = Number(n);
    return { submissions, settled, ms, msPer1k: ms / (settled / 1000), winners: outcome.value.winners };
  } finally {
    await db.close();
  }
}

async function withDatabase<T>(make: DatabaseKind, use: (target: BenchDatabase) => Promise<T>): Promise<T> {
  const target = await make();
  try {
    return await use(target);
  } finally {
    await target.dispose();
  }
}

const at = <T extends object>(rows: T[], key: keyof T, size: number) => rows.find((r) => r[key] === size)!;

export async function growth(
  port = 18_380,
  log: (what: string) => void = () => {},
): Promise<{ results: DatabaseGrowth[]; skipped: string[] }> {
  const { kinds, skipped } = await databaseKinds();
  const results: DatabaseGrowth[] = [];
  for (const make of kinds) {
    const load: LoadAtSize[] = [];
    const settlement: SettleAtSize[] = [];
    let database = '';
    for (const size of LOAD_SIZES) {
      load.push(
        await withDatabase(make, (target) => {
          database = target.name;
          log(`${target.name}: submissions with ${size} stored`);
          return loadAt(target, size, port);
        }),
      );
    }
    for (const size of SETTLE_SIZES) {
      settlement.push(
        await withDatabase(make, (target) => {
          log(`${target.name}: settling ${size} submissions`);
          return settleAt(target, size);
        }),
      );
    }
    const [load10k, load100k] = [at(load, 'stored', LOAD_SIZES[1]), at(load, 'stored', LOAD_SIZES[2])];
    const [settle10k, settle100k] = [
      at(settlement, 'submissions', SETTLE_SIZES[0]),
      at(settlement, 'submissions', SETTLE_SIZES[1]),
    ];
    results.push({
      database,
      load,
      settlement,
      ratio100kVs10k: {
        submitRps: load100k.rps / load10k.rps,
        rssMb: load100k.rssMbAfter / load10k.rssMbAfter,
        settleMsPer1k: settle100k.msPer1k / settle10k.msPer1k,
      },
    });
  }
  return { results, skipped };
}
