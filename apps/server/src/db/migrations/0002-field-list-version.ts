import { sql, type Kysely } from 'kysely';

/**
 * A counter per organisation that every change to its fields (and farms, which a list can filter by) raises (by trigger, so no write path can forget
 * it). The field list is served with it as ETag and cached by it: a farmer's phone that already has the
 * list gets a 304 instead of the whole list again. Each change is also announced on channel
 * `field_list_changed` (payload: the organisation id), so every server process drops its cached version.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organisations add column field_list_version bigint not null default 0;

    create function raise_field_list_version() returns trigger language plpgsql as $$
    declare
      changed_org uuid;
    begin
      for changed_org in select distinct org_id from changed_rows loop
        update organisations set field_list_version = field_list_version + 1 where id = changed_org;
        perform pg_notify('field_list_changed', changed_org::text);
      end loop;
      return null;
    end $$;

    create trigger fields_inserted after insert on fields referencing new table as changed_rows
      for each statement execute function raise_field_list_version();
    create trigger fields_updated after update on fields referencing new table as changed_rows
      for each statement execute function raise_field_list_version();
    create trigger fields_deleted after delete on fields referencing old table as changed_rows
      for each statement execute function raise_field_list_version();
    create trigger farms_inserted after insert on farms referencing new table as changed_rows
      for each statement execute function raise_field_list_version();
    create trigger farms_updated after update on farms referencing new table as changed_rows
      for each statement execute function raise_field_list_version();
    create trigger farms_deleted after delete on farms referencing old table as changed_rows
      for each statement execute function raise_field_list_version();
  `.execute(db);
}
