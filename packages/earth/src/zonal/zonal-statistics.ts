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
 * Scratch arrays for one field's valid pixels, grown as needed and reused from field to field (a season's reads run
 * this for every field of every scene; fresh arrays per call kept the collector busy). Nothing returned points into them.
 */
let wholeScratch = new Float64Array(4096);
let edgeValueScratch = new Float64Array(1024);
let edgeWeightScratch = new Float64Array(1024);

const grown = (array: Float64Array<ArrayBuffer>, length: number): Float64Array<ArrayBuffer> =>
  array.length >= length ? array : new Float64Array(2 ** Math.ceil(Math.log2(length)));

/** Below this many values a range is sorted by insertion. */
const INSERTION_SORT_BELOW = 16;

/** Whether ranks [from, to) hold any of the `wanted` ranges (pairs of [from, to)). */
function holdsWanted(wanted: number[], from: number, to: number): boolean {
  for (let k = 0; k < wanted.length; k += 2) if (wanted[k]! < to && wanted[k + 1]! > from) return true;
  return false;
}

/**
 * Sorts `values[lo, hi)` ascending in place, moving `weights` alongside when given, but only as far as the positions
 * in `wanted` (pairs of [from, to) ranks) need: a part of the array that holds none of them is left unsorted. Each
 * wanted position then holds the value of that rank in the sorted order. A quicksort (median of three, Hoare's
 * partition, which splits runs of equal values evenly); the smaller side recurses, so the stack stays shallow.
 * Swaps are written out: it runs over every pixel of every field.
 */
function sortRanks(values: Float64Array, weights: Float64Array | null, lo: number, hi: number, wanted: number[]): void {
  let value: number;
  let weight: number;
  while (hi - lo > 1 && holdsWanted(wanted, lo, hi)) {
    if (hi - lo < INSERTION_SORT_BELOW) {
      for (let i = lo + 1; i < hi; i++) {
        value = values[i]!;
        weight = weights ? weights[i]! : 0;
        let j = i;
        for (; j > lo && values[j - 1]! > value; j--) {
          values[j] = values[j - 1]!;
          if (weights) weights[j] = weights[j - 1]!;
        }
        values[j] = value;
        if (weights) weights[j] = weight;
      }
      return;
    }
    // The median of the first, middle and last values as the pivot (a sorted or reversed run stays O(n log n)).
    const a = values[lo]!;
    const b = values[(lo + hi) >>> 1]!;
    const c = values[hi - 1]!;
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo - 1;
    let j = hi;
    for (;;) {
      do i++;
      while (values[i]! < pivot);
      do j--;
      while (values[j]! > pivot);
      if (i >= j) break;
      value = values[i]!;
      values[i] = values[j]!;
      values[j] = value;
      if (weights) {
        weight = weights[i]!;
        weights[i] = weights[j]!;
        weights[j] = weight;
      }
    }
    // [lo, j] ≤ pivot ≤ [j + 1, hi)
    if (j + 1 - lo < hi - j - 1) {
      sortRanks(values, weights, lo, j + 1, wanted);
      lo = j + 1;
    } else {
      sortRanks(values, weights, j + 1, hi, wanted);
      hi = j + 1;
    }
  }
}

/**
 * Weighted quantiles: for each q, the first value (ascending) at which the cumulative weight reaches q of the total;
 * with equal weights, the lower empirical quantile. Whole pixels (weight 1, most of a field) and edge pixels (their
 * coverage) are merged in value order, whole first among equals. The edge pixels, a field's rim, are sorted; of the
 * whole pixels only the ranks where a quantile can fall: before rank ⌊qW − E⌋ − 1 (E the edge pixels' weight) the
 * cumulative weight is still short of qW, and by rank ⌈qW⌉ + 1 it is past it.
 */
function weightedQuantiles(
  whole: Float64Array,
  edgeValues: Float64Array,
  edgeWeights: Float64Array,
  total: number,
  qs: readonly number[],
): number[] {
  const edgeWeight = total - whole.length;
  const starts = qs.map((q) => Math.min(whole.length, Math.max(0, Math.floor(q * total - edgeWeight) - 1)));
  const wanted = qs.flatMap((q, i) => [starts[i]!, Math.min(whole.length, Math.ceil(q * total) + 2)]);
  sortRanks(whole, null, 0, whole.length, wanted);
  sortRanks(edgeValues, edgeWeights, 0, edgeValues.length, [0, edgeValues.length]);
  return qs.map((q, index) => {
    let i = starts[index]!;
    // Everything before whole rank i in the merged order: i whole pixels and the edge pixels of lower value.
    let cumulative = i;
    let j = 0;
    if (i < whole.length) for (; j < edgeValues.length && edgeValues[j]! < whole[i]!; j++) cumulative += edgeWeights[j]!;
    else j = edgeValues.length;
    let value = Number.NEGATIVE_INFINITY;
    while (i < whole.length || j < edgeValues.length) {
      const takeWhole = j >= edgeValues.length || (i < whole.length && whole[i]! <= edgeValues[j]!);
      value = takeWhole ? whole[i++]! : edgeValues[j]!;
      cumulative += takeWhole ? 1 : edgeWeights[j++]!;
      if (cumulative >= q * total - 1e-12) return value;
    }
    // Rounding left the total a hair short: the largest value.
    return Math.max(whole.length > 0 ? maxOf(whole) : value, edgeValues.length > 0 ? edgeValues[edgeValues.length - 1]! : value);
  });
}

function maxOf(values: Float64Array): number {
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) if (values[i]! > max) max = values[i]!;
  return max;
}

/** `values` and `coverage` are per pixel of the same window (row-major), of equal length. */
export function zonalStatistics(values: ArrayLike<number>, coverage: ArrayLike<number>): ZonalStatistics {
  if (values.length !== coverage.length) throw new RangeError(`${values.length} values for ${coverage.length} coverage fractions.`);
  wholeScratch = grown(wholeScratch, coverage.length);
  edgeValueScratch = grown(edgeValueScratch, coverage.length);
  edgeWeightScratch = grown(edgeWeightScratch, coverage.length);
  let coveredPixels = 0;
  let validWeight = 0;
  let weightedSum = 0;
  let wholeCount = 0;
  let edgeCount = 0;
  for (let i = 0; i < coverage.length; i++) {
    const weight = coverage[i]!;
    if (!(weight > 0)) continue;
    coveredPixels += weight;
    const value = values[i]!;
    if (!Number.isFinite(value)) continue;
    validWeight += weight;
    weightedSum += weight * value;
    if (weight === 1) wholeScratch[wholeCount++] = value;
    else {
      edgeValueScratch[edgeCount] = value;
      edgeWeightScratch[edgeCount++] = weight;
    }
  }
  const count = wholeCount + edgeCount;
  const validFraction = coveredPixels > 0 ? validWeight / coveredPixels : 0;
  if (count === 0) {
    return { mean: null, median: null, p10: null, p90: null, std: null, validFraction, pixelCount: 0, coveredPixels };
  }
  const whole = wholeScratch.subarray(0, wholeCount);
  const edgeValues = edgeValueScratch.subarray(0, edgeCount);
  const edgeWeights = edgeWeightScratch.subarray(0, edgeCount);
  const mean = weightedSum / validWeight;
  let squares = 0;
  for (let i = 0; i < wholeCount; i++) squares += (whole[i]! - mean) ** 2;
  for (let i = 0; i < edgeCount; i++) squares += edgeWeights[i]! * (edgeValues[i]! - mean) ** 2;
  const [p10, median, p90] = weightedQuantiles(whole, edgeValues, edgeWeights, validWeight, [0.1, 0.5, 0.9]);
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
