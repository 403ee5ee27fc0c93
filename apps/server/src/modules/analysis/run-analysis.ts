import type { FieldBoundary } from '@murimi/core';
import type { Selectable } from 'kysely';
import type { ServiceContext } from '../../app-context.ts';
import type { AnalysisTable } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { fieldWeatherCell } from '../weather/weather.cells.ts';
import { demoWeatherConfig } from '../weather/weather.service.ts';
import type { AnalysisOutcome, AnalysisType } from './analysis-types.ts';
import { runFertilizerAnalysis, type ProductChoice } from './fertilizer-analysis.ts';
import { runHealthAnalysis } from './health-analysis.ts';
import { imageryAccess } from './imagery.ts';
import { runIrrigationAnalysis } from './irrigation-analysis.ts';
import { seasonImagery } from './season-imagery.ts';
import { seasonWeather } from './season-weather.ts';
import { runYieldAnalysis } from './yield-analysis.ts';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
/** Without a planting date, the season looked at is the last 120 days. */
const DEFAULT_SEASON_DAYS = 120;

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
  const config = organisation.demo ? demoWeatherConfig(context.config) : context.config;
  const ctx: ServiceContext = { config, database: context.database, now: () => new Date() };
  const imagery = () => imageryAccess(config, context.log, organisation.demo);
  const today = isoDay(ctx.now());
  const seasonStart =
    field.plantingDate && field.plantingDate <= today
      ? field.plantingDate
      : isoDay(new Date(Date.parse(today) - DEFAULT_SEASON_DAYS * DAY_MS));
  const boundary = field.boundary as FieldBoundary;
  const cell = fieldWeatherCell(field);
  const latitude = (field.bboxMinLat + field.bboxMaxLat) / 2;
  const options = ((request.inputs as { options?: AnalysisOptions } | null)?.options ?? {}) as AnalysisOptions;

  switch (type) {
    case 'health':
      return runHealthAnalysis({ boundary, plantingDate: field.plantingDate }, await imagery(), new Date());
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
