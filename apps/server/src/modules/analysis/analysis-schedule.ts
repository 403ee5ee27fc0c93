import { addDays, boundaryAsPolygon, isoDay, LONGEST_SEASON_DAYS, seasonWindow, type FieldBoundary } from '@murimi/core';
import { searchScenes } from '@murimi/earth';
import { z } from 'zod';
import type { JobContext, JobDefinition } from '../../jobs/job-queue.ts';
import { enqueueAnalysis } from './analysis.service.ts';
import { imageryAccess } from './imagery.ts';

/** A field without a health analysis yet is looked at over this many past days. */
const FIRST_LOOK_DAYS = 30;

const payload = z.object({}).loose();

/**
 * Fields in season on `today` (`seasonWindow`): planted, not harvested, and within their crop's season. The query
 * leaves out what no season can reach (planted after today, harvested before it, or planted longer ago than the
 * longest season with no harvest date after today) so that old fields' boundaries are never read.
 */
async function fieldsInSeason(context: JobContext, today: string) {
  const candidates = await context.database.db
    .selectFrom('fields')
    .innerJoin('organisations', 'organisations.id', 'fields.orgId')
    .select([
      'fields.id',
      'fields.orgId',
      'fields.boundary',
      'fields.cropType',
      'fields.plantingDate',
      'fields.actualHarvestDate',
      'organisations.demo',
    ])
    .where('fields.plantingDate', 'is not', null)
    .where('fields.plantingDate', '<=', today)
    .where((eb) =>
      eb.or([
        eb.and([eb('fields.actualHarvestDate', 'is', null), eb('fields.plantingDate', '>=', addDays(today, -LONGEST_SEASON_DAYS))]),
        eb('fields.actualHarvestDate', '>=', today),
      ]),
    )
    .execute();
  return candidates
    .map((field) => ({
      ...field,
      season: seasonWindow({ plantingDate: field.plantingDate, harvestDate: field.actualHarvestDate, cropType: field.cropType }, today),
    }))
    .filter((field) => field.season.inSeason);
}

/**
 * Daily: a field in season whose catalog has a scene newer than its last health analysis gets a new one (the
 * analysis itself decides whether the scene is clear over the field). Returns how many were queued.
 */
export async function queueHealthForNewImagery(context: JobContext, now = new Date()): Promise<number> {
  const today = isoDay(now);
  let queued = 0;
  for (const field of await fieldsInSeason(context, today)) {
    // Scoped by organisation as every read of a tenant's rows is; it also lets the (org_id, field_id, type) index serve it.
    const last = await context.database.db
      .selectFrom('analyses')
      .select(['analysisDate', 'requestedAt'])
      .where('orgId', '=', field.orgId)
      .where('fieldId', '=', field.id)
      .where('type', '=', 'health')
      .where('status', '=', 'completed')
      .orderBy('finishedAt', 'desc')
      .executeTakeFirst();
    const firstLook = addDays(today, -FIRST_LOOK_DAYS);
    const from = last?.analysisDate ? addDays(last.analysisDate, 1) : field.season.from > firstLook ? field.season.from : firstLook;
    if (from > today) continue;
    const imagery = await imageryAccess(context.config, context.log, field.demo);
    try {
      const { items } = await searchScenes(
        imagery.source,
        { intersects: boundaryAsPolygon(field.boundary as FieldBoundary), from, to: today },
        { ...imagery.search, maxItems: 5 },
      );
      if (items.length === 0) continue;
    } catch (error) {
      // One field's search failing (the catalog down) is tried again tomorrow; the others still get theirs.
      context.log.warn({ err: error, fieldId: field.id }, 'new-imagery check failed for a field');
      continue;
    }
    const started = await enqueueAnalysis(
      { ...context, now: () => now },
      { orgId: field.orgId, fieldId: field.id, type: 'health', requestedBy: null },
    );
    if (started !== 'already-running') queued++;
  }
  context.log.info({ queued }, 'health analyses queued for new imagery');
  return queued;
}

/** Daily, after the morning forecast: irrigation advice for every field in season with a crop, on the new forecast. */
export async function queueDailyIrrigation(context: JobContext, now = new Date()): Promise<number> {
  let queued = 0;
  for (const field of await fieldsInSeason(context, isoDay(now))) {
    if (!field.cropType) continue;
    const started = await enqueueAnalysis(
      { ...context, now: () => now },
      { orgId: field.orgId, fieldId: field.id, type: 'irrigation', requestedBy: null },
    );
    if (started !== 'already-running') queued++;
  }
  context.log.info({ queued }, 'irrigation analyses queued on the new forecast');
  return queued;
}

export const newImageryJob: JobDefinition<typeof payload> = {
  name: 'analysis-new-imagery',
  payload,
  retryLimit: 1,
  retryDelaySeconds: 900,
  expireInSeconds: 3600,
  // 03:00 UTC: after the previous day's Sentinel-2 scenes over southern Africa are in the catalog.
  cron: '0 3 * * *',
  handle: async (_, context) => {
    await queueHealthForNewImagery(context);
  },
};

export const dailyIrrigationJob: JobDefinition<typeof payload> = {
  name: 'analysis-daily-irrigation',
  payload,
  retryLimit: 1,
  retryDelaySeconds: 900,
  expireInSeconds: 3600,
  // 04:00 UTC (06:00 in Harare, Lusaka and Lilongwe): advice ready for the morning on that day's forecast.
  cron: '0 4 * * *',
  handle: async (_, context) => {
    await queueDailyIrrigation(context);
  },
};
