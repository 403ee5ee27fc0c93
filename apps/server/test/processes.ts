import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

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
