import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { AppContext } from '../../app-context.ts';
import { reachKey, withinReach, type Actor } from '../../policy/policy.ts';
import { VersionedCache } from '../../plugins/versioned-cache.ts';

/**
 * Map View's fields as points: one small record per field (name, hectares, crop, centroid, box) for its labels,
 * markers, legend and fit, in one answer. The outlines come as vector tiles (`field-tiles.ts`), so the map no longer
 * waits for every field's boundary, page after page: at 30,000 fields that list was 60 pages and about 20 MB. Each
 * point's JSON is kept by the database beside the field (`map_point`, migration 0030), so an answer is those texts
 * joined.
 */

/**
 * Fields read per query: the embedded database turns a whole answer into values in one step, holding the server
 * meanwhile; between batches other requests go first.
 */
const POINTS_BATCH_FIELDS = 5_000;
/** An answer is about 250 bytes a field: 30,000 fields take 7.5 MB, so this keeps a few programmes' answers. */
const POINTS_CACHE_BYTES = 32 * 1024 * 1024;
const answers = new VersionedCache<string>(POINTS_CACHE_BYTES);

/**
 * The JSON of `{ data: FieldPoint[], version }` for every field the actor reaches, by id, at the organisation's
 * field-list `version`. Made once per version and reach, then kept: an edit raises the version. (Rows an edit changes
 * while this reads them are tagged with the older version, so the next request reads them again.)
 */
export async function fieldPointsJson(
  ctx: AppContext,
  actor: Actor,
  version: number,
  { batchFields = POINTS_BATCH_FIELDS }: { batchFields?: number } = {},
): Promise<string> {
  const { orgId } = actor;
  const key = `${orgId}|${reachKey(actor, 'fields.read')}`;
  const kept = answers.get(key, version);
  if (kept !== undefined) return kept;
  const parts: string[] = [];
  let after: string | null = null;
  for (;;) {
    const rows = await ctx.database.db
      .selectFrom('fields')
      .select(['id', 'mapPoint'])
      .where('orgId', '=', orgId)
      .where(withinReach(ctx.database.db, actor, 'fields.read', { farmIdColumn: 'farmId' }))
      .$if(after !== null, (query) => query.where('id', '>', after!))
      .orderBy('id')
      .limit(batchFields)
      .execute();
    if (rows.length > 0) parts.push(rows.map((row) => row.mapPoint).join(','));
    if (rows.length < batchFields) break;
    after = rows.at(-1)!.id;
    await yieldToEventLoop();
  }
  const body = `{"data":[${parts.join(',')}],"version":${version}}`;
  answers.set(key, version, body);
  return body;
}
