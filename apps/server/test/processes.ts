import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, type FieldBoundary } from '@murimi/core';
import { writeDemoCatalog } from '@murimi/earth';
import { TEST_JWT_SECRET, type TestApp } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../../..');

/**
 * Starts `murimi <command>` from source as its own process and waits (up to a minute) until it prints `ready`;
 * rejects with its output if it exits first. Tests that kill processes share one PostgreSQL between them.
 */
export async function startCommand(command: 'serve' | 'worker', ready: string, env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn('node', ['--import', 'tsx', 'apps/server/src/cli.ts', command], { cwd: root, env: { ...process.env, ...env } });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${command} did not start: ${output}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => reject(new Error(`${command} exited with ${code ?? signal}: ${output}`)));
  });
  return child;
}

/** Reads until `done` holds, every `everyMs`, for at most `timeoutMs`; throws saying what it waited for. */
export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<T> {
  for (const started = Date.now(); Date.now() - started < timeoutMs; await new Promise((resolve) => setTimeout(resolve, everyMs))) {
    const value = await read();
    if (done(value)) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The environment of a process that shares `api`'s PostgreSQL: its settings, the database and secret, no log, and a
 * data directory of its own (the embedded database's lock is per directory).
 */
export async function sharedDatabaseEnv(
  api: TestApp,
  settings: Record<string, string>,
  dataDirPrefix: string,
): Promise<Record<string, string>> {
  return {
    ...settings,
    DATABASE_URL: api.ctx.config.databaseUrl!,
    JWT_SECRET: TEST_JWT_SECRET,
    LOG_LEVEL: 'silent',
    DATA_DIR: await mkdtemp(path.join(tmpdir(), dataDirPrefix)),
  };
}

/** How a process ended: resolves with its signal (or exit code). */
export function ended(child: ChildProcess): Promise<string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(String(child.signalCode ?? child.exitCode));
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(String(signal ?? code))));
}

/** Ends every process of `children` still running with `signal`, and waits until they have. */
export async function stopProcesses(children: readonly ChildProcess[], signal: NodeJS.Signals): Promise<void> {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  await Promise.all(children.map(ended));
}

/** A TCP port nothing listens on now, for a server process to take. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Simulated imagery of one maize field, from 70 days before `today` to `today`, in a new folder named `prefix…`. */
export async function oneFieldCatalog(
  prefix: string,
  field: { boundary: FieldBoundary; plantingDate: string; today: string },
): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), prefix));
  await writeDemoCatalog({
    fields: [{ id: 'f', name: 'F', crop: 'maize', plantingDate: field.plantingDate, boundary: field.boundary }],
    from: addDays(field.today, -70),
    to: field.today,
    directory,
  });
  return directory;
}
