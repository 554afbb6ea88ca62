// The server as `npm start` runs it (scripts/serverBundle.mjs): the esbuild bundle with the node flags
// operators get. Every other test loads the TypeScript sources through tsx, so a bundling mistake (a path
// read next to a source file, a module esbuild cannot inline) would otherwise reach operators first.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentSlip, signIn } from '../bench/load.ts';
import { startBundledServer } from '../bench/process.ts';
import type { ServerProcess } from '../support/serverProcess.ts';

describe('the start-up bundle', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startBundledServer({}, { freshDataDir: true });
  }, 120_000);

  afterAll(() => server?.stop());

  it('runs with the heap flag, migrates a new database and signs the demo subscriber in', async () => {
    const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(cmdline).toContain('--heap-growing-percent=50');

    const token = await signIn(server.url, '26650000001', 'demo1234');
    const { slip } = await currentSlip(server.url, token);
    expect(slip.matches).toHaveLength(14);
  });
});
