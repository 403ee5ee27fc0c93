import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { FieldListVersions } from './db/field-list-versions.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { CpuPool } from './workers/cpu-pool.ts';

/**
 * What every service needs: settings, the database, the job queue, the worker threads for CPU-heavy steps, and
 * the clock (passed in so tests can move it).
 */
export interface AppContext {
  config: Config;
  database: Database;
  queue: JobQueue;
  cpu: CpuPool;
  fieldListVersions: FieldListVersions;
  now: () => Date;
}

/** What code that runs in jobs as well as in requests needs: settings, the database and the clock. */
export type ServiceContext = Pick<AppContext, 'config' | 'database' | 'now'>;
