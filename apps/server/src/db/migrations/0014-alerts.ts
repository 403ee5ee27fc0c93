import { sql, type Kysely } from 'kysely';

/**
 * Alerts and the messages that carry them.
 *
 * - `alerts`: one row per rule, field and episode (`episode_key` is `rule:field:firstDay`, unique per organisation),
 *   so an episode evaluated every few hours stays one alert. `ended_at` once its condition no longer holds;
 *   `resolved_at` once someone deals with it. Read and snooze are each person's own (`alert_reads`).
 * - `alert_notifications`: which person was sent which alert by which channel, once (a retried job sends nothing twice).
 * - People's preferences (language, time zone, quiet hours, channels), their verified SMS number and pending codes;
 *   organisations' own alert thresholds.
 * - `sms_outbox` (every SMS: its text, parts, status and the provider's id), `sms_status_events` (every delivery
 *   callback as received), `sms_inbound` (every text received, once per provider id), `sms_opt_outs` (numbers that
 *   sent STOP), `sms_conversations` (a question asked by SMS waiting for its answer).
 * - `weekly_digests`: the Monday digest each person was sent, once per week.
 * - E-mails may carry an HTML body beside the text one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table organisations add column alert_thresholds jsonb not null default '{}';

    alter table users add column notification_preferences jsonb;
    alter table users add column sms_phone text;
    alter table users add column sms_phone_verified_at timestamptz;
    create unique index users_sms_phone_idx on users (sms_phone) where sms_phone_verified_at is not null;

    create table sms_phone_codes (
      user_id uuid primary key references users(id) on delete cascade,
      phone text not null,
      code_hash text not null,
      expires_at timestamptz not null,
      failed_attempts int not null default 0,
      created_at timestamptz not null default now()
    );

    create table alerts (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references organisations(id) on delete cascade,
      field_id uuid not null references fields(id) on delete cascade,
      rule_id text not null,
      category text not null check (category in ('weather', 'crop', 'pest')),
      severity text not null check (severity in ('info', 'warning', 'critical')),
      episode_key text not null,
      message_key text not null,
      action_key text not null,
      params jsonb not null,
      evidence jsonb not null,
      alert_date date not null,
      field_today date not null,
      simulated boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      ended_at timestamptz,
      resolved_at timestamptz,
      resolved_by uuid references users(id) on delete set null,
      unique (org_id, episode_key)
    );
    create index alerts_list_idx on alerts (org_id, created_at desc, id desc);
    create index alerts_field_open_idx on alerts (field_id, rule_id) where ended_at is null;

    create table alert_reads (
      alert_id uuid not null references alerts(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      read_at timestamptz,
      snoozed_until timestamptz,
      primary key (alert_id, user_id)
    );
    create index alert_reads_user_idx on alert_reads (user_id);

    create table alert_notifications (
      alert_id uuid not null references alerts(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      channel text not null check (channel in ('email', 'sms')),
      created_at timestamptz not null default now(),
      primary key (alert_id, user_id, channel)
    );

    create table sms_outbox (
      id uuid primary key,
      user_id uuid references users(id) on delete cascade,
      to_phone text not null,
      body text not null,
      encoding text not null check (encoding in ('GSM-7', 'UCS-2')),
      parts int not null,
      purpose text not null check (purpose in ('alert', 'verification', 'digest', 'reply')),
      alert_id uuid references alerts(id) on delete set null,
      status text not null,
      status_reason text,
      provider text,
      provider_message_id text,
      send_after timestamptz,
      attempts int not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      sent_at timestamptz,
      delivered_at timestamptz
    );
    create index sms_outbox_provider_idx on sms_outbox (provider, provider_message_id);
    create index sms_outbox_user_idx on sms_outbox (user_id, created_at);

    create table sms_status_events (
      id bigserial primary key,
      provider text not null,
      provider_message_id text not null,
      outbox_id uuid references sms_outbox(id) on delete set null,
      status text not null,
      reason text,
      form jsonb not null,
      received_at timestamptz not null default now()
    );

    create table sms_inbound (
      id uuid primary key,
      provider text not null,
      provider_message_id text,
      from_phone text not null,
      to_phone text,
      text text not null,
      user_id uuid references users(id) on delete set null,
      received_at timestamptz not null default now(),
      handled_at timestamptz,
      reply_outbox_id uuid references sms_outbox(id) on delete set null
    );
    create unique index sms_inbound_provider_idx on sms_inbound (provider, provider_message_id) where provider_message_id is not null;

    create table sms_opt_outs (
      phone text primary key,
      opted_out_at timestamptz not null default now()
    );

    create table sms_conversations (
      phone text primary key,
      question jsonb not null,
      expires_at timestamptz not null
    );

    create table weekly_digests (
      user_id uuid not null references users(id) on delete cascade,
      week_start date not null,
      sent_at timestamptz not null default now(),
      primary key (user_id, week_start)
    );

    alter table email_outbox add column sealed_html_body text;
  `.execute(db);
}
