/**
 * Vite plugin with a Workbox manifest transform: the service worker precaches what a subscriber may open
 * offline, not every file of the build. Left out: what only the staff screens load (admin, call centre,
 * marketing: only ever opened online) and the catalogs of the languages other than the default; they are
 * fetched when first opened and then kept by the worker's runtime cache of /assets (sw/sw.ts). Each
 * precached file is a request at install, paid by a subscriber on 2G at about 0.9 KB of headers each, plus
 * its bytes (docs/PERFORMANCE.md "Data cost").
 *
 * A chunk is left out when no path from the entry reaches it without going through one of those modules'
 * own chunks (static imports, dynamic imports, their CSS). A file both sides use stays. A module named
 * here that is missing from the build fails it, so the list cannot drift silently.
 */
import type { Plugin } from 'vite';
import { type BundleLike, builtFrom, isChunk } from './bundleChunks.ts';

export interface PrecacheScopeOptions {
  /** Sources whose chunks the precache stops at (e.g. 'src/screens/admin/AdminScreen.tsx'). */
  fetchedOnDemand: string[];
}

/** The chunks and CSS files of `bundle` that the entries do not reach without passing a `stops` chunk. */
export function filesOnDemand(bundle: BundleLike, fetchedOnDemand: string[]): Set<string> {
  const chunks = Object.values(bundle).filter(isChunk);
  for (const source of fetchedOnDemand) {
    if (!chunks.some((c) => c.moduleIds.some((id) => builtFrom(id, source))))
      throw new Error(`precache-scope: no module ${source} in the build`);
  }
  // Only a chunk of its own (the module is its facade) is a stop: merged into a shared chunk, it stays.
  const stops = new Set(
    chunks.filter((c) => fetchedOnDemand.some((s) => builtFrom(c.facadeModuleId, s))).map((c) => c.fileName),
  );
  const reached = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!isChunk(chunk) || reached.has(fileName) || stops.has(fileName)) return;
    reached.add(fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) reached.add(css);
    for (const asset of chunk.viteMetadata?.importedAssets ?? []) reached.add(asset);
    for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
  };
  for (const c of chunks) if (c.isEntry) visit(c.fileName);
  const left = new Set<string>();
  for (const c of chunks) {
    if (reached.has(c.fileName)) continue;
    left.add(c.fileName);
    for (const css of c.viteMetadata?.importedCss ?? []) if (!reached.has(css)) left.add(css);
  }
  return left;
}

type Entry = { url: string; revision: string | null; size: number };

/**
 * The plugin (for the app's build) and the transform (for VitePWA's injectManifest.manifestTransforms),
 * which drops the files the plugin found. The worker is built after the app, so the list is ready.
 */
export function precacheScope(options: PrecacheScopeOptions): {
  plugin: Plugin;
  transform: (entries: Entry[]) => { manifest: Entry[]; warnings: string[] };
} {
  let onDemand: Set<string> | null = null;
  return {
    plugin: {
      name: 'jackpot14:precache-scope',
      apply: 'build',
      enforce: 'post',
      generateBundle(_output, bundle) {
        onDemand = filesOnDemand(bundle as unknown as BundleLike, options.fetchedOnDemand);
      },
    },
    transform(entries) {
      if (!onDemand) throw new Error('precache-scope: the app was not built before the worker');
      const left = onDemand;
      return { manifest: entries.filter((e) => !left.has(e.url.replace(/^\//, ''))), warnings: [] };
    },
  };
}
