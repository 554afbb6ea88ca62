// Checks that every test of a vitest project passes when run alone:
//   node scripts/tests-alone.mjs [project] [test files…]      (project defaults to server)
// Running each test in its own vitest process would take hours, so it runs in rounds: round i runs, in
// every file at once, only that file's i-th test (a -t pattern naming exactly one test per file; files
// run in their own workers, so no test sees its siblings' data). Prints each failure and exits 1 if any.
// A suite whose title ends in ", in order" is one story told in steps (each test starts where the one
// before left off): it is one unit here, run whole in its round.
// Round 1 (each file's first unit) is skipped: every ordinary run already runs it with no sibling before
// it. FROM_ROUND=1 runs it too; FROM_ROUND=n starts a run cut short at round n.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const [project = 'server', ...files] = process.argv.slice(2);
const work = mkdtempSync(join(tmpdir(), 'tests-alone-'));
const vitest = (args) =>
  spawnSync(process.execPath, [join(root, 'node_modules/vitest/vitest.mjs'), ...args], {
    cwd: root,
    stdio: 'ignore',
  });

try {
  const listing = join(work, 'list.json');
  vitest(['list', '--project', project, `--json=${listing}`, ...files]);
  const literally = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  /** The -t pattern of a test's unit: the test, or the whole ", in order" suite it belongs to. */
  const unitOf = (name) => {
    const parts = name.split(' > ');
    const story = parts.findIndex((part) => /, in order( \[[^\]]+\])?$/.test(part));
    // vitest matches -t against the full name with its parts joined by spaces.
    if (story < 0 || story === parts.length - 1) return `^${literally(parts.join(' '))}$`;
    return `^${literally(parts.slice(0, story + 1).join(' '))} `;
  };
  /** file → its units' patterns, in order. */
  const byFile = new Map();
  for (const { file, name } of JSON.parse(readFileSync(listing, 'utf8'))) {
    const units = byFile.get(file) ?? [];
    if (!units.includes(unitOf(name))) units.push(unitOf(name));
    byFile.set(file, units);
  }
  const rounds = Math.max(0, ...[...byFile.values()].map((names) => names.length));
  const failures = [];
  const from = Math.max(1, Number(process.env.FROM_ROUND) || 2);
  for (let i = from - 1; i < rounds; i++) {
    const started = Date.now();
    const picked = [...byFile].filter(([, names]) => i < names.length);
    const pattern = picked.map(([, units]) => units[i]).join('|');
    const report = join(work, `round-${i}.json`);
    vitest([
      'run',
      '--project',
      project,
      '--reporter=json',
      `--outputFile=${report}`,
      '-t',
      pattern,
      ...picked.map(([file]) => file),
    ]);
    let passed = 0;
    for (const result of JSON.parse(readFileSync(report, 'utf8')).testResults) {
      if (result.status === 'failed' && result.assertionResults.length === 0) {
        failures.push(`${basename(result.name)}: ${result.message}`);
      }
      let ran = 0;
      for (const test of result.assertionResults) {
        const name = `${basename(result.name)} > ${[...test.ancestorTitles, test.title].join(' > ')}`;
        if (test.status === 'passed') passed++;
        else if (test.status === 'failed') {
          failures.push(`${name}\n    ${(test.failureMessages[0] ?? '').split('\n')[0]}`);
          console.log(`FAIL ${name}`);
        }
        if (test.status === 'passed' || test.status === 'failed') ran++;
      }
      // A unit whose pattern matched nothing would pass by running nothing.
      if (ran === 0 && result.assertionResults.length > 0) {
        failures.push(`${basename(result.name)}: round ${i + 1}'s unit ran no test`);
        console.log(`FAIL ${basename(result.name)}: round ${i + 1}'s unit ran no test`);
      }
    }
    const seconds = Math.round((Date.now() - started) / 1000);
    // A unit is one test or a whole ordered suite (several tests).
    console.log(
      `round ${i + 1}/${rounds}: ${picked.length} files' units, ${passed} tests passed alone (${seconds} s)`,
    );
  }
  console.log(
    failures.length ? `\n${failures.length} failed alone:\n${failures.join('\n')}` : '\nall passed alone',
  );
  process.exitCode = failures.length ? 1 : 0;
} finally {
  rmSync(work, { recursive: true, force: true });
}
