import { sql, type Kysely } from 'kysely';

/**
 * The latest summaries (what the web app asks for every 5 s while a field is open) read the newest completed
 * analysis of each type for one field. Only completed rows are indexed, in the order that query walks them, so it
 * reads each type's newest entry from the index instead of sorting a field's whole history; the id breaks ties
 * between analyses finished in the same instant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index analyses_completed_idx on analyses (org_id, field_id, type, finished_at desc nulls last, id desc)
      where status = 'completed';
  `.execute(db);
}
