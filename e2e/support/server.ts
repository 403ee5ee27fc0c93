import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export interface RunningServer {
  url: string;
  /** Stops the server and drops its database. */
  stop(): Promise<void>;
  /** Kills the server outright, as a crash or a lost connection would look to the browser. */
  kill(): Promise<void>;
  /** Stops the server (SIGTERM) and keeps its data: `start` serves it again at the same address. */
  pause(): Promise<void>;
  /** Starts the server again after `pause` or `kill`. */
  start(): Promise<void>;
}

/**
 * Starts the real server (the bundled `murimi serve`) on a free port with an empty database of its own:
 * embedded in a temporary folder, or a new PostgreSQL database when DATABASE_URL is set.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = process.env.DATABASE_URL;
  let databaseName: string | undefined;
  const serverEnv: Record<string, string> = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    // No internet here: maps draw on the plain style unless a test points them at tiles.
    MAP_SATELLITE_TILES_URL: '',
    MAP_OVERLAY_TILES_URLS: '',
    ...env,
  };
  if (baseUrl) {
    databaseName = `murimi_e2e_${process.pid}_${port}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${databaseName}`;
    Object.assign(serverEnv, { DATABASE_URL: url.toString(), JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-1' });
  } else {
    // A test may hand in a folder it prepared (e.g. with `murimi demo`); else an empty one.
    Object.assign(serverEnv, { DATA_DIR: env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'murimi-e2e-')) });
  }
  let child: ChildProcess;
  const spawnServer = async () => {
    child = spawn('node', ['apps/server/dist/cli.mjs', 'serve'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', ...serverEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('is ready at')) resolve();
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
    });
  };
  await spawnServer();
  const exitWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(forced);
  };
  return {
    url: `http://127.0.0.1:${port}`,
    kill: () => exitWith('SIGKILL'),
    pause: () => exitWith('SIGTERM'),
    start: spawnServer,
    async stop() {
      await exitWith('SIGTERM');
      if (baseUrl && databaseName) {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${databaseName} with (force)`);
        await admin.end();
      }
    },
  };
}

/** Calls the API of a running server as a signed-in user: status and parsed JSON body. */
export async function callApi(
  server: Pick<RunningServer, 'url'>,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  route: string,
  body?: unknown,
): Promise<{ status: number; body: { data: unknown } }> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? null : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data: unknown } };
}
