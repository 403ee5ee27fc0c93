import { sql, type Kysely } from 'kysely';

/**
 * Invitations into an organisation, by e-mail (a long single-use link) or by SMS (a short link and a six-digit code,
 * for farmers without e-mail). Only hashes of the secrets are kept. An invitation is pending until it is accepted,
 * revoked or past `expires_at`; resending it replaces its secrets, so an older message no longer works.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table invitations (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      role text not null check (role in ('manager', 'agronomist', 'farmer', 'viewer')),
      group_id uuid references farm_groups(id) on delete set null,
      name text,
      email text,
      phone text,
      token_hash text not null unique,
      slug text unique,
      code_hash text,
      failed_codes integer not null default 0,
      invited_by uuid references users(id) on delete set null,
      send_count integer not null default 1,
      sent_at timestamptz not null,
      expires_at timestamptz not null,
      accepted_at timestamptz,
      accepted_by uuid references users(id) on delete set null,
      revoked_at timestamptz,
      created_at timestamptz not null default now(),
      check ((email is null) <> (phone is null)),
      check ((phone is null) = (slug is null))
    );
    create index invitations_org_idx on invitations (org_id, created_at);

    alter table sms_outbox drop constraint sms_outbox_purpose_check;
    alter table sms_outbox add constraint sms_outbox_purpose_check
      check (purpose in ('alert', 'verification', 'digest', 'reply', 'invitation'));
  `.execute(db);
}
