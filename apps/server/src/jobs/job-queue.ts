import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';
import type { CpuPool } from '../workers/cpu-pool.ts';

export interface JobContext {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  /** The process's CPU worker threads: an analysis measures its pixels there. Absent where a job runs without one (some tests). */
  cpu?: CpuPool;
  /** Which try this is: a handler stores a failure for good only on the last one. */
  attempt: { retryCount: number; retryLimit: number; isLast: boolean };
  /** For jobs that start other jobs (the daily schedules) or look after them (analysis recovery). */
  queue: Pick<JobQueue, 'send' | 'wake' | 'jobStates'>;
  /** The clock: the app's own (`AppContext.now`), so a test that moves the app's time moves its jobs' too. */
  now(): Date;
}

/** What a queue's jobs share; the clock defaults to the system's. */
export type JobQueueContext = Omit<JobContext, 'attempt' | 'queue' | 'now'> & { now?: () => Date };

/** A job: a stable name, a payload schema, retry policy, and a handler that calls a domain function. */
export interface JobDefinition<Schema extends z.ZodType> {
  name: string;
  payload: Schema;
  /** Further tries after a failure; a function when a setting decides it. */
  retryLimit: number | ((config: Config) => number);
  retryDelaySeconds: number;
  /** A job running longer is taken to have died with its worker, failed and retried; a function when a setting decides it. */
  expireInSeconds: number | ((config: Config) => number);
  /**
   * Jobs of this queue one process runs at the same time (default 1): each is a worker that takes the queue's jobs
   * one after another while there are any, and polls when there are none.
   */
  concurrency?: number;
  /** Run on this schedule (cron, UTC) as well as when sent. */
  cron?: string;
  /**
   * Sent after each pass of the queue's maintenance (which fails jobs whose worker died) and when a process starts
   * working: for jobs that tidy up after such jobs. Its payload must accept `{}`.
   */
  afterMaintenance?: boolean;
  handle(payload: z.output<Schema>, context: JobContext): Promise<void>;
  /**
   * For jobs whose work is cheaper done for many at once: a worker takes up to `size` waiting jobs and `handle`s their
   * payloads together. They complete together, and fail and are retried together, so handling one twice must change
   * nothing the second time.
   */
  batch?: { size: number; handle(payloads: z.output<Schema>[], context: JobContext): Promise<void> };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJob = JobDefinition<any>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** A job in one of these states will still run, or is running; in any other it has ended. */
export const LIVE_JOB_STATES: readonly JobState[] = ['created', 'retry', 'active'];

export interface SendOptions {
  /**
   * The open transaction to write the job in: it is queued if and only if the transaction commits. On PGlite the
   * transaction holds the session lock, so the job's SQL must go through it rather than `Database.executeSql`.
   */
  executor?: Kysely<DB>;
  /** The job's id (a UUID), when the caller stores it before sending. */
  id?: string;
  /**
   * At most one job of the queue with this key in each slot of `seconds` (pg-boss's singleton index; a cancelled
   * job does not count): a sender that restarts does not queue the same work twice, and `send` resolves to null.
   */
  singleton?: { key: string; seconds: number };
  /** Not before this moment (a message held for the person's quiet hours). */
  startAfter?: Date | undefined;
}

/**
 * pg-boss on the app's own database connection path (`Database.executeSql`), so on PGlite its SQL waits
 * for the same session lock as every app query. `start({ work: true })` also polls and runs handlers.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private running = false;
  private working = false;
  /** The pg-boss workers of each queue this process works, to wake them when it queues a job for them. */
  private readonly workerIds = new Map<string, string[]>();

  private readonly context: Omit<JobContext, 'attempt' | 'queue'>;

  constructor(
    context: JobQueueContext,
    private readonly jobs: readonly AnyJob[],
  ) {
    this.context = { ...context, now: context.now ?? (() => new Date()) };
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => context.database.executeSql(text, values) },
      schema: 'pgboss',
      // Maintenance and cron need their own timers; fine on both backends, and cheap.
      supervise: true,
      maintenanceIntervalSeconds: context.config.jobMaintenanceIntervalSeconds,
      schedule: true,
    });
    this.boss.on('error', (error) => context.log.error({ err: error }, 'job queue error'));
    // Emitted in the one process whose maintenance pass ran, after it failed the expired jobs.
    this.boss.on('maintenance', () => void this.sendAfterMaintenanceJobs());
  }

  get isRunning(): boolean {
    return this.running;
  }

  get isWorking(): boolean {
    return this.working;
  }

  async start(options: { work: boolean; pollingIntervalSeconds?: number }): Promise<void> {
    await this.boss.start();
    for (const job of this.jobs) {
      await this.boss.createQueue(job.name, {
        name: job.name,
        retryLimit: typeof job.retryLimit === 'function' ? job.retryLimit(this.context.config) : job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: typeof job.expireInSeconds === 'function' ? job.expireInSeconds(this.context.config) : job.expireInSeconds,
      });
      if (job.cron) await this.boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
    }
    this.running = true;
    if (!options.work) return;
    for (const job of this.jobs) {
      const workOptions = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true as const };
      for (let worker = 0; worker < (job.concurrency ?? 1); worker++) await this.work(job, workOptions);
    }
    this.working = true;
    // What a process that died left behind is looked at as soon as one starts working again.
    await this.sendAfterMaintenanceJobs();
  }

  private async sendAfterMaintenanceJobs(): Promise<void> {
    for (const job of this.jobs.filter((candidate) => candidate.afterMaintenance)) {
      if (!this.running) return;
      try {
        await this.send(job, {});
      } catch (error) {
        // The next maintenance pass sends it again.
        this.context.log.warn({ err: error, job: job.name }, 'could not send a job after maintenance');
      }
    }
  }

  /**
   * One polling worker of a queue: each job (or batch) parsed, handled with its context, and failed for a retry when
   * it throws.
   * A worker that found a job looks for the next at once: pg-boss would wait out the polling interval after every
   * job, so a worker took one job per 2 s however quick its jobs (a night's 45,000 analyses and their follow-ups
   * would take longer than the night). Only a look that finds nothing waits for the next poll.
   */
  private async work(job: AnyJob, workOptions: { pollingIntervalSeconds: number; includeMetadata: true }): Promise<void> {
    // One job at a time, or a batch for a job that handles several together.
    const options = { ...workOptions, batchSize: job.batch?.size ?? 1 };
    const workerId: string = await this.boss.work(job.name, options, async (items) => {
      const log = this.context.log.child({ job: job.name, jobId: items.length === 1 ? items[0]!.id : items.map((item) => item.id) });
      const attempt = {
        retryCount: Math.min(...items.map((item) => item.retryCount)),
        retryLimit: items[0]!.retryLimit,
        isLast: items.every((item) => item.retryCount >= item.retryLimit),
      };
      const context = { ...this.context, log, attempt, queue: this };
      try {
        const payloads = items.map((item) => job.payload.parse(item.data));
        await (job.batch ? job.batch.handle(payloads, context) : job.handle(payloads[0], context));
      } catch (error) {
        log.warn({ err: error }, 'job failed; pg-boss retries it while retries remain');
        throw error;
      } finally {
        // pg-boss calls this only with jobs; the notice makes its loop fetch again instead of sleeping.
        this.boss.notifyWorker(workerId);
      }
    });
    this.workerIds.set(job.name, [...(this.workerIds.get(job.name) ?? []), workerId]);
  }

  /**
   * Wakes this process's idle workers of a queue at once instead of at their next poll (every 2 s in production): a
   * job queued by a request in the same process starts as soon as its transaction has committed. Call it after the
   * commit; a process that does not work the queue does nothing, and other processes still find the job by polling.
   */
  wake(job: Pick<AnyJob, 'name'>): void {
    for (const workerId of this.workerIds.get(job.name) ?? []) this.boss.notifyWorker(workerId);
  }

  /** Queues a job; with `executor`, inside that transaction. Resolves to the job's id (null if pg-boss stored none). */
  async send<Schema extends z.ZodType>(
    job: JobDefinition<Schema>,
    payload: z.input<Schema>,
    options: SendOptions = {},
  ): Promise<string | null> {
    const data = job.payload.parse(payload) as object;
    const sendOptions: PgBoss.SendOptions = {
      ...(options.id ? { id: options.id } : {}),
      ...(options.singleton ? { singletonKey: options.singleton.key, singletonSeconds: options.singleton.seconds } : {}),
      ...(options.startAfter ? { startAfter: options.startAfter } : {}),
    };
    if (!options.executor) return this.boss.send(job.name, data, sendOptions);
    return this.boss.send(job.name, data, { ...sendOptions, db: transactionDb(options.executor) });
  }

  /**
   * The state of each of these jobs of a queue that pg-boss still stores (`created`, `retry`, `active`: it will run
   * or is running; `completed`, `cancelled`, `failed`: it has ended). A job missing from the answer is gone
   * (archived or deleted), so it has ended too.
   */
  async jobStates(name: string, ids: readonly string[]): Promise<Map<string, JobState>> {
    if (ids.length === 0) return new Map();
    const { rows } = await this.context.database.executeSql(
      'select id::text as id, state::text as state from pgboss.job where name = $1 and id = any($2::uuid[])',
      [name, ids],
    );
    return new Map((rows as { id: string; state: JobState }[]).map((row) => [row.id, row.state]));
  }

  /** Cancels a queued job (one already running finishes; its handler decides what that means). */
  async cancel(name: string, id: string): Promise<void> {
    await this.boss.cancel(name, id);
  }

  /** Waits (up to `timeoutMs`) for running handlers to finish, then stops polling. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.working = false;
    await this.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
  }

  /** The state of a job by id, for tests and the health endpoint. */
  async getJobState(name: string, id: string): Promise<string | undefined> {
    const job = await this.boss.getJobById(name, id);
    return job?.state;
  }
}

/** pg-boss's `db` option on a Kysely transaction: its SQL runs on the transaction's own connection. */
function transactionDb(executor: Kysely<DB>): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      // Without plugins: pg-boss reads its own column names, which the camelCase mapping would rename.
      const result = await executor.withoutPlugins().executeQuery(CompiledQuery.raw(text, values ?? []));
      return { rows: result.rows };
    },
  };
}
