import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { startServer, type RunningServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** This run's folder for the demo: the first test file on it builds it there, the others copy it. */
    demoTemplateDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
export const DEMO_EMAIL = 'demo@example.com';

/**
 * `murimi demo` fills an embedded database in its data folder, and the server reads that folder. Under DATABASE_URL
 * (CI's PostgreSQL pass) the e2e server gets a new empty PostgreSQL database instead, so the files on the demo are
 * skipped there: `describe.skipIf(onPostgres)`.
 */
export const onPostgres = Boolean(process.env.DATABASE_URL);

/** No internet here: the demo's weather is simulated, in the demo command and in the server. */
const demoEnv = { DATABASE_URL: '', WEATHER_SOURCE: 'simulated', LOG_LEVEL: 'silent' };

/** `murimi demo` into `dataDir`, as a newcomer runs it: the demo account's password. */
async function buildDemo(dataDir: string): Promise<string> {
  const child = spawn('node', ['apps/server/dist/cli.mjs', 'demo'], {
    cwd: root,
    env: { ...process.env, ...demoEnv, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const password = /demo@example\.com {2}\/ {2}(\S+)/.exec(output)?.[1];
  if (code !== 0 || !password) throw new Error(`murimi demo failed (${code}):\n${output.slice(-2000)}`);
  return password;
}

/**
 * The demo's data folder for this run, built once (about 20 s) by the first file that asks and copied by each file
 * after it (a tenth of a second): the template is never served, so its files are at rest while they are copied.
 */
async function demoTemplate(templateDir: string): Promise<{ dataDir: string; password: string }> {
  const dataDir = path.join(templateDir, 'data');
  const passwordFile = path.join(templateDir, 'password');
  const lock = path.join(templateDir, 'building');
  for (;;) {
    if (existsSync(passwordFile)) return { dataDir, password: readFileSync(passwordFile, 'utf8') };
    try {
      mkdirSync(lock);
      break;
    } catch {
      // Another file is building it.
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    const password = await buildDemo(dataDir);
    writeFileSync(passwordFile, password);
    return { dataDir, password };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface DemoServer {
  server: RunningServer;
  password: string;
  /** A fresh access token of the demo account, for calling the API beside the browser. */
  token(): Promise<string>;
  /** Signs the page in as the demo account the way the app does (the token in localStorage) and returns the token. */
  signIn(page: Page, options?: { selectedFieldId?: string }): Promise<string>;
}

/**
 * The real server (`murimi serve`) on a copy of the demo of its own, with simulated weather. The demo is built into
 * `templateDir` if it is not there yet: by default the folder of this test run (the browser tests' global setup).
 */
export async function startDemoServer(options: { templateDir?: string; env?: Record<string, string> } = {}): Promise<DemoServer> {
  const template = await demoTemplate(options.templateDir ?? inject('demoTemplateDir'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'murimi-e2e-demo-'));
  cpSync(template.dataDir, dataDir, { recursive: true });
  const server = await startServer({ DATA_DIR: dataDir, WEATHER_SOURCE: 'simulated', ...options.env });
  const token = async () => {
    const response = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAIL, password: template.password }),
    });
    if (!response.ok) throw new Error(`Signing in to the demo failed: ${response.status}`);
    return ((await response.json()) as { access_token: string }).access_token;
  };
  return {
    password: template.password,
    token,
    server: {
      ...server,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    },
    async signIn(page, options = {}) {
      const access = await token();
      await page.goto('/terms');
      await page.evaluate(
        ([accessToken, fieldId]) => {
          localStorage.setItem('murimi.access_token', accessToken!);
          if (fieldId) localStorage.setItem('murimi.selected_field', fieldId);
        },
        [access, options.selectedFieldId ?? ''],
      );
      return access;
    },
  };
}
