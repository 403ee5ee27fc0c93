import { boundaryAsPolygon, type FieldBoundary } from '@murimi/core';
import { CogError } from '../cog/cog-error.ts';
import { openCog, type CogReader, type OpenCogOptions } from '../cog/cog-reader.ts';
import type { PixelWeighting } from '../geometry/scene-grid.ts';
import { INDICES, type IndexName } from '../scene/indices.ts';
import { searchScenes, type SceneSearchOptions } from '../stac/stac-client.ts';
import type { SkippedStacItem, StacItem } from '../stac/stac-item.ts';
import type { Sentinel2BandName, Sentinel2Source } from '../stac/sources.ts';
import type { ImagerySource } from '../index.ts';
import { fieldSceneStatistics, type FieldSceneResult, type SceneBands } from './field-statistics.ts';

export interface TimeSeriesRequest {
  source: Sentinel2Source;
  boundary: FieldBoundary;
  /** Calendar dates, YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  index: IndexName;
  weighting?: PixelWeighting;
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

/** One index for one field over a date range: every scene the catalog has, in time order, each with its result or its reason. */
export async function fieldTimeSeries(request: TimeSeriesRequest): Promise<{ points: TimeSeriesPoint[]; skipped: SkippedStacItem[] }> {
  const { items, skipped } = await searchScenes(
    request.source,
    { intersects: boundaryAsPolygon(request.boundary), from: request.from, to: request.to },
    request.search,
  );
  const points: TimeSeriesPoint[] = [];
  for (const item of items) {
    points.push({
      sceneId: item.id,
      datetime: item.datetime.toISOString(),
      source: request.source.id,
      cloudCoverPct: item.cloudCoverPct,
      result: await sceneResult(request, item),
    });
  }
  return { points, skipped };
}

async function sceneResult(request: TimeSeriesRequest, item: StacItem<Sentinel2BandName>): Promise<TimeSeriesPoint['result']> {
  const needed = [...INDICES[request.index].bands, 'scl'] as Sentinel2BandName[];
  try {
    const readers = await Promise.all(needed.map(async (band) => [band, await openCog(item.assets[band].href, request.cog)] as const));
    const bands = Object.fromEntries(readers) as Record<string, CogReader> as SceneBands;
    // Raw-number collections give scale and offset per band; the index's bands share them.
    const first = item.assets[INDICES[request.index].bands[0] as Sentinel2BandName];
    return await fieldSceneStatistics({
      boundary: request.boundary,
      index: request.index,
      bands,
      weighting: request.weighting,
      reflectance: {
        collection: item.collection ?? request.source.collection,
        boaOffsetApplied: item.boaOffsetApplied,
        processingBaseline: item.processingBaseline,
        bandScale: first.scale,
        bandOffset: first.offset,
      },
    });
  } catch (error) {
    // One unreadable scene (a 403, a cut tile) leaves a gap with its reason; the other dates still count.
    if (error instanceof CogError) return { usable: false, reason: 'unreadable', error: error.message };
    throw error;
  }
}
