import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { postgresUrl } from '../../test/harness.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

// `npm run demo` as a person runs it: on the embedded database, offline, and the command ends by itself once it has
// printed the sign-in (a server it started for the simulated imagery used to keep it running for ever).
describe.skipIf(postgresUrl)('npm run demo, the command', () => {
  it('prints the sign-in and exits on its own', { timeout: 240_000 }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'murimi-demo-command-'));
    try {
      const child = spawn('node', ['--import', 'tsx', 'apps/server/src/cli.ts', 'demo'], {
        cwd: root,
        env: { ...process.env, DATA_DIR: dataDir, WEATHER_SOURCE: 'simulated', DATABASE_URL: '', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => {
        const stop = setTimeout(() => child.kill('SIGKILL'), 200_000);
        child.on('exit', (exitCode) => {
          clearTimeout(stop);
          resolve(exitCode);
        });
      });
      expect(output).toMatch(/sign in as\n {2}demo@example\.com {2}\/ {2}\S+/);
      expect(code, output.slice(-2000)).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
