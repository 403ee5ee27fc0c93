import { isoDay, seasonWindow, type FieldBoundary, type SeasonWindow } from '@murimi/core';
import type { Selectable } from 'kysely';
import type { AnalysisTable } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { fieldWeatherCell } from '../weather/weather.cells.ts';
import { weatherProviderFor } from '../weather/weather.providers.ts';
import { needsFieldDetails, type AnalysisOutcome, type AnalysisType } from './analysis-types.ts';
import { runFertilizerAnalysis, type ProductChoice } from './fertilizer-analysis.ts';
import { runHealthAnalysis } from './health-analysis.ts';
import { imageryAccess } from './imagery.ts';
import { runIrrigationAnalysis } from './irrigation-analysis.ts';
import { seasonImagery } from './season-imagery.ts';
import { seasonWeather } from './season-weather.ts';
import { runYieldAnalysis } from './yield-analysis.ts';

/** What the person asked for with the run (the fertilizer products they use), kept on the analysis row. */
export interface AnalysisOptions {
  products?: ProductChoice[];
}

/** Runs one analysis of a stored request: reads its field and what it needs, and hands them to the analysis of its type. */
export async function runAnalysis(type: AnalysisType, request: Selectable<AnalysisTable>, context: JobContext): Promise<AnalysisOutcome> {
  const db = context.database.db;
  const field = await db
    .selectFrom('fields')
    .selectAll()
    .where('id', '=', request.fieldId)
    .where('orgId', '=', request.orgId)
    .executeTakeFirst();
  if (!field) throw new Error('The field was deleted before its analysis ran.');
  const organisation = await db.selectFrom('organisations').select('demo').where('id', '=', request.orgId).executeTakeFirstOrThrow();
  const config = context.config;
  const ctx = { config, database: context.database, now: () => new Date(), weather: weatherProviderFor(config, organisation) };
  const imagery = () => imageryAccess(config, context.log, organisation.demo);
  const today = isoDay(ctx.now());
  const season = seasonWindow({ plantingDate: field.plantingDate, harvestDate: field.actualHarvestDate, cropType: field.cropType }, today);
  const seasonStart = season.from;
  const boundary = field.boundary as FieldBoundary;
  const cell = fieldWeatherCell(field);
  const latitude = (field.bboxMinLat + field.bboxMaxLat) / 2;
  const options = ((request.inputs as { options?: AnalysisOptions } | null)?.options ?? {}) as AnalysisOptions;

  if (type !== 'health') {
    const ended = seasonEnded(type, season);
    if (ended) return needsFieldDetails(today, ended);
  }

  switch (type) {
    case 'health':
      return runHealthAnalysis({ boundary }, season, await imagery());
    case 'irrigation':
      return runIrrigationAnalysis({ ...field, latitude }, await seasonWeather(ctx, cell, seasonStart, today, context.log), today);
    case 'yield': {
      const season = await seasonImagery(boundary, await imagery(), seasonStart, today);
      return runYieldAnalysis({ ...field, latitude }, season, await seasonWeather(ctx, cell, seasonStart, today, context.log), today);
    }
    case 'fertilizer': {
      const soilTest = await db
        .selectFrom('soilTests')
        .selectAll()
        .where('orgId', '=', request.orgId)
        .where('fieldId', '=', field.id)
        .orderBy('sampleDate', 'desc')
        .executeTakeFirst();
      const applications = await db
        .selectFrom('fertilizerApplications')
        .selectAll()
        .where('orgId', '=', request.orgId)
        .where('fieldId', '=', field.id)
        .where('applicationDate', '>=', seasonStart)
        .execute();
      return runFertilizerAnalysis({
        field: { ...field, latitude },
        soilTest: soilTest ?? null,
        applications,
        imagery: await seasonImagery(boundary, await imagery(), seasonStart, today),
        weather: await seasonWeather(ctx, cell, seasonStart, today, context.log),
        products: options.products,
        today,
      });
    }
  }
}

const ADVICE_NAMES = { irrigation: 'irrigation advice', yield: 'a yield estimate', fertilizer: 'fertilizer advice' } as const;

/**
 * Irrigation, yield and fertilizer advice speak of the crop growing now: once its season has ended (harvested, or
 * past its crop's stages) the planting date on the field is an old season's, and advice from it would describe a
 * crop that is no longer there. Returns what the farmer should add, or null when the season is running or not begun.
 */
function seasonEnded(type: Exclude<AnalysisType, 'health'>, season: SeasonWindow): string | null {
  if (season.state !== 'harvested' && season.state !== 'season-over') return null;
  const ended =
    season.state === 'harvested' ? `was harvested on ${season.seasonEnd}` : `has passed the end of its season (${season.seasonEnd})`;
  return `The crop planted on ${season.seasonStart} ${ended}. Add the new season's planting date to this field to get ${ADVICE_NAMES[type]}.`;
}
