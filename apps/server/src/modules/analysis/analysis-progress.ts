import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AnalysisStage } from '@murimi/core';
import type { Database } from '../../db/database.ts';

export { analysisStages, type AnalysisStage } from '@murimi/core';

/** What a running analysis is given to say how far it has come and to learn that it should stop. */
export interface AnalysisProgress {
  /** Aborts once the analysis is cancelled (or finished by another try): imagery reads and searches stop on it. */
  readonly signal: AbortSignal;
  /**
   * Stores the stage on the analysis, if it is still running; when it is not, aborts `signal` and rejects with an
   * `AnalysisCancelledError`, so the analysis ends at its next step.
   */
  report(stage: AnalysisStage): Promise<void>;
}

export interface RunningAnalysisProgress extends AnalysisProgress {
  /** Stops watching the analysis for a cancel; call once it has ended, however it ended. */
  stop(): void;
}

/** An analysis that stopped because its row is no longer running: cancelled by a person, or finished by another try. */
export class AnalysisCancelledError extends Error {
  // Named as the platform names an aborted operation, so code that checks for an abort recognises it.
  override readonly name = 'AbortError';

  constructor(readonly analysisId: string) {
    super(`Analysis ${analysisId} is no longer running (cancelled, or finished by another try); it stopped.`);
  }
}

export function isAnalysisCancelled(error: unknown): error is AnalysisCancelledError {
  return error instanceof AnalysisCancelledError;
}

/**
 * How often a running analysis looks at its row between reports: a cancel stops its imagery reads within this
 * (plus a request in flight being dropped), well inside the 5 s a person waits after pressing cancel.
 */
export const CANCEL_CHECK_INTERVAL_MS = 2_000;

/**
 * The progress channel of one running analysis. `report(stage)` is one conditional update (`… where status =
 * 'running' returning id`): no row means the analysis was cancelled, which aborts the signal. Between reports a
 * cheap `select status` every 2 s notices a cancel during a long read. Call `stop()` when the analysis ends.
 */
export function startAnalysisProgress(
  database: Database,
  analysisId: string,
  log: FastifyBaseLogger,
  options: { cancelCheckIntervalMs?: number } = {},
): RunningAnalysisProgress {
  const controller = new AbortController();
  const cancelled = () => {
    // Nothing is left to watch for: the checks end even if `stop` is never called.
    clearInterval(timer);
    if (!controller.signal.aborted) {
      log.info({ analysisId }, 'analysis no longer running; stopping its work');
      controller.abort(new AnalysisCancelledError(analysisId));
    }
  };

  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    database.db
      .selectFrom('analyses')
      .select('status')
      .where('id', '=', analysisId)
      .executeTakeFirst()
      .then(
        (row) => {
          if (row?.status !== 'running') cancelled();
        },
        // A check that fails (the database restarting) is tried again at the next tick; the analysis goes on.
        (error: unknown) => log.warn({ err: error, analysisId }, 'could not check whether the analysis was cancelled'),
      )
      .finally(() => {
        checking = false;
      });
  }, options.cancelCheckIntervalMs ?? CANCEL_CHECK_INTERVAL_MS);
  // The check must not keep a finished command (`npm run demo`) alive.
  timer.unref();

  return {
    signal: controller.signal,
    async report(stage) {
      controller.signal.throwIfAborted();
      const row = await database.db
        .updateTable('analyses')
        .set({ stage, stageAt: sql<Date>`now()` })
        .where('id', '=', analysisId)
        .where('status', '=', 'running')
        .returning('id')
        .executeTakeFirst();
      if (!row) cancelled();
      controller.signal.throwIfAborted();
    },
    stop() {
      clearInterval(timer);
    },
  };
}
