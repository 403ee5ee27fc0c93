import { cropGroupOf, type CropGroup, type FieldMapSummary, type FieldPoint } from '@murimi/core';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { sql } from 'kysely';
import Supercluster from 'supercluster';
import type { AppContext } from '../../app-context.ts';
import { reachKey, withinReach, type Actor } from '../../policy/policy.ts';
import { VersionedCache } from '../../plugins/versioned-cache.ts';

/**
 * Map View's fields as points, kept on the server: one clustered index of every field the person reaches, from which
 * the map's tiles carry the markers and counted circles far out and the labels close in (`field-tiles.ts`); and a
 * summary (count, hectares, bounds, crop groups) for the header, the legend and the opening fit, counted by the
 * database. The browser never holds every field: at 30,000 fields, sending them all as points took 6.5 MB and the
 * browser clustered them itself before the first render. Each point's JSON is kept by the database beside the field
 * (`map_point`, migration 0030), so reading every field is one text column a row.
 */

/** What a field's point carries into the tiles: the label (name, hectares), the marker's colour and the id to open. */
export interface MapPointProperties {
  id: string;
  name: string;
  size_hectares: number;
  cropGroup: CropGroup;
}

export interface FieldMap {
  points: Supercluster<MapPointProperties>;
  fieldCount: number;
}

/**
 * How many fields the actor reaches, their hectares (to 10⁻⁴ ha), the box around them (to 10⁻⁶°, as the points) and
 * their crop groups: two aggregate queries, about 10 ms for 30,000 fields, so Map View's header and fit do not wait
 * for the points to be read and clustered.
 */
export async function fieldMapSummary(ctx: AppContext, actor: Actor): Promise<Omit<FieldMapSummary, 'version'>> {
  const { db } = ctx.database;
  const reached = () =>
    db
      .selectFrom('fields')
      .where('orgId', '=', actor.orgId)
      .where(withinReach(db, actor, 'fields.read', { farmIdColumn: 'farmId' }));
  const totals = await reached()
    .select((eb) => [
      eb.fn.countAll<string | number>().as('count'),
      // Each field's hectares as the API gives them (to 10⁻⁴), so the total is the sum of what each field says.
      sql<string | number | null>`sum(round(size_hectares::numeric, 4))`.as('hectares'),
      eb.fn.min('bboxMinLng').as('west'),
      eb.fn.min('bboxMinLat').as('south'),
      eb.fn.max('bboxMaxLng').as('east'),
      eb.fn.max('bboxMaxLat').as('north'),
    ])
    .executeTakeFirstOrThrow();
  const crops = await reached().select('cropType').distinct().execute();
  const count = Number(totals.count);
  const degrees = (value: number) => Math.round(value * 1e6) / 1e6;
  return {
    count,
    size_hectares: Math.round(Number(totals.hectares ?? 0) * 10_000) / 10_000,
    bounds: count > 0 ? [degrees(totals.west), degrees(totals.south), degrees(totals.east), degrees(totals.north)] : null,
    cropGroups: [...new Set(crops.map((row) => cropGroupOf(row.cropType)))].sort(),
  };
}

/**
 * Markers within 44 px of each other become one counted circle up to zoom 11; from zoom 12 the outlines are drawn and
 * every field is its own point. Tiles are 512 px on screen; the index works in 4096 units a tile, as the outlines do.
 */
const CLUSTER_MAX_ZOOM = 11;
export const POINT_TILE_EXTENT = 4096;
const CLUSTER_RADIUS_PX = 44;
const TILE_SIZE_PX = 512;
/**
 * Fields read per query: the embedded database turns a whole answer into values in one step, holding the server
 * meanwhile; between batches other requests go first.
 */
const POINTS_BATCH_FIELDS = 5_000;
/**
 * What an index holds a field: its point as a GeoJSON feature with its properties, which the index keeps, and its
 * place in the trees of 12 zooms (876 bytes measured with 30,000 fields, heap and typed arrays).
 */
const BYTES_PER_FIELD = 900;
/** About 27 MB for 30,000 fields: this keeps a couple of programmes' indexes beside many farms'. */
const FIELD_MAP_CACHE_BYTES = 64 * 1024 * 1024;
const maps = new VersionedCache<FieldMap>(FIELD_MAP_CACHE_BYTES, (map) => map.fieldCount * BYTES_PER_FIELD);
/** Indexes being built: the first view asks for the summary and several tiles at once, and each waits for one build. */
const building = new Map<string, Promise<FieldMap>>();

/**
 * The map of every field the actor reaches at the organisation's field-list `version`. Made once per version and
 * reach, then kept: an edit raises the version. (Rows an edit changes while this reads them are tagged with the older
 * version, so the next request reads them again.)
 */
export async function fieldMap(
  ctx: AppContext,
  actor: Actor,
  version: number,
  { batchFields = POINTS_BATCH_FIELDS }: { batchFields?: number } = {},
): Promise<FieldMap> {
  const key = `${actor.orgId}|${reachKey(actor, 'fields.read')}`;
  const kept = maps.get(key, version);
  if (kept) return kept;
  const buildKey = `${key}|${version}`;
  const pending = building.get(buildKey);
  if (pending) return pending;
  const build = readFieldPoints(ctx, actor, batchFields)
    .then((fields) => {
      const map = indexFieldPoints(fields);
      maps.set(key, version, map);
      return map;
    })
    .finally(() => building.delete(buildKey));
  building.set(buildKey, build);
  return build;
}

async function readFieldPoints(ctx: AppContext, actor: Actor, batchFields: number): Promise<FieldPoint[]> {
  const fields: FieldPoint[] = [];
  let after: string | null = null;
  for (;;) {
    const rows = await ctx.database.db
      .selectFrom('fields')
      .select(['id', 'mapPoint'])
      .where('orgId', '=', actor.orgId)
      .where(withinReach(ctx.database.db, actor, 'fields.read', { farmIdColumn: 'farmId' }))
      .$if(after !== null, (query) => query.where('id', '>', after!))
      .orderBy('id')
      .limit(batchFields)
      .execute();
    for (const row of rows) fields.push(JSON.parse(row.mapPoint) as FieldPoint);
    if (rows.length < batchFields) return fields;
    after = rows.at(-1)!.id;
    await yieldToEventLoop();
  }
}

/** The clustered index of these fields (about 40 ms for 30,000 here). */
function indexFieldPoints(fields: readonly FieldPoint[]): FieldMap {
  const features = fields.map((field) => ({
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: field.centroid },
    properties: { id: field.id, name: field.name, size_hectares: field.size_hectares, cropGroup: cropGroupOf(field.cropType) },
  }));
  const points = new Supercluster<MapPointProperties>({
    maxZoom: CLUSTER_MAX_ZOOM,
    extent: POINT_TILE_EXTENT,
    radius: (CLUSTER_RADIUS_PX * POINT_TILE_EXTENT) / TILE_SIZE_PX,
  }).load(features);
  return { points, fieldCount: fields.length };
}
