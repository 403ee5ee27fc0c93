import { sql, type Kysely } from 'kysely';

/** Accounts, organisations, and the farm records every later feature hangs from. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table organisations (
      id uuid primary key,
      name text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table users (
      id uuid primary key,
      email text not null unique,
      password_hash text not null,
      name text not null,
      phone text,
      country text not null,
      email_verified_at timestamptz,
      token_version integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );

    create table memberships (
      org_id uuid not null references organisations(id) on delete cascade,
      user_id uuid not null references users(id) on delete cascade,
      role text not null check (role in ('owner', 'manager', 'agronomist', 'viewer')),
      created_at timestamptz not null default now(),
      primary key (org_id, user_id)
    );
    create index memberships_user_idx on memberships (user_id);

    create table revoked_tokens (
      token_id text primary key,
      expires_at timestamptz not null
    );

    create table user_tokens (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      purpose text not null check (purpose in ('verify-email', 'reset-password')),
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now()
    );

    create table auth_attempts (
      id uuid primary key default gen_random_uuid(),
      kind text not null,
      subject text not null,
      created_at timestamptz not null default now()
    );
    create index auth_attempts_lookup_idx on auth_attempts (kind, subject, created_at);

    create table email_outbox (
      id uuid primary key default gen_random_uuid(),
      to_address text not null,
      subject text not null,
      text_body text not null,
      created_at timestamptz not null default now(),
      sent_at timestamptz,
      last_error text,
      attempts integer not null default 0
    );

    create table farms (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      name text not null,
      location text,
      district text,
      country text,
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index farms_org_idx on farms (org_id, name);

    create table fields (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      farm_id uuid not null references farms(id) on delete restrict,
      name text not null,
      boundary jsonb not null,
      size_hectares double precision not null check (size_hectares > 0),
      bbox_min_lng double precision not null,
      bbox_min_lat double precision not null,
      bbox_max_lng double precision not null,
      bbox_max_lat double precision not null,
      crop_type text,
      variety text,
      planting_date date,
      expected_harvest_date date,
      actual_harvest_date date,
      soil_texture text,
      irrigated boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index fields_org_idx on fields (org_id, farm_id, name);

    create table soil_tests (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      field_id uuid not null references fields(id) on delete cascade,
      nitrogen double precision,
      phosphorus double precision,
      potassium double precision,
      unit text not null check (unit in ('ppm', '%')),
      ph double precision check (ph between 0 and 14),
      organic_matter_pct double precision,
      ec_ds_per_m double precision,
      sample_date date not null,
      depth_cm integer,
      lab text,
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index soil_tests_field_idx on soil_tests (org_id, field_id, sample_date desc);

    create table fertilizer_applications (
      id uuid primary key,
      org_id uuid not null references organisations(id) on delete cascade,
      field_id uuid not null references fields(id) on delete cascade,
      product text not null,
      nitrogen_pct double precision not null,
      phosphate_pct double precision not null,
      potash_pct double precision not null,
      rate_kg_per_ha double precision not null check (rate_kg_per_ha > 0),
      application_date date not null,
      method text not null,
      notes text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create index fertilizer_applications_field_idx on fertilizer_applications (org_id, field_id, application_date desc);
  `.execute(db);
}
