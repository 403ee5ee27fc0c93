import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { analysisTypes } from './analysis-types.ts';

const payload = z.object({
  analysisId: z.uuid(),
  fieldId: z.uuid(),
  orgId: z.uuid(),
  type: z.enum(analysisTypes),
});

export type AnalysisCompleted = z.output<typeof payload>;

/**
 * Sent once for each analysis that completes, in the same transaction as its `running → completed` update and
 * only when that update changed the row: a cancelled analysis, or a second try of one already completed, sends
 * nothing. Alert rules and summary refreshes hang on it; until they arrive it only notes the completion.
 */
export const analysisCompletedJob = {
  name: 'analysis-completed',
  payload,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
  async handle(completed, context) {
    context.log.debug(completed, 'analysis completed');
  },
} satisfies JobDefinition<typeof payload>;
