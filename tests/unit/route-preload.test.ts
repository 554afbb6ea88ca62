// The route preloader's script (scripts/routePreload.ts): run in a fake page, which files does it ask for?
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { preloadScript } from '../../scripts/routePreload.ts';

const map = {
  catalogs: { st: ['assets/st-1.js'], en: ['assets/en-1.js'] },
  routes: {
    '/play': ['assets/Play-1.js', 'assets/Play-1.css'],
    '/login': ['assets/Login-1.js'],
  },
};
const script = preloadScript(map, {
  defaultLanguage: 'st',
  unknownLanguage: 'en',
  guarded: ['/play'],
  signInPath: '/login',
});

/** Runs the script on `pathname` with `saved` localStorage; returns the links it appended to <head>. */
function preloads(pathname: string, saved: Record<string, string> = {}) {
  const links: { rel: string; as?: string; href: string }[] = [];
  runInNewContext(script, {
    location: { pathname },
    localStorage: { getItem: (k: string) => saved[k] ?? null },
    document: {
      createElement: () => ({}) as { rel: string; href: string },
      head: { appendChild: (link: { rel: string; as?: string; href: string }) => links.push({ ...link }) },
    },
  });
  return links;
}

describe('route preloader', () => {
  it('fetches the screen and the Sesotho catalog for a signed-in subscriber with no saved language', () => {
    expect(preloads('/play', { token: 'x' })).toEqual([
      { rel: 'modulepreload', href: '/assets/st-1.js' },
      { rel: 'modulepreload', href: '/assets/Play-1.js' },
      { rel: 'preload', as: 'style', href: '/assets/Play-1.css' },
    ]);
  });

  it('follows the saved language, and an unknown one means English, as the app decides', () => {
    expect(preloads('/play/', { token: 'x', lang: 'en' })[0]?.href).toBe('/assets/en-1.js');
    expect(preloads('/play', { token: 'x', lang: 'fr' })[0]?.href).toBe('/assets/en-1.js');
  });

  it('fetches the sign-in screen instead of a guarded one when no token is saved', () => {
    expect(preloads('/play').map((l) => l.href)).toEqual(['/assets/st-1.js', '/assets/Login-1.js']);
  });

  it('asks only for the catalog on a path it has no table for', () => {
    expect(preloads('/verify', { token: 'x' }).map((l) => l.href)).toEqual(['/assets/st-1.js']);
  });

  it('still works when storage is refused (private mode): defaults, signed out', () => {
    const links: string[] = [];
    runInNewContext(script, {
      location: { pathname: '/play' },
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
      document: {
        createElement: () => ({}),
        head: { appendChild: (l: { href: string }) => links.push(l.href) },
      },
    });
    expect(links).toEqual(['/assets/st-1.js', '/assets/Login-1.js']);
  });
});
