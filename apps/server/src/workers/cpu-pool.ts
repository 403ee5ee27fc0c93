import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../errors.ts';
import type { CpuTaskName, CpuTasks, TaskOutcome } from './cpu-tasks.ts';

/**
 * Tasks waiting for a thread before new ones are refused with 503: with one thread and tasks of up to a few
 * seconds, a longer queue would only make each caller wait past their patience.
 */
const MAX_QUEUED_TASKS = 8;
/** What a refused caller is told to wait, in seconds. */
const BUSY_RETRY_AFTER_SECONDS = 30;

/**
 * Where the tasks live: `cpu-tasks.dev.mjs` beside this file when running from source (it loads the TypeScript
 * through tsx), or the bundle's own `cpu-tasks.mjs` beside `cli.mjs` when running the built server
 * (scripts/prepare-start.mjs writes both).
 */
function tasksFile(): string {
  const name = import.meta.url.endsWith('.ts') ? './cpu-tasks.dev.mjs' : './cpu-tasks.mjs';
  return fileURLToPath(new URL(name, import.meta.url));
}

/**
 * CPU-heavy work a request can cause (reading boundary files, checking overlaps, validating a bulk import) runs
 * here, on worker threads, so the event loop keeps answering every other request meanwhile. Each task has a
 * deadline: past it the thread is stopped and the caller gets a clear 4xx instead of a server that stalls.
 */
export class CpuPool {
  private readonly pool: Piscina;

  constructor(threads = Math.max(1, availableParallelism() - 1)) {
    this.pool = new Piscina({
      filename: tasksFile(),
      minThreads: 0,
      maxThreads: threads,
      // A thread kept warm for a minute after its last task: imports come in bursts, and a new thread costs ~100 ms.
      idleTimeout: 60_000,
      maxQueue: MAX_QUEUED_TASKS,
    });
  }

  /**
   * Runs a task on a worker thread. A task answers with its value or with the AppError it would have thrown
   * (errors do not cross threads with their class); past `deadlineMs` the thread is stopped and `tooLong` is thrown.
   * The byte arrays in `handOver` are moved to the thread, not copied: copying 20 MB holds the event loop for
   * ~0.1 s, a move costs nothing. The caller must not read them afterwards.
   */
  async run<Name extends CpuTaskName>(
    name: Name,
    input: Parameters<CpuTasks[Name]>[0],
    limits: { deadlineMs: number; tooLong: () => AppError; handOver?: Uint8Array[] },
  ): Promise<Awaited<ReturnType<CpuTasks[Name]>> extends TaskOutcome<infer Value> ? Value : never> {
    if (this.pool.queueSize >= MAX_QUEUED_TASKS) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The server is busy with other requests. Please try again in a minute.',
        undefined,
        BUSY_RETRY_AFTER_SECONDS,
      );
    }
    let outcome: TaskOutcome<unknown>;
    try {
      // Only an array that owns its whole memory moves: a small Buffer shares Node's pool with others, and is copied.
      const transferList = (limits.handOver ?? []).flatMap(({ buffer, byteLength }) =>
        buffer instanceof ArrayBuffer && byteLength === buffer.byteLength ? [buffer] : [],
      );
      outcome = await this.pool.run({ name, input }, { signal: AbortSignal.timeout(limits.deadlineMs), transferList });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw limits.tooLong();
      throw error;
    }
    if (!outcome.ok) throw new AppError(outcome.error.code, outcome.error.message, outcome.error.details);
    return outcome.value as never;
  }

  async close(): Promise<void> {
    await this.pool.close({ force: true });
  }
}
