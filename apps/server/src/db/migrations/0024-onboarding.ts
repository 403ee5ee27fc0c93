import { sql, type Kysely } from 'kysely';

/**
 * Onboarding a programme's farmers and farms from its spreadsheet. An import is the file as checked (the rows to
 * create, the report the manager saw) and, once started, its progress; `onboarding_rows` holds what each row made,
 * keyed by the row's own key, so the same file again (or a retried job) creates nothing twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table onboarding_imports (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      requested_by uuid references users(id) on delete set null,
      file_name text not null,
      rows jsonb not null,
      report jsonb not null,
      status text not null check (status in ('checked', 'importing', 'done', 'failed')),
      invite boolean not null default false,
      rows_done integer not null default 0,
      outcome jsonb,
      failure text,
      created_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz
    );
    create index onboarding_imports_org_idx on onboarding_imports (org_id, created_at);

    create table onboarding_rows (
      org_id uuid not null references organisations(id) on delete cascade,
      row_key text not null,
      import_id uuid references onboarding_imports(id) on delete set null,
      farm_id uuid references farms(id) on delete set null,
      field_id uuid references fields(id) on delete set null,
      invitation_id uuid,
      created_at timestamptz not null default now(),
      primary key (org_id, row_key)
    );
    create index onboarding_rows_import_idx on onboarding_rows (import_id);
    create index onboarding_rows_invitation_idx on onboarding_rows (invitation_id) where invitation_id is not null;
  `.execute(db);
}
