import { z } from 'zod';
import type { ServiceContext } from '../../app-context.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';

/**
 * A delivery callback's raw form is kept as received for 30 days, long enough to look into a message a farmer says
 * never came; it holds their number, so after that only the status, its reason and the message it belongs to stay.
 */
export const STATUS_FORM_RETENTION_DAYS = 30;

/** Empties the raw forms of delivery callbacks older than 30 days; returns how many. */
export async function forgetOldStatusForms(ctx: ServiceContext): Promise<number> {
  const before = new Date(ctx.now().getTime() - STATUS_FORM_RETENTION_DAYS * 86_400_000);
  const forgotten = await ctx.database.db
    .updateTable('smsStatusEvents')
    .set({ form: null })
    .where('receivedAt', '<', before)
    .where('form', 'is not', null)
    .executeTakeFirst();
  return Number(forgotten.numUpdatedRows);
}

const payload = z.object({}).passthrough();

/** Daily, at a quiet hour. */
export const forgetStatusFormsJob: JobDefinition<typeof payload> = {
  name: 'sms-forget-status-forms',
  payload,
  cron: '41 3 * * *',
  retryLimit: 2,
  retryDelaySeconds: 60,
  expireInSeconds: 600,
  async handle(_payload, context) {
    const forms = await forgetOldStatusForms(context);
    if (forms > 0) context.log.info({ forms }, 'delivery callback forms older than 30 days emptied');
  },
};
