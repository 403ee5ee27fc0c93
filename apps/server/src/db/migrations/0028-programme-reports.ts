import { sql, type Kysely } from 'kysely';

/**
 * A programme's pack (`kind = 'programme'`): one ZIP of every farm's PDF with a CSV and an XLSX of every field,
 * written by the `write-programme-report` job under `DATA_DIR/reports/<org>/<id>.zip`. It speaks of the whole
 * organisation or of one group (`group_id`, gone with its group), so it has no farm; managers alone reach it. The job
 * counts farms as it writes them (`farms_done` of `farms_total`), and a person may cancel it, which the job sees
 * between farms.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table reports drop constraint reports_kind_check;
    alter table reports drop constraint reports_status_check;
    alter table reports drop constraint reports_stage_check;
    alter table reports drop constraint reports_check;
    alter table reports alter column farm_id drop not null;
    alter table reports add column group_id uuid references farm_groups(id) on delete cascade;
    alter table reports add column farms_done integer;
    alter table reports add column farms_total integer;
    alter table reports add constraint reports_kind_check check (kind in ('field', 'farm', 'programme'));
    alter table reports add constraint reports_status_check
      check (status in ('queued', 'running', 'done', 'failed', 'cancelled', 'expired'));
    alter table reports add constraint reports_stage_check check (stage in ('gathering', 'writing', 'farms', 'summary'));
    alter table reports add constraint reports_subject_check
      check ((kind = 'field') = (field_id is not null) and (kind = 'programme') = (farm_id is null)
        and (group_id is null or kind = 'programme'));
  `.execute(db);
}
