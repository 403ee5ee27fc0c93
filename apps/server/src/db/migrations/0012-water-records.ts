import { sql, type Kysely } from 'kysely';

/**
 * Water a farmer records on a field, which the FAO-56 water balance counts: irrigation events (the depth given, a
 * volume having been turned into depth by the field's area when entered) and rain-gauge readings, which replace the
 * weather source's rain for their day. Ids are chosen by the client, so a create replayed from an offline phone
 * finds its row. One gauge reading per field and day: a unique index, not a check-then-insert, keeps a second out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table irrigation_events (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      field_id uuid not null references fields(id) on delete cascade,
      irrigation_date date not null,
      depth_mm double precision not null check (depth_mm > 0 and depth_mm <= 200),
      method text not null check (method in ('furrow', 'sprinkler', 'drip', 'pivot', 'bucket')),
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index irrigation_events_field_idx on irrigation_events (org_id, field_id, irrigation_date desc);

    create table rain_readings (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      field_id uuid not null references fields(id) on delete cascade,
      reading_date date not null,
      rain_mm double precision not null check (rain_mm >= 0 and rain_mm <= 500),
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create unique index rain_readings_field_day_idx on rain_readings (field_id, reading_date);
    create index rain_readings_org_field_idx on rain_readings (org_id, field_id, reading_date desc);
  `.execute(db);
}
