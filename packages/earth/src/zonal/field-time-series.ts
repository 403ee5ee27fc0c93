import { boundaryAsPolygon, type FieldBoundary } from '@murimi/core';
import { CogError } from '../cog/cog-error.ts';
import { openCog, type OpenCogOptions } from '../cog/cog-reader.ts';
import { RequestLimiter } from '../cog/request-limiter.ts';
import type { PixelWeighting } from '../geometry/scene-grid.ts';
import type { BiophysicalNetwork, ViewingGeometry } from '../scene/biophysical-network.ts';
import { pixelMeasure, type Measure } from '../scene/measures.ts';
import { sensorOfSource, type Sensor } from '../scene/sensor.ts';
import { viewingGeometryFromGranuleMetadata } from '../scene/viewing-geometry.ts';
import { searchScenes, type SceneSearchOptions, type StacLogEvent } from '../stac/stac-client.ts';
import type { SkippedStacItem, StacItem } from '../stac/stac-item.ts';
import type { BandName, Sentinel2BandName, StacSource } from '../stac/sources.ts';
import type { ImagerySource } from '../index.ts';
import { fieldSceneStatistics, type FieldSceneResult, type SceneBands } from './field-statistics.ts';

/** A field, dates and an index, from one source: Sentinel-2 (`earthSearchSentinel2`, `simulatedSentinel2(url)`) or Landsat (`earthSearchLandsat`). */
export interface TimeSeriesRequest<B extends BandName = Sentinel2BandName> {
  source: StacSource<B>;
  boundary: FieldBoundary;
  /** Calendar dates, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  /** An index, or `lai`. */
  index: Measure;
  /**
   * ESA's LAI network (`loadBiophysicalNetwork`): with it, LAI on Sentinel-2 comes from the network with each scene's
   * angles from its granule metadata; without it, or without the angles, from the empirical relation.
   */
  laiNetwork?: BiophysicalNetwork;
  weighting?: PixelWeighting;
  /** Give back each scene's measure per pixel (`FieldPixels`), for zones and maps. */
  keepPixels?: boolean;
  search?: SceneSearchOptions;
  cog?: OpenCogOptions;
}

export interface TimeSeriesPoint {
  sceneId: string;
  /** Acquisition time, ISO 8601. */
  datetime: string;
  /** Where the pixels came from; `simulated` for demo imagery, always shown with the numbers. */
  source: ImagerySource;
  cloudCoverPct: number | null;
  result: FieldSceneResult | { usable: false; reason: 'unreadable'; error: string };
}

/**
 * One index for one field over a date range: every scene the catalog has, in time order, each with its result or its
 * reason. The source's sensor (by the mask band it maps: SCL or QA_PIXEL) decides the bands, the reflectance rule and
 * the mask. An index the sensor cannot measure (NDRE on Landsat) is an `IndexNotAvailableError` before any request.
 */
/** Scenes of one series read at the same time; their range requests share the process-wide cap as well. */
const SCENES_AT_ONCE = 4;

export async function fieldTimeSeries<B extends BandName>(
  request: TimeSeriesRequest<B>,
): Promise<{ points: TimeSeriesPoint[]; skipped: SkippedStacItem[] }> {
  const sensor = sensorOfSource(request.source);
  // The most bands a scene may need (LAI by the network), checked against the source before any request.
  const widest = pixelMeasure(request.index, sensor, request.laiNetwork && { network: request.laiNetwork, geometry: anyGeometry });
  const unmapped = [...widest.sensorBands, sensor.maskBand].filter((band) => !(band in request.source.assetKeys));
  if (unmapped.length > 0) throw new Error(`Source ${request.source.id} maps no asset for ${unmapped.join(', ')}.`);

  const { items, skipped } = await searchScenes(
    request.source,
    { intersects: boundaryAsPolygon(request.boundary), from: request.from, to: request.to },
    request.search,
  );
  // Scenes are read a few at a time: over the internet each waits mostly on round trips, from the cache on
  // inflating tiles, which Node's zlib does on its thread pool.
  const scenes = new RequestLimiter(SCENES_AT_ONCE);
  const points = await Promise.all(
    items.map(async (item): Promise<TimeSeriesPoint> => ({
      sceneId: item.id,
      datetime: item.datetime.toISOString(),
      source: request.source.id,
      cloudCoverPct: item.cloudCoverPct,
      result: await scenes.run(() => sceneResult(request, sensor, item)),
    })),
  );
  return { points, skipped };
}

async function sceneResult<B extends BandName>(
  request: TimeSeriesRequest<B>,
  sensor: Sensor,
  item: StacItem<B>,
): Promise<TimeSeriesPoint['result']> {
  try {
    const lai =
      request.index === 'lai' && request.laiNetwork
        ? { network: request.laiNetwork, geometry: await sceneGeometry(item.granuleMetadataHref, request.search?.log) }
        : undefined;
    const needed = [...new Set([...pixelMeasure(request.index, sensor, lai).sensorBands, sensor.maskBand])] as B[];
    const readers = await Promise.all(needed.map(async (band) => [band, await openCog(item.assets[band].href, request.cog)] as const));
    return await fieldSceneStatistics({
      boundary: request.boundary,
      index: request.index,
      lai,
      sensor,
      bands: Object.fromEntries(readers) as SceneBands,
      weighting: request.weighting,
      keepPixels: request.keepPixels,
      reflectance: {
        collection: item.collection ?? request.source.collection,
        boaOffsetApplied: item.boaOffsetApplied,
        processingBaseline: item.processingBaseline,
        // Each band's own raster:bands: raw-DN collections need not scale every band alike.
        bands: item.assets,
      },
    });
  } catch (error) {
    // One unreadable scene (a 403, a cut tile) leaves a gap with its reason; the other dates still count.
    if (error instanceof CogError) return { usable: false, reason: 'unreadable', error: error.message };
    throw error;
  }
}

/** Stands in for a scene's angles when only the bands a measure could need are asked. */
const anyGeometry: ViewingGeometry = { viewZenithDeg: 0, viewAzimuthDeg: 0, sunZenithDeg: 0, sunAzimuthDeg: 0 };

/**
 * A scene's mean view and sun angles from its granule metadata; null when it has none or it cannot be read, and
 * then the empirical LAI stands in (the point's method says so).
 */
async function sceneGeometry(href: string | null, log?: (event: StacLogEvent) => void): Promise<ViewingGeometry | null> {
  if (!href) return null;
  try {
    const response = await fetch(href, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return viewingGeometryFromGranuleMetadata(await response.text());
  } catch (error) {
    log?.({
      level: 'warn',
      message: 'granule metadata unreadable; LAI falls back to the empirical relation',
      context: { href, error: String(error) },
    });
    return null;
  }
}
