import { sql, type Kysely } from 'kysely';

/**
 * The newest satellite scene an imagery analysis looked at, clear or not. The daily health schedule asks the
 * catalogue for scenes after it: measured from the last clear scene instead, every cloudy scene since made the field
 * due again each day, and the same analysis ran daily through a cloudy spell. Health analyses already stored name
 * their scenes in `result.history`; the newest of them is written in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table analyses add column newest_scene_date date;
    update analyses set newest_scene_date = (
      select max((scene->>'date')::date) from jsonb_array_elements(analyses.result->'history') as scene
    )
    where type = 'health' and status = 'completed' and jsonb_typeof(analyses.result->'history') = 'array';
  `.execute(db);
}
