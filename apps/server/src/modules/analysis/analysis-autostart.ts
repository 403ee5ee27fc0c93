import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { JobDefinition } from '../../jobs/job-queue.ts';
import { analysisJobs } from './analysis.jobs.ts';
import { enqueueAnalysis, enqueueAnalysisIn, type EnqueueContext } from './analysis.service.ts';
import { analysisTypes, type AnalysisType } from './analysis-types.ts';

/**
 * A field's advice starts by itself. A field saved with a crop and a planting date, or whose crop, planting date or
 * boundary changes, queues its health analysis in the same transaction as the write (so a field is never stored
 * without it, nor an analysis for a write that rolled back); the irrigation, fertilizer and yield analyses follow once
 * health has ended, when the season's imagery has been searched (and is in the shared search cache). Nothing waits
 * for an analysis while the request is answered: only rows and jobs are written.
 */

/** What the automatic start queues once health has ended, in this order. */
export const ADVICE_FOLLOW_UPS: readonly AnalysisType[] = ['irrigation', 'fertilizer', 'yield'];

export interface AdviceFacts {
  cropType: string | null;
  plantingDate: string | null;
}

/**
 * Whether a write makes the field's advice due: it has a crop and a planting date now, and it is new, or its crop,
 * planting date or boundary changed. A write that changes nothing of these (a repeated update, a new name) queues none.
 */
export function adviceDue(before: AdviceFacts | null, after: AdviceFacts, boundaryChanged: boolean): boolean {
  if (!after.cropType || !after.plantingDate) return false;
  if (!before) return true;
  return boundaryChanged || before.cropType !== after.cropType || before.plantingDate !== after.plantingDate;
}

/**
 * Queues the field's health analysis, with the others to follow, inside the write's transaction. One already queued
 * is kept (the unique index), so a retried write adds none: it reads the field when it starts. For a field that
 * `changed` (its crop, planting date or boundary), an analysis already running read the field as it was: it is
 * cancelled, so it stores no result about the old field (its job stops at its next stage and its completion finds it
 * no longer running), and the new health run starts over. Answers whether one was queued: the caller wakes the queue
 * (`wakeFieldAdvice`) once the transaction has committed.
 */
export async function queueFieldAdvice(
  trx: Transaction<DB>,
  ctx: EnqueueContext,
  field: { orgId: string; fieldId: string },
  write: 'created' | 'changed' = 'created',
): Promise<boolean> {
  if (!ctx.config.analysisAutostart) return false;
  if (write === 'changed')
    await trx
      .updateTable('analyses')
      .set({ status: 'cancelled', finishedAt: ctx.now() })
      .where('orgId', '=', field.orgId)
      .where('fieldId', '=', field.fieldId)
      .where('status', '=', 'running')
      .execute();
  const started = await enqueueAnalysisIn(trx, ctx, { ...field, type: 'health', requestedBy: null, followUps: ADVICE_FOLLOW_UPS });
  return started !== 'already-running';
}

export function wakeFieldAdvice(ctx: EnqueueContext): void {
  ctx.queue.wake(analysisJobs.health);
}

/** The types an analysis asked to be queued after it, as stored in its inputs. */
export function followUpsOf(inputs: unknown): AnalysisType[] {
  const parsed = z.object({ followUps: z.array(z.enum(analysisTypes)) }).safeParse(inputs);
  return parsed.success ? parsed.data.followUps : [];
}

const payload = z.object({ analysisId: z.uuid(), fieldId: z.uuid(), orgId: z.uuid() });

/**
 * Sent in the transaction that ends an analysis with follow-ups (completed, or failed on its last try: irrigation
 * needs no imagery, and each of the others says for itself what it could not read). Queues each follow-up unless one
 * of its type was asked for since the first was (by the farmer, a schedule, or an earlier try of this job), so a
 * retried job queues none twice. A field deleted meanwhile gets none.
 */
export const analysisFollowUpsJob = {
  name: 'analysis-follow-ups',
  payload,
  retryLimit: 3,
  retryDelaySeconds: 30,
  expireInSeconds: 60,
  async handle({ analysisId, fieldId, orgId }, context) {
    const db = context.database.db;
    const first = await db
      .selectFrom('analyses')
      .innerJoin('fields', 'fields.id', 'analyses.fieldId')
      .select(['analyses.requestedAt', 'analyses.inputs'])
      .where('analyses.id', '=', analysisId)
      .where('analyses.orgId', '=', orgId)
      .where('fields.orgId', '=', orgId)
      .where('fields.id', '=', fieldId)
      .executeTakeFirst();
    if (!first) return;
    for (const type of followUpsOf(first.inputs)) {
      const since = await db
        .selectFrom('analyses')
        .select('id')
        .where('orgId', '=', orgId)
        .where('fieldId', '=', fieldId)
        .where('type', '=', type)
        .where('requestedAt', '>=', first.requestedAt)
        .limit(1)
        .executeTakeFirst();
      if (since) continue;
      await enqueueAnalysis(context, { orgId, fieldId, type, requestedBy: null });
    }
  },
} satisfies JobDefinition<typeof payload>;
