import { daysBetween } from '@murimi/core';
import type { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { findOwned } from '../../db/owned-records.ts';
import { AppError } from '../../errors.ts';
import type { OpenMeteoLogger, WeatherPoint } from '../../integrations/open-meteo/open-meteo-client.ts';
import { fieldWeatherCell, WEATHER_CELL_DEGREES, type WeatherCell } from './weather.cells.ts';
import { datasetOf, FORECAST_DAYS, localToday, PAST_DAYS, present } from './weather.days.ts';
import { weatherProviderFor, type CellForecast, type WeatherProvider } from './weather.providers.ts';
import {
  WEATHER_UNITS,
  type currentWeatherAnswerSchema,
  type fieldWeatherSchema,
  type forecastAnswerSchema,
  type historicalAnswerSchema,
  type WeatherSourceLabel,
} from './weather.schemas.ts';
import { simulatedUtcOffsetSeconds } from './weather.simulated.ts';

export { FORECAST_DAYS, PAST_DAYS } from './weather.days.ts';

/** Longest historical request: one year, leap day included. */
export const MAX_HISTORICAL_DAYS = 366;
/** ERA5, the archive, starts here. */
export const ARCHIVE_FIRST_DATE = '1940-01-01';

const OPEN_METEO_ATTRIBUTION = 'Weather data by Open-Meteo.com (CC BY 4.0).';
const SIMULATED_ATTRIBUTION = 'Simulated weather for demonstration; not a forecast and not a measurement.';
const OPEN_METEO_ET0 = 'FAO-56 Penman-Monteith, computed by Open-Meteo';
const SIMULATED_ET0 = 'FAO-56 Penman-Monteith, computed from the simulated weather';

type FieldWeather = z.infer<typeof fieldWeatherSchema>;
type CurrentWeatherAnswer = z.infer<typeof currentWeatherAnswerSchema>;
type ForecastAnswer = z.infer<typeof forecastAnswerSchema>;
type HistoricalAnswer = z.infer<typeof historicalAnswerSchema>;

/** `GET /api/weather/{fieldId}`: current conditions, today and the next six days, and the last 30 days. */
export async function getFieldWeather(ctx: AppContext, orgId: string, fieldId: string, log: OpenMeteoLogger): Promise<FieldWeather> {
  const { provider, cell } = await fieldWeatherAccess(ctx, orgId, fieldId);
  const result = await provider.forecast(ctx, cell, log);
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
  const { provider, cell } = await fieldWeatherAccess(ctx, orgId, fieldId);
  const result = await provider.forecast(ctx, cell, log);
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
  const { provider, cell } = await fieldWeatherAccess(ctx, orgId, query.fieldId);
  const result = await provider.forecast(ctx, cell, log);
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
  const { provider, cell } = await fieldWeatherAccess(ctx, orgId, query.fieldId);
  checkHistoricalRange(ctx, cell, query.start, query.end);
  const result = await provider.history(ctx, cell, query.start, query.end, log);
  return {
    ...provenance(query.fieldId, cell, result.source, result.point, result.source === 'simulated' ? SIMULATED_ATTRIBUTION : null),
    start: query.start,
    end: query.end,
    days: result.days,
  };
}

/**
 * Where the organisation's weather comes from, and the field's cell. Another organisation's field, or none, is a
 * 404 like every owned record.
 */
async function fieldWeatherAccess(
  ctx: AppContext,
  orgId: string,
  fieldId: string,
): Promise<{ provider: WeatherProvider; cell: WeatherCell }> {
  const field = await findOwned(ctx.database.db, 'fields', orgId, fieldId);
  if (!field) throw AppError.notFound('Field');
  const organisation = await ctx.database.db.selectFrom('organisations').select('demo').where('id', '=', orgId).executeTakeFirst();
  return { provider: weatherProviderFor(ctx.config, { demo: organisation?.demo ?? false }), cell: fieldWeatherCell(field) };
}

/**
 * start ≤ end, at most 366 days, not before ERA5 begins, and not after the location's today (from its longitude,
 * an hour's grace for time zones set east of their meridian, such as southern Africa's UTC+2 at 17° E).
 */
function checkHistoricalRange(ctx: AppContext, cell: WeatherCell, start: string, end: string): void {
  if (start > end) throw AppError.invalid('start', 'start must be on or before end.');
  if (start < ARCHIVE_FIRST_DATE) throw AppError.invalid('start', `The weather archive starts on ${ARCHIVE_FIRST_DATE}.`);
  if (daysBetween(start, end) + 1 > MAX_HISTORICAL_DAYS) {
    throw AppError.invalid('end', `Ask for at most ${MAX_HISTORICAL_DAYS} days at once (from start to end).`);
  }
  const today = localToday(new Date(ctx.now().getTime() + 3600_000), simulatedUtcOffsetSeconds(cell.longitude));
  if (end > today) throw AppError.invalid('end', 'end cannot be in the future; the coming days are at /api/weather/forecast.');
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
