/**
 * `npm run bench`: measures what we promise and writes bench/results.json.
 * Fails (exit 1) when the first load of /play is over budget.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstLoad } from './bundle.ts';
import { median, startup } from './startup.ts';

const root = new URL('../..', import.meta.url).pathname;
const BUDGET = { jsGzip: 130 * 1024, cssGzip: 20 * 1024 };
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const bundle = firstLoad(join(root, 'dist'), ['src/screens/play/PlayScreen.tsx']);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const start = await startup(runs);

const rows: [string, string][] = [
  [
    '/play first-load JS (gzip / brotli)',
    `${kb(bundle.js.gzip)} / ${kb(bundle.js.brotli)}  (budget ${kb(BUDGET.jsGzip)})`,
  ],
  ['/play first-load CSS (gzip)', `${kb(bundle.css.gzip)}  (budget ${kb(BUDGET.cssGzip)})`],
  [`server start-up, new database (median of ${runs})`, `${median(start.cold).toFixed(0)} ms`],
  [`server start-up, existing database (median of ${runs})`, `${median(start.warm).toFixed(0)} ms`],
];
const width = Math.max(...rows.map(([k]) => k.length));
for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);

mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), bundle, startup: start }, null, 2)}\n`,
);

const over: string[] = [];
if (bundle.js.gzip > BUDGET.jsGzip) over.push(`JS ${kb(bundle.js.gzip)} > ${kb(BUDGET.jsGzip)}`);
if (bundle.css.gzip > BUDGET.cssGzip) over.push(`CSS ${kb(bundle.css.gzip)} > ${kb(BUDGET.cssGzip)}`);
if (over.length) {
  console.error(`Over budget: ${over.join(', ')}. Largest modules:`);
  for (const l of bundle.largest) console.error(`  ${l.file}  ${kb(l.gzip)}`);
  process.exit(1);
}
