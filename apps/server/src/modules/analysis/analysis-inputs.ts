import {
  formatDayMonth,
  addDays,
  isoDay,
  netIrrigationDepthMm,
  seasonWindow,
  type FieldBoundary,
  type RecordedWater,
  type SeasonWindow,
} from '@murimi/core';
import type { Selectable } from 'kysely';
import type { AnalysisTable, FertilizerApplicationTable, FieldTable, SoilTestTable } from '../../db/schema.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { fieldWeatherCell } from '../weather/weather.cells.ts';
import { weatherProviderFor } from '../weather/weather.providers.ts';
import type { AnalysisProgress } from './analysis-progress.ts';
import type { ProductChoice } from './fertilizer-analysis.ts';
import { imageryAccess, type ImageryAccess } from './imagery.ts';
import { seasonWeather, type SeasonWeather } from './season-weather.ts';

/** A stored analysis request: its row, claimed by the job running it. */
export type AnalysisRequest = Selectable<AnalysisTable>;

export type SoilTestRecord = Selectable<SoilTestTable>;
export type FertilizerApplicationRecord = Selectable<FertilizerApplicationTable>;

/** What the person asked for with the run (the fertilizer products they use), kept on the analysis row. */
export interface AnalysisOptions {
  products?: ProductChoice[];
}

/** The field an analysis is about, in its season: what every analysis type loads first. */
export interface FieldInSeason {
  field: Selectable<FieldTable> & { latitude: number };
  boundary: FieldBoundary;
  /** Whether the organisation is the demo one: its fields get demo imagery (and, by settings, simulated weather). */
  demoOrganisation: boolean;
  /** YYYY-MM-DD by the job's clock. */
  today: string;
  /** The crop's season as core's `seasonWindow` bounds it (planting to harvest or the crop's season length). */
  season: SeasonWindow;
}

/** The request's field and organisation, and the season window on the job's clock. */
export async function loadFieldInSeason(request: AnalysisRequest, context: JobContext): Promise<FieldInSeason> {
  const db = context.database.db;
  const field = await db
    .selectFrom('fields')
    .selectAll()
    .where('id', '=', request.fieldId)
    .where('orgId', '=', request.orgId)
    .executeTakeFirst();
  if (!field) throw new Error('The field was deleted before its analysis ran.');
  const organisation = await db.selectFrom('organisations').select('demo').where('id', '=', request.orgId).executeTakeFirstOrThrow();
  const today = isoDay(context.now());
  return {
    field: { ...field, latitude: (field.bboxMinLat + field.bboxMaxLat) / 2 },
    boundary: field.boundary as FieldBoundary,
    demoOrganisation: organisation.demo,
    today,
    season: seasonWindow({ plantingDate: field.plantingDate, harvestDate: field.actualHarvestDate, cropType: field.cropType }, today),
  };
}

/**
 * The weather the field's water balance runs on, from the season's start to the forecast's end, with the water
 * recorded on the field over those days: the one way the advice types read the season's water
 * (`seasonWaterBalance` turns it into the balance).
 */
export async function loadSeasonWeather(context: JobContext, place: FieldInSeason, progress?: AnalysisProgress): Promise<SeasonWeather> {
  const { field, demoOrganisation, season, today } = place;
  await progress?.report('reading-weather');
  const weatherContext = {
    config: context.config,
    database: context.database,
    now: context.now,
    weather: weatherProviderFor(context.config, { demo: demoOrganisation }),
  };
  const weather = await seasonWeather(weatherContext, fieldWeatherCell(field), season.from, today, context.log, progress?.signal);
  return { ...weather, recorded: await loadRecordedWater(context, place) };
}

/**
 * The irrigation given and the gauge readings of the field from the season's start to the forecast's end (records
 * may be dated a day ahead for time zones east of UTC), as the water balance counts them.
 */
export async function loadRecordedWater(context: JobContext, { field, season, today }: FieldInSeason): Promise<RecordedWater> {
  const db = context.database.db;
  const last = addDays(today, 7);
  const [irrigations, rainReadings] = await Promise.all([
    db
      .selectFrom('irrigationEvents')
      .select(['irrigationDate', 'depthMm'])
      .where('orgId', '=', field.orgId)
      .where('fieldId', '=', field.id)
      .where('irrigationDate', '>=', season.from)
      .where('irrigationDate', '<=', last)
      .orderBy('irrigationDate')
      .execute(),
    db
      .selectFrom('rainReadings')
      .select(['readingDate', 'rainMm'])
      .where('orgId', '=', field.orgId)
      .where('fieldId', '=', field.id)
      .where('readingDate', '>=', season.from)
      .where('readingDate', '<=', last)
      .orderBy('readingDate')
      .execute(),
  ]);
  return {
    irrigations: irrigations.map((event) => ({ date: event.irrigationDate, netDepthMm: netIrrigationDepthMm(event.depthMm) })),
    rainReadings: rainReadings.map((reading) => ({ date: reading.readingDate, rainMm: reading.rainMm })),
  };
}

/** Where the field's scenes are read from: the demo catalogue for the demo organisation or by setting, else Earth Search. */
export function loadImagery(context: JobContext, { demoOrganisation }: FieldInSeason): Promise<ImageryAccess> {
  // The scenes' pixels are measured on the process's CPU threads, as a job's: requests go first.
  return imageryAccess(context.config, context.log, demoOrganisation, context.cpu);
}

/** The field's latest soil test, or null. */
export function loadLatestSoilTest(context: JobContext, request: AnalysisRequest): Promise<SoilTestRecord | null> {
  return context.database.db
    .selectFrom('soilTests')
    .selectAll()
    .where('orgId', '=', request.orgId)
    .where('fieldId', '=', request.fieldId)
    .orderBy('sampleDate', 'desc')
    .executeTakeFirst()
    .then((soilTest) => soilTest ?? null);
}

/** The fertilizer applied to the field since the season began. */
export function loadSeasonFertilizerApplications(
  context: JobContext,
  request: AnalysisRequest,
  { season }: FieldInSeason,
): Promise<FertilizerApplicationRecord[]> {
  return context.database.db
    .selectFrom('fertilizerApplications')
    .selectAll()
    .where('orgId', '=', request.orgId)
    .where('fieldId', '=', request.fieldId)
    .where('applicationDate', '>=', season.from)
    .execute();
}

/** The options stored with the request. */
export function requestOptions(request: AnalysisRequest): AnalysisOptions {
  return (request.inputs as { options?: AnalysisOptions } | null)?.options ?? {};
}

const ADVICE_NAMES = { irrigation: 'irrigation advice', yield: 'a yield estimate', fertilizer: 'fertilizer advice' } as const;

/**
 * Irrigation, yield and fertilizer advice speak of the crop growing now: once its season has ended (harvested, or
 * past its crop's stages) the planting date on the field is an old season's, and advice from it would describe a
 * crop that is no longer there. Returns what the farmer should add, or null when the season is running or not begun.
 */
export function seasonEndedMessage(advice: keyof typeof ADVICE_NAMES, season: SeasonWindow): string | null {
  const { seasonStart, seasonEnd } = season;
  if ((season.state !== 'harvested' && season.state !== 'season-over') || !seasonStart || !seasonEnd) return null;
  // Each date names its year when the other falls in another: an old season is not misread as this one.
  const end = formatDayMonth(seasonEnd, seasonStart);
  const ended = season.state === 'harvested' ? `was harvested on ${end}` : `has passed the end of its season (${end})`;
  return `The crop planted on ${formatDayMonth(seasonStart, seasonEnd)} ${ended}. Add the new season's planting date to this field to get ${ADVICE_NAMES[advice]}.`;
}
