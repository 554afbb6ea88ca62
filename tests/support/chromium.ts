/** Debian's Chromium for the e2e tests and the bench; never downloads a browser. */
import { existsSync } from 'node:fs';

/** Chromium from CHROME_PATH or Debian's package; a missing browser is a loud failure, never a skip. */
export function chromiumPath(): string {
  const path = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  if (!existsSync(path)) {
    throw new Error(
      `Chromium not found at ${path}. The end-to-end tests need Debian's Chromium: ` +
        'run `apt-get update && apt-get install -y chromium` (or set CHROME_PATH to a Chromium binary).',
    );
  }
  return path;
}
