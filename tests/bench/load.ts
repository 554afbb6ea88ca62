/**
 * Server throughput with autocannon against the real server: fetch-current-betslip and
 * submit-online-betslip (distinct subscribers, a new Idempotency-Key per request), each beside its
 * ceiling measured on the same machine in the same run — a bare Fastify route answering the same JSON,
 * and a plain INSERT loop on the same kind of database — so every figure is also a ratio. Measures and
 * ceilings take turns, BENCH_ROUNDS rounds (5) of BENCH_ROUND_SECONDS (2 s) each, and every ratio is the
 * median of the rounds' ratios: each compares figures taken seconds apart, so a machine shared with other
 * work (whose load comes and goes) moves both sides of a ratio alike. The pick-share read
 * (GET /api/protected/pick-shares, answered from memory) is measured in each round right after
 * fetch-current-betslip, with the same token and connections, and compared to its rate (target: within
 * 10 %); the round's counts stand for PICK_SHARE_ROWS rows, so the full answer is sent, not the hidden one.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { Db } from '../../server/db/index.ts';
import {
  BENCH_PASSWORD,
  type BenchDatabase,
  benchMsisdn,
  databaseKinds,
  embeddedDatabase,
  fillDatabase,
} from './fixture.ts';
import { type Child, spawnScript, startServer } from './process.ts';
import { median } from './startup.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 2);
const CONNECTIONS = 10;
/** Subscribers signed in for the submission load, taking turns. */
export const SIGNED_IN = 50;
const BASIC = `Basic ${Buffer.from('mobile:mobile-secret').toString('base64')}`;

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Rows the current round's pick-share counts stand for before the load (over the hiding threshold). */
const PICK_SHARE_ROWS = 5000;
/** The pick-share read's target: at least this share of fetch-current-betslip's rate in the same round. */
export const PICK_SHARE_TARGET = 0.9;

export interface DatabaseLoad {
  database: string;
  /** Rounds of measure and ceiling taken in turn; the figures are medians over them. */
  rounds: number;
  read: LoadFigures & { ceilingRps: number; ratio: number };
  /** GET /pick-shares; `ratio` to fetch-current-betslip's rate in the same round. */
  pickShares: LoadFigures & { ratio: number };
  submit: LoadFigures & { insertCeilingPerSecond: number; ratio: number };
  rssMbAfter: number;
}

async function cannon(options: autocannon.Options): Promise<LoadFigures> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/auth/realms/commxp/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'mobile', username, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${username} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * A money-moving POST with its Idempotency-Key, as a subscriber's phone sends it; a connection that is cut
 * off (a killed server) answers 'network'.
 */
export async function postWithKey<T>(
  url: string,
  path: string,
  token: string,
  key: string,
  body: string,
): Promise<{ status: number | 'network'; body: Partial<T> }> {
  try {
    const res = await fetch(url + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': key,
      },
      body,
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as Partial<T> };
  } catch {
    return { status: 'network', body: {} };
  }
}

export interface Slip {
  sid: string;
  matches: unknown[];
  betslipParams: { defaultBetslipPrice: number };
}

/** The current betslip as fetch-current-betslip answers it, with the answer's text. */
export async function currentSlip(url: string, token: string): Promise<{ slip: Slip; text: string }> {
  const res = await fetch(`${url}/api/protected/fetch-current-betslip`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!res.ok) throw new Error(`fetch-current-betslip failed: ${res.status}`);
  const text = await res.text();
  return { slip: JSON.parse(text) as Slip, text };
}

/** Signs in bench subscribers 0 … count-1 (one after the other: sign-in hashes are CPU-bound). */
export async function signInBench(url: string, count = SIGNED_IN): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(await signIn(url, benchMsisdn(i), BENCH_PASSWORD));
  return tokens;
}

/** A single-pick submission body for the current betslip (price = the default price). */
export function submissionBody(slip: Slip): string {
  return JSON.stringify({
    msisdn: null,
    lang: 'en',
    betSlipSid: slip.sid,
    positionAndPredictionDtos: slip.matches.map((_, i) => ({ betSlipPosition: i, prediction: 1 + (i % 3) })),
    betSlipCost: slip.betslipParams.defaultBetslipPrice,
  });
}

/** Submissions/s and latency, the signed-in subscribers (`tokens`) taking turns. */
export async function submitLoad(
  server: Child,
  tokens: string[],
  slip: Slip,
  seconds = SECONDS,
): Promise<LoadFigures> {
  const body = submissionBody(slip);
  let n = 0;
  return cannon({
    url: server.url,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/protected/submit-online-betslip',
        setupRequest: (request) => {
          n += 1;
          return {
            ...request,
            body,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${tokens[n % tokens.length]}`,
              'idempotency-key': randomUUID(),
            },
          };
        },
      },
    ],
  });
}

/**
 * Sequential single-row INSERTs (each its own transaction) into a scratch table, `run(seconds)` at a time.
 * On PostgreSQL in the bench database itself; PGlite is one process's folder, which the server holds, so
 * there a scratch database of its own.
 */
export async function insertLoop(target: BenchDatabase) {
  const scratch = target.name === 'PGlite' ? embeddedDatabase() : target;
  const db = await scratch.open();
  await sql`CREATE TABLE bench_insert (id bigserial PRIMARY KEY, msisdn text, body jsonb, at timestamptz DEFAULT now())`.execute(
    db.kysely,
  );
  const body = JSON.stringify({ picks: Array.from({ length: 14 }, (_, i) => i) });
  let count = 0;
  return {
    /** INSERTs per second over `seconds`. */
    async run(seconds: number): Promise<number> {
      const start = count;
      const end = performance.now() + seconds * 1000;
      while (performance.now() < end) {
        await sql`INSERT INTO bench_insert (msisdn, body) VALUES (${benchMsisdn(count)}, ${body})`.execute(
          db.kysely,
        );
        count += 1;
      }
      return (count - start) / seconds;
    },
    async close() {
      await db.close();
      if (scratch !== target) await scratch.dispose();
    },
  };
}

interface Round {
  read: LoadFigures;
  pickShares: LoadFigures;
  bareRps: number;
  submit: LoadFigures;
  insertsPerSecond: number;
}

/** Medians over the rounds; failures summed. */
function overRounds(figures: LoadFigures[]): LoadFigures {
  return {
    rps: median(figures.map((f) => f.rps)),
    p50: median(figures.map((f) => f.p50)),
    p99: median(figures.map((f) => f.p99)),
    non2xx: figures.reduce((n, f) => n + f.non2xx, 0),
    errors: figures.reduce((n, f) => n + f.errors, 0),
  };
}

/** The current round's pick-share counts as PICK_SHARE_ROWS plain slips would have left them. */
async function pickShareCounts(db: Db): Promise<void> {
  await sql`
    INSERT INTO pick_share_counts (betslip_sid, shard, rows, home, draw, away)
    SELECT b.sid, 0, ${PICK_SHARE_ROWS}, array_agg(${PICK_SHARE_ROWS / 2}::bigint ORDER BY m.position),
      array_agg(${PICK_SHARE_ROWS / 5}::bigint ORDER BY m.position),
      array_agg(${(PICK_SHARE_ROWS * 3) / 10}::bigint ORDER BY m.position)
    FROM betslips b JOIN matches m ON m.betslip_sid = b.sid
    WHERE b.status = 'CURRENT' GROUP BY b.sid`.execute(db.kysely);
}

async function benchDatabase(target: BenchDatabase, port: number): Promise<DatabaseLoad> {
  await fillDatabase(target, { subscribers: SIGNED_IN, stored: 0, extra: pickShareCounts });
  const inserts = await insertLoop(target);
  const server = await startServer(port, target.env);
  let ceilingServer: Child | undefined;
  try {
    const tokens = await signInBench(server.url);
    const { slip, text: slipText } = await currentSlip(server.url, tokens[0]!);
    const shares = await fetch(`${server.url}/api/protected/pick-shares`, {
      headers: { authorization: `Bearer ${tokens[0]}` },
    }).then((r) => r.json() as Promise<{ hidden?: boolean; matches?: unknown[] }>);
    if (shares.hidden || shares.matches?.length !== slip.matches.length)
      throw new Error(`pick-shares answers ${JSON.stringify(shares)}, not every match's shares`);
    const bodyFile = join(tmpdir(), `jackpot14-bench-body-${process.pid}.json`);
    writeFileSync(bodyFile, slipText);
    ceilingServer = await spawnScript('tests/bench/ceilingServer.ts', port + 1, { BODY_FILE: bodyFile });

    const rounds: Round[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const read = await cannon({
        url: `${server.url}/api/protected/fetch-current-betslip`,
        headers: { authorization: `Bearer ${tokens[0]}` },
        duration: ROUND_SECONDS,
      });
      const pickShares = await cannon({
        url: `${server.url}/api/protected/pick-shares`,
        headers: { authorization: `Bearer ${tokens[0]}` },
        duration: ROUND_SECONDS,
      });
      const bare = await cannon({ url: `${ceilingServer.url}/betslip`, duration: ROUND_SECONDS });
      const submit = await submitLoad(server, tokens, slip, ROUND_SECONDS);
      const insertsPerSecond = await inserts.run(ROUND_SECONDS);
      rounds.push({ read, pickShares, bareRps: bare.rps, submit, insertsPerSecond });
    }
    const rssMbAfter = server.rssMb();
    return {
      database: target.name,
      rounds: rounds.length,
      read: {
        ...overRounds(rounds.map((r) => r.read)),
        ceilingRps: median(rounds.map((r) => r.bareRps)),
        ratio: median(rounds.map((r) => r.read.rps / r.bareRps)),
      },
      pickShares: {
        ...overRounds(rounds.map((r) => r.pickShares)),
        ratio: median(rounds.map((r) => r.pickShares.rps / r.read.rps)),
      },
      submit: {
        ...overRounds(rounds.map((r) => r.submit)),
        insertCeilingPerSecond: median(rounds.map((r) => r.insertsPerSecond)),
        ratio: median(rounds.map((r) => r.submit.rps / r.insertsPerSecond)),
      },
      rssMbAfter,
    };
  } finally {
    await ceilingServer?.stop();
    await server.stop();
    await inserts.close();
  }
}

/** Load figures on the embedded database and, when reachable, on PostgreSQL. */
export async function load(port = 18_180): Promise<{ results: DatabaseLoad[]; skipped: string[] }> {
  const results: DatabaseLoad[] = [];
  const { kinds, skipped } = await databaseKinds();
  for (const make of kinds) {
    const target = await make();
    try {
      results.push(await benchDatabase(target, port));
    } finally {
      await target.dispose();
    }
  }
  return { results, skipped };
}
