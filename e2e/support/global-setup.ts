import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The browser tests run against the built app and the bundled server, exactly as `npm start` serves them. */
export default function setup(): void {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error("The browser tests need Debian's Chromium at /usr/bin/chromium: run `apt-get install chromium` (CI's .ci/run does).");
  }
  execFileSync('node', [path.resolve(import.meta.dirname, '../../scripts/prepare-start.mjs')], { stdio: 'inherit' });
}
