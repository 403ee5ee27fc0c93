import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { WeatherCell } from './weather.cells.ts';
import type { WeatherSourceLabel } from './weather.schemas.ts';

/** Rows are kept per source and cell: every read and write names both, so one source's weather is never another's. */
export interface CachedForecastRow {
  fetchedAt: Date;
  forecast: unknown;
}

export async function findCachedForecast(
  db: Kysely<DB>,
  source: WeatherSourceLabel,
  cell: WeatherCell,
): Promise<CachedForecastRow | undefined> {
  return db
    .selectFrom('weatherForecasts')
    .select(['fetchedAt', 'forecast'])
    .where('source', '=', source)
    .where('cellLatIndex', '=', cell.latIndex)
    .where('cellLngIndex', '=', cell.lngIndex)
    .executeTakeFirst();
}

/**
 * Keeps a cell's forecast. Two requests that fetched at once both write; the later fetch wins whichever
 * commits last (`where` on the conflict update), so an older forecast never replaces a newer one.
 */
export async function saveForecast(
  db: Kysely<DB>,
  source: WeatherSourceLabel,
  cell: WeatherCell,
  fetchedAt: Date,
  forecast: unknown,
): Promise<void> {
  await db
    .insertInto('weatherForecasts')
    .values({ source, cellLatIndex: cell.latIndex, cellLngIndex: cell.lngIndex, fetchedAt, forecast: JSON.stringify(forecast) })
    .onConflict((oc) =>
      oc
        .columns(['source', 'cellLatIndex', 'cellLngIndex'])
        .doUpdateSet((eb) => ({ fetchedAt: eb.ref('excluded.fetchedAt'), forecast: eb.ref('excluded.forecast') }))
        .where('weatherForecasts.fetchedAt', '<', (eb) => eb.ref('excluded.fetchedAt')),
    )
    .execute();
}

export interface CachedArchiveDayRow {
  date: string;
  timezone: string;
  utcOffsetSeconds: number;
  elevationM: number | null;
  day: unknown;
}

export async function findArchiveDays(
  db: Kysely<DB>,
  source: WeatherSourceLabel,
  cell: WeatherCell,
  startDate: string,
  endDate: string,
): Promise<CachedArchiveDayRow[]> {
  return db
    .selectFrom('weatherArchiveDays')
    .select(['date', 'timezone', 'utcOffsetSeconds', 'elevationM', 'day'])
    .where('source', '=', source)
    .where('cellLatIndex', '=', cell.latIndex)
    .where('cellLngIndex', '=', cell.lngIndex)
    .where('date', '>=', startDate)
    .where('date', '<=', endDate)
    .orderBy('date')
    .execute();
}

/** Keeps archive days for good; a day already kept (another request saved it first) stays as it is. */
export async function saveArchiveDays(
  db: Kysely<DB>,
  source: WeatherSourceLabel,
  cell: WeatherCell,
  fetchedAt: Date,
  days: CachedArchiveDayRow[],
): Promise<void> {
  if (days.length === 0) return;
  await db
    .insertInto('weatherArchiveDays')
    .values(
      days.map((d) => ({
        source,
        cellLatIndex: cell.latIndex,
        cellLngIndex: cell.lngIndex,
        date: d.date,
        timezone: d.timezone,
        utcOffsetSeconds: d.utcOffsetSeconds,
        elevationM: d.elevationM,
        day: JSON.stringify(d.day),
        fetchedAt,
      })),
    )
    .onConflict((oc) => oc.columns(['source', 'cellLatIndex', 'cellLngIndex', 'date']).doNothing())
    .execute();
}
