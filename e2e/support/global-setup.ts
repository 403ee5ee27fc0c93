import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * The browser tests run against the built app and the bundled server, exactly as `npm start` serves them. The demo
 * is built at most once per run, into the folder given here, by the first file on it (`startDemoServer`).
 */
export default function setup(project: TestProject): () => void {
  if (!existsSync('/usr/bin/chromium')) {
    throw new Error("The browser tests need Debian's Chromium at /usr/bin/chromium: run `apt-get install chromium` (CI's .ci/run does).");
  }
  execFileSync('node', [path.resolve(import.meta.dirname, '../../scripts/prepare-start.mjs')], { stdio: 'inherit' });
  const demoTemplateDir = mkdtempSync(path.join(tmpdir(), 'murimi-e2e-demo-template-'));
  project.provide('demoTemplateDir', demoTemplateDir);
  return () => rmSync(demoTemplateDir, { recursive: true, force: true });
}
