import { weightedKMeans1d } from './kmeans.ts';
import { majorityFilter } from './majority-filter.ts';
import { capZoneParts, MAX_ZONE_POLYGONS } from './zone-cap.ts';
import { pixelAreaHa, zonePolygons, type FieldPixelWindow, type ZonePolygon } from './zone-polygons.ts';

export const DEFAULT_ZONE_COUNT = 3;
export const MIN_ZONE_COUNT = 3;
export const MAX_ZONE_COUNT = 5;

export interface ManagementZoneOptions {
  /** Number of zones, 3–5 (default 3). */
  zoneCount?: number;
  /** Passes of the 3 × 3 majority filter, 0–2 (default 2). */
  smoothingPasses?: number;
  /** Most zone polygons (connected parts) to keep (default 100, what a prescription exports). */
  maxZonePolygons?: number;
}

/** One management zone (a class): zone 1 has the lowest values. */
export interface ManagementZoneClass {
  zone: number;
  /** The k-means centroid of the class: the value it stands for. */
  centroidValue: number;
  /** Coverage-weighted mean of the values of its final pixels (after smoothing and merging); null if it has none. */
  meanValue: number | null;
  /** Its share of the field in hectares (coverage fractions × pixel area). */
  areaHa: number;
  pixelCount: number;
  /** How many connected parts (polygons) it has. */
  partCount: number;
}

export interface ManagementZones {
  zoneCount: number;
  classes: ManagementZoneClass[];
  /** One Polygon per connected part; its `label` is the zone number (1 = lowest). */
  polygons: ZonePolygon[];
  /** Zone number per pixel of the window (row-major), −1 where none (outside the field or no value). */
  labels: Int32Array;
  /** Area inside the field without a value (masked on every date), in no zone. */
  unclassifiedAreaHa: number;
  kMeansIterations: number;
}

/**
 * Management zones of a field from one index map (a date, or `medianComposite` of a season's dates): a
 * coverage-weighted k-means of the valid pixels' values into 3–5 classes numbered 1 (lowest) to k, a 3 × 3 majority
 * filter to remove salt-and-pepper, and then the smallest parts merged into their largest neighbour until at most
 * `maxZonePolygons` remain; finally each part traced into a WGS 84 polygon. Throws a RangeError when no pixel of
 * the field has a value.
 */
export function managementZones(window: FieldPixelWindow, options: ManagementZoneOptions = {}): ManagementZones {
  const { zoneCount = DEFAULT_ZONE_COUNT, smoothingPasses = 2, maxZonePolygons = MAX_ZONE_POLYGONS } = options;
  if (!Number.isInteger(zoneCount) || zoneCount < MIN_ZONE_COUNT || zoneCount > MAX_ZONE_COUNT)
    throw new RangeError(`Management zones come in ${MIN_ZONE_COUNT} to ${MAX_ZONE_COUNT} classes, not ${zoneCount}.`);
  if (!Number.isInteger(smoothingPasses) || smoothingPasses < 0) throw new RangeError(`${smoothingPasses} smoothing passes.`);
  if (!Number.isInteger(maxZonePolygons) || maxZonePolygons < 1) throw new RangeError(`A cap of ${maxZonePolygons} zone polygons.`);
  const { values, fractions, width, height } = window;
  const clustering = weightedKMeans1d(values, fractions, zoneCount);
  const classified = clustering.labels.map((label) => (label < 0 ? -1 : label + 1));
  const smoothed = majorityFilter(classified, width, height, smoothingPasses);
  const { labels } = capZoneParts(smoothed, fractions, width, height, maxZonePolygons);
  const polygons = zonePolygons(window, labels);

  const hectaresPerPixel = pixelAreaHa(window.grid.pixelSizeM);
  const coverage = new Float64Array(zoneCount + 1);
  const pixelCount = new Float64Array(zoneCount + 1);
  const valueSum = new Float64Array(zoneCount + 1);
  let unclassified = 0;
  for (let i = 0; i < labels.length; i++) {
    const weight = fractions[i]!;
    if (!(weight > 0)) continue;
    const zone = labels[i]!;
    if (zone < 0) {
      unclassified += weight;
      continue;
    }
    coverage[zone]! += weight;
    pixelCount[zone]!++;
    // Only pixels with a value were classified, and smoothing and merging relabel only those.
    valueSum[zone]! += weight * values[i]!;
  }
  const classes = clustering.centroids.map((centroidValue, c): ManagementZoneClass => {
    const zone = c + 1;
    return {
      zone,
      centroidValue,
      meanValue: coverage[zone]! > 0 ? valueSum[zone]! / coverage[zone]! : null,
      areaHa: coverage[zone]! * hectaresPerPixel,
      pixelCount: pixelCount[zone]!,
      partCount: polygons.filter((part) => part.label === zone).length,
    };
  });
  return {
    zoneCount,
    classes,
    polygons,
    labels,
    unclassifiedAreaHa: unclassified * hectaresPerPixel,
    kMeansIterations: clustering.iterations,
  };
}
