import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Starts the built server (`apps/server/dist/cli.mjs serve`) with `env` and resolves once it is ready. */
export function startServer(env: Record<string, string>): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn('node', ['apps/server/dist/cli.mjs', 'serve'], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (output.includes('is ready at')) resolve(child);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      // After start too: a server that dies under the load is the finding, with its last words.
      if (!child.killed) console.error(`the server exited (${code ?? signal}):\n${output.slice(-4000)}`);
      reject(new Error('the server exited'));
    });
  });
}

/** Resident memory of a process, in MB (Linux): now (VmRSS) and its peak so far (VmHWM). */
export function rssMb(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n');
  const read = (key: string) => Number(status.find((line) => line.startsWith(key))?.match(/(\d+)/)?.[1] ?? 0) / 1024;
  return { now: read('VmRSS:'), peak: read('VmHWM:') };
}

/** The 99th percentile of `values`. */
export const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))]!;
