/**
 * `npm run bench`: builds the PWA, measures what we promise and writes bench/results.json.
 * Fails (exit 1) when the first load of /play is over budget. Every figure is a median.
 * `npm run bench -- settle` runs only the settlement with many winners and prints its rows;
 * `npm run bench -- load` only the server load (fetch and submit beside their ceilings);
 * `npm run bench -- surge` only the deadline surge (BENCH_SURGE_SUBSCRIBERS submit within BENCH_SURGE_SECONDS);
 * `npm run bench -- page` only the build, the first-load size and the page speed of /login and /play;
 * `npm run bench -- data` only the build and the data cost of a week of play (tests/bench/data.ts);
 * `npm run bench -- memory` only the embedded server's memory with 10k, 100k and 1M submissions stored
 * (tests/bench/memory.ts; it is not part of the full run, whose 1M fill takes minutes).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIRST_LOAD_BUDGET, firstLoad, PLAY_ROUTE } from './bundle.ts';
import { dataCost, dataRows } from './data.ts';
import { embeddedDatabase, fillDatabase } from './fixture.ts';
import { growth, LOAD_SIZES, SETTLE_SIZES } from './growth.ts';
import { type DatabaseLoad, load, PICK_SHARE_TARGET, SIGNED_IN } from './load.ts';
import { memory, memoryRows } from './memory.ts';
import { type OfflineVisit, repeatVisitOffline } from './offline.ts';
import { pageSpeed } from './page.ts';
import { startServer } from './process.ts';
import { settlementUnderLoad, settleRows } from './settleLoad.ts';
import { median, startup } from './startup.ts';
import { deadlineSurge, surgeRows } from './surge.ts';

const root = new URL('../..', import.meta.url).pathname;
const BUDGET = FIRST_LOAD_BUDGET;
const TARGET = { lcp: 2000, tbt: 200, cls: 0.05 };
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n: number) => `${Math.round(n)} ms`;
const x = (ratio: number) => `${(ratio * 100).toFixed(1)} %`;
const began = performance.now();
const step = (what: string) =>
  console.error(`… ${what} (at ${Math.round((performance.now() - began) / 1000)} s)`);
const printRows = (rows: [string, string][]) => {
  const width = Math.max(...rows.map(([k]) => k.length));
  for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
};

function loadRows(results: DatabaseLoad[]): [string, string][] {
  return results.flatMap((r): [string, string][] => [
    [
      `${r.database}: fetch-current-betslip (median of ${r.rounds} rounds)`,
      `${Math.round(r.read.rps)} req/s, p50 ${r.read.p50} ms, p99 ${r.read.p99} ms; ${x(r.read.ratio)} of a bare route (${Math.round(r.read.ceilingRps)} req/s)`,
    ],
    [
      `${r.database}: pick-shares (median of ${r.rounds} rounds)`,
      `${Math.round(r.pickShares.rps)} req/s, p50 ${r.pickShares.p50} ms, p99 ${r.pickShares.p99} ms; ${x(r.pickShares.ratio)} of fetch-current-betslip's rate (target ≥ ${x(PICK_SHARE_TARGET)}: ${r.pickShares.ratio >= PICK_SHARE_TARGET ? 'met' : 'MISSED'}); ${r.pickShares.non2xx + r.pickShares.errors} failed`,
    ],
    [
      `${r.database}: submit-online-betslip (median of ${r.rounds} rounds)`,
      `${Math.round(r.submit.rps)} req/s, p50 ${r.submit.p50} ms, p99 ${r.submit.p99} ms; ${x(r.submit.ratio)} of plain INSERTs (${Math.round(r.submit.insertCeilingPerSecond)}/s); ${r.submit.non2xx + r.submit.errors} failed`,
    ],
    [`${r.database}: server memory after load`, `${Math.round(r.rssMbAfter)} MB RSS`],
  ]);
}

function pageRows(p: Awaited<ReturnType<typeof pageSpeed>>): [string, string][] {
  return [
    ...(
      [
        ['/login', p.login],
        ['/play', p.play],
      ] as const
    ).map(([name, f]): [string, string] => [
      `${name} slow 4G + 4× CPU (median of 3)`,
      `score ${f.score}, FCP ${ms(f.fcp)}, LCP ${ms(f.lcp)}, TBT ${ms(f.tbt)}, CLS ${f.cls.toFixed(3)}`,
    ]),
    [`pick tap → price painted, 4× CPU (median of ${p.taps})`, ms(p.tapToPaintMs)],
  ];
}

const PARTS = ['settle', 'load', 'surge', 'page', 'data', 'memory'];
const only = process.argv[2];
if (only !== undefined && !PARTS.includes(only)) {
  console.error(`unknown bench part ${only}; parts: ${PARTS.join(', ')}`);
  process.exit(2);
}
if (only === 'settle') {
  const settled = await settlementUnderLoad(undefined, step);
  printRows([...settleRows(settled), ...settled.skipped.map((s): [string, string] => ['skipped', s])]);
  process.exit(0);
}
if (only === 'surge') {
  const surge = await deadlineSurge(undefined, step);
  printRows([...surgeRows(surge), ...surge.skipped.map((s): [string, string] => ['skipped', s])]);
  process.exit(0);
}
if (only === 'memory') {
  const figures = await memory(undefined, step);
  printRows(memoryRows(figures));
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(
    join(root, 'bench', 'memory.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  process.exit(0);
}
if (only === 'load') {
  const server = await load();
  printRows([...loadRows(server.results), ...server.skipped.map((s): [string, string] => ['skipped', s])]);
  process.exit(0);
}

step('building the PWA');
const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

if (only === 'data') {
  const data = await dataCost(undefined, step);
  printRows(dataRows(data));
  mkdirSync(join(root, 'bench'), { recursive: true });
  writeFileSync(
    join(root, 'bench', 'data.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), ...data }, null, 2)}\n`,
  );
  process.exit(0);
}

const bundle = firstLoad(join(root, 'dist'), PLAY_ROUTE);
const runs = Number(process.env.BENCH_RUNS ?? 5);
step(`server start-up × ${runs}`);
const start = only === 'page' ? { cold: [], warm: [] } : await startup(runs);

step('page speed and interaction in Chromium');
const pageTarget = embeddedDatabase();
await fillDatabase(pageTarget, { subscribers: 0, stored: 0 });
const pageServer = await startServer(18_280, pageTarget.env);
let page: Awaited<ReturnType<typeof pageSpeed>>;
let offline: OfflineVisit;
try {
  const token = await fetch(`${pageServer.url}/auth/realms/commxp/protocol/openid-connect/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('mobile:mobile-secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'mobile',
      username: '26650000001',
      password: 'demo1234',
    }),
  }).then((r) => r.json() as Promise<{ access_token: string; refresh_token: string }>);
  const session = { user: '26650000001', token: token.access_token, refreshToken: token.refresh_token };
  page = await pageSpeed(pageServer.url, session);
  step('repeat visit offline with the service worker');
  offline = await repeatVisitOffline(pageServer.url, session);
} finally {
  await pageServer.stop();
  await pageTarget.dispose();
}

if (only === 'page') {
  printRows([
    ['/play first-load JS (gzip / brotli)', `${kb(bundle.js.gzip)} / ${kb(bundle.js.brotli)}`],
    ...pageRows(page),
    [`repeat visit offline → betslip shown (median of ${offline.runs.length})`, ms(offline.betslipMs)],
  ]);
  process.exit(0);
}

const data = await dataCost(undefined, step);
step('server load (autocannon) with ceilings');
const server = await load();
step('deadline surge: distinct subscribers submitting at once');
const surge = await deadlineSurge(undefined, step);
step('cost growth with stored subscribers and submissions');
const grown = await growth(undefined, step);
step('settlement with many winners, /healthz meanwhile');
const settled = await settlementUnderLoad(undefined, step);

const rows: [string, string][] = [
  [
    '/play first-load JS (gzip / brotli)',
    `${kb(bundle.js.gzip)} / ${kb(bundle.js.brotli)}  (budget ${kb(BUDGET.jsGzip)})`,
  ],
  ['/play first-load CSS (gzip)', `${kb(bundle.css.gzip)}  (budget ${kb(BUDGET.cssGzip)})`],
  [`server start-up, new database (median of ${runs})`, ms(median(start.cold))],
  [`server start-up, existing database (median of ${runs})`, ms(median(start.warm))],
];
rows.push(...pageRows(page));
rows.push([
  `repeat visit offline → betslip shown, 4× CPU (median of ${offline.runs.length})`,
  ms(offline.betslipMs),
]);
rows.push(...dataRows(data));
rows.push(...loadRows(server.results));
rows.push(...surgeRows(surge));
const count = (n: number) => `${n / 1000}k`;
for (const g of grown.results) {
  for (const l of g.load) {
    rows.push([
      `${g.database}: submit with ${count(l.stored)} stored (${SIGNED_IN} subscribers)`,
      `${Math.round(l.rps)} req/s, p50 ${l.p50} ms, p99 ${l.p99} ms; ${Math.round(l.rssMbAfter)} MB RSS after; ${l.non2xx + l.errors} failed`,
    ]);
  }
  for (const st of g.settlement) {
    rows.push([
      `${g.database}: settle ${count(st.submissions)} submissions`,
      `${ms(st.ms)} (${ms(st.msPer1k)} per 1k; ${st.winners} winners paid)`,
    ]);
  }
  const r = g.ratio100kVs10k;
  rows.push([
    `${g.database}: growth ${count(LOAD_SIZES[2])} vs ${count(LOAD_SIZES[1])} stored`,
    `submit req/s ×${r.submitRps.toFixed(2)}, RSS ×${r.rssMb.toFixed(2)}, settle per 1k (${count(SETTLE_SIZES[1])} vs ${count(SETTLE_SIZES[0])}) ×${r.settleMsPer1k.toFixed(2)}`,
  ]);
}
rows.push(...settleRows(settled));
for (const s of new Set([...server.skipped, ...surge.skipped, ...grown.skipped, ...settled.skipped])) {
  rows.push(['skipped', s]);
}

printRows(rows);

mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results.json'),
  `${JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      bundle,
      startup: start,
      page,
      offline,
      data: {
        ...data,
        runs: data.runs.map(({ requests: _, ...week }) => week),
        deployed: { ...data.deployed, runs: data.deployed.runs.map(({ requests: _, ...week }) => week) },
      },
      server,
      surge,
      growth: grown,
      settlement: settled,
    },
    null,
    2,
  )}\n`,
);

const misses: string[] = [];
for (const [name, f] of [
  ['/login', page.login],
  ['/play', page.play],
] as const) {
  if (f.lcp > TARGET.lcp) misses.push(`${name} LCP ${ms(f.lcp)} > ${ms(TARGET.lcp)}`);
  if (f.tbt > TARGET.tbt) misses.push(`${name} TBT ${ms(f.tbt)} > ${ms(TARGET.tbt)}`);
  if (f.cls > TARGET.cls) misses.push(`${name} CLS ${f.cls.toFixed(3)} > ${TARGET.cls}`);
}
if (misses.length) console.log(`\nPage-speed targets missed (reported, not failing): ${misses.join('; ')}`);

const over: string[] = [];
if (bundle.js.gzip > BUDGET.jsGzip) over.push(`JS ${kb(bundle.js.gzip)} > ${kb(BUDGET.jsGzip)}`);
if (bundle.css.gzip > BUDGET.cssGzip) over.push(`CSS ${kb(bundle.css.gzip)} > ${kb(BUDGET.cssGzip)}`);
if (over.length) {
  console.error(`Over budget: ${over.join(', ')}. Largest modules:`);
  for (const l of bundle.largest) console.error(`  ${l.file}  ${kb(l.gzip)}`);
  process.exit(1);
}
