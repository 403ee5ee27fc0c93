import { addDays, daysBetween, formatDayMonth, isoDay, type FieldBoundary, type SeasonWindow } from '@murimi/core';
import {
  fieldSceneReadings,
  fieldTimeSeries,
  findFieldScenes,
  type FieldScenes,
  type Measure,
  type MeasuredZonalStatistics,
  type TimeSeriesPoint,
} from '@murimi/earth';
import type { AnalysisProgress } from './analysis-progress.ts';
import type { AnalysisOutcome } from './analysis-types.ts';
import { runPixelTask, type ImageryAccess } from './imagery.ts';
import { weakestCluster } from './problem-areas.ts';

/** Spec §9 guides: NDVI under 0.2 bare or stressed, 0.2–0.5 moderate, 0.5–0.9 healthy; NDWI under −0.2 water stress. */
const NDVI_BARE_OR_STRESSED_BELOW = 0.2;
const NDVI_HEALTHY_FROM = 0.5;
const NDWI_WATER_STRESS_BELOW = -0.2;
/**
 * A change in mean NDVI of more than this per week over the last three clear images counts as a trend
 * (illustrative: about twice the date-to-date scatter of a clear Sentinel-2 field mean).
 */
const TREND_NDVI_PER_WEEK = 0.02;
/** A field whose NDVI varies more than this (coefficient of variation) is called patchy (illustrative). */
const PATCHY_CV = 0.2;
const VARIABLE_CV = 0.1;
/** Earlier seasons compared with: images within this many days of the same day of year. */
const ANOMALY_WINDOW_DAYS = 15;
const DAY_MS = 86_400_000;

export interface HealthField {
  boundary: FieldBoundary;
}

type Usable = TimeSeriesPoint & { result: { usable: true; statistics: MeasuredZonalStatistics; method: string } };

const isUsable = (point: TimeSeriesPoint): point is Usable => point.result.usable;
const round = (value: number, digits = 3) => Number(value.toFixed(digits));

/**
 * Crop health from the season's imagery: the latest usable image's NDVI, NDWI (NDMI), NDRE and LAI with the spec's
 * status, the NDVI trend over the last three usable images, the difference from the field's earlier seasons at the
 * same time of year, how uneven the field is, and how old the last clear image is.
 *
 * The catalogue is searched once for the season (and once for each earlier season's weeks, which STAC cannot ask
 * in the same search), through the shared cache, and the latest image's four measures come from one read of its
 * bands. With `progress`, each step is reported and a cancel stops the reads.
 */
export async function runHealthAnalysis(
  field: HealthField,
  season: Pick<SeasonWindow, 'from' | 'to'>,
  imagery: ImageryAccess,
  progress?: AnalysisProgress,
): Promise<AnalysisOutcome> {
  const { from, to } = season;
  const signal = progress?.signal;
  const scenesOf = (first: string, last: string) =>
    findFieldScenes(imagery.source, field.boundary, { from: first, to: last }, { ...imagery.search, signal });
  const ndviOf = (scenes: FieldScenes, first: string, last: string) =>
    fieldTimeSeries({
      source: imagery.source,
      boundary: field.boundary,
      from: first,
      to: last,
      index: 'ndvi',
      scenes,
      cog: imagery.cog,
      measurer: imagery.measurer,
      search: imagery.search,
      signal,
    });

  await progress?.report('searching-imagery');
  const seasonScenes = await scenesOf(from, to);
  await progress?.report('reading-imagery');
  const ndvi = await ndviOf(seasonScenes, from, to);
  const usable = ndvi.points.filter(isUsable);
  const latest = usable.at(-1);
  const inputs = { source: imagery.source.id, from, to, sceneIds: ndvi.points.map((point) => point.sceneId) };
  const history = ndvi.points.map((point) => ({
    date: point.datetime.slice(0, 10),
    sceneId: point.sceneId,
    usable: point.result.usable,
    reason: point.result.reason,
    ndvi: 'statistics' in point.result && point.result.statistics.mean !== null ? round(point.result.statistics.mean) : null,
  }));
  // Clear or cloudy: the schedule looks for scenes after this one, so a cloudy spell is analysed once, not daily.
  const newestSceneDate = history.reduce<string | null>(
    (newest, point) => (newest === null || point.date > newest ? point.date : newest),
    null,
  );
  if (!latest) {
    await progress?.report('computing');
    const result = { status: 'no-clear-image' as const, simulated: imagery.simulated, source: imagery.source.id, history };
    const summary =
      ndvi.points.length === 0
        ? `No satellite image of this field between ${from} and ${to}. Check again after the next satellite pass (every 5 days).`
        : `No clear satellite image of this field between ${from} and ${to}: ${ndvi.points.length} image(s), all cloudy or incomplete over the field.`;
    return {
      analysisDate: to,
      newestSceneDate,
      result,
      summary: labelled(summary, imagery.simulated),
      inputs,
      simulated: imagery.simulated,
    };
  }

  const latestDate = latest.datetime.slice(0, 10);
  // The latest image's measures in one read of its bands; NDVI again for its pixels (the problem zones).
  const latestItem = seasonScenes.items.find((item) => item.id === latest.sceneId)!;
  const readings = await fieldSceneReadings({
    source: imagery.source,
    boundary: field.boundary,
    item: latestItem,
    measures: ['ndmi', 'ndre', 'lai', 'ndvi'],
    keepPixels: ['ndvi'],
    laiNetwork: imagery.laiNetwork,
    cog: imagery.cog,
    measurer: imagery.measurer,
    search: imagery.search,
    signal,
  });
  const onLatest = (measure: Measure) => {
    const reading = readings.get(measure);
    return reading?.usable ? { statistics: roundedStatistics(reading.statistics), method: reading.method, pixels: reading.pixels } : null;
  };
  const [ndwi, ndre, lai, ndviPixels] = [onLatest('ndmi'), onLatest('ndre'), onLatest('lai'), onLatest('ndvi')];
  const anomaly = await anomalyOf(latest, async (first, last) => ndviOf(await scenesOf(first, last), first, last));
  await progress?.report('computing');
  const ndviStats = latest.result.statistics;
  const status: keyof typeof STATUS_WORDS =
    ndviStats.mean < NDVI_BARE_OR_STRESSED_BELOW ? 'bare-or-stressed' : ndviStats.mean < NDVI_HEALTHY_FROM ? 'moderate' : 'healthy';
  const waterStress = ndwi ? ndwi.statistics.mean < NDWI_WATER_STRESS_BELOW : null;
  const trend = trendOf(usable.slice(-3));
  const cv = ndviStats.mean > 0 ? ndviStats.std / ndviStats.mean : null;
  const variability = {
    ndviStd: round(ndviStats.std),
    ndviP10: round(ndviStats.p10),
    ndviP90: round(ndviStats.p90),
    coefficientOfVariation: cv === null ? null : round(cv),
    uniformity: cv === null ? null : cv > PATCHY_CV ? 'patchy' : cv > VARIABLE_CV ? 'variable' : 'uniform',
  };
  const lastClearImage = { date: latestDate, sceneId: latest.sceneId, ageDays: daysBetween(latestDate, to) };
  const weakest = ndviPixels?.pixels
    ? await (imagery.cpu
        ? runPixelTask(imagery.cpu, 'weakestNdviCluster', { pixels: ndviPixels.pixels, fieldMean: ndviStats.mean }, { signal })
        : weakestCluster(ndviPixels.pixels, ndviStats.mean))
    : [];
  const problemAreas = weakest.map((zone) => ({
    polygon: zone.polygon,
    areaHa: round(zone.areaHa, 2),
    shareOfField: round(zone.shareOfField),
    meanNdvi: zone.meanValue === null ? null : round(zone.meanValue),
    direction: zone.direction,
  }));
  const result = {
    status,
    simulated: imagery.simulated,
    source: imagery.source.id,
    thresholds: {
      ndviBareOrStressedBelow: NDVI_BARE_OR_STRESSED_BELOW,
      ndviHealthyFrom: NDVI_HEALTHY_FROM,
      ndwiWaterStressBelow: NDWI_WATER_STRESS_BELOW,
    },
    latest: {
      date: latestDate,
      sceneId: latest.sceneId,
      clearFraction: round(latest.result.clear.clearFraction),
      ndvi: roundedStatistics(ndviStats),
      ndwi: ndwi?.statistics ?? null,
      ndre: ndre?.statistics ?? null,
      lai: lai ? { ...lai.statistics, method: lai.method } : null,
    },
    waterStress,
    trend,
    anomaly,
    variability,
    problemZones: problemAreas,
    lastClearImage,
    history,
  };
  return {
    analysisDate: latestDate,
    newestSceneDate,
    result,
    summary: labelled(healthSentence(result), imagery.simulated),
    inputs: { ...inputs, latestSceneId: latest.sceneId },
    simulated: imagery.simulated,
  };
}

function roundedStatistics(statistics: MeasuredZonalStatistics) {
  return {
    mean: round(statistics.mean),
    median: round(statistics.median),
    p10: round(statistics.p10),
    p90: round(statistics.p90),
    std: round(statistics.std),
    validFraction: round(statistics.validFraction),
    pixelCount: statistics.pixelCount,
  };
}

/** NDVI change per week by least squares over the last (up to three) usable images. */
function trendOf(points: Usable[]) {
  const dates = points.map((point) => point.datetime.slice(0, 10));
  if (points.length < 2) return { direction: 'not-enough-images' as const, ndviChangePerWeek: null, dates };
  const xs = points.map((point) => Date.parse(point.datetime) / (7 * DAY_MS));
  const ys = points.map((point) => point.result.statistics.mean);
  const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
  const meanY = ys.reduce((a, b) => a + b, 0) / ys.length;
  const slope = xs.reduce((sum, x, i) => sum + (x - meanX) * (ys[i]! - meanY), 0) / xs.reduce((sum, x) => sum + (x - meanX) ** 2, 0);
  const direction = slope > TREND_NDVI_PER_WEEK ? 'improving' : slope < -TREND_NDVI_PER_WEEK ? 'declining' : 'stable';
  return { direction, ndviChangePerWeek: round(slope), dates };
}

/** The latest NDVI against the same field at the same time of year in the two seasons before, where imagery exists. */
async function anomalyOf(latest: Usable, series: (from: string, to: string) => Promise<{ points: TimeSeriesPoint[] }>) {
  const when = Date.parse(latest.datetime);
  // Both earlier seasons at once: separate date ranges, so separate searches, with nothing to wait for between them.
  const seasons = await Promise.all(
    [1, 2].map(async (yearsBack) => {
      const centre = new Date(when);
      centre.setUTCFullYear(centre.getUTCFullYear() - yearsBack);
      const { points } = await series(addDays(isoDay(centre), -ANOMALY_WINDOW_DAYS), addDays(isoDay(centre), ANOMALY_WINDOW_DAYS));
      const usable = points.filter(isUsable);
      if (usable.length === 0) return null;
      const mean = usable.reduce((sum, point) => sum + point.result.statistics.mean, 0) / usable.length;
      return { season: String(centre.getUTCFullYear()), ndvi: round(mean), date: isoDay(centre) };
    }),
  );
  const earlier = seasons.filter((season) => season !== null);
  if (earlier.length === 0)
    return { ndviDifference: null, earlier, note: 'No clear images of this field at this time of year in earlier seasons.' };
  const reference = earlier.reduce((sum, season) => sum + season.ndvi, 0) / earlier.length;
  return { ndviDifference: round(latest.result.statistics.mean - reference), earlier, note: null };
}

const STATUS_WORDS = { healthy: 'healthy', moderate: 'moderate', 'bare-or-stressed': 'bare or stressed' } as const;

function healthSentence(result: {
  status: keyof typeof STATUS_WORDS;
  latest: { date: string; ndvi: { mean: number } };
  waterStress: boolean | null;
  trend: { direction: string };
  anomaly: { ndviDifference: number | null };
  variability: { uniformity: string | null };
  problemZones: { areaHa: number; direction: string; meanNdvi: number | null }[];
  lastClearImage: { ageDays: number };
}): string {
  const parts = [
    `Crop health ${STATUS_WORDS[result.status]}: NDVI ${result.latest.ndvi.mean.toFixed(2)} on ${formatDayMonth(result.latest.date)}.`,
  ];
  if (result.trend.direction === 'improving' || result.trend.direction === 'declining')
    parts.push(`${result.trend.direction === 'improving' ? 'Improving' : 'Declining'} over the last clear images.`);
  if (result.waterStress) parts.push('Signs of water stress (NDWI below −0.2).');
  if (result.anomaly.ndviDifference !== null && Math.abs(result.anomaly.ndviDifference) >= 0.1)
    parts.push(`${result.anomaly.ndviDifference > 0 ? 'Greener' : 'Less green'} than earlier seasons at this time of year.`);
  const [worst] = result.problemZones;
  if (worst) {
    const where = worst.direction === 'centre' ? 'the centre' : `the ${worst.direction}`;
    parts.push(
      `${worst.areaHa.toFixed(1)} ha in ${where} of the field is well below the rest (NDVI ${worst.meanNdvi?.toFixed(2)}): worth a visit.`,
    );
  } else if (result.variability.uniformity === 'patchy') parts.push('The field is patchy: look at its weakest parts.');
  if (result.lastClearImage.ageDays > 10) parts.push(`The last clear image is ${result.lastClearImage.ageDays} days old.`);
  return parts.join(' ');
}

/** Every sentence from demo imagery says so. */
function labelled(summary: string, simulated: boolean): string {
  return simulated ? `${summary} (Simulated imagery.)` : summary;
}
