import { sql, type Kysely } from 'kysely';

/**
 * An alert whose episode gets worse (a frost warning that becomes a hard frost) is sent again at its new severity,
 * once: who was told is remembered per severity. And the rules look up each field's recent alerts to keep one
 * alert for an episode the forecast moves, so those are found by field.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table alert_notifications add column severity text not null default 'warning'
      check (severity in ('info', 'warning', 'critical'));
    update alert_notifications set severity = alerts.severity from alerts where alerts.id = alert_notifications.alert_id;
    alter table alert_notifications alter column severity drop default;
    alter table alert_notifications drop constraint alert_notifications_pkey;
    alter table alert_notifications add primary key (alert_id, user_id, channel, severity);

    create index alerts_field_recent_idx on alerts (field_id, ended_at);
  `.execute(db);
}
