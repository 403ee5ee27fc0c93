import { sql, type Kysely } from 'kysely';

/**
 * The weather kept per cell is also kept per source, so that one source's answer is never read as another's: an
 * organisation on Open-Meteo reads only Open-Meteo's rows. Rows kept so far are all Open-Meteo's (simulated weather
 * is worked out on each request and was never written), so they take that source.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table weather_forecasts add column source text not null default 'open-meteo';
    alter table weather_forecasts alter column source drop default;
    alter table weather_forecasts drop constraint weather_forecasts_pkey;
    alter table weather_forecasts add primary key (source, cell_lat_index, cell_lng_index);
    alter table weather_archive_days add column source text not null default 'open-meteo';
    alter table weather_archive_days alter column source drop default;
    alter table weather_archive_days drop constraint weather_archive_days_pkey;
    alter table weather_archive_days add primary key (source, cell_lat_index, cell_lng_index, date);
  `.execute(db);
}
