// The embedded database's memory settings: PostgreSQL's own, given to PGlite as start-up options
// (`-c name=value`), so they apply from the first query and are never written into the data folder.
// PGlite's engine runs in WebAssembly memory, which grows but never shrinks: its buffer cache and the
// largest sort or hash any query has needed stay resident for the life of the process. The embedded
// database's files are read through the operating system, whose page cache holds them anyway, so a
// small buffer cache costs little. Read from the environment by server/config.ts (PGLITE_SHARED_BUFFERS,
// PGLITE_WORK_MEM); docs/OPERATING.md lists them.

export interface PgliteSettings {
  /** shared_buffers, in kB: the engine's page cache (PostgreSQL's and PGlite's default: 128 MB). */
  sharedBuffersKb: number;
  /** work_mem, in kB: memory one sort or hash of a query may use before it spills to a temporary file. */
  workMemKb: number;
}

export const PGLITE_DEFAULTS: PgliteSettings = { sharedBuffersKb: 32 * 1024, workMemKb: 4 * 1024 };

/** What each setting may be: PostgreSQL's own lower limits, and well inside WebAssembly's 2 GB. */
export const PGLITE_LIMITS = {
  sharedBuffersKb: { min: 128, max: 1024 * 1024 },
  workMemKb: { min: 64, max: 256 * 1024 },
} as const;

const UNITS: Record<string, number> = { kB: 1, MB: 1024, GB: 1024 * 1024 };

/** A size as PostgreSQL writes it ('32MB', '4096kB', '1GB') in kB; undefined when it is not one. */
export function parseSize(text: string): number | undefined {
  const match = /^(\d+)\s*(kB|MB|GB)$/.exec(text.trim());
  return match ? Number(match[1]) * UNITS[match[2]!]! : undefined;
}

/** The start-up options that apply `settings` (added to PGlite's own). */
export const startOptions = (settings: PgliteSettings): string[] => [
  '-c',
  `shared_buffers=${settings.sharedBuffersKb}kB`,
  '-c',
  `work_mem=${settings.workMemKb}kB`,
];
