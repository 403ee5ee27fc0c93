import { z } from 'zod';
import type { JobDefinition } from '../../jobs/job-queue.ts';
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
 * Sent once for each analysis that completes, in the same transaction as its `running → completed` update and
 * only when that update changed the row: a cancelled analysis, or a second try of one already completed, sends
 * nothing. The field's alert rules run again on it: a new image can show a drop in greenness, new irrigation advice
 * can end an "irrigation due" alert. A yield estimate feeds no rule.
 */
export const analysisCompletedJob = {
  name: 'analysis-completed',
  payload,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
  async handle(completed, context) {
    if (completed.type === 'yield') return;
    const outcome = await evaluateAlerts(context, [completed.fieldId]);
    context.log.debug(
      { ...completed, alerts: outcome.alerts, created: outcome.created.length, ended: outcome.ended },
      'alerts evaluated after an analysis',
    );
  },
} satisfies JobDefinition<typeof payload>;
