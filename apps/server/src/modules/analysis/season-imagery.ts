import type { FieldBoundary } from '@murimi/core';
import { fieldSceneReadings, fieldTimeSeries, findFieldScenes, type TimeSeriesPoint } from '@murimi/earth';
import type { AnalysisProgress } from './analysis-progress.ts';
import type { ImageryAccess } from './imagery.ts';

/** What the yield and fertilizer analyses need from a season's imagery. */
export interface SeasonImagery {
  /** Field mean NDVI of each usable image, oldest first. */
  ndvi: { date: string; sceneId: string; meanNdvi: number }[];
  sceneIds: string[];
  latest: {
    date: string;
    sceneId: string;
    /** The field's mean NDRE and its 90th percentile (the reference for the sufficiency index). */
    ndre: { mean: number; p90: number } | null;
    /** Share of the field with McFeeters NDWI above 0: standing water. */
    openWaterShare: number | null;
  } | null;
  simulated: boolean;
}

type Usable = TimeSeriesPoint & { result: Extract<TimeSeriesPoint['result'], { usable: true }> };
const isUsable = (point: TimeSeriesPoint): point is Usable => point.result.usable;

/**
 * The season's usable images of a field, and the latest one's NDRE and open water: one catalogue search (through
 * the shared cache) and one read of the latest image's bands for both. With `progress`, each step is reported and a
 * cancel stops the reads.
 */
export async function seasonImagery(
  boundary: FieldBoundary,
  imagery: ImageryAccess,
  from: string,
  today: string,
  progress?: AnalysisProgress,
): Promise<SeasonImagery> {
  const signal = progress?.signal;
  await progress?.report('searching-imagery');
  const scenes = await findFieldScenes(imagery.source, boundary, { from, to: today }, { ...imagery.search, signal });
  await progress?.report('reading-imagery');
  const { points } = await fieldTimeSeries({
    source: imagery.source,
    boundary,
    from,
    to: today,
    index: 'ndvi',
    scenes,
    cog: imagery.cog,
    measurer: imagery.measurer,
    search: imagery.search,
    signal,
  });
  const usable = points.filter(isUsable);
  const last = usable.at(-1);
  let latest: SeasonImagery['latest'] = null;
  if (last) {
    const readings = await fieldSceneReadings({
      source: imagery.source,
      boundary,
      item: scenes.items.find((item) => item.id === last.sceneId)!,
      measures: ['ndre', 'ndwiMcFeeters'],
      keepPixels: ['ndwiMcFeeters'],
      cog: imagery.cog,
      measurer: imagery.measurer,
      search: imagery.search,
      signal,
    });
    const ndre = readings.get('ndre');
    const water = readings.get('ndwiMcFeeters');
    latest = {
      date: last.datetime.slice(0, 10),
      sceneId: last.sceneId,
      ndre: ndre?.usable ? { mean: ndre.statistics.mean, p90: ndre.statistics.p90 } : null,
      openWaterShare: water?.usable && water.pixels ? shareAbove(water.pixels.values, water.pixels.fractions, 0) : null,
    };
  }
  return {
    ndvi: usable.map((point) => ({ date: point.datetime.slice(0, 10), sceneId: point.sceneId, meanNdvi: point.result.statistics.mean })),
    sceneIds: points.map((point) => point.sceneId),
    latest,
    simulated: imagery.simulated,
  };
}

/** Coverage-weighted share of the field's valid pixels above `threshold`. */
function shareAbove(values: Float32Array, fractions: ArrayLike<number>, threshold: number): number {
  let above = 0;
  let total = 0;
  values.forEach((value, i) => {
    if (Number.isNaN(value) || !(fractions[i]! > 0)) return;
    total += fractions[i]!;
    if (value > threshold) above += fractions[i]!;
  });
  return total === 0 ? 0 : above / total;
}
