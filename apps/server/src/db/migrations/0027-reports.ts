import { sql, type Kysely } from 'kysely';

/**
 * Reports: a PDF of a field or a farm, written by the `write-report` job under `DATA_DIR/reports/<org>/<id>.pdf`.
 * The row says where the job is (queued, running with its stage, done, failed with why) and when the file is deleted
 * (`expires_at`, REPORT_KEEP_DAYS after the request); the `prune-reports` job deletes the file then and marks the row
 * expired, so that a download afterwards is told the file is gone rather than that it never was. Every report has the
 * farm it speaks of, by which a person's reach is decided; a report goes with its field or farm.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table reports (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      kind text not null check (kind in ('field', 'farm')),
      field_id uuid references fields(id) on delete cascade,
      farm_id uuid not null references farms(id) on delete cascade,
      title text not null,
      status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed', 'expired')),
      stage text check (stage in ('gathering', 'writing')),
      error text,
      file_bytes integer,
      simulated boolean not null default false,
      requested_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      finished_at timestamptz,
      expires_at timestamptz not null,
      check ((kind = 'field') = (field_id is not null))
    );
    create index reports_org_idx on reports (org_id, created_at desc);
  `.execute(db);
}
