import { sql, type Kysely } from 'kysely';

/**
 * A person's account deleted leaves the audit lines of what they did, without them: the one change the append-only
 * trail allows is its person cleared, as `on delete set null` does when the account goes. Anything else is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      if old.user_id is not null and new.user_id is null
        and (new.id, new.org_id, new.record_kind, new.record_id, new.action, new.changed_keys, new.at)
          is not distinct from (old.id, old.org_id, old.record_kind, old.record_id, old.action, old.changed_keys, old.at)
      then
        return new;
      end if;
      raise exception 'audit_events is append-only';
    end $$;
  `.execute(db);
}
