import { sql, type Kysely } from 'kysely';

/**
 * Messages sent to support from the app: who wrote, from which organisation, and the e-mail that carries the message
 * to the server's contact address. The id is the browser's, so that a message sent again after a lost answer is
 * kept (and e-mailed) once. A person's messages go when their account is deleted; the organisation's with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table support_messages (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      topic text not null check (topic in ('question', 'problem', 'billing', 'data')),
      email_outbox_id uuid not null,
      created_at timestamptz not null default now()
    );
    create index support_messages_user_idx on support_messages (user_id, created_at desc);
  `.execute(db);
}
