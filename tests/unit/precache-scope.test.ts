// What the service worker leaves out of its precache (scripts/precacheScope.ts): only what the entry reaches
// through a staff screen or the English catalog, never a file a subscriber's screen also loads.
import { describe, expect, it } from 'vitest';
import { filesOnDemand, precacheScope } from '../../scripts/precacheScope.ts';

const chunk = (
  fileName: string,
  facade: string | null,
  more: { imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean } = {},
) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId: facade,
  moduleIds: facade ? [facade] : [`/src/shared/${fileName}`],
  isEntry: !!more.isEntry,
  imports: more.imports ?? [],
  dynamicImports: more.dynamicImports ?? [],
  viteMetadata: { importedCss: new Set(more.css ?? []) },
});

const bundle = Object.fromEntries(
  [
    chunk('assets/index-1.js', '/r/index.html', {
      isEntry: true,
      css: ['assets/index-1.css'],
      dynamicImports: ['assets/Play-1.js', 'assets/Admin-1.js', 'assets/st-1.js', 'assets/en-1.js'],
    }),
    chunk('assets/Play-1.js', '/r/src/screens/play/PlayScreen.tsx', { imports: ['assets/shared-1.js'] }),
    chunk('assets/Admin-1.js', '/r/src/screens/admin/AdminScreen.tsx', {
      imports: ['assets/shared-1.js', 'assets/adminOnly-1.js'],
      css: ['assets/Admin-1.css', 'assets/index-1.css'],
    }),
    chunk('assets/adminOnly-1.js', null),
    chunk('assets/shared-1.js', null),
    chunk('assets/st-1.js', '/r/locales/st.po'),
    chunk('assets/en-1.js', '/r/locales/en.po'),
  ].map((c) => [c.fileName, c]),
);

const onDemand = ['src/screens/admin/AdminScreen.tsx', 'locales/en.po'];

describe('precache scope', () => {
  it('leaves out the staff screen, what only it loads, and the English catalog; keeps shared files', () => {
    expect([...filesOnDemand(bundle, onDemand)].sort()).toEqual([
      'assets/Admin-1.css',
      'assets/Admin-1.js',
      'assets/adminOnly-1.js',
      'assets/en-1.js',
    ]);
  });

  it('keeps a module merged into a shared chunk, and fails the build for one missing', () => {
    const merged = {
      ...bundle,
      'assets/Admin-1.js': { ...bundle['assets/Admin-1.js']!, facadeModuleId: null },
    };
    expect(filesOnDemand(merged, ['src/screens/admin/AdminScreen.tsx']).has('assets/Admin-1.js')).toBe(false);
    expect(() => filesOnDemand(bundle, ['src/screens/gone/GoneScreen.tsx'])).toThrow(/GoneScreen/);
  });

  it('filters the manifest Workbox builds, and refuses to run before the app is built', () => {
    const scope = precacheScope({ fetchedOnDemand: onDemand });
    const entries = ['assets/index-1.js', 'assets/en-1.js', 'icons/icon.svg'].map((url) => ({
      url,
      revision: null,
      size: 1,
    }));
    expect(() => scope.transform(entries)).toThrow(/not built/);
    const generate = scope.plugin.generateBundle as unknown as (o: unknown, b: unknown) => void;
    generate.call({}, {}, bundle);
    expect(scope.transform(entries).manifest.map((e) => e.url)).toEqual([
      'assets/index-1.js',
      'icons/icon.svg',
    ]);
  });
});
