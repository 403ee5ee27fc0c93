import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * `murimi worker` as an operator starts it, or (with `poll`) the same start-up with the queue polling every `poll`
 * seconds; resolves once it says it is running. Its output is kept in `logs`.
 */
export function startWorker(
  env: NodeJS.ProcessEnv,
  poll: number | null,
  register: (child: ChildProcess) => void,
  logs: string[],
): Promise<ChildProcess> {
  const server = path.join(root, 'apps/server/src');
  // cli.ts's `worker` with one option added; `murimi worker` has no setting for the polling interval.
  const polling = `
    const { loadConfig } = await import(${JSON.stringify(path.join(server, 'config.ts'))});
    const { startRuntime } = await import(${JSON.stringify(path.join(server, 'runtime.ts'))});
    const runtime = await startRuntime(loadConfig(process.env), { work: true, pollingIntervalSeconds: ${poll} });
    console.log('worker is running');
    process.once('SIGTERM', () => runtime.close().then(() => process.exit(0)));`;
  const args = poll === null ? ['apps/server/src/cli.ts', 'worker'] : ['--input-type=module', '-e', polling];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    register(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      logs.push(text);
      output += text;
      if (output.includes('worker is running')) resolve(child);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`murimi worker exited with ${code}:\n${output}`)));
  });
}

/** CPU time (user + system) a process has used so far, from /proc. */
export function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // After the command name: state is field 3, utime and stime are fields 14 and 15 (clock ticks, 100 per second here).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** SIGTERM (the worker finishes running jobs and stops), SIGKILL after 10 s. */
export async function stopWorkers(processes: ChildProcess[]): Promise<void> {
  await Promise.all(
    processes.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(forced);
    }),
  );
}
