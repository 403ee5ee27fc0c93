import { sql, type Kysely } from 'kysely';

/**
 * What a running analysis is doing now (loading the field, searching or reading imagery, reading weather,
 * computing) and since when, so a person waiting on a long analysis sees it move, and so each step can learn, by
 * the same update, that the analysis was cancelled. Null before it starts and for analyses run before this.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table analyses add column stage text;
    alter table analyses add column stage_at timestamptz;
  `.execute(db);
}
