// No import cycle between server/'s top-level folders (issue 26, point 6): a folder that imports
// another must not be imported back by it, or the two are one room that cannot be read alone. Only
// value imports count (`import type` and all-type specifier lists vanish at runtime); files directly
// in server/ are nodes of their own. Plain node: read the files, parse the imports, find the cycles.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';

const SERVER = resolve(import.meta.dirname, '../../server');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });

/** The top-level folder of a file under server/ (or the file's own name when it sits in server/). */
const room = (file: string): string => relative(SERVER, file).split('/')[0] as string;

// `import … from '…'` and `export … from '…'`, across lines; group 1 is the clause, group 2 the source.
const IMPORT = /^\s*(?:import|export)\s+([^;'"]*?)\s*from\s*['"]([^'"]+)['"]/gm;

/** Whether a clause brings in a value at runtime (not `type …`, not `{ type A, type B }`). */
function isValueImport(clause: string): boolean {
  if (/^type\s/.test(clause)) return false;
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!braces) return true;
  const names = (braces[1] as string)
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return names.some((name) => !name.startsWith('type '));
}

/** Room → room → the file-level edge that makes it (for the failure message). */
function roomGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SERVER)) {
    const text = readFileSync(file, 'utf8');
    for (const [, clause, source] of text.matchAll(IMPORT)) {
      if (!source?.startsWith('.') || !isValueImport(clause as string)) continue;
      const target = resolve(dirname(file), source);
      if (!target.startsWith(`${SERVER}/`)) continue;
      const [from, to] = [room(file), room(target)];
      if (from === to) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      edges.set(to, edges.get(to) ?? `${relative(SERVER, file)} → ${relative(SERVER, target)}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/** One cycle through each set of rooms that reach each other: its rooms (sorted) and the file edges. */
function cycles(graph: Map<string, Map<string, string>>): Map<string, string> {
  const found = new Map<string, string>();
  const pathTo = (from: string, to: string): string[] | null => {
    const seen = new Set([from]);
    const queue: string[][] = [[from]];
    while (queue.length > 0) {
      const path = queue.shift() as string[];
      for (const next of [...(graph.get(path.at(-1) as string)?.keys() ?? [])].sort()) {
        if (next === to) return [...path, next];
        if (!seen.has(next)) {
          seen.add(next);
          queue.push([...path, next]);
        }
      }
    }
    return null;
  };
  for (const from of [...graph.keys()].sort()) {
    for (const to of [...(graph.get(from)?.keys() ?? [])].sort()) {
      const back = pathTo(to, from);
      if (!back) continue;
      const cycle = [from, ...back];
      const key = [...new Set(cycle)].sort().join(' ');
      if (found.has(key)) continue;
      const files = cycle.slice(1).map((room, i) => graph.get(cycle[i] as string)?.get(room));
      found.set(key, `${cycle.join(' → ')}\n    ${files.join('\n    ')}`);
    }
  }
  return found;
}

test('no value-import cycle between the top-level folders of server/', () => {
  expect([...cycles(roomGraph()).values()]).toEqual([]);
});
