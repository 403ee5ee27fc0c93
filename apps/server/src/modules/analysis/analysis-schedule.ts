import { boundaryAsPolygon, type FieldBoundary } from '@murimi/core';
import { searchScenes } from '@murimi/earth';
import { z } from 'zod';
import type { JobContext, JobDefinition } from '../../jobs/job-queue.ts';
import { enqueueAnalysis } from './analysis.service.ts';
import { imageryAccess } from './imagery.ts';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** A field without a health analysis yet is looked at over this many past days. */
const FIRST_LOOK_DAYS = 30;

const payload = z.object({}).loose();

/** Fields in season: planted, not yet harvested. */
async function fieldsInSeason(context: JobContext, today: string) {
  return context.database.db
    .selectFrom('fields')
    .innerJoin('organisations', 'organisations.id', 'fields.orgId')
    .select(['fields.id', 'fields.orgId', 'fields.boundary', 'fields.cropType', 'fields.plantingDate', 'organisations.demo'])
    .where('fields.plantingDate', 'is not', null)
    .where('fields.plantingDate', '<=', today)
    .where((eb) => eb.or([eb('fields.actualHarvestDate', 'is', null), eb('fields.actualHarvestDate', '>=', today)]))
    .execute();
}

/**
 * Daily: a field in season whose catalog has a scene newer than its last health analysis gets a new one (the
 * analysis itself decides whether the scene is clear over the field). Returns how many were queued.
 */
export async function queueHealthForNewImagery(context: JobContext, now = new Date()): Promise<number> {
  const today = isoDay(now);
  let queued = 0;
  for (const field of await fieldsInSeason(context, today)) {
    const last = await context.database.db
      .selectFrom('analyses')
      .select(['analysisDate', 'requestedAt'])
      .where('fieldId', '=', field.id)
      .where('type', '=', 'health')
      .where('status', '=', 'completed')
      .orderBy('finishedAt', 'desc')
      .executeTakeFirst();
    const from = last?.analysisDate
      ? isoDay(new Date(Date.parse(last.analysisDate) + DAY_MS))
      : isoDay(new Date(Math.max(Date.parse(field.plantingDate!), now.getTime() - FIRST_LOOK_DAYS * DAY_MS)));
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
