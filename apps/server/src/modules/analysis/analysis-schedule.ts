import { addDays, isoDay, LONGEST_SEASON_DAYS, seasonWindow, type FieldBoundary } from '@murimi/core';
import { findFieldScenes, StacError } from '@murimi/earth';
import { sql, type ExpressionBuilder } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../db/schema.ts';
import type { JobContext, JobDefinition } from '../../jobs/job-queue.ts';
import { planScheduleBatches, scheduleBatchKey, type FieldKey, type ScheduleBatch } from './analysis-schedule.batches.ts';
import type { AnalysisType } from './analysis-types.ts';
import { enqueueAnalysis } from './analysis.service.ts';
import { imageryAccess } from './imagery.ts';

/** A field without a health analysis yet is looked at over this many past days. */
const FIRST_LOOK_DAYS = 30;

/**
 * Fields per batch job. The platform's fields make fields ÷ 500 jobs however many organisations hold them (one
 * job per smallholder organisation would be thousands, each waiting for the queue's poll), and a health batch's
 * catalogue searches (one per field that could have a new scene, well under a second each) end within minutes,
 * far inside the batch's expiry.
 */
export const SCHEDULE_BATCH_FIELDS = 500;

/**
 * The slot a batch's singleton key is unique in. The key names the day; pg-boss keeps a finished job for 12 hours
 * before archiving it (and refuses longer slots), so a fan-out run again within the same half day (a retry of the
 * 03:00 or 04:00 run) sends nothing. Later than that, the batches it sends find no field still due.
 */
const DEDUPE_SLOT_SECONDS = 12 * 3600;

/** The two daily schedules and the analysis each queues. */
export type DailySchedule = 'new-imagery' | 'daily-irrigation';
const analysisOf = { 'new-imagery': 'health', 'daily-irrigation': 'irrigation' } as const satisfies Record<DailySchedule, AnalysisType>;
/**
 * What a field with a crop gets once its scheduled analysis has ended: a new clear scene changes the nitrogen reading
 * the fertilizer advice weighs (the field's NDRE against its best tenth), so the advice is done again after the
 * health check, when the season's scenes are in the shared search cache. Irrigation advice has its own daily run.
 */
const followUpsOf = { 'new-imagery': ['fertilizer'], 'daily-irrigation': [] } as const satisfies Record<
  DailySchedule,
  readonly AnalysisType[]
>;

interface SeasonFacts {
  cropType: string | null;
  plantingDate: string | null;
  actualHarvestDate: string | null;
}

const seasonOf = (field: SeasonFacts, today: string) =>
  seasonWindow({ plantingDate: field.plantingDate, harvestDate: field.actualHarvestDate, cropType: field.cropType }, today);

/** Irrigation advice needs the crop (its coefficients and roots); a health check only needs the field in season. */
const wantsField = (schedule: DailySchedule, field: SeasonFacts, today: string) =>
  seasonOf(field, today).inSeason && (schedule === 'new-imagery' || field.cropType !== null);

/**
 * What no season can reach, left out by the database: planted after today, harvested before it, or planted longer
 * ago than the longest season with no harvest date after today. `seasonWindow` decides the rest by the crop.
 */
function mayBeInSeason(eb: ExpressionBuilder<DB, 'fields'>, today: string) {
  return eb.and([
    eb('fields.plantingDate', 'is not', null),
    eb('fields.plantingDate', '<=', today),
    eb.or([
      eb.and([eb('fields.actualHarvestDate', 'is', null), eb('fields.plantingDate', '>=', addDays(today, -LONGEST_SEASON_DAYS))]),
      eb('fields.actualHarvestDate', '>=', today),
    ]),
  ]);
}

/**
 * The daily job: cuts the platform's in-season fields into batches (`planScheduleBatches`) and sends one batch job
 * for each, keyed by day and batch, so a fan-out that runs again the same day sends none of them twice. Reads no
 * boundaries and no analyses. Returns how many batch jobs were sent.
 */
export async function fanOutSchedule(context: JobContext, schedule: DailySchedule, maxFields = SCHEDULE_BATCH_FIELDS): Promise<number> {
  const day = isoDay(context.now());
  const candidates = await context.database.db
    .selectFrom('fields')
    .select(['fields.orgId', 'fields.id', 'fields.cropType', 'fields.plantingDate', 'fields.actualHarvestDate'])
    .where((eb) => mayBeInSeason(eb, day))
    .orderBy('fields.orgId')
    .orderBy('fields.id')
    .execute();
  const fields: FieldKey[] = candidates
    .filter((field) => wantsField(schedule, field, day))
    .map((field) => ({ orgId: field.orgId, fieldId: field.id }));
  const batches = planScheduleBatches(fields, maxFields);
  let sent = 0;
  for (const batch of batches) {
    const id = await context.queue.send(
      scheduleBatchJobs[schedule],
      { day, ...batch },
      { singleton: { key: scheduleBatchKey(day, batch), seconds: DEDUPE_SLOT_SECONDS } },
    );
    if (id !== null) sent++;
  }
  context.log.info({ schedule, day, fields: fields.length, batches: batches.length, sent }, 'daily schedule fanned out');
  return sent;
}

/**
 * The fields of a batch that may be due, with what deciding needs, in ONE query: in season by the database's
 * rough cut, no analysis of the type asked for since the day began (queued, running, done or failed: one a day is
 * enough, and a schedule that runs again adds nothing), and for health the newest scene the last completed analysis
 * looked at and the boundary. Every lookup of `analyses` is by its own field's organisation, so the indexes on
 * (org_id, field_id, type, …) answer it. Exported so its plan can be checked.
 */
export function scheduleBatchFieldsQuery(context: JobContext, schedule: DailySchedule, day: string, batch: ScheduleBatch) {
  const type = analysisOf[schedule];
  const dayStart = new Date(`${day}T00:00:00Z`);
  const { from, until } = batch;
  return context.database.db
    .selectFrom('fields')
    .innerJoin('organisations', 'organisations.id', 'fields.orgId')
    .select(['fields.id', 'fields.orgId', 'fields.cropType', 'fields.plantingDate', 'fields.actualHarvestDate', 'organisations.demo'])
    .$if(type === 'health', (query) =>
      query.select((eb) => [
        'fields.boundary',
        eb
          .selectFrom('analyses')
          // The newest scene it looked at, clear or cloudy; rows from before that was kept speak for their last clear one.
          .select(sql<string | null>`coalesce(analyses.newest_scene_date, analyses.analysis_date)`.as('seenUntil'))
          .whereRef('analyses.orgId', '=', 'fields.orgId')
          .whereRef('analyses.fieldId', '=', 'fields.id')
          .where('analyses.type', '=', type)
          // Written out, not bound, so PostgreSQL matches the partial index on completed analyses.
          .where(sql<boolean>`analyses.status = 'completed'`)
          .orderBy('analyses.finishedAt', (order) => order.desc().nullsLast())
          .orderBy('analyses.id', 'desc')
          .limit(1)
          .as('lastSceneSeen'),
      ]),
    )
    .where((eb) => mayBeInSeason(eb, day))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('analyses')
            .select(sql.lit(1).as('one'))
            .whereRef('analyses.orgId', '=', 'fields.orgId')
            .whereRef('analyses.fieldId', '=', 'fields.id')
            .where('analyses.type', '=', type)
            .where('analyses.requestedAt', '>=', dayStart),
        ),
      ),
    )
    .$if(from !== null, (query) =>
      query.where((eb) => eb(eb.refTuple('fields.orgId', 'fields.id'), '>=', eb.tuple(from!.orgId, from!.fieldId))),
    )
    .$if(until !== null, (query) =>
      query.where((eb) => eb(eb.refTuple('fields.orgId', 'fields.id'), '<', eb.tuple(until!.orgId, until!.fieldId))),
    )
    .orderBy('fields.orgId')
    .orderBy('fields.id');
}

type BatchField = Awaited<ReturnType<ReturnType<typeof scheduleBatchFieldsQuery>['execute']>>[number];

/**
 * A health check is due when the catalogue has a scene newer than the newest one the field's last health analysis
 * looked at (the analysis itself decides whether a scene is clear over the field). Measured from its last clear
 * scene instead, a cloudy spell would make the field due every day, each run reading the same cloudy scenes. A catalogue that cannot be searched is tried again
 * tomorrow; the batch goes on.
 */
async function hasNewImagery(context: JobContext, field: BatchField, today: string): Promise<boolean> {
  const firstLook = addDays(today, -FIRST_LOOK_DAYS);
  const seasonFrom = seasonOf(field, today).from;
  const from = field.lastSceneSeen ? addDays(field.lastSceneSeen, 1) : seasonFrom > firstLook ? seasonFrom : firstLook;
  if (from > today) return false;
  const imagery = await imageryAccess(context.config, context.log, field.demo);
  try {
    // Through the shared search cache, so the fields of one tile are searched once per run. No `maxItems`: the
    // shared search covers the whole cell, and a cut list could leave out the scene over this field.
    const { items } = await findFieldScenes(imagery.source, field.boundary as FieldBoundary, { from, to: today }, imagery.search);
    return items.length > 0;
  } catch (error) {
    // Only the catalogue's failures wait for tomorrow; anything else is this field's failure (counted by the batch).
    if (!(error instanceof StacError)) throw error;
    context.log.warn({ err: error, fieldId: field.id }, 'new-imagery check failed for a field');
    return false;
  }
}

export interface BatchOutcome {
  /** Analyses queued by this run. */
  queued: number;
  /** Fields whose turn failed (logged); the others were still handled. */
  failed: FieldKey[];
}

/**
 * One batch of a day's schedule: the batch's fields that are due (`scheduleBatchFieldsQuery`, one query), each queued
 * through `enqueueAnalysis` as its own organisation's. A field that fails is logged and the batch goes on, so one
 * organisation's broken record or unreadable catalogue never holds up another's; the caller fails the job
 * afterwards so the queue tries it again, and that run finds only the fields still due.
 */
export async function runScheduleBatch(
  context: JobContext,
  schedule: DailySchedule,
  batch: ScheduleBatch & { day: string },
): Promise<BatchOutcome> {
  const { day } = batch;
  const type = analysisOf[schedule];
  const candidates = await scheduleBatchFieldsQuery(context, schedule, day, batch).execute();
  let queued = 0;
  const failed: FieldKey[] = [];
  for (const field of candidates) {
    if (!wantsField(schedule, field, day)) continue;
    try {
      if (schedule === 'new-imagery' && !(await hasNewImagery(context, field, day))) continue;
      const followUps = field.cropType === null ? [] : followUpsOf[schedule];
      const started = await enqueueAnalysis(context, { orgId: field.orgId, fieldId: field.id, type, requestedBy: null, followUps });
      if (started !== 'already-running') queued++;
    } catch (error) {
      context.log.error({ err: error, orgId: field.orgId, fieldId: field.id, schedule }, 'a field of the daily schedule failed');
      failed.push({ orgId: field.orgId, fieldId: field.id });
    }
  }
  context.log.info({ schedule, day, from: batch.from, queued, failed: failed.length }, `${type} analyses queued by the daily schedule`);
  return { queued, failed };
}

const fieldKey = z.object({ orgId: z.uuid(), fieldId: z.uuid() });
const batchPayload = z.object({ day: z.iso.date(), from: fieldKey.nullable(), until: fieldKey.nullable() });
const cronPayload = z.object({}).loose();

function scheduleBatchJob(schedule: DailySchedule): JobDefinition<typeof batchPayload> {
  return {
    name: `analysis-${schedule}-batch`,
    payload: batchPayload,
    retryLimit: 1,
    retryDelaySeconds: 900,
    // A health batch of 500 fields searches the catalogue up to 500 times.
    expireInSeconds: 1800,
    // Waiting on the catalogue and the database more than computing.
    concurrency: 2,
    handle: async (batch, context) => {
      const { failed } = await runScheduleBatch(context, schedule, batch);
      if (failed.length > 0) throw new Error(`${failed.length} fields of the batch failed; the queue tries the batch again`);
    },
  };
}

export const scheduleBatchJobs: Record<DailySchedule, JobDefinition<typeof batchPayload>> = {
  'new-imagery': scheduleBatchJob('new-imagery'),
  'daily-irrigation': scheduleBatchJob('daily-irrigation'),
};

/** Daily: a health analysis for each field in season whose catalogue has a scene newer than its last one. */
export const newImageryJob: JobDefinition<typeof cronPayload> = {
  name: 'analysis-new-imagery',
  payload: cronPayload,
  retryLimit: 1,
  retryDelaySeconds: 300,
  expireInSeconds: 300,
  // 03:00 UTC: after the previous day's Sentinel-2 scenes over southern Africa are in the catalog.
  cron: '0 3 * * *',
  handle: async (_, context) => {
    await fanOutSchedule(context, 'new-imagery');
  },
};

/** Daily, after the morning forecast: irrigation advice for every field in season with a crop, on the new forecast. */
export const dailyIrrigationJob: JobDefinition<typeof cronPayload> = {
  name: 'analysis-daily-irrigation',
  payload: cronPayload,
  retryLimit: 1,
  retryDelaySeconds: 300,
  expireInSeconds: 300,
  // 04:00 UTC (06:00 in Harare, Lusaka and Lilongwe): advice ready for the morning on that day's forecast.
  cron: '0 4 * * *',
  handle: async (_, context) => {
    await fanOutSchedule(context, 'daily-irrigation');
  },
};
