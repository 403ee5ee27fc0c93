import { z } from 'zod';
import { LIVE_JOB_STATES, type JobContext, type JobDefinition, type JobState } from '../../jobs/job-queue.ts';
import type { AnalysisType } from './analysis-types.ts';
import { analysisJobs } from './analysis.jobs.ts';

/** What the user reads on an analysis whose job ended without finishing it (its worker died on the last try). */
export const STOPPED_UNEXPECTEDLY = 'The analysis stopped unexpectedly. Please run it again.';

/**
 * A row is written with its job in one transaction, so a queued row without a job id comes from older data; it
 * is given this long before the sweep sends its job.
 */
const UNSENT_GRACE_SECONDS = 60;

export interface RecoveryCounts {
  /** Rows whose job never ran and is gone (or was never sent): sent again. */
  requeued: number;
  /** Rows whose job ended without finishing them: failed with a message for the user. */
  failed: number;
}

type RecoveryContext = Pick<JobContext, 'database' | 'log' | 'queue'>;

/**
 * Finds analyses left `queued` or `running` whose job will never finish them: the job ended (completed, cancelled,
 * or failed, as pg-boss fails a job whose worker died on its last try) or is gone (archived or deleted). A row no
 * try has taken up, whose job is gone or was never sent, is sent again; any other is failed with a message.
 */
export async function recoverAnalyses(context: RecoveryContext, now = new Date()): Promise<RecoveryCounts> {
  const active = await context.database.db
    .selectFrom('analyses')
    .select(['id', 'type', 'jobId'])
    .where('status', 'in', ['queued', 'running'])
    .where((eb) => eb.or([eb('jobId', 'is not', null), eb('requestedAt', '<', new Date(now.getTime() - UNSENT_GRACE_SECONDS * 1000))]))
    .execute();
  const counts: RecoveryCounts = { requeued: 0, failed: 0 };
  for (const type of new Set(active.map((row) => row.type))) {
    const ofType = active.filter((row) => row.type === type);
    const states = await context.queue.jobStates(
      analysisJobs[type].name,
      ofType.flatMap((row) => (row.jobId ? [row.jobId] : [])),
    );
    for (const row of ofType) {
      const jobState = row.jobId ? states.get(row.jobId) : undefined;
      if (jobState && LIVE_JOB_STATES.includes(jobState)) continue;
      const outcome = await recoverOne(context, { ...row, type }, jobState, now);
      if (outcome) counts[outcome]++;
    }
  }
  if (counts.requeued + counts.failed > 0) context.log.warn(counts, 'analyses whose job had stopped were recovered');
  return counts;
}

/**
 * One row, under a row lock and only if it still holds the job it was found with: two processes sweeping at once,
 * or the job finishing it meanwhile, change nothing twice. A job that has ended stays ended (pg-boss never restarts
 * one by itself), so its state read before the lock still holds.
 */
async function recoverOne(
  context: RecoveryContext,
  found: { id: string; type: AnalysisType; jobId: string | null },
  endedJobState: JobState | undefined,
  now: Date,
): Promise<keyof RecoveryCounts | null> {
  return context.database.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('analyses')
      .select(['id', 'status', 'attempts'])
      .where('id', '=', found.id)
      .where('status', 'in', ['queued', 'running'])
      .where((eb) => (found.jobId ? eb('jobId', '=', found.jobId) : eb('jobId', 'is', null)))
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    // Work that never began is safe to send again. A job that ended, or a row a try took up, is not: whatever
    // stopped it (a worker dying on this analysis) would happen again, without end.
    if (row.status === 'queued' && row.attempts === 0 && endedJobState === undefined) {
      const jobId = await context.queue.send(analysisJobs[found.type], { analysisId: row.id }, { executor: trx });
      if (jobId) {
        await trx.updateTable('analyses').set({ jobId }).where('id', '=', row.id).execute();
        return 'requeued';
      }
    }
    await trx
      .updateTable('analyses')
      .set({ status: 'failed', error: STOPPED_UNEXPECTEDLY, finishedAt: now })
      .where('id', '=', row.id)
      .execute();
    return 'failed';
  });
}

const payload = z.object({}).loose();

/**
 * Sent after each pass of the queue's maintenance, which is when pg-boss fails the jobs whose worker died, and when
 * a process starts working: without it such an analysis would stay "running" and every later run of its type on
 * its field would be refused as already running.
 */
export const analysisRecoveryJob: JobDefinition<typeof payload> = {
  name: 'analysis-recovery',
  payload,
  retryLimit: 0,
  retryDelaySeconds: 60,
  expireInSeconds: 300,
  afterMaintenance: true,
  handle: async (_, context) => {
    await recoverAnalyses(context);
  },
};
