// Run on the CPU worker threads (a 10,000 ha field has a million pixels): imports nothing that loads geotiff.
import type { FieldPixels } from '@murimi/earth';
import { problemZones, weightedKMeans1d, type ProblemZone } from '@murimi/earth/zones';

/** A problem zone's NDVI is at least this far below the field's mean: a difference worth walking out to see (illustrative). */
const PROBLEM_NDVI_BELOW_MEAN = 0.1;
/** The largest few are reported; a field with a strong gradient would otherwise list dozens. */
const MAX_PROBLEM_ZONES = 5;

/**
 * Problem zones: the field's lowest-NDVI cluster (the lowest of three k-means classes, so the cut falls between the
 * weak and the middling pixels wherever the field's own values put it), as parts of at least 0.1 ha, kept only
 * where clearly below the field: a uniform field's lowest class is noise and yields none.
 */
export function weakestCluster(pixels: FieldPixels, fieldMean: number): ProblemZone[] {
  const values = new Float32Array(pixels.values.length);
  const weights = new Float64Array(pixels.values.length);
  let valid = 0;
  for (let i = 0; i < pixels.values.length; i++) {
    if (!(pixels.fractions[i]! > 0) || Number.isNaN(pixels.values[i]!)) continue;
    values[valid] = pixels.values[i]!;
    weights[valid++] = pixels.fractions[i]!;
  }
  const { centroids } = weightedKMeans1d(values.subarray(0, valid), weights.subarray(0, valid), 3);
  if (centroids.length < 2) return [];
  const { zones } = problemZones(pixels, { thresholdValue: (centroids[0]! + centroids[1]!) / 2 });
  return zones.filter((zone) => zone.meanValue <= fieldMean - PROBLEM_NDVI_BELOW_MEAN).slice(0, MAX_PROBLEM_ZONES);
}
