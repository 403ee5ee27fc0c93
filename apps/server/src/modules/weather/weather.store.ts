import { abortable } from '@murimi/core';
import type { ServiceContext } from '../../app-context.ts';
import type { OpenMeteoForecast, WeatherDay } from '../../integrations/open-meteo/open-meteo-client.ts';
import type { WeatherCell } from './weather.cells.ts';
import { findArchiveDays, findCachedForecast, saveArchiveDays, saveForecast, type CachedArchiveDayRow } from './weather.repository.ts';
import { cachedForecastSchema, weatherDaySchema, type WeatherSourceLabel } from './weather.schemas.ts';

/**
 * Weather kept per source and 0.1° cell: in the database (a forecast for the hour, archive days for good) and, while
 * a load is under way, in this process. Every key names the source, so a demo organisation's simulated fallback and
 * a real farm's Open-Meteo answer for the same cell never stand in for each other.
 */

/** A kept forecast, or null when there is none (or it was written by an older shape of the forecast: then replaced). */
export async function readKeptForecast(
  ctx: ServiceContext,
  source: WeatherSourceLabel,
  cell: WeatherCell,
): Promise<{ forecast: OpenMeteoForecast; fetchedAt: Date } | null> {
  const row = await findCachedForecast(ctx.database.db, source, cell);
  if (!row) return null;
  const forecast = cachedForecastSchema.safeParse(row.forecast);
  return forecast.success ? { forecast: forecast.data, fetchedAt: row.fetchedAt } : null;
}

export async function keepForecast(
  ctx: ServiceContext,
  source: WeatherSourceLabel,
  cell: WeatherCell,
  fetchedAt: Date,
  forecast: OpenMeteoForecast,
): Promise<void> {
  await saveForecast(ctx.database.db, source, cell, fetchedAt, forecast);
}

export interface KeptArchiveDay {
  row: CachedArchiveDayRow;
  day: WeatherDay;
}

/** The kept archive days of a cell from `startDate` to `endDate`, by date; a row of an older shape counts as missing. */
export async function readKeptArchiveDays(
  ctx: ServiceContext,
  source: WeatherSourceLabel,
  cell: WeatherCell,
  startDate: string,
  endDate: string,
): Promise<Map<string, KeptArchiveDay>> {
  const kept = new Map<string, KeptArchiveDay>();
  for (const row of await findArchiveDays(ctx.database.db, source, cell, startDate, endDate)) {
    const day = weatherDaySchema.safeParse(row.day);
    if (day.success) kept.set(row.date, { row, day: day.data });
  }
  return kept;
}

export async function keepArchiveDays(
  ctx: ServiceContext,
  source: WeatherSourceLabel,
  cell: WeatherCell,
  fetchedAt: Date,
  days: CachedArchiveDayRow[],
): Promise<void> {
  await saveArchiveDays(ctx.database.db, source, cell, fetchedAt, days);
}

interface SharedLoad {
  result: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting for it; a caller without a signal is never taken off. */
  waiting: number;
}

/** Loads under way in this process, by key. */
const inFlight = new Map<string, SharedLoad>();

/**
 * One load per key at a time in this process: simultaneous callers (the fields of a farm opened together) wait for
 * the same promise, and the key is free again once it settles, failure included (nothing is kept from a failure).
 * The key must name everything that changes the answer: the source, the upstream address, the cell.
 *
 * A caller with a `signal` stops waiting as soon as it aborts (rejecting with its reason); the load itself is
 * aborted only when every caller has gone that way, so one cancelled analysis never cuts off another's weather.
 */
export function sharedLoad<T>(key: string, load: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
  if (signal?.aborted) return Promise.reject(signal.reason as Error);
  let entry = inFlight.get(key);
  if (!entry) {
    const controller = new AbortController();
    const started: SharedLoad = { controller, waiting: 0, result: Promise.resolve() };
    started.result = load(controller.signal).finally(() => {
      if (inFlight.get(key) === started) inFlight.delete(key);
    });
    inFlight.set(key, started);
    entry = started;
  }
  const shared = entry;
  shared.waiting += 1;
  const result = shared.result as Promise<T>;
  if (!signal) return result;
  const leave = () => {
    shared.waiting -= 1;
    if (shared.waiting > 0) return;
    // Nobody waits for it: stop it, and let the next caller start afresh rather than join a load being stopped.
    if (inFlight.get(key) === shared) inFlight.delete(key);
    shared.controller.abort(signal.reason);
  };
  signal.addEventListener('abort', leave, { once: true });
  // Settled first: this caller no longer counts, whatever its signal does later. The caller hears the outcome below.
  result.then(
    () => signal.removeEventListener('abort', leave),
    () => signal.removeEventListener('abort', leave),
  );
  return abortable(result, signal);
}

/** The in-flight key of one source's forecast of a cell from an upstream address. */
export function forecastLoadKey(source: WeatherSourceLabel, upstreamUrl: string, cell: WeatherCell): string {
  return `${source}|forecast|${upstreamUrl}|${cell.latIndex}|${cell.lngIndex}`;
}
