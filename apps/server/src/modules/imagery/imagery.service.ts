import { createHash } from 'node:crypto';
import { daysBetween, isoDay, seasonWindow, type Field, type FieldBoundary, type FieldScene } from '@murimi/core';
import {
  encodeFloat32GeoTiff,
  fieldSceneReadings,
  fieldTimeSeries,
  findFieldScenes,
  renderFieldIndexPng,
  StacError,
  windowPlacement,
  type Measure,
  type WindowPlacement,
} from '@murimi/earth';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext, ServiceContext } from '../../app-context.ts';
import { AppError } from '../../errors.ts';
import { imageryAccess, type ImageryAccess } from '../analysis/imagery.ts';
import { getField } from '../fields/fields.service.ts';
import { MAX_ZONE_FIELD_HECTARES } from '../zones/zones.service.ts';

export type { FieldScene } from '@murimi/core';

/** The indices a farmer picks on the map, by their spec names; NDWI is the engine's NIR−SWIR index (`ndmi`). */
export const imageryIndices = ['ndvi', 'ndwi', 'ndre', 'lai'] as const;
export type ImageryIndex = (typeof imageryIndices)[number];
const measureOf: Record<ImageryIndex, Measure & ('ndvi' | 'ndmi' | 'ndre' | 'lai')> = {
  ndvi: 'ndvi',
  ndwi: 'ndmi',
  ndre: 'ndre',
  lai: 'lai',
};

/** A period over a year would read every scene of more than one season while the request waits. */
const MAX_PERIOD_DAYS = 366;
/**
 * Largest field whose imagery is read while the request waits: the same bound as management zones, for the same
 * measured reason (reading and colouring a 10,000 ha field's million pixels holds the event loop for seconds; 500 ha
 * stays under 65 ms a step).
 */
export const MAX_IMAGERY_FIELD_HECTARES = MAX_ZONE_FIELD_HECTARES;
/** Changes whenever the colours of the maps change, so browsers drop images drawn on an old legend. */
const LEGEND_VERSION = 'viridis-1';
const IMAGERY_UNAVAILABLE = 'Satellite imagery is unavailable right now; please try again later.';

export interface ImageryPeriod {
  from?: string;
  to?: string;
}

export interface FieldImageryList {
  fieldId: string;
  index: ImageryIndex;
  from: string;
  to: string;
  simulated: boolean;
  /** Names what the field's images are drawn from besides the scene; an image asked with it never changes. */
  imageVersion: string;
  scenes: FieldScene[];
}

/** A field's index map on one scene, ready to send. */
export interface FieldImageFile {
  body: Buffer;
  contentType: string;
  placement: WindowPlacement;
  /** Metres per pixel: 10 for most indices, 20 for NDRE (its red-edge band). */
  pixelSizeM: number;
  simulated: boolean;
}

interface FieldImagery {
  field: Field;
  boundary: FieldBoundary;
  from: string;
  to: string;
  imagery: ImageryAccess;
}

/**
 * The period asked for, else the field's season window on today (`seasonWindow`: from planting while the crop is in
 * season, otherwise the 120 days before), as the health analysis reads it.
 */
function imageryPeriod(field: Field, period: ImageryPeriod, today: string): { from: string; to: string } {
  const to = period.to ?? today;
  const season = {
    plantingDate: field.plantingDate ?? null,
    harvestDate: field.actualHarvestDate ?? null,
    cropType: field.cropType ?? null,
  };
  const from = period.from ?? seasonWindow(season, to).from;
  if (from > to) throw AppError.invalid('from', `from (${from}) must be on or before to (${to}).`);
  if (daysBetween(from, to) > MAX_PERIOD_DAYS) throw AppError.invalid('from', `Ask for at most ${MAX_PERIOD_DAYS} days of imagery.`);
  return { from, to };
}

/** The caller's field (404 otherwise), refused when too large to read while the request waits, and its imagery. */
async function fieldImagery(
  ctx: ServiceContext,
  log: FastifyBaseLogger,
  orgId: string,
  fieldId: string,
  period: ImageryPeriod,
): Promise<FieldImagery> {
  const field = await getField(ctx, orgId, fieldId);
  if (field.size_hectares > MAX_IMAGERY_FIELD_HECTARES) {
    throw new AppError(
      'VALIDATION_FAILED',
      `Index maps are drawn for fields of up to ${MAX_IMAGERY_FIELD_HECTARES.toLocaleString('en-US')} ha; this one is ` +
        `${Math.round(field.size_hectares).toLocaleString('en-US')} ha. Split it into blocks on the map to see each block's imagery.`,
    );
  }
  const { from, to } = imageryPeriod(field, period, isoDay(ctx.now()));
  let imagery: ImageryAccess;
  try {
    const organisation = await ctx.database.db.selectFrom('organisations').select('demo').where('id', '=', orgId).executeTakeFirst();
    imagery = await imageryAccess(ctx.config, log, organisation?.demo ?? false);
  } catch (error) {
    log.error({ err: error }, 'imagery not available for index maps');
    throw new AppError('SERVICE_UNAVAILABLE', IMAGERY_UNAVAILABLE);
  }
  return { field, boundary: field.boundary as FieldBoundary, from, to, imagery };
}

/** An unreachable catalogue is a 503 with what to do; anything else is ours. */
async function fromCatalogue<T>(log: FastifyBaseLogger, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof StacError)) throw error;
    log.warn({ err: error }, 'imagery catalog unavailable for index maps');
    throw new AppError('SERVICE_UNAVAILABLE', `${IMAGERY_UNAVAILABLE} (${error.message})`);
  }
}

/**
 * Every scene over the field in the period with its clear share and, when usable, the field's mean, p10 and p90:
 * the same series, searches and tile cache as the health analysis, so the numbers are the analysis's numbers.
 */
export async function listFieldImagery(
  ctx: AppContext,
  log: FastifyBaseLogger,
  orgId: string,
  fieldId: string,
  index: ImageryIndex,
  period: ImageryPeriod,
): Promise<FieldImageryList> {
  const { field, boundary, from, to, imagery } = await fieldImagery(ctx, log, orgId, fieldId, period);
  const { points } = await fromCatalogue(log, () =>
    fieldTimeSeries({
      source: imagery.source,
      boundary,
      from,
      to,
      index: measureOf[index],
      laiNetwork: imagery.laiNetwork,
      cog: imagery.cog,
      search: imagery.search,
    }),
  );
  const scenes = points
    .map((point): FieldScene => {
      const { result } = point;
      const measured = 'statistics' in result && result.usable ? result.statistics : null;
      return {
        date: point.datetime.slice(0, 10),
        datetime: point.datetime,
        sceneId: point.sceneId,
        source: point.source,
        sceneCloudCoverPct: point.cloudCoverPct,
        clearShare:
          'clear' in result ? round(result.clear.clearFraction * result.insideShare) : result.reason === 'outside-scene' ? 0 : null,
        usable: result.usable,
        reason: result.reason,
        mean: measured ? round(measured.mean) : null,
        p10: measured ? round(measured.p10) : null,
        p90: measured ? round(measured.p90) : null,
        simulated: imagery.simulated,
      };
    })
    .sort((a, b) => a.datetime.localeCompare(b.datetime));
  return { fieldId: field.id, index, from, to, simulated: imagery.simulated, imageVersion: imageVersion(field), scenes };
}

/**
 * What a field's index images are drawn from besides the scene and the index: the boundary (its last change) and the
 * legend. An image URL carrying it names its content, so the browser may keep it for good.
 */
export function imageVersion(field: Pick<Field, 'id' | 'lastModified'>): string {
  return createHash('sha256').update([field.id, field.lastModified, LEGEND_VERSION].join('\n')).digest('base64url').slice(0, 16);
}

/**
 * A tag for one field's map of one scene and index: the image changes only when the boundary (its last change) or
 * the legend does, so a browser asking again with it gets a 304 before any imagery is read.
 */
export function imageEtag(field: Pick<Field, 'id' | 'lastModified'>, sceneId: string, index: ImageryIndex, format: 'png' | 'tif'): string {
  const hash = createHash('sha256').update([field.id, field.lastModified, sceneId, index, format, LEGEND_VERSION].join('\n'));
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}

/** The field (404 if not the caller's) as the image's tag needs it, before any imagery is read. */
export async function fieldForImage(ctx: AppContext, orgId: string, fieldId: string): Promise<Field> {
  return getField(ctx, orgId, fieldId);
}

/**
 * The field's index on one scene at the scene's resolution, clipped to the boundary: a PNG on the index's legend
 * (cloud and shadow grey, outside the field transparent) or a float32 GeoTIFF of the values. The scene is found
 * among the field's scenes of the period (the list's period by default), so another area's scene is not found.
 */
export async function fieldSceneImage(
  ctx: ServiceContext,
  log: FastifyBaseLogger,
  orgId: string,
  fieldId: string,
  sceneId: string,
  index: ImageryIndex,
  format: 'png' | 'tif',
  period: ImageryPeriod,
): Promise<FieldImageFile> {
  const { boundary, from, to, imagery } = await fieldImagery(ctx, log, orgId, fieldId, period);
  const measure = measureOf[index];
  const result = await fromCatalogue(log, async () => {
    const { items } = await findFieldScenes(imagery.source, boundary, { from, to }, imagery.search);
    const item = items.find((candidate) => candidate.id === sceneId);
    if (!item) throw AppError.notFound(`Scene ${sceneId} over this field between ${from} and ${to}`);
    const readings = await fieldSceneReadings({
      source: imagery.source,
      boundary,
      item,
      measures: [measure],
      keepPixels: true,
      laiNetwork: imagery.laiNetwork,
      cog: imagery.cog,
      search: imagery.search,
    });
    return readings.get(measure)!;
  });
  if (!('pixels' in result) || !result.pixels) {
    const why = result.reason === 'unreadable' ? 'its imagery cannot be read right now' : 'the field lies outside it';
    throw new AppError('NOT_FOUND', `Scene ${sceneId} has no pixels of this field: ${why}.`);
  }
  const { pixels } = result;
  const placement = windowPlacement(pixels);
  const body =
    format === 'png'
      ? renderFieldIndexPng(pixels, measure)
      : encodeFloat32GeoTiff(
          { width: pixels.width, height: pixels.height, values: clippedValues(pixels.values, pixels.fractions) },
          {
            epsg: pixels.grid.epsg,
            originX: pixels.grid.originX + pixels.column * pixels.grid.pixelSizeM,
            originY: pixels.grid.originY - pixels.row * pixels.grid.pixelSizeM,
            pixelSizeM: pixels.grid.pixelSizeM,
          },
        );
  return {
    body,
    contentType: format === 'png' ? 'image/png' : 'image/tiff',
    placement,
    pixelSizeM: pixels.grid.pixelSizeM,
    simulated: imagery.simulated,
  };
}

/** The values inside the field; NaN outside it. */
function clippedValues(values: Float32Array, fractions: Float64Array): Float32Array {
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = fractions[i]! > 0 ? values[i]! : Number.NaN;
  return out;
}

const round = (value: number) => Number(value.toFixed(4));
