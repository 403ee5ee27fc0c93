import { sql, type Kysely } from 'kysely';

/** Earlier boundaries of a field: editing a boundary keeps the one it replaces (imagery history refers to it). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table field_boundary_versions (
      id uuid primary key default gen_random_uuid(),
      org_id uuid not null references organisations(id) on delete cascade,
      field_id uuid not null references fields(id) on delete cascade,
      boundary jsonb not null,
      size_hectares double precision not null,
      replaced_at timestamptz not null default now()
    );
    create index field_boundary_versions_field_idx on field_boundary_versions (org_id, field_id, replaced_at desc);
  `.execute(db);
}
