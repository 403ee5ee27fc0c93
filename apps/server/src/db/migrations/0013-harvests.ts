import { sql, type Kysely } from 'kysely';

/**
 * Harvests the farmer weighed: t/ha and grain moisture for a field and season (a label, a planting date or both),
 * so the season's yield estimate can be shown beside what was harvested, and a programme can later fit the yield
 * model to its districts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table harvests (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      field_id uuid not null references fields(id) on delete cascade,
      season_label text,
      planting_date date,
      harvested_tonnes_per_ha double precision not null check (harvested_tonnes_per_ha >= 0 and harvested_tonnes_per_ha <= 40),
      moisture_pct double precision not null check (moisture_pct >= 0 and moisture_pct <= 60),
      harvest_date date not null,
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check (season_label is not null or planting_date is not null)
    );
    create index harvests_field_idx on harvests (org_id, field_id, harvest_date desc);
  `.execute(db);
}
