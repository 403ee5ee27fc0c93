import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { onOutsideRequestSettled } from '@murimi/core';
import pino from 'pino';
import { incrementCounter } from './modules/metrics/metric-counters.ts';
import type { AppContext } from './app-context.ts';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { FieldListVersions } from './db/field-list-versions.ts';
import { migrateToLatest } from './db/migrate.ts';
import { healthCheckJob } from './jobs/health-check.job.ts';
import { analysisFollowUpsJob } from './modules/analysis/analysis-autostart.ts';
import { analysisCompletedJob } from './modules/analysis/analysis-completed.job.ts';
import { analysisJobs } from './modules/analysis/analysis.jobs.ts';
import { closeDemoCatalogs } from './modules/analysis/imagery.ts';
import { dailyIrrigationJob, newImageryJob, scheduleBatchJobs } from './modules/analysis/analysis-schedule.ts';
import { analysisRecoveryJob } from './modules/analysis/analysis-recovery.ts';
import { JobQueue } from './jobs/job-queue.ts';
import { pruneAuthRecordsJob } from './jobs/prune-auth-records.job.ts';
import { sendEmailJob } from './mail/mailer.ts';
import { CpuPool } from './workers/cpu-pool.ts';
import { alertNotifyJob } from './modules/alerts/alert-notify.job.ts';
import { alertBatchJob, alertScheduleJob } from './modules/alerts/alert-schedule.ts';
import { sendSmsJob, smsRecoveryJob } from './modules/sms/sms-delivery.ts';
import { inboundSmsJob } from './modules/sms/inbound-sms.ts';
import { forgetStatusFormsJob } from './modules/sms/sms-status-forms.job.ts';
import { weeklyDigestJob, weeklyDigestSendJob } from './modules/insights/weekly-digest.ts';
import { onboardingImportJob, pruneOnboardingImportsJob } from './modules/onboarding/onboarding.service.ts';
import { pruneVisitPhotosJob } from './modules/visits/prune-visit-photos.job.ts';
import { pruneReportsJob, writeReportJob } from './modules/reports/reports.service.ts';
import { writeProgrammeReportJob } from './modules/reports/programme-pack.ts';

/** Counts how each request to an outside service ends, in the database, so every process's calls add up (`/api/metrics`). */
function countOutsideRequests(ctx: AppContext, log: FastifyBaseLogger): () => void {
  return onOutsideRequestSettled(({ service, outcome }) => {
    incrementCounter(ctx, 'murimi_outside_requests_total', { service, outcome }).catch((error: unknown) =>
      log.warn({ err: error, service }, 'an outside request could not be counted'),
    );
  });
}

export const allJobs = [
  healthCheckJob,
  sendEmailJob,
  pruneAuthRecordsJob,
  ...Object.values(analysisJobs),
  analysisCompletedJob,
  analysisFollowUpsJob,
  newImageryJob,
  dailyIrrigationJob,
  ...Object.values(scheduleBatchJobs),
  analysisRecoveryJob,
  alertScheduleJob,
  alertBatchJob,
  alertNotifyJob,
  sendSmsJob,
  smsRecoveryJob,
  inboundSmsJob,
  forgetStatusFormsJob,
  weeklyDigestJob,
  weeklyDigestSendJob,
  onboardingImportJob,
  pruneOnboardingImportsJob,
  pruneVisitPhotosJob,
  writeReportJob,
  writeProgrammeReportJob,
  pruneReportsJob,
] as const;

export interface Runtime {
  ctx: AppContext;
  app: FastifyInstance;
  close(): Promise<void>;
}

export interface RuntimeOptions {
  /** Run job handlers in this process (`serve` and `worker` do; tests choose). */
  work: boolean;
  logger?: boolean;
  now?: () => Date;
  database?: Database;
  pollingIntervalSeconds?: number;
}

/** Opens the database, migrates it, starts the job queue and builds the app: everything `serve` needs. */
export async function startRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const log: FastifyBaseLogger = options.logger === false ? pino({ level: 'silent' }) : pino({ level: config.logLevel });
  const database = options.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await migrateToLatest(database.db as never);
  const now = options.now ?? (() => new Date());
  // One pool of CPU threads for the requests and the jobs of this process, requests first (CpuPool.runForJob).
  const cpu = new CpuPool(config.cpuWorkerThreads);
  const queue = new JobQueue({ database, config, log, now, cpu }, allJobs);
  await queue.start({ work: options.work, pollingIntervalSeconds: options.pollingIntervalSeconds });
  const fieldListVersions = new FieldListVersions(database, log);
  await fieldListVersions.start();
  const ctx: AppContext = { config, database, queue, cpu, fieldListVersions, now };
  const app = await buildApp(ctx, { logger: options.logger });
  const stopCountingOutsideRequests = countOutsideRequests(ctx, log);
  return {
    ctx,
    app,
    async close() {
      stopCountingOutsideRequests();
      await app.close();
      fieldListVersions.stop();
      await queue.stop();
      // After the queue: a job still stopping may be measuring pixels on the threads.
      await cpu.close();
      await closeDemoCatalogs();
      await database.close();
    },
  };
}
