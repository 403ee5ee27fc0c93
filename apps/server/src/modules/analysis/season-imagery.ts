import type { FieldBoundary } from '@murimi/core';
import { fieldTimeSeries, type Measure, type TimeSeriesPoint } from '@murimi/earth';
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

/** The season's usable images of a field, and the latest one's NDRE and open water. */
export async function seasonImagery(boundary: FieldBoundary, imagery: ImageryAccess, from: string, today: string): Promise<SeasonImagery> {
  const series = (index: Measure, first: string, last: string, keepPixels = false) =>
    fieldTimeSeries({
      source: imagery.source,
      boundary,
      from: first,
      to: last,
      index,
      keepPixels,
      cog: imagery.cog,
      search: imagery.search,
    });
  const { points } = await series('ndvi', from, today);
  const usable = points.filter(isUsable);
  const last = usable.at(-1);
  let latest: SeasonImagery['latest'] = null;
  if (last) {
    const date = last.datetime.slice(0, 10);
    const onLatest = async (index: Measure, keepPixels = false) =>
      (await series(index, date, date, keepPixels)).points.filter(isUsable).find((point) => point.sceneId === last.sceneId);
    const ndre = await onLatest('ndre');
    const water = await onLatest('ndwiMcFeeters', true);
    latest = {
      date,
      sceneId: last.sceneId,
      ndre: ndre ? { mean: ndre.result.statistics.mean, p90: ndre.result.statistics.p90 } : null,
      openWaterShare: water?.result.pixels ? shareAbove(water.result.pixels.values, water.result.pixels.fractions, 0) : null,
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
