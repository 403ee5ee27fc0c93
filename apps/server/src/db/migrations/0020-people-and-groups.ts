import { sql, type Kysely } from 'kysely';

/**
 * An organisation as a team. A member may now be a farmer (who sees the farms assigned to them); a programme
 * keeps its farms in groups (a ward, a district, a co-op club), each followed by its agronomists. A farm names the
 * farmer it is assigned to and its group. Who may do what with them is decided in `policy/policy.ts`.
 *
 * Assigning a farm or a group's agronomists changes what those people's lists hold: the organisation's field list
 * version is raised by the farms trigger (migration 0002) for a farm, and here for a group's agronomists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table memberships drop constraint memberships_role_check;
    alter table memberships add constraint memberships_role_check
      check (role in ('owner', 'manager', 'agronomist', 'farmer', 'viewer'));

    create table farm_groups (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      name text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (org_id, name)
    );

    create table group_agronomists (
      group_id uuid not null references farm_groups(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      primary key (group_id, user_id)
    );
    create index group_agronomists_user_idx on group_agronomists (user_id);

    alter table farms add column group_id uuid references farm_groups(id) on delete set null;
    alter table farms add column farmer_user_id uuid references users(id) on delete set null;
    create index farms_group_idx on farms (group_id) where group_id is not null;
    create index farms_farmer_idx on farms (farmer_user_id) where farmer_user_id is not null;

    create function group_agronomists_changed() returns trigger language plpgsql as $$
    declare
      changed_org uuid;
    begin
      select org_id into changed_org from farm_groups where id = coalesce(new.group_id, old.group_id);
      if changed_org is not null then
        update organisations set field_list_version = field_list_version + 1 where id = changed_org;
        perform pg_notify('field_list_changed', changed_org::text);
      end if;
      return null;
    end $$;
    create trigger group_agronomists_changed after insert or update or delete on group_agronomists
      for each row execute function group_agronomists_changed();
  `.execute(db);
}
