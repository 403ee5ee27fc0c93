import { z } from 'zod';
import type { BandName } from './sources.ts';

/** One band of a scene: where its COG is, and how its digital numbers become values (`raster:bands[0]`). */
export interface StacAsset {
  /** Absolute URL of the band's file. */
  href: string;
  /** value = DN · scale + offset; null when the catalogue does not say. */
  scale: number | null;
  offset: number | null;
  /** DN that marks no data (NaN when the catalogue says "nan"); null when the catalogue does not say. */
  nodata: number | null;
}

/** A scene as the imagery engine needs it, with its bands under the product's band names. */
export interface StacItem<B extends BandName> {
  id: string;
  collection: string | null;
  /** Acquisition time (UTC). */
  datetime: Date;
  platform: string | null;
  /** Tile-wide `eo:cloud_cover`; usability is judged per field, never by this (science.md §1.4). */
  cloudCoverPct: number | null;
  /** EPSG code of the scene's CRS, e.g. 32736 for UTM 36S. */
  epsg: number;
  /** `s2:processing_baseline`, e.g. "05.10"; decides the 2022 offset rule (science.md §1.2). */
  processingBaseline: string | null;
  /** `earthsearch:boa_offset_applied`: whether Earth Search already shifted the pixels by −1000. */
  boaOffsetApplied: boolean | null;
  sunAzimuthDeg: number | null;
  sunElevationDeg: number | null;
  /** Sentinel-2's granule metadata (`MTD_TL.xml`, asset `granule_metadata`): the view angles LAI's network needs. */
  granuleMetadataHref: string | null;
  /**
   * Where the scene has data, WGS84, as the catalogue states it: its `bbox` and the outer rings of its polygon
   * `geometry`. A search made for a wider area (shared by the fields of one tile) is narrowed to a field with it.
   * Null when the item has no bbox.
   */
  footprint: SceneFootprint | null;
  assets: Readonly<Record<B, StacAsset>>;
}

/** A scene's area with data: its bounding box [west, south, east, north] and the outer rings of its polygons (none when its geometry is not a polygon). */
export interface SceneFootprint {
  bbox: [number, number, number, number];
  rings: [number, number][][];
}

/** A scene the search left out, and why, so that nothing disappears without a trace. */
export interface SkippedStacItem {
  id: string | null;
  reason: string;
}

export type StacItemParse<B extends BandName> = { ok: true; item: StacItem<B> } | { ok: false; skipped: SkippedStacItem };

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? null);

const rasterBandSchema = z.object({
  scale: z.number().optional(),
  offset: z.number().optional(),
  // The raster extension allows these three strings where JSON has no number for them.
  nodata: z.union([z.number(), z.enum(['nan', 'inf', '-inf'])]).optional(),
});

const assetSchema = z.object({
  href: z.string().min(1),
  'proj:epsg': optional(z.number().int()),
  'proj:code': optional(z.string()),
  'raster:bands': z.array(rasterBandSchema).optional(),
});

const positionSchema = z.tuple([z.number(), z.number()]).rest(z.number());
const ringSchema = z.array(positionSchema).min(4);
const geometrySchema = z.union([
  z.object({ type: z.literal('Polygon'), coordinates: z.array(ringSchema).min(1) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(ringSchema).min(1)) }),
]);

const itemSchema = z.object({
  id: z.string().min(1),
  collection: optional(z.string()),
  bbox: z.array(z.number()).optional(),
  geometry: z.unknown().optional(),
  properties: z.object({
    datetime: optional(z.string()),
    start_datetime: optional(z.string()),
    platform: optional(z.string()),
    'eo:cloud_cover': optional(z.number()),
    'proj:epsg': optional(z.number().int()),
    'proj:code': optional(z.string()),
    's2:processing_baseline': optional(z.string()),
    'earthsearch:boa_offset_applied': optional(z.boolean()),
    'view:sun_azimuth': optional(z.number()),
    'view:sun_elevation': optional(z.number()),
  }),
  // Only the assets of the wanted bands are checked; a catalogue's other assets may hold anything.
  assets: z.record(z.string(), z.unknown()),
  links: z.array(z.unknown()).optional(),
});

const selfLinkSchema = z.object({ rel: z.literal('self'), href: z.string() });

/**
 * Reads one feature of a STAC search answer into a `StacItem` with the bands of `assetKeys`.
 * A feature without a usable time, CRS or one of the wanted bands is returned as skipped with the reason.
 * Relative hrefs are resolved against the item's `self` link, else against `baseUrl` (the page it came from).
 */
export function parseStacItem<B extends BandName>(
  feature: unknown,
  assetKeys: Readonly<Record<B, string>>,
  baseUrl: string,
): StacItemParse<B> {
  const parsed = itemSchema.safeParse(feature);
  if (!parsed.success) {
    return skip(idOf(feature), `not a usable STAC item: ${describeIssues(parsed.error)}`);
  }
  const { id, properties } = parsed.data;

  const timeText = properties.datetime ?? properties.start_datetime;
  const datetime = timeText === null ? null : new Date(timeText);
  if (datetime === null || Number.isNaN(datetime.getTime())) {
    return skip(id, timeText === null ? 'no datetime' : `datetime "${timeText}" is not a date`);
  }

  const itemUrl = selfHref(parsed.data.links) ?? baseUrl;
  const assets: Partial<Record<B, StacAsset>> = {};
  const bandProblems: string[] = [];
  const bandEpsgCodes: Array<number | string> = [];
  for (const band of Object.keys(assetKeys) as B[]) {
    const key = assetKeys[band];
    const raw = parsed.data.assets[key];
    if (raw === undefined) {
      bandProblems.push(`band ${band} has no asset "${key}"`);
      continue;
    }
    const asset = assetSchema.safeParse(raw);
    if (!asset.success) {
      bandProblems.push(`band ${band} (asset "${key}"): ${describeIssues(asset.error)}`);
      continue;
    }
    const href = resolveHref(asset.data.href, itemUrl);
    if (href === null) {
      bandProblems.push(`band ${band} (asset "${key}") has an unreadable href "${asset.data.href}"`);
      continue;
    }
    const rasterBand = asset.data['raster:bands']?.[0];
    assets[band] = {
      href,
      scale: rasterBand?.scale ?? null,
      offset: rasterBand?.offset ?? null,
      nodata: noDataValue(rasterBand?.nodata),
    };
    bandEpsgCodes.push(...[asset.data['proj:epsg'], asset.data['proj:code']].filter((code) => code !== null));
  }
  if (bandProblems.length > 0) return skip(id, bandProblems.join('; '));

  // Earth Search v1 states the CRS on the item; newer catalogues (STAC projection v2) use `proj:code`, sometimes
  // only on the assets.
  const crs = [properties['proj:epsg'], properties['proj:code'], ...bandEpsgCodes].find((code) => code !== null);
  if (crs === undefined) return skip(id, 'no CRS: neither proj:epsg nor proj:code on the item or its bands');
  const epsg = epsgCode(crs);
  if (epsg === null) return skip(id, `CRS "${crs}" is not an EPSG code`);

  return {
    ok: true,
    item: {
      id,
      collection: parsed.data.collection,
      datetime,
      platform: properties.platform,
      cloudCoverPct: properties['eo:cloud_cover'],
      epsg,
      processingBaseline: properties['s2:processing_baseline'],
      boaOffsetApplied: properties['earthsearch:boa_offset_applied'],
      sunAzimuthDeg: properties['view:sun_azimuth'],
      sunElevationDeg: properties['view:sun_elevation'],
      granuleMetadataHref: granuleMetadataHref(parsed.data.assets.granule_metadata, itemUrl),
      footprint: footprintOf(parsed.data.bbox, parsed.data.geometry),
      assets: assets as Record<B, StacAsset>,
    },
  };
}

/** The item's bbox (2D or 3D) and the outer rings of a Polygon or MultiPolygon geometry; null without a bbox. */
function footprintOf(bbox: number[] | undefined, geometry: unknown): SceneFootprint | null {
  if (!bbox || (bbox.length !== 4 && bbox.length !== 6)) return null;
  const half = bbox.length / 2;
  const parsed = geometrySchema.safeParse(geometry);
  const polygons = !parsed.success ? [] : parsed.data.type === 'Polygon' ? [parsed.data.coordinates] : parsed.data.coordinates;
  return {
    bbox: [bbox[0]!, bbox[1]!, bbox[half]!, bbox[half + 1]!],
    rings: polygons.map(([outer]) => outer!.map(([lng, lat]) => [lng, lat] as [number, number])),
  };
}

function granuleMetadataHref(asset: unknown, itemUrl: string): string | null {
  const parsed = z.object({ href: z.string().min(1) }).safeParse(asset);
  return parsed.success ? resolveHref(parsed.data.href, itemUrl) : null;
}

function skip(id: string | null, reason: string): { ok: false; skipped: SkippedStacItem } {
  return { ok: false, skipped: { id, reason } };
}

function idOf(feature: unknown): string | null {
  if (typeof feature !== 'object' || feature === null || !('id' in feature)) return null;
  return typeof feature.id === 'string' && feature.id !== '' ? feature.id : null;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

function selfHref(links: unknown[] | undefined): string | null {
  for (const link of links ?? []) {
    const self = selfLinkSchema.safeParse(link);
    if (self.success && URL.canParse(self.data.href)) return self.data.href;
  }
  return null;
}

function resolveHref(href: string, base: string): string | null {
  return URL.canParse(href, base) ? new URL(href, base).href : null;
}

function noDataValue(nodata: number | 'nan' | 'inf' | '-inf' | undefined): number | null {
  if (nodata === undefined) return null;
  if (nodata === 'nan') return Number.NaN;
  if (nodata === 'inf') return Number.POSITIVE_INFINITY;
  if (nodata === '-inf') return Number.NEGATIVE_INFINITY;
  return nodata;
}

/** `32736` or `"EPSG:32736"` → 32736; any other authority (e.g. `"IAU_2015:30100"`) → null. */
function epsgCode(crs: number | string): number | null {
  if (typeof crs === 'number') return crs;
  const match = /^EPSG:(\d+)$/i.exec(crs.trim());
  return match ? Number(match[1]) : null;
}
