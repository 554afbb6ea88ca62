/**
 * Server memory on the embedded database with many submissions stored (`npm run bench -- memory`): for
 * each of BENCH_MEMORY_SIZES (10k, 100k and 1M subscribers and submissions), a database is filled once
 * and copied for each of BENCH_MEMORY_RUNS runs (default 3). A run starts the server as `npm start` runs
 * it (the start-up bundle: tsx's loader runs in a thread of its own, about 80 MB more) and reads its
 * resident memory idle (IDLE_MS after it answers), after the submit load of growth.ts (50 subscribers, 5 s),
 * then stops it, gives the round its results and closes it, starts it again and reads it idle, after
 * settling the round through the admin route and SETTLED_IDLE_MS (60 s) after that. Each reading has the
 * process's RSS and peak RSS (/proc: VmRSS, VmHWM, RssAnon) and, from a probe loaded into the server
 * (memoryProbe.mjs), the Node heap, its external memory, array buffers and PGlite's WebAssembly memory
 * (which never shrinks: the largest query so far sets it for the life of the process).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { sleep, waitUntil } from '../support/wait.ts';
import { type BenchDatabase, embeddedDatabase, fillDatabase, giveResults } from './fixture.ts';
import { currentSlip, type LoadFigures, signIn, signInBench, submitLoad } from './load.ts';
import { type Child, startBundledServer } from './process.ts';
import { median } from './startup.ts';

export const MEMORY_SIZES = (process.env.BENCH_MEMORY_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
/** How long a started server is left alone before its idle reading (pg-boss's start-up work runs then). */
const IDLE_MS = Number(process.env.BENCH_MEMORY_IDLE_MS ?? 10_000);
/**
 * How long a server that has settled is left alone before its last reading: V8 gives back the heap a
 * settlement's garbage grew only once it has been idle a while (not yet after 10 s, by 60 s it has).
 */
const SETTLED_IDLE_MS = Number(process.env.BENCH_MEMORY_SETTLED_IDLE_MS ?? 60_000);
const PROBE = new URL('./memoryProbe.mjs', import.meta.url).pathname;

/** One reading of the server's memory, in MB. */
export interface MemoryReading {
  rss: number;
  /** Peak RSS of the process so far. */
  hwm: number;
  rssAnon: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** PGlite's WebAssembly memory, and how much of it is resident (its mapping in /proc/<pid>/smaps). */
  wasm: number;
  wasmRss: number;
}

export interface MemoryRun {
  fillMs: number;
  idle: MemoryReading;
  afterSubmit: MemoryReading;
  submit: LoadFigures;
  /** The second start, on the closed round with its results. */
  idleClosed: MemoryReading;
  afterSettle: MemoryReading;
  /** SETTLED_IDLE_MS after the settlement: what the process keeps once its heap has had time to shrink. */
  idleSettled: MemoryReading;
  settleMs: number;
}

export interface MemoryAtSize {
  stored: number;
  /** Time to fill the database (once per size). */
  fillMs: number;
  runs: MemoryRun[];
}

const mb = (bytes: number) => bytes / 1024 / 1024;

function procStatus(pid: number): { rss: number; hwm: number; rssAnon: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM'), rssAnon: kb('RssAnon') };
}

/**
 * Resident memory of the WebAssembly memories: V8 reserves each one's whole address range with guard
 * regions and makes the part in use readable, which the kernel keeps as a mapping of its own; so the
 * mappings exactly `bytes` long (the probe's figure) are taken to be it.
 */
function wasmResident(pid: number, bytes: number): number {
  let total = 0;
  let wasm = false;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const size = /^Size:\s+(\d+) kB/.exec(line);
    if (size) wasm = bytes > 0 && Number(size[1]) * 1024 === bytes;
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && wasm) total += Number(rss[1]);
  }
  return total / 1024;
}

/** Asks the server's probe for its figures (SIGUSR2) and waits for the answer. */
async function read(server: Child, probeFile: string): Promise<MemoryReading> {
  const seqOf = () => (existsSync(probeFile) ? JSON.parse(readFileSync(probeFile, 'utf8')).seq : 0);
  const before = seqOf();
  process.kill(server.pid, 'SIGUSR2');
  await waitUntil(() => seqOf() > before, { what: 'the memory probe', timeoutMs: 30_000, intervalMs: 20 });
  const probe = JSON.parse(readFileSync(probeFile, 'utf8'));
  return {
    ...procStatus(server.pid),
    heapTotal: mb(probe.heapTotal),
    heapUsed: mb(probe.heapUsed),
    external: mb(probe.external),
    arrayBuffers: mb(probe.arrayBuffers),
    wasm: mb(probe.wasm),
    wasmRss: wasmResident(server.pid, probe.wasm),
  };
}

async function start(target: BenchDatabase, port: number, probeFile: string): Promise<Child> {
  rmSync(probeFile, { force: true });
  const inherited = process.env.NODE_OPTIONS ? `${process.env.NODE_OPTIONS} ` : '';
  return startBundledServer(
    { ...target.env, NODE_OPTIONS: `${inherited}--import ${PROBE}`, MEMORY_PROBE_FILE: probeFile },
    { port },
  );
}

async function closeRound(target: BenchDatabase): Promise<string> {
  const db = await target.open();
  try {
    const { sid } = await db.kysely
      .selectFrom('betslips')
      .select('sid')
      .where('status', '=', 'CURRENT')
      .executeTakeFirstOrThrow();
    await giveResults(db, sid);
    await sql`UPDATE betslips SET end_at = now() - interval '1 minute' WHERE sid = ${sid}`.execute(db.kysely);
    return sid;
  } finally {
    await db.close();
  }
}

async function runOnce(filled: string, fillMs: number, port: number): Promise<MemoryRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jackpot14-bench-mem-'));
  const probeFile = join(dataDir, 'memory-probe.json');
  cpSync(filled, dataDir, { recursive: true });
  const target = embeddedDatabase(dataDir);
  try {
    let server = await start(target, port, probeFile);
    let idle: MemoryReading;
    let afterSubmit: MemoryReading;
    let submit: LoadFigures;
    try {
      await sleep(IDLE_MS);
      idle = await read(server, probeFile);
      const tokens = await signInBench(server.url);
      const { slip } = await currentSlip(server.url, tokens[0]!);
      submit = await submitLoad(server, tokens, slip);
      afterSubmit = await read(server, probeFile);
    } finally {
      await server.stop();
    }
    const sid = await closeRound(target);
    server = await start(target, port, probeFile);
    try {
      await sleep(IDLE_MS);
      const idleClosed = await read(server, probeFile);
      const token = await signIn(server.url, 'admin', 'admin1234');
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/admin/betslips/${sid}/settle`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      const settleMs = performance.now() - t0;
      if (!res.ok) throw new Error(`settlement refused: ${res.status} ${await res.text()}`);
      const afterSettle = await read(server, probeFile);
      await sleep(SETTLED_IDLE_MS);
      const idleSettled = await read(server, probeFile);
      return { fillMs, idle, afterSubmit, submit, idleClosed, afterSettle, idleSettled, settleMs };
    } finally {
      await server.stop();
    }
  } finally {
    await target.dispose();
  }
}

export async function memory(
  port = 18_580,
  log: (what: string) => void = () => {},
): Promise<{ sizes: MemoryAtSize[] }> {
  const sizes: MemoryAtSize[] = [];
  for (const stored of MEMORY_SIZES) {
    const filled = embeddedDatabase();
    try {
      log(`PGlite: filling ${stored} subscribers and submissions`);
      const t0 = performance.now();
      await fillDatabase(filled, { subscribers: stored, stored });
      const fillMs = performance.now() - t0;
      log(`PGlite: filled ${stored} in ${Math.round(fillMs / 1000)} s`);
      const runs: MemoryRun[] = [];
      for (let i = 0; i < RUNS; i++) {
        const run = await runOnce(filled.env.DATA_DIR!, fillMs, port);
        log(
          `PGlite ${stored} run ${i + 1}: RSS idle ${Math.round(run.idle.rss)} MB, after submit ${Math.round(run.afterSubmit.rss)} MB, after settle ${Math.round(run.afterSettle.rss)} MB, idle after ${Math.round(run.idleSettled.rss)} MB (wasm resident ${Math.round(run.idle.wasmRss)} / ${Math.round(run.afterSubmit.wasmRss)} / ${Math.round(run.afterSettle.wasmRss)} MB, heap ${Math.round(run.afterSettle.heapUsed)} of ${Math.round(run.afterSettle.heapTotal)} MB after settling)`,
        );
        runs.push(run);
      }
      sizes.push({ stored, fillMs, runs });
    } finally {
      await filled.dispose();
    }
  }
  return { sizes };
}

const count = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}M` : `${n / 1000}k`);
const phases = [
  ['idle after start', 'idle'],
  ['after submit load', 'afterSubmit'],
  ['idle, round closed', 'idleClosed'],
  ['after settlement', 'afterSettle'],
  ['idle after settlement', 'idleSettled'],
] as const;

/** Median figures per size and phase. */
export function memoryRows(figures: { sizes: MemoryAtSize[] }): [string, string][] {
  const rows: [string, string][] = [];
  for (const s of figures.sizes) {
    const m = (f: (r: MemoryRun) => number) => Math.round(median(s.runs.map(f)));
    rows.push([`PGlite ${count(s.stored)} stored: fill`, `${Math.round(s.fillMs / 1000)} s`]);
    for (const [name, key] of phases) {
      rows.push([
        `PGlite ${count(s.stored)} stored: ${name} (median of ${s.runs.length})`,
        `RSS ${m((r) => r[key].rss)} MB (peak ${m((r) => r[key].hwm)}, anon ${m((r) => r[key].rssAnon)}); heap ${m((r) => r[key].heapUsed)} of ${m((r) => r[key].heapTotal)}, external ${m((r) => r[key].external)}, arrayBuffers ${m((r) => r[key].arrayBuffers)}, wasm ${m((r) => r[key].wasm)} MB (${m((r) => r[key].wasmRss)} resident)`,
      ]);
    }
    rows.push([
      `PGlite ${count(s.stored)} stored: submit, settle`,
      `${m((r) => r.submit.rps)} req/s; settled in ${m((r) => r.settleMs)} ms`,
    ]);
  }
  return rows;
}
