import { sql, type Kysely } from 'kysely';

/**
 * One row per analysis asked for: its state while the job runs, then the result, the plain-language summary and
 * the inputs it used. At most one analysis per field and type is queued or running at a time (a partial unique
 * index: the database, not a check-then-insert, keeps two requests from both starting one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table analyses (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references organisations(id) on delete cascade,
      field_id uuid not null references fields(id) on delete cascade,
      type text not null check (type in ('health', 'yield', 'irrigation', 'fertilizer')),
      status text not null check (status in ('queued', 'running', 'completed', 'failed', 'cancelled')),
      job_id text,
      requested_by uuid references users(id) on delete set null,
      requested_at timestamptz not null default now(),
      started_at timestamptz,
      finished_at timestamptz,
      attempts integer not null default 0,
      analysis_date date,
      inputs jsonb,
      result jsonb,
      summary text,
      simulated boolean not null default false,
      error text
    );
    create unique index analyses_one_active_idx on analyses (field_id, type) where status in ('queued', 'running');
    create index analyses_field_idx on analyses (org_id, field_id, type, requested_at desc);
  `.execute(db);
}
