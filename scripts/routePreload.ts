/**
 * Vite plugin: a cold start fetches the screen's chunk and the language catalog alongside the entry, not
 * after it. Without it they are found only once the entry (≈125 KB) has downloaded and run, one more round
 * trip before the first screen (≈150 ms RTT on the phones we serve, plus their download on a link already
 * idle). The build writes a tiny classic script, loaded `async` from index.html so it blocks nothing: it
 * reads the path and the saved language (as src/i18n/i18n.ts decides it) and adds `modulepreload` links for
 * that screen's chunks and that language's catalog, files the entry does not already load.
 * A source named here that is missing from the build fails the build, so the table cannot drift silently.
 */
import type { Plugin } from 'vite';
import { type BundleLike, builtFrom, isChunk } from './bundleChunks.ts';

export interface RoutePreloadOptions {
  /** Language → its catalog's source (e.g. 'locales/st.po'). */
  catalogs: Record<string, string>;
  /** The language used when none is saved; an unknown saved value means `unknownLanguage`. */
  defaultLanguage: string;
  unknownLanguage: string;
  /** Path (no trailing slash) → the screen module its route imports lazily. */
  routes: Record<string, string>;
  /** Paths only a signed-in subscriber sees: with no saved token, `signInPath`'s files are fetched instead. */
  guarded: string[];
  signInPath: string;
}

/** The files a chunk loads before it runs: itself, its static imports and their CSS, transitively. */
function closure(bundle: BundleLike, start: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[start];
  if (chunk?.type !== 'chunk' || into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of chunk.imports) closure(bundle, imported, into);
  return into;
}

/** The script the page runs: `map` is {catalogs, routes} of file lists. Pure ES5, no dependency. */
export function preloadScript(
  map: { catalogs: Record<string, string[]>; routes: Record<string, string[]> },
  options: Pick<RoutePreloadOptions, 'defaultLanguage' | 'unknownLanguage' | 'guarded' | 'signInPath'>,
): string {
  return `(function(){var m=${JSON.stringify(map)},l=null,t=null;
try{l=localStorage.getItem('lang');t=localStorage.getItem('token')}catch(e){}
var c=l===null?${JSON.stringify(options.defaultLanguage)}:m.catalogs[l]?l:${JSON.stringify(options.unknownLanguage)};
var p=location.pathname.replace(/\\/+$/,'')||'/';
if(!t&&${JSON.stringify(options.guarded)}.indexOf(p)>=0)p=${JSON.stringify(options.signInPath)};
(m.catalogs[c]||[]).concat(m.routes[p]||[]).forEach(function(f){var k=document.createElement('link');
if(/\\.css$/.test(f)){k.rel='preload';k.as='style'}else{k.rel='modulepreload'}k.href='/'+f;document.head.appendChild(k)})})();
`;
}

export function routePreload(options: RoutePreloadOptions): Plugin {
  return {
    name: 'jackpot14:route-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_output, rawBundle) {
      const bundle = rawBundle as unknown as BundleLike;
      const entryFiles = new Set<string>();
      for (const chunk of Object.values(bundle))
        if (isChunk(chunk) && chunk.isEntry) closure(bundle, chunk.fileName, entryFiles);
      const filesOf = (source: string): string[] => {
        const chunk = Object.values(bundle).find(
          // The module is the chunk's facade, or (when Rollup merged the chunk with a shared one) one of its modules.
          (c) => isChunk(c) && [c.facadeModuleId, ...c.moduleIds].some((id) => builtFrom(id, source)),
        );
        if (!chunk) throw new Error(`route-preload: no chunk built from ${source}`);
        return [...closure(bundle, chunk.fileName)].filter((f) => !entryFiles.has(f));
      };
      const map = {
        catalogs: Object.fromEntries(Object.entries(options.catalogs).map(([l, s]) => [l, filesOf(s)])),
        routes: Object.fromEntries(Object.entries(options.routes).map(([p, s]) => [p, filesOf(s)])),
      };
      const ref = this.emitFile({ type: 'asset', name: 'preload.js', source: preloadScript(map, options) });
      const html = bundle['index.html'];
      if (html?.type !== 'asset') throw new Error('route-preload: index.html is not in the bundle');
      const tag = `<script async src="/${this.getFileName(ref)}"></script>`;
      html.source = String(html.source).replace('</head>', `    ${tag}\n  </head>`);
    },
  };
}
