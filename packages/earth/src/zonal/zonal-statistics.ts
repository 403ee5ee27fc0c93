/**
 * Statistics of one index over one field on one date, every pixel weighted by the share of it inside the field
 * (its coverage fraction), as exactextract weights them. Pixels without a value (masked by SCL, no data, or an
 * index undefined there) are left out and reported through `validFraction`.
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

/**
 * The weighted quantile: the first value (in ascending order) at which the cumulative weight reaches q of the
 * total. With equal weights it is the lower empirical quantile.
 */
function weightedQuantile(sorted: { value: number; weight: number }[], totalWeight: number, q: number): number {
  const target = q * totalWeight;
  let cumulative = 0;
  for (const entry of sorted) {
    cumulative += entry.weight;
    if (cumulative >= target - 1e-12) return entry.value;
  }
  return sorted.at(-1)!.value;
}

export function zonalStatistics(values: ArrayLike<number>, coverage: ArrayLike<number>): ZonalStatistics {
  let coveredPixels = 0;
  let validWeight = 0;
  let weightedSum = 0;
  const valid: { value: number; weight: number }[] = [];
  for (let i = 0; i < coverage.length; i++) {
    const weight = coverage[i]!;
    if (!(weight > 0)) continue;
    coveredPixels += weight;
    const value = values[i]!;
    if (Number.isNaN(value)) continue;
    validWeight += weight;
    weightedSum += weight * value;
    valid.push({ value, weight });
  }
  const validFraction = coveredPixels > 0 ? validWeight / coveredPixels : 0;
  if (valid.length === 0) {
    return { mean: null, median: null, p10: null, p90: null, std: null, validFraction, pixelCount: 0, coveredPixels };
  }
  const mean = weightedSum / validWeight;
  const variance = valid.reduce((sum, { value, weight }) => sum + weight * (value - mean) ** 2, 0) / validWeight;
  valid.sort((a, b) => a.value - b.value);
  return {
    mean,
    median: weightedQuantile(valid, validWeight, 0.5),
    p10: weightedQuantile(valid, validWeight, 0.1),
    p90: weightedQuantile(valid, validWeight, 0.9),
    std: Math.sqrt(variance),
    validFraction,
    pixelCount: valid.length,
    coveredPixels,
  };
}
