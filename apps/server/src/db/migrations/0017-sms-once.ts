import { sql, type Kysely } from 'kysely';

/**
 * SMS sent once, to the right person, and counted where it matters:
 *
 * - `sms_outbox`: a message being handed to the provider is `sending` under a lease (`lease_owner` until
 *   `lease_until`), taken by one conditional update, so a second runner of the same job, or one that finds a runner
 *   died, never sends it blindly; `first_attempt_at` bounds the search at the provider for a message whose answer was
 *   lost; `repeat_of` names the uncertain critical alert a repeat stands for (at most one repeat each).
 * - `sms_conversations`: the question "which field?" belongs to the person who was asked, not to the number (which
 *   may move to another account). Questions of a number nobody holds now can be answered by nobody and are dropped.
 * - `sms_status_events.form`: the raw callback (it holds phone numbers) is emptied after 30 days; the status stays.
 * - `metric_counters`: counts that must agree across processes (a cap on verification codes biting), read at
 *   `GET /api/metrics`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sms_outbox add column lease_owner uuid;
    alter table sms_outbox add column lease_until timestamptz;
    alter table sms_outbox add column first_attempt_at timestamptz;
    alter table sms_outbox add column repeat_of uuid references sms_outbox(id) on delete set null;
    create unique index sms_outbox_repeat_idx on sms_outbox (repeat_of) where repeat_of is not null;
    create index sms_outbox_sending_idx on sms_outbox (lease_until) where status = 'sending';

    alter table sms_conversations add column user_id uuid references users(id) on delete cascade;
    update sms_conversations set user_id = users.id
      from users where users.sms_phone = sms_conversations.phone and users.sms_phone_verified_at is not null;
    delete from sms_conversations where user_id is null;
    alter table sms_conversations drop constraint sms_conversations_pkey;
    alter table sms_conversations alter column user_id set not null;
    alter table sms_conversations add primary key (user_id);

    alter table sms_status_events alter column form drop not null;
    create index sms_status_events_form_idx on sms_status_events (received_at) where form is not null;

    create table metric_counters (
      name text not null,
      labels jsonb not null default '{}',
      value bigint not null default 0,
      updated_at timestamptz not null default now(),
      primary key (name, labels)
    );
  `.execute(db);
}
