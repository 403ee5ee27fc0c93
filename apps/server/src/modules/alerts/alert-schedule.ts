import { z } from 'zod';
import type { JobContext, JobDefinition } from '../../jobs/job-queue.ts';
import { weatherCellOf } from '../weather/weather.cells.ts';
import { evaluateAlerts, type AlertEvaluationOutcome } from './alert-evaluation.ts';

/**
 * Fields per batch job: a batch reads one forecast (and one archive span) per weather cell and a few queries for all
 * its fields, and writes its alerts in a handful of statements. 500 fields finish in seconds on simulated weather and
 * within minutes when every cell's forecast must be fetched, far inside the job's expiry.
 */
export const ALERT_BATCH_FIELDS = 500;

/**
 * Every six hours (00:20, 06:20, 12:20, 18:20 UTC), after the weather models' runs reach Open-Meteo: each batch reads
 * its cells' forecasts (fetched again once older than an hour), so the rules always run on the newest forecast.
 */
const EVALUATION_CRON = '20 */6 * * *';

/** A run's batches are keyed by the run's six-hour slot, so a fan-out retried within it sends none twice. */
const SLOT_SECONDS = 6 * 3600;

/**
 * Cuts the platform's fields into batches of at most `maxFields`, in weather-cell order so that the fields sharing a
 * forecast are read together (a cell with more fields than a batch holds fills batches of its own).
 */
export function planAlertBatches(fields: readonly { id: string; cellKey: string }[], maxFields: number): string[][] {
  const sorted = [...fields].sort((a, b) => (a.cellKey === b.cellKey ? a.id.localeCompare(b.id) : a.cellKey.localeCompare(b.cellKey)));
  const batches: string[][] = [];
  let batch: string[] = [];
  let cellOfLast: string | null = null;
  const cellSizes = new Map<string, number>();
  for (const field of sorted) cellSizes.set(field.cellKey, (cellSizes.get(field.cellKey) ?? 0) + 1);
  for (const field of sorted) {
    const newCell = field.cellKey !== cellOfLast;
    // A cell that would not fit in what is left of this batch starts the next one (unless the batch is empty).
    const full = batch.length >= maxFields || (newCell && batch.length > 0 && batch.length + cellSizes.get(field.cellKey)! > maxFields);
    if (full) {
      batches.push(batch);
      batch = [];
    }
    batch.push(field.id);
    cellOfLast = field.cellKey;
  }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** The fan-out: every field, by cell, into batch jobs. Returns how many batch jobs were sent. */
export async function fanOutAlertEvaluation(context: JobContext, maxFields = ALERT_BATCH_FIELDS): Promise<number> {
  const fields = await context.database.db
    .selectFrom('fields')
    .select(['id', 'bboxMinLat', 'bboxMaxLat', 'bboxMinLng', 'bboxMaxLng'])
    .execute();
  const keyed = fields.map((field) => {
    const cell = weatherCellOf((field.bboxMinLat + field.bboxMaxLat) / 2, (field.bboxMinLng + field.bboxMaxLng) / 2);
    return { id: field.id, cellKey: `${String(cell.latIndex).padStart(6, '0')}:${String(cell.lngIndex).padStart(6, '0')}` };
  });
  const batches = planAlertBatches(keyed, maxFields);
  const slot = Math.floor(context.now().getTime() / (SLOT_SECONDS * 1000));
  let sent = 0;
  for (const fieldIds of batches) {
    const id = await context.queue.send(
      alertBatchJob,
      { fieldIds },
      { singleton: { key: `${slot}:${fieldIds[0]}`, seconds: SLOT_SECONDS } },
    );
    if (id !== null) sent++;
  }
  context.log.info({ fields: fields.length, batches: batches.length, sent }, 'alert evaluation fanned out');
  return sent;
}

const batchPayload = z.object({ fieldIds: z.array(z.uuid()).min(1).max(ALERT_BATCH_FIELDS) });
const cronPayload = z.object({}).loose();

/** One batch of a scheduled run (fields deleted since the fan-out are skipped). */
export const alertBatchJob: JobDefinition<typeof batchPayload> = {
  name: 'alerts-evaluate-batch',
  payload: batchPayload,
  retryLimit: 2,
  retryDelaySeconds: 300,
  expireInSeconds: 1800,
  concurrency: 2,
  async handle({ fieldIds }, context) {
    const outcome: AlertEvaluationOutcome = await evaluateAlerts(context, fieldIds);
    context.log.info({ ...outcome, created: outcome.created.length }, 'alert rules evaluated for a batch');
  },
};

export const alertScheduleJob: JobDefinition<typeof cronPayload> = {
  name: 'alerts-evaluate',
  payload: cronPayload,
  retryLimit: 1,
  retryDelaySeconds: 300,
  expireInSeconds: 300,
  cron: EVALUATION_CRON,
  async handle(_, context) {
    await fanOutAlertEvaluation(context);
  },
};
