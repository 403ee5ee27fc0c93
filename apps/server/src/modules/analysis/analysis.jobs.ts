import { StacError } from '@murimi/earth';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { JobContext, JobDefinition } from '../../jobs/job-queue.ts';
import { analysisFollowUpsJob, followUpsOf } from './analysis-autostart.ts';
import { analysisCompletedJob } from './analysis-completed.job.ts';
import { crashHereWhenTesting } from './analysis-crash-point.ts';
import { startAnalysisProgress } from './analysis-progress.ts';
import { analysisDefinitions, type AnalysisDefinition } from './analysis-definitions.ts';
import { analysisTypes, type AnalysisOutcome, type AnalysisType } from './analysis-types.ts';
import { InvalidAnalysisResult, runDefinition } from './run-analysis.ts';

const payload = z.object({ analysisId: z.uuid() });

/** What the user reads when an analysis fails for a reason with no message of its own for them (spec §8). */
export const ANALYSIS_FAILED_MESSAGE = 'Analysis request failed. Please try again or contact support if the issue persists.';

/** Wait before the first retry of a failed analysis; pg-boss doubles it for each later one (backoff). */
const ANALYSIS_RETRY_DELAY_SECONDS = 10;

/**
 * The longest an analysis can legitimately stay queued or running, in seconds: every try running to its timeout
 * and waiting for the queue's maintenance to notice, plus the retry delays at their largest (pg-boss's backoff
 * waits up to delay × 2^(retry + 1) before retry number `retry`, counted from 0). A row older than this is stuck.
 */
export function analysisLongestRunSeconds(
  config: Pick<Config, 'analysisRetries' | 'analysisTimeoutSeconds' | 'jobMaintenanceIntervalSeconds'>,
) {
  const tries = config.analysisRetries + 1;
  const retryDelaysSeconds = ANALYSIS_RETRY_DELAY_SECONDS * (2 ** (config.analysisRetries + 1) - 2);
  return tries * (config.analysisTimeoutSeconds + config.jobMaintenanceIntervalSeconds) + retryDelaysSeconds;
}

/**
 * Runs one stored analysis. The row is claimed (queued → running) and finished (running → completed) by
 * conditional updates, so a job retried after its worker died, or run twice, completes the analysis once, and a
 * cancelled one stores nothing. The completion and its `analysis-completed` job are one transaction, so what
 * reacts to a new result hears of each completed analysis exactly once. A failure is retried; on the last attempt
 * the user's message is stored and the error itself goes to the log. A result that fails its type's schema is a bug
 * that another try would repeat: the analysis fails at once. While it runs, its progress channel stores each stage
 * and aborts the work when the row is cancelled. Times come from the job's clock.
 */
export async function handleAnalysis<Type extends AnalysisType>(
  definition: AnalysisDefinition<Type>,
  { analysisId }: z.output<typeof payload>,
  context: JobContext,
): Promise<void> {
  const { type } = definition;
  const db = context.database.db;
  const row = await db
    .updateTable('analyses')
    .set((eb) => ({ status: 'running', startedAt: context.now(), attempts: eb('attempts', '+', 1) }))
    .where('id', '=', analysisId)
    .where('status', 'in', ['queued', 'running'])
    .returningAll()
    .executeTakeFirst();
  if (!row) {
    context.log.info({ analysisId }, 'analysis cancelled or already finished; nothing to do');
    return;
  }
  crashHereWhenTesting(context.config, 'analysis-claimed');
  let outcome: AnalysisOutcome;
  const progress = startAnalysisProgress(context.database, analysisId, context.log);
  try {
    outcome = await runDefinition(definition, row, context, progress);
  } catch (error) {
    // Cancelled (or finished by another try) while it ran: its work stopped, and there is nothing to store or retry.
    if (progress.signal.aborted) {
      context.log.info({ analysisId, type }, 'analysis stopped: it was cancelled or finished by another try while it ran');
      return;
    }
    const failure = { err: error, analysisId, type, attempt: context.attempt };
    if (error instanceof InvalidAnalysisResult) {
      context.log.error({ ...failure, issues: error.issues, storedMessage: ANALYSIS_FAILED_MESSAGE }, 'analysis result failed its schema');
      await failAnalysis(context, analysisId, ANALYSIS_FAILED_MESSAGE);
      return;
    }
    if (!context.attempt.isLast) {
      context.log.warn(failure, 'analysis failed; it will be tried again');
      throw error;
    }
    const message = messageFor(error);
    context.log.error({ ...failure, storedMessage: message }, 'analysis failed on its last try');
    await failAnalysis(context, analysisId, message, { followUps: true });
    throw error;
  } finally {
    progress.stop();
  }
  const completed = await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('analyses')
      .set({
        status: 'completed',
        finishedAt: context.now(),
        analysisDate: outcome.analysisDate,
        newestSceneDate: outcome.newestSceneDate ?? null,
        result: JSON.stringify(outcome.result),
        summary: outcome.summary,
        // What was asked for (the request's options) beside what the analysis used.
        inputs: JSON.stringify({ ...(row.inputs as object | null), ...outcome.inputs }),
        simulated: outcome.simulated,
        error: null,
      })
      .where('id', '=', analysisId)
      .where('status', '=', 'running')
      .returning('id')
      .executeTakeFirst();
    // No row: cancelled while it ran, or completed by another try of the same job; either way no new result.
    if (!changed) return false;
    const ended = { analysisId, fieldId: row.fieldId, orgId: row.orgId };
    await context.queue.send(analysisCompletedJob, { ...ended, type }, { executor: trx });
    if (followUpsOf(row.inputs).length > 0) await context.queue.send(analysisFollowUpsJob, ended, { executor: trx });
    return true;
  });
  if (!completed) context.log.info({ analysisId, type }, 'analysis cancelled or completed by another try; its result is not stored');
}

/**
 * Stores a failure for the user to read, unless the analysis was cancelled meanwhile. A failure on the last try of an
 * analysis with follow-ups sends them in the same transaction (a result that failed its schema does not: it is a bug).
 */
async function failAnalysis(
  context: JobContext,
  analysisId: string,
  message: string,
  options: { followUps?: boolean } = {},
): Promise<void> {
  await context.database.db.transaction().execute(async (trx) => {
    const failed = await trx
      .updateTable('analyses')
      .set({ status: 'failed', error: message, finishedAt: context.now() })
      .where('id', '=', analysisId)
      .where('status', '=', 'running')
      .returning(['fieldId', 'orgId', 'inputs'])
      .executeTakeFirst();
    if (failed && options.followUps && followUpsOf(failed.inputs).length > 0) {
      await context.queue.send(analysisFollowUpsJob, { analysisId, fieldId: failed.fieldId, orgId: failed.orgId }, { executor: trx });
    }
  });
}

/**
 * What the user is told when an analysis fails for good. A catalogue failure says imagery is unavailable, with the
 * catalogue's own wording; the weather service's failures are `AppError`s, already worded for the user. Anything
 * else (a bug, a database error) could show internals, so the user reads the spec's text and the log keeps the rest.
 */
function messageFor(error: unknown): string {
  if (error instanceof StacError) return `Satellite imagery is unavailable right now; please try again later. (${error.message})`;
  if (error instanceof AppError) return error.message;
  return ANALYSIS_FAILED_MESSAGE;
}

/** One queue per analysis type, so a slow kind (yield) does not hold up a quick one (health). */
export const analysisJobs = Object.fromEntries(
  analysisTypes.map((type) => [
    type,
    {
      name: `analysis-${type}`,
      payload,
      retryLimit: (config) => config.analysisRetries,
      // An analysis takes ~0.1 s of CPU and waits on the network: one worker per queue left the CPU idle 88 % of
      // the time (bench/analysis.ts); four keep a process busy without crowding out requests.
      concurrency: 4,
      retryDelaySeconds: ANALYSIS_RETRY_DELAY_SECONDS,
      // A job whose worker died is retried once this has passed.
      expireInSeconds: (config) => config.analysisTimeoutSeconds,
      handle: (data, context) => handleAnalysis(analysisDefinitions[type], data, context),
    } satisfies JobDefinition<typeof payload>,
  ]),
) as Record<AnalysisType, JobDefinition<typeof payload>>;
