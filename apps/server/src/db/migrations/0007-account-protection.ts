import { sql, type Kysely } from 'kysely';

/**
 * E-mail bodies hold sign-in links, so the outbox keeps them sealed (AES-256-GCM) and only until they are sent.
 * Bodies stored in plain text before this are emptied once sent or once every link in them has expired (48 h).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table email_outbox add column sealed_body text`.execute(db);
  await sql`alter table email_outbox alter column text_body drop not null`.execute(db);
  await sql`update email_outbox set text_body = null where sent_at is not null or created_at < now() - interval '48 hours'`.execute(db);
}
