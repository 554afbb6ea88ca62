/**
 * Settlement with many winners, through the admin route of a running server: 100k submissions
 * (BENCH_SETTLE_SUBMISSIONS changes the size) with doubles, triples and reduced systems mixed in, whose
 * winning rows are 50k (fixture.ts SYSTEMS_PICK: 17.5k winning slips, 470k rows in all; with
 * BENCH_SETTLE_MIX=plain, single-row slips of which 50k win, as before systems), settled by
 * POST /api/admin/betslips/:sid/settle
 * while /healthz is asked every 20 ms. Reports how long the settlement took, how long /healthz answers
 * took meanwhile (p50, p99, max), and their p99 over the AFTER_MS that follow the answer (when the
 * settlement-notices job and its push fan-out run: push notices to the participants with a push
 * subscription, none in this fixture); per database, each a
 * median over BENCH_SETTLE_RUNS fresh databases (default 3). The probe is open-loop: a request is due
 * every 20 ms whatever the previous ones are doing, on an idle kept-alive connection or else a new one,
 * and latency counts from when it was due; so a server that stops answering shows as the time it
 * stopped, not as one slow sample. Before each settlement the same kind of database runs a plain
 * single-row INSERT loop for INSERT_SECONDS (load.ts's ceiling): the settlement is also reported as the
 * number of those INSERTs it lasted, a figure that machines of different speed can compare (a machine
 * whose database work is twice as slow halves the ceiling and doubles the settlement).
 */
import { Agent, request } from 'node:http';
import { sql } from 'kysely';
import { type BenchDatabase, databaseKinds, fillDatabase, giveResults, systemsMixRows } from './fixture.ts';
import { insertLoop, signIn } from './load.ts';
import { startBundledServer } from './process.ts';
import { median } from './startup.ts';

const submissions = Number(process.env.BENCH_SETTLE_SUBMISSIONS ?? 100_000);
const plain = process.env.BENCH_SETTLE_MIX === 'plain';
const mix = systemsMixRows(submissions);
export const SETTLE_LOAD = {
  submissions,
  /** Slips with systems (doubles, triples or a reduced system), and the rows of all. */
  systemSlips: plain ? 0 : mix.systemSlips,
  rows: plain ? submissions : mix.rows,
  winningRows: plain ? submissions / 2 : mix.winningRows,
} as const;
/** The ceiling on PostgreSQL for 100k slips with systems and 50k winning rows. */
export const SETTLE_CEILING_MS = 10_000;
const PROBE_EVERY_MS = 20;
const AFTER_MS = 5000;
const WARM = 8;
const INSERT_SECONDS = 3;
export const SETTLE_RUNS = Number(process.env.BENCH_SETTLE_RUNS ?? 3);

export interface Latencies {
  count: number;
  p50: number;
  p99: number;
  max: number;
  failed: number;
}

export interface SettleRun {
  settleMs: number;
  /** The same database kind's single-row INSERTs per second, measured just before. */
  insertsPerSecond: number;
  /** Winning slips, and the winning rows the settled round's statistics count. */
  winners: number;
  winningRows: number;
  paidCents: number;
  /** /healthz asked while the settlement ran. */
  healthz: Latencies;
  /** /healthz asked in the AFTER_MS after the answer. */
  healthzAfter: Latencies;
}

export interface SettleUnderLoad {
  database: string;
  runs: SettleRun[];
  /** Medians over the runs. */
  settleMs: number;
  /** How many of the run's own single-row INSERTs the settlement lasted (settleMs × insertsPerSecond). */
  insertsLasted: number;
  insertsPerSecond: number;
  healthzP50: number;
  healthzP99: number;
  healthzMax: number;
  healthzAfterP99: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]! : 0;

interface Answer {
  due: number;
  ms: number | null;
}

function summarise(answers: Answer[]): Latencies {
  const sorted = answers
    .map((a) => a.ms)
    .filter((ms): ms is number => ms !== null)
    .sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? 0,
    failed: answers.length - sorted.length,
  };
}

/**
 * Asks `url` every PROBE_EVERY_MS until stopped; `stop` resolves with every answer. Starts with WARM
 * kept-alive connections, as a load balancer or returning browsers hold them: a server busy in turns
 * accepts about one new connection per turn, so a cold start would measure a burst of new clients.
 */
async function probe(url: string) {
  const agent = new Agent({ keepAlive: true });
  const pending: Promise<Answer>[] = [];
  const ask = (due: number) =>
    new Promise<Answer>((resolve) => {
      const req = request(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ due, ms: res.statusCode === 200 ? performance.now() - due : null }));
      });
      req.on('error', () => resolve({ due, ms: null }));
      req.end();
    });
  await Promise.all(Array.from({ length: WARM }, () => ask(performance.now())));
  const timer = setInterval(() => pending.push(ask(performance.now())), PROBE_EVERY_MS);
  return {
    async stop(): Promise<Answer[]> {
      clearInterval(timer);
      const answers = await Promise.all(pending);
      agent.destroy();
      return answers;
    },
  };
}

/** The winning rows of settled round `sid`, from its statistics (each paying tier's winners). */
async function winningRowsOf(target: BenchDatabase, sid: string): Promise<number> {
  const db = await target.open();
  try {
    const row = await db.kysely
      .selectFrom('betslips')
      .select('statistics')
      .where('sid', '=', sid)
      .executeTakeFirstOrThrow();
    const statistics = (typeof row.statistics === 'string' ? JSON.parse(row.statistics) : row.statistics) as {
      tiers: Array<{ winners: number }>;
    };
    return statistics.tiers.reduce((n, t) => n + t.winners, 0);
  } finally {
    await db.close();
  }
}

async function settleOnce(target: BenchDatabase, port: number): Promise<SettleRun> {
  const { submissions } = SETTLE_LOAD;
  // A tenth as many subscribers as slips: most winners hold several winning slips, as in real draws.
  await fillDatabase(target, {
    subscribers: submissions / 10,
    stored: submissions,
    halfWin: plain,
    systems: !plain,
  });
  const db = await target.open();
  let sid: string;
  try {
    sid = (
      await db.kysely
        .selectFrom('betslips')
        .select('sid')
        .where('status', '=', 'CURRENT')
        .executeTakeFirstOrThrow()
    ).sid;
    await giveResults(db, sid);
    // Ended a minute ago, so the server's own clock lets it be settled.
    await sql`UPDATE betslips SET end_at = now() - interval '1 minute' WHERE sid = ${sid}`.execute(db.kysely);
  } finally {
    await db.close();
  }
  const inserts = await insertLoop(target);
  const insertsPerSecond = await inserts.run(INSERT_SECONDS).finally(() => inserts.close());
  const server = await startBundledServer(target.env, { port });
  try {
    const token = await signIn(server.url, 'admin', 'admin1234');
    const health = await probe(`${server.url}/healthz`);
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/admin/betslips/${sid}/settle`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    const answered = performance.now();
    await new Promise((r) => setTimeout(r, AFTER_MS));
    const answers = await health.stop();
    if (!res.ok) throw new Error(`settlement refused: ${res.status} ${await res.text()}`);
    const answer = (await res.json()) as { winners: number; paid: number };
    return {
      settleMs: answered - t0,
      insertsPerSecond,
      winners: answer.winners,
      winningRows: await winningRowsOf(target, sid),
      paidCents: Math.round(answer.paid * 100),
      healthz: summarise(answers.filter((a) => a.due < answered)),
      healthzAfter: summarise(answers.filter((a) => a.due >= answered)),
    };
  } finally {
    await server.stop();
  }
}

export async function settlementUnderLoad(
  port = 18_480,
  log: (what: string) => void = () => {},
): Promise<{ results: SettleUnderLoad[]; skipped: string[] }> {
  const { kinds, skipped } = await databaseKinds();
  const results: SettleUnderLoad[] = [];
  // PostgreSQL first when reachable: the ceiling is its own, and its runs take a fraction of PGlite's.
  for (const make of [...kinds].reverse()) {
    const runs: SettleRun[] = [];
    let database = '';
    for (let i = 0, aborted = 0; i < SETTLE_RUNS; i++) {
      const target = await make();
      database = target.name;
      try {
        log(
          `${target.name}: settling ${SETTLE_LOAD.submissions} submissions, ${SETTLE_LOAD.winningRows} winning rows (run ${i + 1})`,
        );
        const run = await settleOnce(target, port);
        runs.push(run);
        log(
          `${target.name} run ${i + 1}: ${Math.round(run.settleMs)} ms, ${run.winners} winning slips, ${run.winningRows} winning rows`,
        );
      } catch (error) {
        // PGlite's engine in this process (writing the fixture) now and then aborts; the server is
        // another process. Such a run is made again on a fresh database, once per database kind.
        if (!(error instanceof WebAssembly.RuntimeError) || aborted++ > 0) throw error;
        log(`${target.name} run ${i + 1}: the bench's own PGlite aborted (${error.message}); again`);
        i -= 1;
      } finally {
        await target.dispose();
      }
    }
    results.push({
      database,
      runs,
      settleMs: median(runs.map((r) => r.settleMs)),
      insertsLasted: median(runs.map((r) => (r.settleMs / 1000) * r.insertsPerSecond)),
      insertsPerSecond: median(runs.map((r) => r.insertsPerSecond)),
      healthzP50: median(runs.map((r) => r.healthz.p50)),
      healthzP99: median(runs.map((r) => r.healthz.p99)),
      healthzMax: median(runs.map((r) => r.healthz.max)),
      healthzAfterP99: median(runs.map((r) => r.healthzAfter.p99)),
    });
  }
  return { results, skipped };
}

/** The table rows of this part. */
export function settleRows(figures: { results: SettleUnderLoad[] }): [string, string][] {
  const ms = (n: number) => `${Math.round(n)} ms`;
  const k = (n: number) => `${n / 1000}k`;
  const what = SETTLE_LOAD.systemSlips
    ? `${k(SETTLE_LOAD.submissions)} slips (${k(SETTLE_LOAD.systemSlips)} systems, ${k(SETTLE_LOAD.rows)} rows), ${k(SETTLE_LOAD.winningRows)} winning rows`
    : `${k(SETTLE_LOAD.submissions)} single-row slips, ${k(SETTLE_LOAD.winningRows)} winners`;
  return figures.results.map((r) => {
    const failed = r.runs.reduce((n, x) => n + x.healthz.failed + x.healthzAfter.failed, 0);
    // The ceiling is PostgreSQL's (the embedded database shares the server's thread: printed, not held).
    const ceiling =
      r.database === 'PostgreSQL'
        ? `; ceiling ${SETTLE_CEILING_MS / 1000} s: ${r.settleMs <= SETTLE_CEILING_MS ? 'within' : 'OVER'}`
        : '';
    return [
      `${r.database}: settle ${what} (median of ${r.runs.length})`,
      `${ms(r.settleMs)}${ceiling} (runs ${r.runs.map((x) => ms(x.settleMs)).join(', ')}; ` +
        `as long as ${k(Math.round(r.insertsLasted / 100) * 100)} single-row INSERTs at this run's ` +
        `${Math.round(r.insertsPerSecond)}/s; ` +
        `${r.runs[0]?.winners} winning slips, ${r.runs[0]?.winningRows} winning rows); ` +
        `/healthz meanwhile p50 ${ms(r.healthzP50)}, p99 ${ms(r.healthzP99)}, max ${ms(r.healthzMax)}; ` +
        `${AFTER_MS / 1000} s after p99 ${ms(r.healthzAfterP99)}; ${failed} probes failed`,
    ];
  });
}
