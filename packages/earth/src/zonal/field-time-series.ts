import { boundaryAsPolygon, type FieldBoundary } from '@murimi/core';
import { CogError } from '../cog/cog-error.ts';
import { openCog, type OpenCogOptions } from '../cog/cog-reader.ts';
import { RequestLimiter } from '../cog/request-limiter.ts';
import type { PixelWeighting } from '../geometry/scene-grid.ts';
import type { BiophysicalNetwork, ViewingGeometry } from '../scene/biophysical-network.ts';
import { pixelMeasure, type Measure } from '../scene/measures.ts';
import { sensorOfSource, type Sensor } from '../scene/sensor.ts';
import { viewingGeometryFromGranuleMetadata } from '../scene/viewing-geometry.ts';
import type { SceneSearchOptions } from '../stac/scene-search-cache.ts';
import { searchScenes, type StacLogEvent } from '../stac/stac-client.ts';
import type { SkippedStacItem, StacItem } from '../stac/stac-item.ts';
import type { BandName, ImagerySource, Sentinel2BandName, StacSource } from '../stac/sources.ts';
import { fieldSceneMeasures, type FieldSceneResult, type SceneBands, type SceneMeasurer } from './field-statistics.ts';

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
  /** Where each scene's pixels are measured once read: in line when absent (see `SceneMeasurer`). */
  measurer?: SceneMeasurer;
  /**
   * The field's scenes from an earlier search (`findFieldScenes`) covering `from`–`to`: those within the dates are
   * read and no search is made, so the several series of one analysis cost the catalogue one search.
   */
  scenes?: FieldScenes<B>;
  /**
   * Stops the series (a cancelled analysis): no further search, scene or range request is started, those in flight
   * are dropped, and the series rejects with the signal's reason.
   */
  signal?: AbortSignal;
  /** Told when the search starts and as scenes are read; awaited, and a rejection stops the series with it. */
  onProgress?: (progress: TimeSeriesProgress) => void | Promise<void>;
}

/** How far a series has come: searching the catalogue, then reading its scenes. */
export type TimeSeriesProgress = { step: 'searching' } | { step: 'reading'; scenesRead: number; sceneCount: number };

/** The scenes a catalogue has over a field between two days, with the ones it left out and why. */
export interface FieldScenes<B extends BandName = Sentinel2BandName> {
  items: StacItem<B>[];
  skipped: SkippedStacItem[];
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

/** Scenes of one series read at the same time; their range requests share the process-wide cap as well. */
const SCENES_AT_ONCE = 4;

/**
 * The scenes over a field between two days (`YYYY-MM-DD`, inclusive): one catalogue search, answered from
 * `search.cache` when it holds a fresh search of the field's area (`SceneSearchCache`).
 */
export async function findFieldScenes<B extends BandName>(
  source: StacSource<B>,
  boundary: FieldBoundary,
  dates: { from: string; to: string },
  search: SceneSearchOptions = {},
): Promise<FieldScenes<B>> {
  const { cache, ...options } = search;
  const request = { intersects: boundaryAsPolygon(boundary), from: dates.from, to: dates.to };
  const { items, skipped } = cache ? await cache.search(source, request, options) : await searchScenes(source, request, options);
  return { items, skipped };
}

/**
 * One index for one field over a date range: every scene the catalog has, in time order, each with its result or its
 * reason. The source's sensor (by the mask band it maps: SCL or QA_PIXEL) decides the bands, the reflectance rule and
 * the mask. An index the sensor cannot measure (NDRE on Landsat) is an `IndexNotAvailableError` before any request.
 */
export async function fieldTimeSeries<B extends BandName>(
  request: TimeSeriesRequest<B>,
): Promise<{ points: TimeSeriesPoint[]; skipped: SkippedStacItem[] }> {
  const { signal } = request;
  signal?.throwIfAborted();
  const sensor = sensorOfSource(request.source);
  assertMapped(request.source, sensor, [request.index], request.laiNetwork);

  let found: FieldScenes<B>;
  if (request.scenes) {
    const firstMs = Date.parse(`${request.from}T00:00:00Z`);
    const lastMs = Date.parse(`${request.to}T00:00:00Z`) + DAY_MS;
    const within = (item: StacItem<B>) => item.datetime.getTime() >= firstMs && item.datetime.getTime() < lastMs;
    found = { items: request.scenes.items.filter(within), skipped: request.scenes.skipped };
  } else {
    await request.onProgress?.({ step: 'searching' });
    found = await findFieldScenes(request.source, request.boundary, request, { ...request.search, signal });
  }
  const { items, skipped } = found;
  const sceneCount = items.length;
  let scenesRead = 0;
  await request.onProgress?.({ step: 'reading', scenesRead, sceneCount });
  // Scenes are read a few at a time: over the internet each waits mostly on round trips, from the cache on
  // inflating tiles, which Node's zlib does on its thread pool.
  const scenes = new RequestLimiter(SCENES_AT_ONCE);
  const points = await Promise.all(
    items.map(async (item): Promise<TimeSeriesPoint> => {
      const result = await scenes.run(async () => {
        const readings = await fieldSceneReadings({ ...request, item, measures: [request.index] });
        scenesRead += 1;
        await request.onProgress?.({ step: 'reading', scenesRead, sceneCount });
        return readings.get(request.index)!;
      });
      return {
        sceneId: item.id,
        datetime: item.datetime.toISOString(),
        source: request.source.id,
        cloudCoverPct: item.cloudCoverPct,
        result,
      };
    }),
  );
  return { points, skipped };
}

/** Several measures of one field on one scene: what `fieldSceneReadings` needs. */
export interface SceneReadingsRequest<B extends BandName> {
  source: StacSource<B>;
  boundary: FieldBoundary;
  item: StacItem<B>;
  measures: readonly Measure[];
  /** Give back the values per pixel of every measure (`true`) or of those listed. */
  keepPixels?: boolean | readonly Measure[];
  laiNetwork?: BiophysicalNetwork;
  weighting?: PixelWeighting;
  /** Its `log` hears of granule metadata that cannot be read. */
  search?: SceneSearchOptions;
  cog?: OpenCogOptions;
  /** Where the pixels are measured once read: in line when absent. */
  measurer?: SceneMeasurer;
  signal?: AbortSignal;
}

/**
 * Several measures of a field on one scene, each band opened and read once (NDVI, NDMI, NDRE and LAI of the latest
 * image together). An unreadable scene (a 403, a cut tile) gives every measure the same gap with its reason.
 */
export async function fieldSceneReadings<B extends BandName>(
  request: SceneReadingsRequest<B>,
): Promise<Map<Measure, TimeSeriesPoint['result']>> {
  const { signal, item } = request;
  signal?.throwIfAborted();
  const sensor = sensorOfSource(request.source);
  assertMapped(request.source, sensor, request.measures, request.laiNetwork);
  try {
    const lai =
      request.measures.includes('lai') && request.laiNetwork
        ? { network: request.laiNetwork, geometry: await sceneGeometry(item.granuleMetadataHref, request.search?.log, signal) }
        : undefined;
    const needed = new Set<B>([sensor.maskBand as B]);
    for (const measure of request.measures) for (const band of pixelMeasure(measure, sensor, lai).sensorBands) needed.add(band as B);
    const cog = { ...request.cog, signal };
    const readers = await Promise.all([...needed].map(async (band) => [band, await openCog(item.assets[band].href, cog)] as const));
    return await fieldSceneMeasures({
      boundary: request.boundary,
      measures: request.measures,
      lai,
      sensor,
      bands: Object.fromEntries(readers) as SceneBands,
      weighting: request.weighting,
      keepPixels: request.keepPixels,
      measurer: request.measurer,
      signal,
      reflectance: {
        collection: item.collection ?? request.source.collection,
        boaOffsetApplied: item.boaOffsetApplied,
        processingBaseline: item.processingBaseline,
        // Each band's own raster:bands: raw-DN collections need not scale every band alike.
        bands: item.assets,
      },
    });
  } catch (error) {
    signal?.throwIfAborted();
    // One unreadable scene leaves a gap with its reason; the other dates still count.
    if (error instanceof CogError) {
      const gap = { usable: false as const, reason: 'unreadable' as const, error: error.message };
      return new Map(request.measures.map((measure) => [measure, gap]));
    }
    throw error;
  }
}

/**
 * The most bands the measures may need (LAI by the network), checked against the source before any request; a
 * measure the sensor cannot make (NDRE on Landsat) is an `IndexNotAvailableError` here.
 */
function assertMapped<B extends BandName>(
  source: StacSource<B>,
  sensor: Sensor,
  measures: readonly Measure[],
  laiNetwork?: BiophysicalNetwork,
) {
  const bands = new Set<BandName>([sensor.maskBand]);
  for (const measure of measures)
    for (const band of pixelMeasure(measure, sensor, laiNetwork && { network: laiNetwork, geometry: anyGeometry }).sensorBands)
      bands.add(band);
  const unmapped = [...bands].filter((band) => !(band in source.assetKeys));
  if (unmapped.length > 0) throw new Error(`Source ${source.id} maps no asset for ${unmapped.join(', ')}.`);
}

const DAY_MS = 86_400_000;

/** Stands in for a scene's angles when only the bands a measure could need are asked. */
const anyGeometry: ViewingGeometry = { viewZenithDeg: 0, viewAzimuthDeg: 0, sunZenithDeg: 0, sunAzimuthDeg: 0 };

/**
 * A scene's mean view and sun angles from its granule metadata; null when it has none or it cannot be read, and
 * then the empirical LAI stands in (the point's method says so).
 */
async function sceneGeometry(
  href: string | null,
  log?: (event: StacLogEvent) => void,
  stop?: AbortSignal,
): Promise<ViewingGeometry | null> {
  if (!href) return null;
  try {
    const timeout = AbortSignal.timeout(30_000);
    const response = await fetch(href, { signal: stop ? AbortSignal.any([timeout, stop]) : timeout });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return viewingGeometryFromGranuleMetadata(await response.text());
  } catch (error) {
    stop?.throwIfAborted();
    log?.({
      level: 'warn',
      message: 'granule metadata unreadable; LAI falls back to the empirical relation',
      context: { href, error: String(error) },
    });
    return null;
  }
}
