import { sql, type Kysely } from 'kysely';

/**
 * Weather from Open-Meteo, kept per grid cell of 0.1° (the cell's indices: round(latitude × 10), round(longitude × 10)),
 * so that the fields of one farm share one forecast and one archive. A forecast is one row per cell, replaced when
 * fetched again; an archive day never changes once the archive has it, so it is kept for good.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table weather_forecasts (
      cell_lat_index integer not null,
      cell_lng_index integer not null,
      fetched_at timestamptz not null,
      forecast jsonb not null,
      primary key (cell_lat_index, cell_lng_index)
    );
    create table weather_archive_days (
      cell_lat_index integer not null,
      cell_lng_index integer not null,
      date date not null,
      timezone text not null,
      utc_offset_seconds integer not null,
      elevation_m double precision,
      day jsonb not null,
      fetched_at timestamptz not null,
      primary key (cell_lat_index, cell_lng_index, date)
    );
  `.execute(db);
}
