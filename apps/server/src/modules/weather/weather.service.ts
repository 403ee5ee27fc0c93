import type { z } from 'zod';
import type { AppContext, ServiceContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
import { findOwned } from '../../db/owned-records.ts';
import { AppError } from '../../errors.ts';
import {
  fetchOpenMeteoArchive,
  fetchOpenMeteoForecast,
  OpenMeteoError,
  type OpenMeteoForecast,
  type OpenMeteoLogger,
  type OpenMeteoSettings,
  type WeatherDay,
  type WeatherPoint,
} from '../../integrations/open-meteo/open-meteo-client.ts';
import { fieldWeatherCell, WEATHER_CELL_DEGREES, type WeatherCell } from './weather.cells.ts';
import { findArchiveDays, findCachedForecast, saveArchiveDays, saveForecast, type CachedArchiveDayRow } from './weather.repository.ts';
import {
  cachedForecastSchema,
  WEATHER_UNITS,
  weatherDaySchema,
  type currentWeatherAnswerSchema,
  type fieldWeatherSchema,
  type forecastAnswerSchema,
  type historicalAnswerSchema,
  type PresentedDay,
  type WeatherDataset,
  type WeatherSourceLabel,
} from './weather.schemas.ts';
import { simulatedArchive, simulatedForecast, simulatedUtcOffsetSeconds } from './weather.simulated.ts';

/** The forecast shown: today and six days on (spec: "weather integration with 7-day forecast"). */
export const FORECAST_DAYS = 7;
/** The recent past shown beside it, from the same forecast request (`past_days`). */
export const PAST_DAYS = 30;
/** One day more than shown, so that a forecast fetched before midnight still has seven days after it. */
const FORECAST_FETCH_DAYS = FORECAST_DAYS + 1;
/** A kept forecast is served without asking Open-Meteo again for this long (its models update hourly at best). */
export const FORECAST_VALID_MS = 60 * 60 * 1000;
/** When Open-Meteo fails, a kept forecast up to this old is served marked `stale`; older, the farmer gets the error. */
export const STALE_FORECAST_LIMIT_MS = 24 * 60 * 60 * 1000;
/** Longest historical request: one year, leap day included. */
export const MAX_HISTORICAL_DAYS = 366;
/** ERA5, the archive, starts here. */
export const ARCHIVE_FIRST_DATE = '1940-01-01';

const OPEN_METEO_ATTRIBUTION = 'Weather data by Open-Meteo.com (CC BY 4.0).';
const SIMULATED_ATTRIBUTION = 'Simulated weather for demonstration; not a forecast and not a measurement.';
const OPEN_METEO_ET0 = 'FAO-56 Penman-Monteith, computed by Open-Meteo';
const SIMULATED_ET0 = 'FAO-56 Penman-Monteith, computed from the simulated weather';
const UNAVAILABLE_MESSAGE =
  'Weather is unavailable right now: the weather service could not be reached. Please try again in a few minutes.';

type FieldWeather = z.infer<typeof fieldWeatherSchema>;
type CurrentWeatherAnswer = z.infer<typeof currentWeatherAnswerSchema>;
type ForecastAnswer = z.infer<typeof forecastAnswerSchema>;
type HistoricalAnswer = z.infer<typeof historicalAnswerSchema>;

/** A forecast for a cell, and what it is: fresh, the last one kept (stale), or simulated. */
export interface CellForecast {
  source: WeatherSourceLabel;
  forecast: OpenMeteoForecast;
  fetchedAt: Date;
  stale: boolean;
}

// ---- for the routes ------------------------------------------------------------------------------------------

/** `GET /api/weather/{fieldId}`: current conditions, today and the next six days, and the last 30 days. */
export async function getFieldWeather(ctx: AppContext, orgId: string, fieldId: string, log: OpenMeteoLogger): Promise<FieldWeather> {
  ctx = await forOrganisation(ctx, orgId);
  const cell = await requireFieldCell(ctx, orgId, fieldId);
  const result = await forecastForCell(ctx, cell, log);
  const today = localToday(ctx.now(), result.forecast.point.utcOffsetSeconds);
  const dataset = datasetOf(result.source, 'forecast');
  return {
    ...forecastProvenance(fieldId, cell, result),
    current: result.forecast.current && { ...result.forecast.current, source: result.source },
    forecast: result.forecast.days
      .filter((day) => day.date >= today)
      .slice(0, FORECAST_DAYS)
      .map((day) => present(day, result.source, dataset)),
    past: result.forecast.days
      .filter((day) => day.date < today)
      .slice(-PAST_DAYS)
      .map((day) => present(day, result.source, dataset)),
  };
}

/** `GET /api/weather/current`. */
export async function getCurrentWeather(
  ctx: AppContext,
  orgId: string,
  fieldId: string,
  log: OpenMeteoLogger,
): Promise<CurrentWeatherAnswer> {
  ctx = await forOrganisation(ctx, orgId);
  const cell = await requireFieldCell(ctx, orgId, fieldId);
  const result = await forecastForCell(ctx, cell, log);
  return {
    ...forecastProvenance(fieldId, cell, result),
    current: result.forecast.current && { ...result.forecast.current, source: result.source },
  };
}

/** `GET /api/weather/forecast`: today and the following days, with their hours when asked. */
export async function getWeatherForecast(
  ctx: AppContext,
  orgId: string,
  query: { fieldId: string; days: number; hourly: boolean },
  log: OpenMeteoLogger,
): Promise<ForecastAnswer> {
  ctx = await forOrganisation(ctx, orgId);
  const cell = await requireFieldCell(ctx, orgId, query.fieldId);
  const result = await forecastForCell(ctx, cell, log);
  const today = localToday(ctx.now(), result.forecast.point.utcOffsetSeconds);
  const days = result.forecast.days.filter((day) => day.date >= today).slice(0, query.days);
  const dates = new Set(days.map((day) => day.date));
  const dataset = datasetOf(result.source, 'forecast');
  return {
    ...forecastProvenance(query.fieldId, cell, result),
    days: days.map((day) => present(day, result.source, dataset)),
    ...(query.hourly
      ? {
          hours: result.forecast.hours
            .filter((hour) => dates.has(hour.time.slice(0, 10)))
            .map((hour) => ({ ...hour, source: result.source })),
        }
      : {}),
  };
}

/**
 * `GET /api/weather/historical`: the days from `start` to `end` from the ERA5 archive. The archive runs about five
 * days behind; days it has no values for yet come from the forecast's past days (marked `dataset: 'forecast'`).
 */
export async function getHistoricalWeather(
  ctx: AppContext,
  orgId: string,
  query: { fieldId: string; start: string; end: string },
  log: OpenMeteoLogger,
): Promise<HistoricalAnswer> {
  ctx = await forOrganisation(ctx, orgId);
  const cell = await requireFieldCell(ctx, orgId, query.fieldId);
  checkHistoricalRange(ctx, cell, query.start, query.end);
  const result = await historicalDaysForCell(ctx, cell, query.start, query.end, log);
  return {
    ...provenance(query.fieldId, cell, result.source, result.point, result.source === 'simulated' ? SIMULATED_ATTRIBUTION : null),
    start: query.start,
    end: query.end,
    days: result.days,
  };
}

// ---- for other services (analyses) ---------------------------------------------------------------------------

/** Simultaneous requests for one cell in this process wait for one load: the fields of a farm opened together ask once. */
const forecastsInFlight = new Map<string, Promise<CellForecast>>();

/**
 * The forecast of a cell: the kept one when under an hour old; else Open-Meteo's, kept for the next hour;
 * when Open-Meteo fails, the kept one up to 24 h old marked stale, or (with `WEATHER_SOURCE=open-meteo-or-simulated`
 * and the service unreachable) the simulated series; otherwise a 503 `SERVICE_UNAVAILABLE`. Nothing is kept from a
 * failure. Simultaneous requests for one cell in this process share one upstream request.
 */
export async function forecastForCell(ctx: ServiceContext, cell: WeatherCell, log: OpenMeteoLogger): Promise<CellForecast> {
  if (ctx.config.weather.source === 'simulated') return simulatedCellForecast(cell, ctx.now());
  // The whole read-fetch-save is shared, not the fetch alone: a request that read the cache just before another's
  // save would otherwise start a second fetch.
  const key = `${ctx.config.weather.openMeteo.forecastUrl}|${cell.latIndex}|${cell.lngIndex}`;
  let pending = forecastsInFlight.get(key);
  if (!pending) {
    pending = loadCellForecast(ctx, cell, log).finally(() => forecastsInFlight.delete(key));
    forecastsInFlight.set(key, pending);
  }
  return pending;
}

/**
 * With simulated weather as the fallback, an Open-Meteo found unreachable is not asked again for a few minutes:
 * each try costs its timeouts and retries, and an offline demo would otherwise pay them on every request.
 */
const UNREACHABLE_MEMORY_MS = 5 * 60_000;
const unreachableUntil = new Map<string, number>();
const knownUnreachable = (ctx: ServiceContext, url: string) =>
  ctx.config.weather.source === 'open-meteo-or-simulated' && (unreachableUntil.get(url) ?? 0) > ctx.now().getTime();

async function loadCellForecast(ctx: ServiceContext, cell: WeatherCell, log: OpenMeteoLogger): Promise<CellForecast> {
  const now = ctx.now();
  if (knownUnreachable(ctx, ctx.config.weather.openMeteo.forecastUrl)) return simulatedCellForecast(cell, now);
  const kept = await readKeptForecast(ctx, cell);
  const ageMs = kept ? now.getTime() - kept.fetchedAt.getTime() : Infinity;
  if (kept && ageMs < FORECAST_VALID_MS) return { source: 'open-meteo', forecast: kept.forecast, fetchedAt: kept.fetchedAt, stale: false };

  try {
    const forecast = await fetchOpenMeteoForecast(openMeteoSettings(ctx, log), {
      latitude: cell.latitude,
      longitude: cell.longitude,
      forecastDays: FORECAST_FETCH_DAYS,
      pastDays: PAST_DAYS,
    });
    await saveForecast(ctx.database.db, cell, now, forecast);
    return { source: 'open-meteo', forecast, fetchedAt: now, stale: false };
  } catch (error) {
    if (!(error instanceof OpenMeteoError)) throw error;
    const context = { provider: 'open-meteo', cell: [cell.latitude, cell.longitude], kind: error.kind, status: error.status };
    if (kept && ageMs <= STALE_FORECAST_LIMIT_MS) {
      log.warn({ ...context, keptForecastAgeMinutes: Math.round(ageMs / 60_000) }, 'Open-Meteo failed; serving the kept forecast as stale');
      return { source: 'open-meteo', forecast: kept.forecast, fetchedAt: kept.fetchedAt, stale: true };
    }
    if (error.isUnavailable && ctx.config.weather.source === 'open-meteo-or-simulated') {
      log.warn(context, 'Open-Meteo cannot be reached; serving simulated weather (WEATHER_SOURCE=open-meteo-or-simulated)');
      unreachableUntil.set(ctx.config.weather.openMeteo.forecastUrl, now.getTime() + UNREACHABLE_MEMORY_MS);
      return simulatedCellForecast(cell, now);
    }
    throw unavailable(error);
  }
}

/** Archive days of a cell from `startDate` to `endDate` (inclusive, local days), each day once, in order. */
export async function historicalDaysForCell(
  ctx: ServiceContext,
  cell: WeatherCell,
  startDate: string,
  endDate: string,
  log: OpenMeteoLogger,
): Promise<{ source: WeatherSourceLabel; point: WeatherPoint; days: PresentedDay[] }> {
  if (ctx.config.weather.source === 'simulated' || knownUnreachable(ctx, ctx.config.weather.openMeteo.archiveUrl)) {
    return simulatedHistory(cell, startDate, endDate);
  }

  const dates = datesBetween(startDate, endDate);
  const kept = new Map<string, { row: CachedArchiveDayRow; day: WeatherDay }>();
  for (const row of await findArchiveDays(ctx.database.db, cell, startDate, endDate)) {
    const day = weatherDaySchema.safeParse(row.day);
    if (day.success) kept.set(row.date, { row, day: day.data });
  }
  const missing = dates.filter((date) => !kept.has(date));

  let point: WeatherPoint | null = null;
  const fetched = new Map<string, WeatherDay>();
  if (missing.length > 0) {
    try {
      const archive = await fetchOpenMeteoArchive(openMeteoSettings(ctx, log), {
        latitude: cell.latitude,
        longitude: cell.longitude,
        startDate: missing[0]!,
        endDate: missing.at(-1)!,
      });
      point = archive.point;
      for (const day of archive.days) fetched.set(day.date, day);
      // A day is kept for good only once the archive has it whole and it is over.
      const today = localToday(ctx.now(), archive.point.utcOffsetSeconds);
      const final = archive.days.filter((day) => day.date < today && isCompleteArchiveDay(day) && !kept.has(day.date));
      await saveArchiveDays(
        ctx.database.db,
        cell,
        ctx.now(),
        final.map((day) => ({
          date: day.date,
          timezone: archive.point.timezone,
          utcOffsetSeconds: archive.point.utcOffsetSeconds,
          elevationM: archive.point.elevationM,
          day,
        })),
      );
    } catch (error) {
      if (!(error instanceof OpenMeteoError)) throw error;
      if (error.isUnavailable && ctx.config.weather.source === 'open-meteo-or-simulated') {
        unreachableUntil.set(ctx.config.weather.openMeteo.archiveUrl, ctx.now().getTime() + UNREACHABLE_MEMORY_MS);
        log.warn(
          { provider: 'open-meteo', cell: [cell.latitude, cell.longitude], kind: error.kind },
          'Open-Meteo archive cannot be reached; serving simulated weather',
        );
        return simulatedHistory(cell, startDate, endDate);
      }
      throw unavailable(error);
    }
  }

  const anyKept = kept.values().next().value;
  point ??= anyKept
    ? {
        latitude: cell.latitude,
        longitude: cell.longitude,
        elevationM: anyKept.row.elevationM,
        timezone: anyKept.row.timezone,
        utcOffsetSeconds: anyKept.row.utcOffsetSeconds,
      }
    : null;
  const days: PresentedDay[] = dates.map((date) => {
    const day = kept.get(date)?.day ?? fetched.get(date) ?? emptyDay(date);
    return present(day, 'open-meteo', 'archive');
  });
  const recent = await fillRecentDaysFromForecast(ctx, cell, days, log);
  point ??= recent?.point ?? null;
  return {
    source: 'open-meteo',
    point: point ?? { latitude: cell.latitude, longitude: cell.longitude, elevationM: null, timezone: 'UTC', utcOffsetSeconds: 0 },
    days,
  };
}

// ---- helpers -------------------------------------------------------------------------------------------------

/** The field's weather cell; another organisation's field, or none, is 404 like every owned record. */
/**
 * The demo organisation's weather settings: Open-Meteo, falling back to the simulated series when it cannot be
 * reached, so the demo works offline (with every simulated number labelled).
 */
export function demoWeatherConfig(config: Config): Config {
  return config.weather.source === 'open-meteo' ? { ...config, weather: { ...config.weather, source: 'open-meteo-or-simulated' } } : config;
}

async function forOrganisation(ctx: AppContext, orgId: string): Promise<AppContext> {
  const organisation = await ctx.database.db.selectFrom('organisations').select('demo').where('id', '=', orgId).executeTakeFirst();
  return organisation?.demo ? { ...ctx, config: demoWeatherConfig(ctx.config) } : ctx;
}

async function requireFieldCell(ctx: AppContext, orgId: string, fieldId: string): Promise<WeatherCell> {
  const field = await findOwned(ctx.database.db, 'fields', orgId, fieldId);
  if (!field) throw AppError.notFound('Field');
  return fieldWeatherCell(field);
}

function openMeteoSettings(ctx: ServiceContext, log: OpenMeteoLogger): OpenMeteoSettings {
  const { forecastUrl, archiveUrl, apiKey, timeoutMs } = ctx.config.weather.openMeteo;
  return { forecastUrl, archiveUrl, apiKey, timeoutMs, log };
}

async function readKeptForecast(ctx: ServiceContext, cell: WeatherCell): Promise<{ forecast: OpenMeteoForecast; fetchedAt: Date } | null> {
  const row = await findCachedForecast(ctx.database.db, cell);
  if (!row) return null;
  // A row written by an older shape of the forecast is treated as absent and replaced.
  const forecast = cachedForecastSchema.safeParse(row.forecast);
  return forecast.success ? { forecast: forecast.data, fetchedAt: row.fetchedAt } : null;
}

function simulatedCellForecast(cell: WeatherCell, now: Date): CellForecast {
  return {
    source: 'simulated',
    forecast: simulatedForecast(cell, now, { pastDays: PAST_DAYS, forecastDays: FORECAST_FETCH_DAYS }),
    fetchedAt: now,
    stale: false,
  };
}

function simulatedHistory(cell: WeatherCell, startDate: string, endDate: string) {
  const archive = simulatedArchive(cell, startDate, endDate);
  return {
    source: 'simulated' as const,
    point: archive.point,
    days: archive.days.map((day) => present(day, 'simulated', 'simulated')),
  };
}

/**
 * Days at the end of a historical range that the archive has no values for yet (ERA5 is about five days behind)
 * are taken from the forecast's past days when it has them. A forecast that fails leaves them empty rather than
 * failing the whole answer; a simulated one is never mixed into Open-Meteo's days.
 */
async function fillRecentDaysFromForecast(ctx: ServiceContext, cell: WeatherCell, days: PresentedDay[], log: OpenMeteoLogger) {
  const incomplete = days.filter((day) => !isCompleteArchiveDay(day));
  const oldestInForecast = addDays(localToday(ctx.now(), simulatedUtcOffsetSeconds(cell.longitude)), -PAST_DAYS);
  if (!incomplete.some((day) => day.date >= oldestInForecast)) return null;
  let result: CellForecast;
  try {
    result = await forecastForCell(ctx, cell, log);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
  if (result.source !== 'open-meteo') return null;
  const byDate = new Map(result.forecast.days.map((day) => [day.date, day]));
  for (const [index, day] of days.entries()) {
    const fromForecast = byDate.get(day.date);
    if (!isCompleteArchiveDay(day) && fromForecast && isCompleteArchiveDay(fromForecast)) {
      // The archive has no precipitation probability: a past day's forecast probability would mean nothing here.
      days[index] = present({ ...fromForecast, precipitationProbabilityMaxPct: null }, 'open-meteo', 'forecast');
    }
  }
  return result.forecast;
}

/** The values every use of a past day needs (water balance, degree days): without them the day is not final. */
function isCompleteArchiveDay(day: WeatherDay): boolean {
  return day.temperatureMaxC !== null && day.temperatureMinC !== null && day.precipitationMm !== null && day.et0FaoMm !== null;
}

/**
 * start ≤ end, at most 366 days, not before ERA5 begins, and not after the location's today (from its longitude,
 * an hour's grace for time zones set east of their meridian, such as southern Africa's UTC+2 at 17° E).
 */
function checkHistoricalRange(ctx: AppContext, cell: WeatherCell, start: string, end: string): void {
  if (start > end) throw AppError.invalid('start', 'start must be on or before end.');
  if (start < ARCHIVE_FIRST_DATE) throw AppError.invalid('start', `The weather archive starts on ${ARCHIVE_FIRST_DATE}.`);
  if (daysFromTo(start, end) + 1 > MAX_HISTORICAL_DAYS) {
    throw AppError.invalid('end', `Ask for at most ${MAX_HISTORICAL_DAYS} days at once (from start to end).`);
  }
  const today = localToday(new Date(ctx.now().getTime() + 3600_000), simulatedUtcOffsetSeconds(cell.longitude));
  if (end > today) throw AppError.invalid('end', 'end cannot be in the future; the coming days are at /api/weather/forecast.');
}

function unavailable(error: OpenMeteoError): AppError {
  return new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE, { provider: 'open-meteo', reason: error.kind, status: error.status });
}

function provenance(fieldId: string, cell: WeatherCell, source: WeatherSourceLabel, point: WeatherPoint, notice: string | null) {
  return {
    fieldId,
    source,
    location: {
      latitude: cell.latitude,
      longitude: cell.longitude,
      cellSizeDegrees: WEATHER_CELL_DEGREES,
      elevationM: point.elevationM,
      timezone: point.timezone,
      utcOffsetSeconds: point.utcOffsetSeconds,
    },
    et0Method: source === 'simulated' ? SIMULATED_ET0 : OPEN_METEO_ET0,
    attribution: source === 'simulated' ? SIMULATED_ATTRIBUTION : OPEN_METEO_ATTRIBUTION,
    notice,
    units: WEATHER_UNITS,
  };
}

function forecastProvenance(fieldId: string, cell: WeatherCell, result: CellForecast) {
  const notice =
    result.source === 'simulated'
      ? SIMULATED_ATTRIBUTION
      : result.stale
        ? `The weather service could not be reached; this is the forecast of ${result.fetchedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC.`
        : null;
  return {
    ...provenance(fieldId, cell, result.source, result.forecast.point, notice),
    fetchedAt: result.fetchedAt.toISOString(),
    stale: result.stale,
  };
}

function present(day: WeatherDay, source: WeatherSourceLabel, dataset: WeatherDataset): PresentedDay {
  return { ...day, source, dataset };
}

function datasetOf(source: WeatherSourceLabel, real: WeatherDataset): WeatherDataset {
  return source === 'simulated' ? 'simulated' : real;
}

function emptyDay(date: string): WeatherDay {
  return {
    date,
    temperatureMaxC: null,
    temperatureMinC: null,
    precipitationMm: null,
    precipitationProbabilityMaxPct: null,
    et0FaoMm: null,
    shortwaveRadiationMjPerM2: null,
    windSpeedMaxMPerS: null,
    windSpeedMeanMPerS: null,
    relativeHumidityMaxPct: null,
    relativeHumidityMinPct: null,
    relativeHumidityMeanPct: null,
    dewPointMeanC: null,
  };
}

/** The calendar date at a place with this UTC offset. */
function localToday(now: Date, utcOffsetSeconds: number): string {
  return new Date(now.getTime() + utcOffsetSeconds * 1000).toISOString().slice(0, 10);
}

function datesBetween(first: string, last: string): string[] {
  const dates: string[] = [];
  for (let date = first; date <= last; date = addDays(date, 1)) dates.push(date);
  return dates;
}

function daysFromTo(first: string, last: string): number {
  return Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000);
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
