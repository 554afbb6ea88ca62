/**
 * The deadline rush: N distinct subscribers (BENCH_SURGE_SUBSCRIBERS, default 2,000) each submit one slip,
 * all within W seconds (BENCH_SURGE_SECONDS, default 10), against one instance, on each database. Open-loop,
 * as phones do not wait for each other: slip i is due at i·W/N whatever the others are doing, sent on an
 * idle kept-alive connection or else a new one (a load balancer's pool), and its latency counts from when it
 * was due, so a server falling behind shows as growing latency, not as a politely slower client. Every
 * subscriber is funded and signed in beforehand (tokens from the server's own TokenService and realm key,
 * written while the database is filled), and sends a fresh Idempotency-Key. Before the surge the server
 * is warmed, as one that has been up all week is before a deadline: WARM_SLIPS slips from WARM other
 * subscribers over 10 kept-alive connections (compiled code, open database connections), then a pause.
 * Reports accepted
 * submissions/s (from the first due time to the last answer), p50/p99/max latency and errors (anything but
 * a 200: refusals, network errors, timeouts); each a median over BENCH_SURGE_RUNS fresh databases (3).
 */
import { randomUUID } from 'node:crypto';
import { Agent, request } from 'node:http';
import { REALM_PATH } from '../../server/identity/issuer.ts';
import { loadSigningKeys } from '../../server/identity/keys.ts';
import { API_CLIENT, TokenService } from '../../server/identity/tokens.ts';
import { findUserByUsername } from '../../server/identity/users.ts';
import { type BenchDatabase, benchMsisdn, databaseKinds, fillDatabase } from './fixture.ts';
import { currentSlip, submissionBody } from './load.ts';
import { startServer } from './process.ts';
import { median } from './startup.ts';

export const SURGE = {
  subscribers: Number(process.env.BENCH_SURGE_SUBSCRIBERS ?? 2_000),
  seconds: Number(process.env.BENCH_SURGE_SECONDS ?? 10),
  runs: Number(process.env.BENCH_SURGE_RUNS ?? 3),
} as const;
/** A phone gives up after this long: counted as an error. */
const TIMEOUT_MS = 30_000;
/** Warm-up: subscribers (besides the surge's), slips, connections. */
const WARM = 100;
const WARM_SLIPS = 500;
const WARM_CONNECTIONS = 10;

export interface SurgeRun {
  /** Accepted submissions per second, first due time to last answer. */
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** What the errors were, e.g. { '409 BETSLIP.CLOSED': 3, network: 1 }. */
  errorKinds: Record<string, number>;
}

export interface SurgeFigures {
  database: string;
  runs: SurgeRun[];
  /** Medians over the runs. */
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]! : 0;

interface Answer {
  ms: number;
  /** null when accepted; else what went wrong. */
  error: string | null;
}

/** Access tokens of bench subscribers 0 … n-1 for `issuer`, minted as the token endpoint would. */
async function mintTokens(target: BenchDatabase, issuer: string, n: number): Promise<string[]> {
  const db = await target.open();
  try {
    const keys = await loadSigningKeys(db.kysely);
    const service = new TokenService({
      db: db.kysely,
      keys,
      accessTokenTtl: 3600,
      refreshTokenTtl: 86_400,
      now: () => new Date(),
    });
    const tokens: string[] = [];
    for (let i = 0; i < n; i++) {
      const user = await findUserByUsername(db.kysely, benchMsisdn(i));
      if (!user) throw new Error(`bench subscriber ${i} missing`);
      tokens.push((await service.signIn(user, API_CLIENT, issuer)).access_token);
    }
    return tokens;
  } finally {
    await db.close();
  }
}

function send(url: string, agent: Agent, token: string, body: string, due: number): Promise<Answer> {
  return new Promise((resolve) => {
    const req = request(
      `${url}/api/protected/submit-online-betslip`,
      {
        method: 'POST',
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'idempotency-key': randomUUID(),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          const ms = performance.now() - due;
          if (res.statusCode === 200) return resolve({ ms, error: null });
          let key = '';
          try {
            key = (JSON.parse(text) as { messageKey?: string }).messageKey ?? '';
          } catch {}
          resolve({ ms, error: `${res.statusCode} ${key}`.trim() });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error) =>
      resolve({ ms: performance.now() - due, error: error.message === 'timeout' ? 'timeout' : 'network' }),
    );
    req.end(body);
  });
}

async function surgeOnce(target: BenchDatabase, port: number): Promise<SurgeRun> {
  const { subscribers, seconds } = SURGE;
  await fillDatabase(target, { subscribers: subscribers + WARM, stored: 0 });
  const url = `http://127.0.0.1:${port}`;
  const minted = await mintTokens(target, `${url}${REALM_PATH}`, subscribers + WARM);
  const tokens = minted.slice(0, subscribers);
  const warmTokens = minted.slice(subscribers);
  const server = await startServer(port, target.env);
  const agent = new Agent({ keepAlive: true });
  try {
    const { slip } = await currentSlip(server.url, tokens[0]!);
    const body = submissionBody(slip);
    await Promise.all(
      Array.from({ length: WARM_CONNECTIONS }, async (_, c) => {
        for (let i = c; i < WARM_SLIPS; i += WARM_CONNECTIONS) {
          await send(server.url, agent, warmTokens[i % WARM]!, body, performance.now());
        }
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const spacing = (seconds * 1000) / subscribers;
    const start = performance.now();
    const pending: Promise<Answer>[] = [];
    // Due times are fixed in advance; a late timer sends what is due at once, with its lateness counted.
    await new Promise<void>((done) => {
      let next = 0;
      const tick = () => {
        const now = performance.now();
        while (next < subscribers && start + next * spacing <= now) {
          pending.push(send(server.url, agent, tokens[next]!, body, start + next * spacing));
          next += 1;
        }
        if (next < subscribers) setTimeout(tick, Math.max(0, start + next * spacing - performance.now()));
        else done();
      };
      tick();
    });
    const answers = await Promise.all(pending);
    const end = performance.now();
    const sorted = answers.map((a) => a.ms).sort((a, b) => a - b);
    const errorKinds: Record<string, number> = {};
    for (const a of answers) if (a.error) errorKinds[a.error] = (errorKinds[a.error] ?? 0) + 1;
    const accepted = answers.filter((a) => a.error === null).length;
    return {
      perSecond: accepted / ((end - start) / 1000),
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
      errors: answers.length - accepted,
      errorKinds,
    };
  } finally {
    agent.destroy();
    await server.stop();
  }
}

/** The surge on the embedded database and, when reachable, PostgreSQL. */
export async function deadlineSurge(
  port = 18_580,
  log: (what: string) => void = () => {},
): Promise<{ results: SurgeFigures[]; skipped: string[] }> {
  const { kinds, skipped } = await databaseKinds();
  const results: SurgeFigures[] = [];
  for (const make of kinds) {
    const runs: SurgeRun[] = [];
    let database = '';
    for (let i = 0; i < SURGE.runs; i++) {
      const target = await make();
      database = target.name;
      try {
        log(
          `${target.name}: ${SURGE.subscribers} subscribers submit within ${SURGE.seconds} s (run ${i + 1})`,
        );
        runs.push(await surgeOnce(target, port));
      } finally {
        await target.dispose();
      }
    }
    results.push({
      database,
      runs,
      perSecond: median(runs.map((r) => r.perSecond)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      errors: median(runs.map((r) => r.errors)),
    });
  }
  return { results, skipped };
}

/** The table rows of this part. */
export function surgeRows(figures: { results: SurgeFigures[] }): [string, string][] {
  const ms = (n: number) => `${Math.round(n)} ms`;
  return figures.results.map((r) => {
    const kinds: Record<string, number> = {};
    for (const run of r.runs) {
      for (const [k, n] of Object.entries(run.errorKinds)) kinds[k] = (kinds[k] ?? 0) + n;
    }
    const why = Object.entries(kinds)
      .map(([k, n]) => `${k}: ${n}`)
      .join(', ');
    return [
      `${r.database}: deadline surge, ${SURGE.subscribers} subscribers within ${SURGE.seconds} s (median of ${r.runs.length})`,
      `${Math.round(r.perSecond)} submissions/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}; ${r.errors} errors ` +
        `(runs: ${r.runs.map((x) => `p99 ${ms(x.p99)}, max ${ms(x.max)}, ${x.errors} errors`).join('; ')})${why ? `; ${why}` : ''}`,
    ];
  });
}
