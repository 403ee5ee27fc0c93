import { sql, type Kysely } from 'kysely';

/**
 * Field visits: what was seen walking a field on a day (crop stage, pest and its count, disease, weeds, water), the
 * GPS point it was logged at, who logged it and the ids of its photos (the JPEGs are kept by the photo store, under
 * DATA_DIR or in a bucket, not in the database). The latest visit of a field resets its days since a visit in the
 * visit queue. A deleted visit's photos are listed in `visit_photo_deletions` by a trigger and deleted from the store
 * by a job, so that a visit going with its field or organisation takes its photos too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table visits (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      field_id uuid not null references fields(id) on delete cascade,
      visited_by uuid references users(id) on delete set null,
      visit_date date not null,
      crop_stage text check (crop_stage in ('not-planted', 'emergence', 'vegetative', 'flowering', 'grain-fill', 'mature', 'harvested')),
      pest_seen text,
      pest_count integer check (pest_count >= 0 and pest_count <= 10000),
      disease_seen text,
      weeds text check (weeds in ('none', 'light', 'moderate', 'heavy')),
      water_status text check (water_status in ('dry', 'adequate', 'waterlogged')),
      notes text,
      latitude double precision check (latitude between -90 and 90),
      longitude double precision check (longitude between -180 and 180),
      location_accuracy_m double precision,
      photo_ids text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((latitude is null) = (longitude is null))
    );
    create index visits_field_idx on visits (org_id, field_id, visit_date desc);

    -- A visit deleted in any way (by itself, with its field, farm or organisation) leaves its photos to delete from
    -- the store: the trigger notes them in the deletion's own transaction, the prune-visit-photos job deletes them.
    create table visit_photo_deletions (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null,
      visit_id uuid not null,
      photo_id text not null,
      deleted_at timestamptz not null default now()
    );
    create function visit_photos_to_delete() returns trigger language plpgsql as $$
    begin
      insert into visit_photo_deletions (org_id, visit_id, photo_id) select old.org_id, old.id, unnest(old.photo_ids);
      return old;
    end $$;
    create trigger visits_photos_deleted after delete on visits
      for each row execute function visit_photos_to_delete();
  `.execute(db);
}
