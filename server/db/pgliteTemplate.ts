// Creating a PGlite database runs initdb inside WebAssembly: about 3.5 s on a small machine, longer than
// the whole start-up budget. An empty cluster is the same every time, so the first one made on a machine
// is saved as a tar file and later databases (a new DATA_DIR, every test's in-memory database) are
// unpacked from it in well under a second. The cache is keyed by the PGlite version.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { projectRoot as root } from '../paths.ts';
import { PGLITE_DEFAULTS, type PgliteSettings, startOptions } from './pgliteSettings.ts';

function pgliteVersion(): string {
  try {
    const pkg = JSON.parse(
      readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8'),
    );
    return String(pkg.version);
  } catch {
    return 'unknown';
  }
}

/** Where the empty-cluster tarball lives (node_modules/.cache, like other tools' caches). */
export const templatePath = (): string =>
  join(root, 'node_modules', '.cache', 'jackpot14', `pglite-${pgliteVersion()}-empty.tar`);

function readTemplate(): Blob | undefined {
  try {
    return new Blob([readFileSync(templatePath())]);
  } catch {
    return undefined;
  }
}

async function saveTemplate(pg: PGlite): Promise<void> {
  const path = templatePath();
  try {
    const dump = await pg.dumpDataDir('none');
    mkdirSync(dirname(path), { recursive: true });
    // Write then rename: parallel test workers may race to create it, and a reader must never see half.
    const tmp = `${path}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, path);
  } catch {
    // Only a speed-up: a read-only node_modules just means every new database runs initdb.
  }
}

/** True when `dataDir` already holds a cluster (PGlite refuses to load a tarball over one). */
function hasCluster(dataDir: string): boolean {
  try {
    readFileSync(join(dataDir, 'PG_VERSION'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Opens (or creates) the PGlite database at `dataDir` ('memory://' for an in-memory one) with the memory
 * `settings` (pgliteSettings.ts) as start-up options.
 */
export async function openPGlite(
  dataDir: string,
  settings: PgliteSettings = PGLITE_DEFAULTS,
): Promise<PGlite> {
  const memory = dataDir.startsWith('memory://');
  // PGlite's own start-up options (single-user mode, no parallel workers…) and ours after them.
  const startParams = [...PGlite.defaultStartParams, ...startOptions(settings)];
  if (!memory) mkdirSync(dataDir, { recursive: true });
  if (!memory && hasCluster(dataDir)) {
    const pg = new PGlite({ dataDir, startParams });
    await pg.waitReady;
    return pg;
  }
  const template = readTemplate();
  if (template) {
    try {
      const pg = new PGlite({ dataDir, loadDataDir: template, startParams });
      await pg.waitReady;
      return pg;
    } catch (error) {
      // A damaged cache must not stop the server; a folder it half-filled needs a person, though.
      if (!memory)
        throw new Error(`could not create ${dataDir} from ${templatePath()}; delete both`, { cause: error });
    }
  }
  const pg = new PGlite({ dataDir, startParams });
  await pg.waitReady;
  // Saved before any migration runs, so the template stays an empty cluster.
  await saveTemplate(pg);
  return pg;
}
