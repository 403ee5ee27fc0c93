import { sql, type Kysely } from 'kysely';

/**
 * The few numbers of each completed analysis that the programme's figures and packs read for every field, kept
 * beside the result by the database itself (a stored generated column): a result is kilobytes of JSON kept out of
 * line, and reading 15,000 of them to take a status and a date each was most of the funders' query. One definition,
 * here; the result stays the record. A partial index holds the headlines, so those reads need not visit the table.
 *   health: status, imageDate, meanNdvi · yield (when available): lowTPerHa, expectedTPerHa, highTPerHa ·
 *   irrigation: adviceStatus, irrigationDate, depthMm · fertilizer: nitrogenNeedKgPerHa
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // jsonb_object of two text arrays, as the expression of a generated column must be immutable (jsonb_build_object
  // is not): values are kept as text, read back with ->> and cast, as they would be from the result.
  await sql`
    alter table analyses add column headline jsonb generated always as (
      case
        when status <> 'completed' or result is null then null
        when type = 'health' then jsonb_object(
          array['status', 'imageDate', 'meanNdvi'],
          array[result->>'status', result->'latest'->>'date', result->'latest'->'ndvi'->>'mean'])
        when type = 'yield' and result->>'available' = 'true' then jsonb_object(
          array['lowTPerHa', 'expectedTPerHa', 'highTPerHa'],
          array[result->'range'->>'lowTPerHa', result->'range'->>'expectedTPerHa', result->'range'->>'highTPerHa'])
        when type = 'irrigation' then jsonb_object(
          array['adviceStatus', 'irrigationDate', 'depthMm'],
          array[result->'advice'->>'status', result->'advice'->>'irrigationDate', result->'advice'->>'depthMm'])
        when type = 'fertilizer' then jsonb_object(
          array['nitrogenNeedKgPerHa'], array[result->'nutrients'->'nitrogen'->>'needKgPerHa'])
      end
    ) stored;
    -- The programme's reads take every field's latest headline and the season's advice from this index alone.
    create index analyses_headline_idx on analyses (org_id, type, field_id, finished_at desc)
      include (headline, analysis_date) where status = 'completed';
  `.execute(db);
}
