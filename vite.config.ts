import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { precacheScope } from './scripts/precacheScope';
import { precompress } from './scripts/precompress';
import { routePreload } from './scripts/routePreload';

const BRAND = '#064e2f';

// What the worker does not precache (scripts/precacheScope.ts): the staff screens and their API modules,
// opened online only, and the English catalog (Sesotho is the default; English is fetched when chosen).
// Both are kept by the worker's runtime cache of /assets once fetched.
const scope = precacheScope({
  fetchedOnDemand: [
    'src/screens/admin/AdminScreen.tsx',
    'src/screens/admin/OperatorsScreen.tsx',
    'src/screens/support/SupportScreen.tsx',
    'src/screens/marketing/MarketingScreen.tsx',
    'src/api/admin.ts',
    'src/api/operators.ts',
    'src/api/support.ts',
    'src/api/marketing.ts',
    'locales/en.po',
  ],
});

export default defineConfig({
  plugins: [
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    // A cold start fetches its screen's chunk and catalog alongside the entry (scripts/routePreload.ts).
    // The table follows src/router.tsx; a screen missing from the build fails it.
    routePreload({
      catalogs: { st: 'locales/st.po', en: 'locales/en.po' },
      defaultLanguage: 'st',
      unknownLanguage: 'en',
      // The cold starts that matter: the installed app opens /play (start_url); signed out, /login.
      routes: {
        '/play': 'src/screens/play/PlayScreen.tsx',
        '/login': 'src/screens/login/LoginScreen.tsx',
      },
      guarded: ['/play'],
      signInPath: '/login',
    }),
    scope.plugin,
    // The service worker is ours (sw/sw.ts, Workbox modules); the plugin builds it and injects the precache
    // list. Registration is in src/pwa/register.ts (workbox-window: once the app is stable, or after 30 s).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // The manifest's PNG icons are not precached (see globPatterns).
      includeManifestIcons: false,
      manifestFilename: 'manifest.webmanifest',
      injectManifest: {
        // The shell (with its logo, banner and payment pictures), every subscriber screen's chunk (so any
        // page opens offline) and the Sesotho catalog; not the staff screens nor English (`scope` above).
        // The PNG icons are the browser's (install, home screen), fetched by it when it needs them, not the
        // page's. Team logos and testimonial pictures are cached at run time.
        globPatterns: [
          '**/*.{js,css,html}',
          'icons/*.svg',
          'banner/*.svg',
          'payments/*.svg',
          'manifest.webmanifest',
        ],
        globIgnores: ['**/.vite/**', 'sw.js'],
        manifestTransforms: [scope.transform],
      },
      // The worker's own build would otherwise overwrite the app's .vite/manifest.json (npm run bench reads
      // it).
      integration: {
        configureCustomSWViteBuild(options) {
          options.build = { ...options.build, manifest: false };
        },
      },
      manifest: {
        id: '/',
        name: 'Jackpot 14',
        short_name: 'Jackpot 14',
        description: 'Jackpot 14: predict 14 football matches and win.',
        lang: 'st',
        start_url: '/play',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: BRAND,
        background_color: BRAND,
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
    // Brotli and gzip copies of the text files, served as they are (server/static.ts): last, after the worker.
    precompress(),
  ],
  // React 19 has useSyncExternalStore built in: @xstate/react's imports of the shim (with its fallback
  // for older React) go to React's own hook, about 0.4 KB less in /play's first load.
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim$/, replacement: '/src/lib/syncExternalStore.ts' },
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  // Terser packs the first load about 2.5 % smaller than esbuild's minifier (/play's budget, tests/e2e/budget.test.ts);
  // SOURCEMAP=1 builds with source maps to see which modules a chunk holds.
  // Two compress passes and ES2020 output rules (arrows, shorthand) save about another 1 %.
  build: {
    manifest: true,
    sourcemap: !!process.env.SOURCEMAP,
    target: 'es2020',
    minify: 'terser',
    terserOptions: { ecma: 2020, compress: { passes: 2 }, format: { comments: false } },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
      '/auth': 'http://localhost:8080',
      '/dev': 'http://localhost:8080',
    },
  },
});
