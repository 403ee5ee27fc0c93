/**
 * Statistics of one index over one field on one date, every pixel weighted by the share of it inside the field
 * (its coverage fraction), as exactextract weights them. Pixels without a value (masked, no data, or an index
 * undefined there: NaN or ±Infinity) are left out and reported through `validFraction`. With no pixel left, every
 * statistic is null and `pixelCount` 0: never a zero or a NaN standing in for a number.
 */
export interface ZonalStatistics {
  /** Coverage-weighted mean of the valid pixels; null when none is valid. */
  mean: number | null;
  median: number | null;
  p10: number | null;
  p90: number | null;
  /** Coverage-weighted standard deviation (population). */
  std: number | null;
  /** Share of the field's coverage that has a value, 0–1. */
  validFraction: number;
  /** Pixels touched by the field that have a value (any coverage). */
  pixelCount: number;
  /** The field's area in pixels (sum of coverage fractions), valid or not. */
  coveredPixels: number;
}

/** Statistics of a field with at least one valid pixel: every statistic a number. */
export type MeasuredZonalStatistics = ZonalStatistics & { mean: number; median: number; p10: number; p90: number; std: number };
/** Statistics of a field without a valid pixel. */
export type EmptyZonalStatistics = ZonalStatistics & { mean: null; median: null; p10: null; p90: null; std: null; pixelCount: 0 };

export function hasValidPixels(statistics: ZonalStatistics): statistics is MeasuredZonalStatistics {
  return statistics.pixelCount > 0 && statistics.mean !== null;
}

/**
 * Weighted quantiles: for each q, the first value (ascending) at which the cumulative weight reaches q of the total;
 * with equal weights, the lower empirical quantile. Whole pixels (weight 1, most of a field) are sorted natively;
 * only the edge pixels' (value, weight) pairs need a comparison sort, and the two are merged.
 */
function weightedQuantiles(whole: Float64Array, edges: { value: number; weight: number }[], total: number, qs: number[]): number[] {
  whole.sort();
  edges.sort((a, b) => a.value - b.value);
  const results: number[] = [];
  let q = 0;
  let cumulative = 0;
  let i = 0;
  let j = 0;
  while (q < qs.length && (i < whole.length || j < edges.length)) {
    const takeWhole = j >= edges.length || (i < whole.length && whole[i]! <= edges[j]!.value);
    const value = takeWhole ? whole[i++]! : edges[j]!.value;
    cumulative += takeWhole ? 1 : edges[j++]!.weight;
    while (q < qs.length && cumulative >= qs[q]! * total - 1e-12) {
      results.push(value);
      q++;
    }
  }
  const last = Math.max(
    whole.length > 0 ? whole[whole.length - 1]! : -Infinity,
    edges.length > 0 ? edges[edges.length - 1]!.value : -Infinity,
  );
  while (results.length < qs.length) results.push(last);
  return results;
}

/** `values` and `coverage` are per pixel of the same window (row-major), of equal length. */
export function zonalStatistics(values: ArrayLike<number>, coverage: ArrayLike<number>): ZonalStatistics {
  if (values.length !== coverage.length) throw new RangeError(`${values.length} values for ${coverage.length} coverage fractions.`);
  let coveredPixels = 0;
  let validWeight = 0;
  let weightedSum = 0;
  let count = 0;
  const whole = new Float64Array(coverage.length);
  let wholeCount = 0;
  const edges: { value: number; weight: number }[] = [];
  for (let i = 0; i < coverage.length; i++) {
    const weight = coverage[i]!;
    if (!(weight > 0)) continue;
    coveredPixels += weight;
    const value = values[i]!;
    if (!Number.isFinite(value)) continue;
    validWeight += weight;
    weightedSum += weight * value;
    count++;
    if (weight === 1) whole[wholeCount++] = value;
    else edges.push({ value, weight });
  }
  const validFraction = coveredPixels > 0 ? validWeight / coveredPixels : 0;
  if (count === 0) {
    return { mean: null, median: null, p10: null, p90: null, std: null, validFraction, pixelCount: 0, coveredPixels };
  }
  const mean = weightedSum / validWeight;
  let squares = 0;
  for (let i = 0; i < coverage.length; i++) {
    const weight = coverage[i]!;
    const value = values[i]!;
    if (weight > 0 && Number.isFinite(value)) squares += weight * (value - mean) ** 2;
  }
  const [p10, median, p90] = weightedQuantiles(whole.subarray(0, wholeCount), edges, validWeight, [0.1, 0.5, 0.9]);
  return {
    mean,
    median: median!,
    p10: p10!,
    p90: p90!,
    std: Math.sqrt(squares / validWeight),
    validFraction,
    pixelCount: count,
    coveredPixels,
  };
}
