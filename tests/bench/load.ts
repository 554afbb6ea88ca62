/**
 * Server throughput with autocannon against the real server: fetch-current-betslip and
 * submit-online-betslip (distinct subscribers, a new Idempotency-Key per request), each beside its
 * ceiling measured on the same machine in the same run — a bare Fastify route answering the same JSON,
 * and a plain INSERT loop on the same kind of database — so every figure is also a ratio.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { BENCH_PASSWORD, type BenchDatabase, benchMsisdn, databaseKinds, fillDatabase } from './fixture.ts';
import { type Child, spawnScript, startServer } from './process.ts';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
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

export interface DatabaseLoad {
  database: string;
  read: LoadFigures & { ceilingRps: number; ratio: number };
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
export async function submitLoad(server: Child, tokens: string[], slip: Slip): Promise<LoadFigures> {
  const body = submissionBody(slip);
  let n = 0;
  return cannon({
    url: server.url,
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

/** Sequential single-row INSERTs (each its own transaction) into a scratch table for SECONDS. */
async function insertCeiling(target: BenchDatabase): Promise<number> {
  const db = await target.open();
  try {
    await sql`CREATE TABLE bench_insert (id bigserial PRIMARY KEY, msisdn text, body jsonb, at timestamptz DEFAULT now())`.execute(
      db.kysely,
    );
    const body = JSON.stringify({ picks: Array.from({ length: 14 }, (_, i) => i) });
    let count = 0;
    const end = performance.now() + SECONDS * 1000;
    while (performance.now() < end) {
      await sql`INSERT INTO bench_insert (msisdn, body) VALUES (${benchMsisdn(count)}, ${body})`.execute(
        db.kysely,
      );
      count += 1;
    }
    return count / SECONDS;
  } finally {
    await db.close();
  }
}

async function benchDatabase(target: BenchDatabase, port: number): Promise<DatabaseLoad> {
  await fillDatabase(target, { subscribers: SIGNED_IN, stored: 0 });
  // PGlite is one process's file: measure the INSERT ceiling before the server opens it.
  const insertCeilingPerSecond = await insertCeiling(target);
  const server = await startServer(port, target.env);
  let ceilingServer: Child | undefined;
  try {
    const tokens = await signInBench(server.url);
    const { slip, text: slipText } = await currentSlip(server.url, tokens[0]!);

    const read = await cannon({
      url: `${server.url}/api/protected/fetch-current-betslip`,
      headers: { authorization: `Bearer ${tokens[0]}` },
    });
    const submit = await submitLoad(server, tokens, slip);
    const rssMbAfter = server.rssMb();

    const bodyFile = join(tmpdir(), `jackpot14-bench-body-${process.pid}.json`);
    writeFileSync(bodyFile, slipText);
    ceilingServer = await spawnScript('tests/bench/ceilingServer.ts', port + 1, { BODY_FILE: bodyFile });
    const ceiling = await cannon({ url: `${ceilingServer.url}/betslip` });
    return {
      database: target.name,
      read: { ...read, ceilingRps: ceiling.rps, ratio: read.rps / ceiling.rps },
      submit: { ...submit, insertCeilingPerSecond, ratio: submit.rps / insertCeilingPerSecond },
      rssMbAfter,
    };
  } finally {
    await ceilingServer?.stop();
    await server.stop();
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
