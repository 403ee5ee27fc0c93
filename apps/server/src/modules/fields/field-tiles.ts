import { boundaryAsPolygon, cropGroupOf, type FieldBoundary } from '@murimi/core';
import { geoJSONToTile } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { reachKey, withinReach, type Actor } from '../../policy/policy.ts';
import { VersionedCache } from '../../plugins/versioned-cache.ts';
import { fieldMap, POINT_TILE_EXTENT, type FieldMap } from './field-map.ts';

/**
 * Map View's fields as vector tiles (the Mapbox Vector Tile format MapLibre reads): the map fetches the few tiles in
 * view, not every field. Two layers:
 * - `fields`, from zoom 12: each field's outline, from its map form (simplified to about 1 m). Further out a field is
 *   a few pixels.
 * - `field-points`, at every zoom: one point per field at its centre (`field-map.ts`). Up to zoom 11 nearby points
 *   come as one counted circle, so a tile holds at most a few hundred features whatever the fields; from 12 each
 *   point carries its field's label.
 * Past 16 the map enlarges the zoom 16 tiles.
 */
export const FIELD_TILE_LAYER = 'fields';
export const POINT_TILE_LAYER = 'field-points';
export const OUTLINE_MIN_ZOOM = 12;
export const FIELD_TILE_MAX_ZOOM = 16;
/** MapLibre's tile grid: 4096 units a side, 64 of margin so outlines meet across tile edges. */
const EXTENT = POINT_TILE_EXTENT;
const BUFFER = 64;
/**
 * Fields read for one tile, at most: a zoom 12 tile is about 9 km a side, where a smallholder area holds a few
 * thousand fields. Past this the tile is refused with a sentence, rather than one request holding the server.
 */
export const MAX_FIELDS_PER_TILE = 20_000;
/** Fields read per query while gathering a tile: the embedded database turns a whole answer into text in one step. */
const TILE_BATCH_FIELDS = 2_000;
const TILE_CACHE_BYTES = 64 * 1024 * 1024;

export const fieldTileParamsSchema = z
  .object({
    z: z.coerce
      .number({ message: 'The zoom must be a number.' })
      .int('The zoom must be a whole number.')
      .min(0, 'The zoom is 0 or more.')
      .max(FIELD_TILE_MAX_ZOOM, `Field tiles end at zoom ${FIELD_TILE_MAX_ZOOM}; closer in the map enlarges those.`),
    x: z.coerce
      .number({ message: 'The column must be a number.' })
      .int('The column must be a whole number.')
      .min(0, 'The column is 0 or more.'),
    y: z.coerce.number({ message: 'The row must be a number.' }).int('The row must be a whole number.').min(0, 'The row is 0 or more.'),
  })
  .refine(({ z: zoom, x, y }) => x < 2 ** zoom && y < 2 ** zoom, { message: 'The column and row must lie within the zoom level’s grid.' });
export type FieldTileAddress = z.output<typeof fieldTileParamsSchema>;

/** Longitude and latitude of a tile's edges (Web Mercator, as the map draws). */
export function tileBounds({ z: zoom, x, y }: FieldTileAddress): { west: number; south: number; east: number; north: number } {
  const tiles = 2 ** zoom;
  const latitudeOf = (row: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * row) / tiles))) * 180) / Math.PI;
  return { west: (x / tiles) * 360 - 180, east: ((x + 1) / tiles) * 360 - 180, north: latitudeOf(y), south: latitudeOf(y + 1) };
}

export interface FieldOnTile {
  id: string;
  cropType: string | null;
  mapBoundary: unknown;
}

/**
 * One tile of fields, encoded: each field's outline (a circle traced) with its id and crop group (the map's colour),
 * clipped to the tile and its margin; and the points, markers and counted circles the index gives for the tile (a
 * circle with the zoom at which it splits, for a tap to come in to). Null when nothing reaches the tile.
 */
export function encodeFieldTile(fields: readonly FieldOnTile[], points: FieldMap['points'], address: FieldTileAddress): Uint8Array | null {
  const layers: Parameters<typeof fromGeojsonVt>[0] = {};
  const outlines = outlineTile(fields, address);
  if (outlines) layers[FIELD_TILE_LAYER] = outlines;
  const markers = points.getTile(address.z, address.x, address.y);
  if (markers && markers.features.length > 0) {
    for (const feature of markers.features) {
      const tags = feature.tags as { cluster?: boolean; cluster_id?: number } | null | undefined;
      if (tags?.cluster) feature.tags = { ...tags, expansion_zoom: points.getClusterExpansionZoom(tags.cluster_id!) } as never;
    }
    layers[POINT_TILE_LAYER] = markers as never;
  }
  if (Object.keys(layers).length === 0) return null;
  // A copy of its own size: the encoder's buffer grows by doubling, and the cache counts what a tile holds.
  return fromGeojsonVt(layers, { version: 2, extent: EXTENT }).slice();
}

function outlineTile(fields: readonly FieldOnTile[], address: FieldTileAddress) {
  if (fields.length === 0) return null;
  const tile = geoJSONToTile(
    {
      type: 'FeatureCollection',
      features: fields.map((field) => ({
        type: 'Feature',
        geometry: boundaryAsPolygon(field.mapBoundary as FieldBoundary),
        properties: { id: field.id, cropGroup: cropGroupOf(field.cropType) },
      })),
    },
    address.z,
    address.x,
    address.y,
    { extent: EXTENT, buffer: BUFFER, clip: true, maxZoom: FIELD_TILE_MAX_ZOOM },
  );
  return tile && tile.features.length > 0 ? tile : null;
}

const tiles = new VersionedCache<Uint8Array>(TILE_CACHE_BYTES);
/** What an empty tile is kept as: nothing to draw. */
const EMPTY = new Uint8Array(0);

/**
 * A tile of the fields the actor reaches, and the field-list version it was made at (its ETag). Made once per
 * version, tile and reach, then kept: an edit to the organisation's fields or farms raises the version, so the next
 * request makes it again.
 */
export async function fieldTile(ctx: AppContext, actor: Actor, address: FieldTileAddress): Promise<{ version: number; tile: Uint8Array }> {
  const { orgId } = actor;
  const version = await ctx.fieldListVersions.get(orgId);
  const key = `${orgId}|${reachKey(actor, 'fields.read')}|${address.z}/${address.x}/${address.y}`;
  const kept = tiles.get(key, version);
  if (kept) return { version, tile: kept };
  const outlines = address.z >= OUTLINE_MIN_ZOOM ? await fieldsOnTile(ctx, actor, address) : [];
  const tile = encodeFieldTile(outlines, (await fieldMap(ctx, actor, version)).points, address) ?? EMPTY;
  tiles.set(key, version, tile);
  return { version, tile };
}

/** The fields whose box meets the tile and its margin, a batch at a time (by id), letting other requests in between. */
async function fieldsOnTile(ctx: AppContext, actor: Actor, address: FieldTileAddress): Promise<FieldOnTile[]> {
  const bounds = tileBounds(address);
  const marginLng = ((bounds.east - bounds.west) * BUFFER) / EXTENT;
  const marginLat = ((bounds.north - bounds.south) * BUFFER) / EXTENT;
  const found: FieldOnTile[] = [];
  let after: string | null = null;
  for (;;) {
    const batch: FieldOnTile[] = await ctx.database.db
      .selectFrom('fields')
      .select(['id', 'cropType', 'mapBoundary'])
      .where('orgId', '=', actor.orgId)
      .where(withinReach(ctx.database.db, actor, 'fields.read', { farmIdColumn: 'farmId' }))
      .where('bboxMaxLng', '>=', bounds.west - marginLng)
      .where('bboxMinLng', '<=', bounds.east + marginLng)
      .where('bboxMaxLat', '>=', bounds.south - marginLat)
      .where('bboxMinLat', '<=', bounds.north + marginLat)
      .$if(after !== null, (query) => query.where('id', '>', after!))
      .orderBy('id')
      .limit(TILE_BATCH_FIELDS)
      .execute();
    found.push(...batch);
    if (found.length > MAX_FIELDS_PER_TILE) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `This part of the map holds more than ${MAX_FIELDS_PER_TILE.toLocaleString('en-US')} fields; zoom in to see them.`,
      );
    }
    if (batch.length < TILE_BATCH_FIELDS) return found;
    after = batch.at(-1)!.id;
  }
}
