import { sql, type Kysely } from 'kysely';

/**
 * Who created, changed or deleted each owned record (farms, fields and the records kept on fields), when, and in which
 * organisation: append-only, written by the same statement as the change (`db/owned-records.ts`), so a change is never
 * kept without its line nor a line without its change. A person's account deleted leaves their lines, without them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_events (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references organisations(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      record_kind text not null,
      record_id uuid not null,
      action text not null check (action in ('created', 'changed', 'deleted')),
      changed_keys text[] not null default '{}',
      at timestamptz not null default now()
    );
    create index audit_events_record_idx on audit_events (org_id, record_id, at);
    create index audit_events_user_idx on audit_events (user_id) where user_id is not null;

    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only';
    end $$;
    create trigger audit_events_no_update before update on audit_events
      for each row execute function audit_events_append_only();
  `.execute(db);
}
