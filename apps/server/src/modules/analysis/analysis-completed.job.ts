import { z } from 'zod';
import type { JobContext, JobDefinition } from '../../jobs/job-queue.ts';
import { evaluateAlerts } from '../alerts/alert-evaluation.ts';
import { analysisTypes } from './analysis-types.ts';

const payload = z.object({
  analysisId: z.uuid(),
  fieldId: z.uuid(),
  orgId: z.uuid(),
  type: z.enum(analysisTypes),
});

export type AnalysisCompleted = z.output<typeof payload>;

/**
 * Completions taken at a time: the scheduled alert run evaluates 10,000 fields in 7–9 s (`npm run bench:alerts`),
 * so the rules of 50 fields take well under a second of the job's minute.
 */
const COMPLETIONS_PER_BATCH = 50;

/**
 * Sent once for each analysis that completes, in the same transaction as its `running → completed` update and
 * only when that update changed the row: a cancelled analysis, or a second try of one already completed, sends
 * nothing. The field's alert rules run again on it: a new image can show a drop in greenness, new irrigation advice
 * can end an "irrigation due" alert. A yield estimate feeds no rule.
 *
 * Handled in batches: the rules of many fields are evaluated together (a few queries for all of them), each field
 * once however many of its analyses completed. One at a time, a field took about 110 ms, and a night's 45,000
 * completions fell hours behind its analyses; evaluating again changes nothing, so a batch retried whole is safe.
 */
export const analysisCompletedJob = {
  name: 'analysis-completed',
  payload,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
  handle: (completed, context) => evaluateAfterAnalyses([completed], context),
  batch: { size: COMPLETIONS_PER_BATCH, handle: evaluateAfterAnalyses },
} satisfies JobDefinition<typeof payload>;

async function evaluateAfterAnalyses(completions: readonly AnalysisCompleted[], context: JobContext): Promise<void> {
  const fieldIds = [...new Set(completions.filter((completed) => completed.type !== 'yield').map((completed) => completed.fieldId))];
  if (fieldIds.length === 0) return;
  const outcome = await evaluateAlerts(context, fieldIds);
  context.log.debug(
    {
      analyses: completions.length,
      fields: fieldIds.length,
      alerts: outcome.alerts,
      created: outcome.created.length,
      ended: outcome.ended,
    },
    'alerts evaluated after analyses',
  );
}
