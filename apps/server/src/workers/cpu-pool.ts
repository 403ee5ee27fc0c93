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
type TaskResult<Name extends CpuTaskName> = Awaited<ReturnType<CpuTasks[Name]>> extends TaskOutcome<infer Value> ? Value : never;

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
  /** Job tasks on the threads or in the queue, at most one per thread; the rest wait in `jobsWaiting`, outside the pool. */
  private jobTasks = 0;
  private readonly jobsWaiting: (() => void)[] = [];

  constructor(private readonly threads = Math.max(1, availableParallelism() - 1)) {
    this.pool = new Piscina({
      filename: tasksFile(),
      minThreads: 0,
      maxThreads: threads,
      // A thread kept warm for a minute after its last task: imports come in bursts, and a new thread costs ~100 ms.
      idleTimeout: 60_000,
      // Requests' own limit, and room for the jobs' tasks (one per thread) beside them.
      maxQueue: MAX_QUEUED_TASKS + threads,
    });
  }

  /**
   * Runs a task of a background job (an analysis's pixels): as `run`, but jobs share the threads with requests
   * without crowding them out. At most one job task per thread is handed to the pool; the others wait their turn
   * here, so requests go ahead of a night's schedule instead of behind it (behind a job task or two), and a
   * job's task is never refused as busy. `signal` (a cancelled analysis) stops it waiting or running.
   */
  async runForJob<Name extends CpuTaskName>(
    name: Name,
    input: Parameters<CpuTasks[Name]>[0],
    limits: { deadlineMs: number; tooLong: () => AppError; handOver?: Uint8Array[]; signal?: AbortSignal },
  ): Promise<TaskResult<Name>> {
    // A slot: a free one, or one handed over by a job task that ended.
    if (this.jobTasks < this.threads) this.jobTasks += 1;
    else {
      await new Promise<void>((resolve, reject) => {
        const turn = () => {
          limits.signal?.removeEventListener('abort', cancelled);
          resolve();
        };
        const cancelled = () => {
          this.jobsWaiting.splice(this.jobsWaiting.indexOf(turn), 1);
          reject(limits.signal!.reason);
        };
        limits.signal?.addEventListener('abort', cancelled, { once: true });
        this.jobsWaiting.push(turn);
      });
    }
    try {
      return await this.runTask(name, input, limits);
    } finally {
      // The slot passes to the next job task, which goes to the pool behind whatever requests queued meanwhile.
      const next = this.jobsWaiting.shift();
      if (next) next();
      else this.jobTasks -= 1;
    }
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
  ): Promise<TaskResult<Name>> {
    if (this.pool.queueSize >= MAX_QUEUED_TASKS) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The server is busy with other requests. Please try again in a minute.',
        undefined,
        BUSY_RETRY_AFTER_SECONDS,
      );
    }
    return this.runTask(name, input, limits);
  }

  private async runTask<Name extends CpuTaskName>(
    name: Name,
    input: Parameters<CpuTasks[Name]>[0],
    limits: { deadlineMs: number; tooLong: () => AppError; handOver?: Uint8Array[]; signal?: AbortSignal },
  ): Promise<TaskResult<Name>> {
    let outcome: TaskOutcome<unknown>;
    const deadline = AbortSignal.timeout(limits.deadlineMs);
    try {
      // Only an array that owns its whole memory moves: a small Buffer shares Node's pool with others, and is copied.
      const transferList = (limits.handOver ?? []).flatMap(({ buffer, byteLength }) =>
        buffer instanceof ArrayBuffer && byteLength === buffer.byteLength ? [buffer] : [],
      );
      const signal = limits.signal ? AbortSignal.any([deadline, limits.signal]) : deadline;
      outcome = await this.pool.run({ name, input }, { signal, transferList });
    } catch (error) {
      if ((error as Error).name === 'AbortError') {
        limits.signal?.throwIfAborted();
        throw limits.tooLong();
      }
      throw error;
    }
    if (!outcome.ok) throw new AppError(outcome.error.code, outcome.error.message, outcome.error.details);
    return outcome.value as never;
  }

  async close(): Promise<void> {
    await this.pool.close({ force: true });
  }
}
