import {
  addDays,
  findCropType,
  netIrrigationDepthMm,
  seasonWindow,
  simulateRootZoneWaterBalance,
  type AlertThresholdOverrides,
  type AlertWeatherDay,
  type CropAlertThresholds,
  type FieldAlertInputs,
  type IndexReading,
  type NdreIndexReading,
  type RecordedWater,
  type SoilTextureClass,
  type WeatherAlertThresholds,
} from '@murimi/core';
import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { sql } from 'kysely';
import type { ServiceContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { seasonWeather, waterInputs, type SeasonWeatherSeries } from '../analysis/season-weather.ts';
import { fieldWeatherCell, type WeatherCell } from '../weather/weather.cells.ts';
import { localToday } from '../weather/weather.days.ts';
import { weatherProviderFor } from '../weather/weather.providers.ts';
import { simulatedUtcOffsetSeconds } from '../weather/weather.simulated.ts';

export type AlertServiceContext = ServiceContext & { log: FastifyBaseLogger };

/**
 * Weather rules need the recent weeks (a dry spell that began before today) and degree-days need the season from
 * planting; a field without a season is read this far back, past the longest dry spell a threshold may ask for (30).
 */
const RECENT_WEATHER_DAYS = 35;

/**
 * What the evaluation reads of a field: its facts, its organisation's demo flag, thresholds and fallow-land choice, and
 * the day its weather rules last ran.
 */
export interface AlertField {
  id: string;
  orgId: string;
  name: string;
  cropType: string | null;
  plantingDate: string | null;
  actualHarvestDate: string | null;
  soilTexture: string | null;
  irrigated: boolean;
  bboxMinLat: number;
  bboxMaxLat: number;
  bboxMinLng: number;
  bboxMaxLng: number;
  demo: boolean;
  alertThresholds: Record<string, number>;
  weatherAlertsOnFallowLand: boolean;
  /** The field's today when its weather and pest rules last ran; null if they never did. */
  weatherRulesRanOn: string | null;
}

/** The fields with these ids, with their organisations' facts, in one query. */
export async function loadAlertFields(ctx: ServiceContext, fieldIds: readonly string[]): Promise<AlertField[]> {
  if (fieldIds.length === 0) return [];
  return ctx.database.db
    .selectFrom('fields')
    .innerJoin('organisations', 'organisations.id', 'fields.orgId')
    .leftJoin('fieldAlertRuns', 'fieldAlertRuns.fieldId', 'fields.id')
    .select([
      'fields.id',
      'fields.orgId',
      'fields.name',
      'fields.cropType',
      'fields.plantingDate',
      'fields.actualHarvestDate',
      'fields.soilTexture',
      'fields.irrigated',
      'fields.bboxMinLat',
      'fields.bboxMaxLat',
      'fields.bboxMinLng',
      'fields.bboxMaxLng',
      'organisations.demo',
      'organisations.alertThresholds',
      'organisations.weatherAlertsOnFallowLand',
      'fieldAlertRuns.weatherRulesRanOn',
    ])
    .where('fields.id', 'in', fieldIds)
    .execute();
}

/** A field's local today: the calendar date at its longitude's hour (southern Africa is UTC+2 at 30° E). */
export function cellToday(cell: WeatherCell, now: Date): string {
  return localToday(now, simulatedUtcOffsetSeconds(cell.longitude));
}

/** The organisation's thresholds split the way the rules take them; unknown names (from an older release) are dropped. */
export function thresholdOverrides(saved: Record<string, number>): AlertThresholdOverrides {
  const weather: Partial<WeatherAlertThresholds> = {};
  const crop: Partial<CropAlertThresholds> = {};
  const weatherNames = new Set([
    'frostMinTemperatureC',
    'heatMaxTemperatureC',
    'heavyRainDayMm',
    'heavyRainThreeDayMm',
    'drySpellDays',
    'strongWindMPerS',
  ]);
  const cropNames = new Set(['ndviDrop', 'ndwiWaterStress', 'ndreNitrogenDeficiency']);
  for (const [name, value] of Object.entries(saved)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    if (weatherNames.has(name)) (weather as Record<string, number>)[name] = value;
    else if (cropNames.has(name)) (crop as Record<string, number>)[name] = value;
  }
  return { weather, crop };
}

/** One weather cell's fields, the days they share and how the weather was had (null when it could not be). */
interface CellWeather {
  cell: WeatherCell;
  today: string;
  series: SeasonWeatherSeries | null;
}

/**
 * The inputs of every rule for each field: weather per 0.1° cell (one forecast and one archive read for all the
 * fields of a cell, from the earliest planting among them), the water recorded on the fields, the FAO-56 balance
 * from planting through the forecast, and the season's imagery readings from the stored health and fertilizer
 * analyses (three queries for the whole batch). A cell whose weather fails leaves its fields' weather and balance
 * out (their rules do not run, so their alerts are not ended) and is logged; the others go on.
 */
export async function loadFieldAlertInputs(ctx: AlertServiceContext, fields: readonly AlertField[]): Promise<FieldAlertInputs[]> {
  const now = ctx.now();
  const byCell = new Map<string, { cell: WeatherCell; demo: boolean; fields: AlertField[] }>();
  for (const field of fields) {
    const cell = fieldWeatherCell(field);
    // The demo organisation's weather may be simulated; another organisation in the same cell never shares it.
    const key = `${cell.latIndex}:${cell.lngIndex}:${field.demo}`;
    const group = byCell.get(key) ?? { cell, demo: field.demo, fields: [] };
    group.fields.push(field);
    byCell.set(key, group);
  }

  const seasons = new Map(fields.map((field) => [field.id, seasonOf(field, cellToday(fieldWeatherCell(field), now))]));
  const earliest = [...seasons.values()].map((season) => season.from).sort()[0];
  const [recorded, imagery] = await Promise.all([loadRecordedWaterOf(ctx, fields, earliest), loadImageryReadings(ctx, fields, seasons)]);

  const inputs: FieldAlertInputs[] = [];
  for (const group of byCell.values()) {
    const weather = await loadCellWeather(ctx, group, seasons);
    for (const field of group.fields) {
      inputs.push(fieldInputs(field, weather, seasons.get(field.id)!, recorded.get(field.id), imagery.get(field.id) ?? null));
      // Each field's water balance runs here: let requests in now and then (see FIELDS_BETWEEN_YIELDS).
      if (inputs.length % 50 === 0) await yieldToRequests();
    }
  }
  return inputs;
}

function seasonOf(field: AlertField, today: string) {
  const window = seasonWindow({ plantingDate: field.plantingDate, harvestDate: field.actualHarvestDate, cropType: field.cropType }, today);
  // Weather reaches back to planting for degree-days, and at least a few weeks for a dry spell that began earlier.
  const from = window.inSeason && window.from < addDays(today, -RECENT_WEATHER_DAYS) ? window.from : addDays(today, -RECENT_WEATHER_DAYS);
  return { ...window, from, today };
}

type FieldSeason = ReturnType<typeof seasonOf>;

async function loadCellWeather(
  ctx: AlertServiceContext,
  group: { cell: WeatherCell; demo: boolean; fields: AlertField[] },
  seasons: Map<string, FieldSeason>,
): Promise<CellWeather> {
  const today = cellToday(group.cell, ctx.now());
  const start = group.fields.map((field) => seasons.get(field.id)!.from).sort()[0]!;
  const weather = { ...ctx, weather: weatherProviderFor(ctx.config, { demo: group.demo }) };
  try {
    return { cell: group.cell, today, series: await seasonWeather(weather, group.cell, start, today, ctx.log) };
  } catch (error) {
    // The weather service down: the next scheduled run tries again; the rules that need weather skip these fields.
    if (!(error instanceof AppError)) throw error;
    ctx.log.warn(
      { err: error, cell: [group.cell.latitude, group.cell.longitude], fields: group.fields.length },
      'weather unavailable for alert rules; weather, pest and water rules skipped for this cell',
    );
    return { cell: group.cell, today, series: null };
  }
}

function fieldInputs(
  field: AlertField,
  weather: CellWeather,
  season: FieldSeason,
  recorded: RecordedWater | undefined,
  imagery: FieldAlertInputs['imagery'],
): FieldAlertInputs {
  const crop = field.cropType ? (findCropType(field.cropType) ?? null) : null;
  const series = weather.series;
  const days = series ? [...series.past, ...series.forecast].filter((day) => day.date >= season.from) : [];
  const weatherSource = series?.simulated ? 'simulated weather' : series?.stale ? 'Open-Meteo (last forecast kept)' : 'Open-Meteo';
  const simulated = series?.simulated === true;
  return {
    fieldId: field.id,
    today: weather.today,
    crop,
    plantingDate: field.plantingDate,
    irrigated: field.irrigated,
    season: { seasonStart: season.seasonStart, seasonEnd: season.seasonEnd },
    weather: series ? { days: days.map(alertWeatherDay), dataSource: weatherSource, simulated } : null,
    waterBalance: series ? balanceOf(field, crop, season, days, recorded, { dataSource: weatherSource, simulated }) : null,
    imagery,
    thresholds: thresholdOverrides(field.alertThresholds),
    weatherOnFallowLand: field.weatherAlertsOnFallowLand,
    lastEvaluatedOn: field.weatherRulesRanOn,
  };
}

function alertWeatherDay(day: SeasonWeatherSeries['past'][number]): AlertWeatherDay {
  return {
    date: day.date,
    temperatureMaxC: day.temperatureMaxC,
    temperatureMinC: day.temperatureMinC,
    precipitationMm: day.precipitationMm,
    windSpeedMaxMPerS: day.windSpeedMaxMPerS,
    relativeHumidityMaxPct: day.relativeHumidityMaxPct,
    relativeHumidityMinPct: day.relativeHumidityMinPct,
  };
}

/**
 * The FAO-56 balance from planting through the forecast's last day, the recorded water joined (the same inputs as
 * the irrigation advice): null without a crop, out of season, or before planting.
 */
function balanceOf(
  field: AlertField,
  crop: FieldAlertInputs['crop'],
  season: FieldSeason,
  days: SeasonWeatherSeries['past'],
  recorded: RecordedWater | undefined,
  weather: { dataSource: string; simulated: boolean },
): FieldAlertInputs['waterBalance'] {
  if (!crop || !field.plantingDate || !season.inSeason) return null;
  const seasonDays = days.filter((day) => day.date >= field.plantingDate!);
  if (seasonDays.length === 0) return null;
  const latitude = (field.bboxMinLat + field.bboxMaxLat) / 2;
  const inputs = waterInputs(seasonDays, latitude, recorded);
  const balance = simulateRootZoneWaterBalance({
    crop,
    plantingDate: field.plantingDate,
    soilTexture: field.soilTexture as SoilTextureClass | null,
    days: inputs.days,
  });
  return { days: balance.days, dataSource: `FAO-56 water balance on ${weather.dataSource}`, simulated: weather.simulated };
}

type RecordedIrrigation = RecordedWater['irrigations'][number];
type RecordedRain = RecordedWater['rainReadings'][number];

/** Irrigation given and gauge readings of the batch's fields from `from` on (the forecast's days included). */
async function loadRecordedWaterOf(ctx: ServiceContext, fields: readonly AlertField[], from: string | undefined) {
  const recorded = new Map<string, RecordedWater>();
  if (fields.length === 0 || from === undefined) return recorded;
  const ids = fields.map((field) => field.id);
  const [irrigations, readings] = await Promise.all([
    ctx.database.db
      .selectFrom('irrigationEvents')
      .select(['fieldId', 'irrigationDate', 'depthMm'])
      .where('fieldId', 'in', ids)
      .where('irrigationDate', '>=', from)
      .orderBy('irrigationDate')
      .execute(),
    ctx.database.db
      .selectFrom('rainReadings')
      .select(['fieldId', 'readingDate', 'rainMm'])
      .where('fieldId', 'in', ids)
      .where('readingDate', '>=', from)
      .orderBy('readingDate')
      .execute(),
  ]);
  const water = new Map(fields.map((field) => [field.id, { irrigations: [] as RecordedIrrigation[], rainReadings: [] as RecordedRain[] }]));
  for (const event of irrigations) {
    water.get(event.fieldId)?.irrigations.push({ date: event.irrigationDate, netDepthMm: netIrrigationDepthMm(event.depthMm) });
  }
  for (const reading of readings) water.get(reading.fieldId)?.rainReadings.push({ date: reading.readingDate, rainMm: reading.rainMm });
  for (const [fieldId, recordedOnField] of water) recorded.set(fieldId, recordedOnField);
  return recorded;
}

/**
 * The season's imagery readings of each field from its stored analyses, read as a few numbers out of each result
 * (never the whole JSON): every completed health analysis gives the date and NDWI, NDRE and NDVI means of its latest
 * image; the newest one gives the NDVI of every image of the season.
 *
 * The fertilizer advice's NDRE sufficiency index is not passed on: it compares the field with its own best part (no
 * N-rich strip is recorded), which any uneven field fails by a few per cent, so as an alert it would say "nitrogen"
 * on nearly every field. The rule reads an index against a true reference once such strips are recorded.
 */
async function loadImageryReadings(
  ctx: ServiceContext,
  fields: readonly AlertField[],
  seasons: Map<string, FieldSeason>,
): Promise<Map<string, NonNullable<FieldAlertInputs['imagery']>>> {
  const readings = new Map<string, NonNullable<FieldAlertInputs['imagery']>>();
  if (fields.length === 0) return readings;
  const ids = fields.map((field) => field.id);
  const db = ctx.database.db;
  const health = await db
    .selectFrom('analyses')
    .select([
      'fieldId',
      'simulated',
      'analysisDate',
      sql<string | null>`result->'latest'->>'date'`.as('latestDate'),
      sql<number | null>`(result->'latest'->'ndwi'->>'mean')::float8`.as('ndwi'),
      sql<number | null>`(result->'latest'->'ndre'->>'mean')::float8`.as('ndre'),
      sql<number | null>`(result->'latest'->'ndvi'->>'mean')::float8`.as('ndvi'),
    ])
    .where('fieldId', 'in', ids)
    .where('type', '=', 'health')
    .where(sql<boolean>`status = 'completed'`)
    .orderBy('fieldId')
    .orderBy('finishedAt')
    .execute();
  const newestHistory = await db
    .selectFrom('analyses')
    .distinctOn('fieldId')
    .select(['fieldId', sql<{ date: string; usable: boolean; ndvi: number | null }[] | null>`result->'history'`.as('history')])
    .where('fieldId', 'in', ids)
    .where('type', '=', 'health')
    .where(sql<boolean>`status = 'completed'`)
    .orderBy('fieldId')
    .orderBy('finishedAt', 'desc')
    .execute();
  const historyOf = new Map(newestHistory.map((row) => [row.fieldId, row.history ?? []]));
  const healthOf = new Map<string, typeof health>();
  for (const row of health) healthOf.set(row.fieldId, [...(healthOf.get(row.fieldId) ?? []), row]);

  for (const field of fields) {
    const rows = (healthOf.get(field.id) ?? []).filter((row) => row.latestDate !== null && row.latestDate >= seasons.get(field.id)!.from);
    if (rows.length === 0) continue;
    const ndwi = new Map<string, IndexReading>();
    const ndre = new Map<string, NdreIndexReading>();
    for (const row of rows) {
      ndwi.set(row.latestDate!, { date: row.latestDate!, value: row.ndwi, usable: row.ndwi !== null });
      ndre.set(row.latestDate!, { date: row.latestDate!, value: row.ndre, usable: row.ndre !== null, ndvi: row.ndvi });
    }
    const ndvi = (historyOf.get(field.id) ?? [])
      .filter((image) => image.date >= seasons.get(field.id)!.from)
      .map((image) => ({ date: image.date, value: image.ndvi, usable: image.usable && image.ndvi !== null }));
    const simulated = rows.some((row) => row.simulated);
    readings.set(field.id, {
      ndvi,
      ndwi: [...ndwi.values()],
      ndre: [...ndre.values()],
      dataSource: simulated ? 'simulated Sentinel-2 imagery' : 'Sentinel-2 imagery',
      simulated,
    });
  }
  return readings;
}
