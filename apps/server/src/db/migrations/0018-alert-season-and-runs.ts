import { sql, type Kysely } from 'kysely';

/**
 * Weather alerts speak of the crop: an organisation that wants frost, heat, heavy rain and wind on its fallow fields
 * too says so (off by default). And each field remembers the last day its weather and pest rules ran, so a pest
 * generation reached on a day no run saw (the server down, the weather service failing) is told at the next run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organisations add column weather_alerts_on_fallow_land boolean not null default false;

    create table field_alert_runs (
      field_id uuid primary key references fields(id) on delete cascade,
      weather_rules_ran_on date not null
    );
  `.execute(db);
}
