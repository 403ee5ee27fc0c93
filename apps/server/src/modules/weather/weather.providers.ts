import { addDays } from '@murimi/core';
import type { ServiceContext } from '../../app-context.ts';
import type { Config } from '../../config.ts';
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
import type { WeatherCell } from './weather.cells.ts';
import { datesBetween, emptyDay, FORECAST_FETCH_DAYS, isCompleteArchiveDay, localToday, PAST_DAYS, present } from './weather.days.ts';
import type { PresentedDay, WeatherSourceLabel } from './weather.schemas.ts';
import { simulatedArchive, simulatedForecast, simulatedUtcOffsetSeconds } from './weather.simulated.ts';
import { forecastLoadKey, keepArchiveDays, keepForecast, readKeptArchiveDays, readKeptForecast, sharedLoad } from './weather.store.ts';
import { paceOf } from '../../integrations/outside-paces.ts';

/** A kept forecast is served without asking Open-Meteo again for this long (its models update hourly at best). */
export const FORECAST_VALID_MS = 60 * 60 * 1000;
/** When Open-Meteo fails, a kept forecast up to this old is served marked `stale`; older, the farmer gets the error. */
export const STALE_FORECAST_LIMIT_MS = 24 * 60 * 60 * 1000;
/**
 * With simulated weather as the fallback, an Open-Meteo found unreachable is not asked again for a few minutes:
 * each try costs its timeouts and retries, and an offline demo would otherwise pay them on every request.
 */
const UNREACHABLE_MEMORY_MS = 5 * 60_000;

export const UNAVAILABLE_MESSAGE =
  'Weather is unavailable right now: the weather service could not be reached. Please try again in a few minutes.';

/** A forecast for a cell, and what it is: fresh, the last one kept (stale), or simulated. */
export interface CellForecast {
  source: WeatherSourceLabel;
  forecast: OpenMeteoForecast;
  fetchedAt: Date;
  stale: boolean;
}

/** Days of a cell, each day once and in order, and where they came from. */
export interface CellHistory {
  source: WeatherSourceLabel;
  point: WeatherPoint;
  days: PresentedDay[];
}

/**
 * Where one organisation's weather comes from. Chosen per organisation by `weatherProviderFor`. With a `signal` (an
 * analysis's), a read stops when it aborts, rejecting with the signal's reason: nothing waits on a slow service for
 * an analysis that was cancelled.
 */
export interface WeatherProvider {
  /**
   * The forecast of a cell (the forecast's past days included): fresh or kept, stale, or simulated as the provider
   * allows; a 503 `SERVICE_UNAVAILABLE` when it has nothing to give.
   */
  forecast(ctx: ServiceContext, cell: WeatherCell, log: OpenMeteoLogger, signal?: AbortSignal): Promise<CellForecast>;
  /** Days of a cell from `startDate` to `endDate` (inclusive, local days). */
  history(
    ctx: ServiceContext,
    cell: WeatherCell,
    startDate: string,
    endDate: string,
    log: OpenMeteoLogger,
    signal?: AbortSignal,
  ): Promise<CellHistory>;
}

/**
 * The provider of an organisation: the `WEATHER_SOURCE` setting, except that the demo organisation on Open-Meteo
 * falls back to the simulated series when Open-Meteo cannot be reached, so the demo works offline (with every
 * simulated number labelled) while real farms get a 503 rather than invented weather.
 */
export function weatherProviderFor(config: Config, organisation: { demo: boolean }): WeatherProvider {
  switch (config.weather.source) {
    case 'simulated':
      return simulatedWeather;
    case 'open-meteo-or-simulated':
      return openMeteoOrSimulatedWeather;
    case 'open-meteo':
      return organisation.demo ? openMeteoOrSimulatedWeather : openMeteoWeather;
  }
}

// ---- simulated -------------------------------------------------------------------------------------------------

/** The simulated series: deterministic per cell and day, worked out on each request and never kept. */
export const simulatedWeather: WeatherProvider = {
  async forecast(ctx, cell) {
    return simulatedCellForecast(cell, ctx.now());
  },
  async history(_ctx, cell, startDate, endDate) {
    return simulatedHistory(cell, startDate, endDate);
  },
};

function simulatedCellForecast(cell: WeatherCell, now: Date): CellForecast {
  return {
    source: 'simulated',
    forecast: simulatedForecast(cell, now, { pastDays: PAST_DAYS, forecastDays: FORECAST_FETCH_DAYS }),
    fetchedAt: now,
    stale: false,
  };
}

function simulatedHistory(cell: WeatherCell, startDate: string, endDate: string): CellHistory {
  const archive = simulatedArchive(cell, startDate, endDate);
  return { source: 'simulated', point: archive.point, days: archive.days.map((day) => present(day, 'simulated', 'simulated')) };
}

// ---- Open-Meteo ------------------------------------------------------------------------------------------------

/**
 * Open-Meteo alone: the kept forecast when under an hour old; else Open-Meteo's, kept for the next hour; when it
 * fails, the kept one up to 24 h old marked stale, otherwise a 503. Nothing is kept from a failure.
 */
export const openMeteoWeather: WeatherProvider = {
  async forecast(ctx, cell, log, signal) {
    try {
      return await openMeteoForecast(ctx, cell, log, signal);
    } catch (error) {
      throw asUnavailable(error);
    }
  },
  async history(ctx, cell, startDate, endDate, log, signal) {
    try {
      return await openMeteoHistory(ctx, cell, startDate, endDate, log, openMeteoWeather, signal);
    } catch (error) {
      throw asUnavailable(error);
    }
  },
};

/**
 * The demo rule: Open-Meteo, else (the service unreachable, nothing kept under a day old) the simulated series,
 * and an unreachable Open-Meteo is not asked again for five minutes. A refused request is still a 503: simulated
 * weather covers for an offline demo, not for a request Open-Meteo turned down.
 */
export const openMeteoOrSimulatedWeather: WeatherProvider = {
  async forecast(ctx, cell, log, signal) {
    const { forecastUrl } = ctx.config.weather.openMeteo;
    if (knownUnreachable(ctx, forecastUrl)) return simulatedCellForecast(cell, ctx.now());
    try {
      return await openMeteoForecast(ctx, cell, log, signal);
    } catch (error) {
      if (!isUnreachable(error)) throw asUnavailable(error);
      log.warn(
        { provider: 'open-meteo', cell: [cell.latitude, cell.longitude], kind: error.kind, status: error.status },
        'Open-Meteo cannot be reached; serving simulated weather (the demo organisation or WEATHER_SOURCE=open-meteo-or-simulated)',
      );
      rememberUnreachable(ctx, forecastUrl);
      return simulatedCellForecast(cell, ctx.now());
    }
  },
  async history(ctx, cell, startDate, endDate, log, signal) {
    const { archiveUrl } = ctx.config.weather.openMeteo;
    if (knownUnreachable(ctx, archiveUrl)) return simulatedHistory(cell, startDate, endDate);
    try {
      return await openMeteoHistory(ctx, cell, startDate, endDate, log, openMeteoOrSimulatedWeather, signal);
    } catch (error) {
      if (!isUnreachable(error)) throw asUnavailable(error);
      rememberUnreachable(ctx, archiveUrl);
      log.warn(
        { provider: 'open-meteo', cell: [cell.latitude, cell.longitude], kind: error.kind },
        'Open-Meteo archive cannot be reached; serving simulated weather',
      );
      return simulatedHistory(cell, startDate, endDate);
    }
  },
};

const unreachableUntil = new Map<string, number>();
const knownUnreachable = (ctx: ServiceContext, url: string) => (unreachableUntil.get(url) ?? 0) > ctx.now().getTime();
const rememberUnreachable = (ctx: ServiceContext, url: string) => unreachableUntil.set(url, ctx.now().getTime() + UNREACHABLE_MEMORY_MS);
const isUnreachable = (error: unknown): error is OpenMeteoError => error instanceof OpenMeteoError && error.isUnavailable;

function asUnavailable(error: unknown): unknown {
  if (!(error instanceof OpenMeteoError)) return error;
  return new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE, { provider: 'open-meteo', reason: error.kind, status: error.status });
}

function openMeteoSettings(ctx: ServiceContext, log: OpenMeteoLogger, signal: AbortSignal | undefined): OpenMeteoSettings {
  const { forecastUrl, archiveUrl, apiKey, timeoutMs, requestsPerMinute } = ctx.config.weather.openMeteo;
  // One pace for the forecast and the archive: Open-Meteo counts the calls of both against its limits.
  return { forecastUrl, archiveUrl, apiKey, timeoutMs, log, signal, pace: paceOf(forecastUrl, requestsPerMinute) };
}

/**
 * Open-Meteo's forecast of a cell, or the `OpenMeteoError` when it failed and nothing under a day old is kept.
 * Simultaneous requests for one cell in this process share one load, whichever provider asked: the answer is
 * Open-Meteo's either way, and each provider decides on its own what a failure becomes. The whole read-fetch-save
 * is shared, not the fetch alone: a request that read the store just before another's save would otherwise start
 * a second fetch. The fetch is dropped once every caller waiting for it has aborted.
 */
function openMeteoForecast(ctx: ServiceContext, cell: WeatherCell, log: OpenMeteoLogger, signal?: AbortSignal): Promise<CellForecast> {
  const key = forecastLoadKey('open-meteo', ctx.config.weather.openMeteo.forecastUrl, cell);
  return sharedLoad(key, (loadSignal) => loadOpenMeteoForecast(ctx, cell, log, loadSignal), signal);
}

async function loadOpenMeteoForecast(
  ctx: ServiceContext,
  cell: WeatherCell,
  log: OpenMeteoLogger,
  signal: AbortSignal,
): Promise<CellForecast> {
  const now = ctx.now();
  const kept = await readKeptForecast(ctx, 'open-meteo', cell);
  const ageMs = kept ? now.getTime() - kept.fetchedAt.getTime() : Infinity;
  if (kept && ageMs < FORECAST_VALID_MS) return { source: 'open-meteo', forecast: kept.forecast, fetchedAt: kept.fetchedAt, stale: false };
  try {
    const forecast = await fetchOpenMeteoForecast(openMeteoSettings(ctx, log, signal), {
      latitude: cell.latitude,
      longitude: cell.longitude,
      forecastDays: FORECAST_FETCH_DAYS,
      pastDays: PAST_DAYS,
    });
    await keepForecast(ctx, 'open-meteo', cell, now, forecast);
    return { source: 'open-meteo', forecast, fetchedAt: now, stale: false };
  } catch (error) {
    if (!(error instanceof OpenMeteoError)) throw error;
    if (kept && ageMs <= STALE_FORECAST_LIMIT_MS) {
      log.warn(
        {
          provider: 'open-meteo',
          cell: [cell.latitude, cell.longitude],
          kind: error.kind,
          status: error.status,
          keptForecastAgeMinutes: Math.round(ageMs / 60_000),
        },
        'Open-Meteo failed; serving the kept forecast as stale',
      );
      return { source: 'open-meteo', forecast: kept.forecast, fetchedAt: kept.fetchedAt, stale: true };
    }
    throw error;
  }
}

/**
 * Open-Meteo's archive days of a cell: the kept ones, the missing ones fetched (a day is kept for good once the
 * archive has it whole and it is over), and the recent days the archive has no values for yet from the forecast
 * of `provider`. Throws the `OpenMeteoError` of a failed archive request.
 */
async function openMeteoHistory(
  ctx: ServiceContext,
  cell: WeatherCell,
  startDate: string,
  endDate: string,
  log: OpenMeteoLogger,
  provider: WeatherProvider,
  signal?: AbortSignal,
): Promise<CellHistory> {
  const dates = datesBetween(startDate, endDate);
  const kept = await readKeptArchiveDays(ctx, 'open-meteo', cell, startDate, endDate);
  const missing = dates.filter((date) => !kept.has(date));

  let point: WeatherPoint | null = null;
  const fetched = new Map<string, WeatherDay>();
  if (missing.length > 0) {
    const archive = await fetchOpenMeteoArchive(openMeteoSettings(ctx, log, signal), {
      latitude: cell.latitude,
      longitude: cell.longitude,
      startDate: missing[0]!,
      endDate: missing.at(-1)!,
    });
    point = archive.point;
    for (const day of archive.days) fetched.set(day.date, day);
    const today = localToday(ctx.now(), archive.point.utcOffsetSeconds);
    const final = archive.days.filter((day) => day.date < today && isCompleteArchiveDay(day) && !kept.has(day.date));
    await keepArchiveDays(
      ctx,
      'open-meteo',
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
  const days: PresentedDay[] = dates.map((date) =>
    present(kept.get(date)?.day ?? fetched.get(date) ?? emptyDay(date), 'open-meteo', 'archive'),
  );
  const recent = await fillRecentDaysFromForecast(ctx, cell, days, log, provider, signal);
  point ??= recent?.point ?? null;
  return {
    source: 'open-meteo',
    point: point ?? { latitude: cell.latitude, longitude: cell.longitude, elevationM: null, timezone: 'UTC', utcOffsetSeconds: 0 },
    days,
  };
}

/**
 * Days at the end of a historical range that the archive has no values for yet (ERA5 is about five days behind)
 * are taken from the forecast's past days when it has them. A forecast that fails leaves them empty rather than
 * failing the whole answer; a simulated one is never mixed into Open-Meteo's days.
 */
async function fillRecentDaysFromForecast(
  ctx: ServiceContext,
  cell: WeatherCell,
  days: PresentedDay[],
  log: OpenMeteoLogger,
  provider: WeatherProvider,
  signal?: AbortSignal,
): Promise<OpenMeteoForecast | null> {
  const incomplete = days.filter((day) => !isCompleteArchiveDay(day));
  const oldestInForecast = addDays(localToday(ctx.now(), simulatedUtcOffsetSeconds(cell.longitude)), -PAST_DAYS);
  if (!incomplete.some((day) => day.date >= oldestInForecast)) return null;
  let result: CellForecast;
  try {
    result = await provider.forecast(ctx, cell, log, signal);
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
