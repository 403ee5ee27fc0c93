import type { LngLat, PolygonBoundary } from '@murimi/core';
import { zonalStatistics } from '../zonal/zonal-statistics.ts';
import { connectedRegions } from './connected-regions.ts';
import { pixelAreaHa, traceZoneParts, utmToLngLat, type FieldPixelWindow } from './zone-polygons.ts';

/**
 * Smallest problem zone, in hectares: ten 10 m pixels. Fewer pixels are noise rather than a patch: Sentinel-2's
 * geolocation is good to about a pixel, edge pixels mix crop and bare ground, and the field's lowest 10 % scattered
 * at random join into 4-connected clusters of one or two pixels, almost never ten.
 */
export const MIN_PROBLEM_ZONE_HECTARES = 0.1;

export type CompassDirection = 'north' | 'north-east' | 'east' | 'south-east' | 'south' | 'south-west' | 'west' | 'north-west';
const COMPASS: CompassDirection[] = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];
/** A zone whose centre lies within this share of √(field area) of the field's centre is in its `centre`. */
const CENTRE_SHARE_OF_FIELD_SIDE = 0.2;

export interface ProblemZoneOptions {
  /** Values below this are low (e.g. NDVI 0.4); without it, below the field's coverage-weighted 10th percentile. */
  thresholdValue?: number;
  /** Smallest zone kept, in hectares (default 0.1). */
  minimumAreaHa?: number;
}

export interface ProblemZone {
  polygon: PolygonBoundary;
  /** Area inside the field: coverage fractions × pixel area. */
  areaHa: number;
  /** areaHa over the field's area, 0–1. */
  shareOfField: number;
  /** Coverage-weighted mean of the zone's values. */
  meanValue: number;
  pixelCount: number;
  centroid: LngLat;
  /** Where the zone lies in the field: compass direction of its centre from the field's centre (true north), or `centre`. */
  direction: CompassDirection | 'centre';
}

export interface ProblemZones {
  /** The threshold used, and where it came from; null when no pixel of the field has a value. */
  thresholdValue: number | null;
  thresholdRule: 'absolute' | 'field-p10';
  /** The field's area (all its pixels' coverage), hectares. */
  fieldAreaHa: number;
  /** Largest first. */
  zones: ProblemZone[];
}

/**
 * Problem zones for crop health: the field's pixels with a value strictly below the threshold, joined through their
 * sides (4-connectivity), kept when at least `minimumAreaHa`, each traced into a WGS 84 polygon. Strictly below, so
 * a uniform field (every value equal to its own 10th percentile) has none.
 */
export function problemZones(window: FieldPixelWindow, options: ProblemZoneOptions = {}): ProblemZones {
  const { values, fractions, width, height, grid } = window;
  const minimumAreaHa = options.minimumAreaHa ?? MIN_PROBLEM_ZONE_HECTARES;
  const hectaresPerPixel = pixelAreaHa(grid.pixelSizeM);
  const thresholdRule = options.thresholdValue === undefined ? 'field-p10' : 'absolute';
  const thresholdValue = options.thresholdValue ?? zonalStatistics(values, fractions).p10;
  let fieldCoverage = 0;
  let columnSum = 0;
  let rowSum = 0;
  for (let i = 0; i < fractions.length; i++) {
    const weight = fractions[i]!;
    if (!(weight > 0)) continue;
    fieldCoverage += weight;
    columnSum += weight * ((i % width) + 0.5);
    rowSum += weight * (Math.floor(i / width) + 0.5);
  }
  const fieldAreaHa = fieldCoverage * hectaresPerPixel;
  if (thresholdValue === null) return { thresholdValue, thresholdRule, fieldAreaHa, zones: [] };

  const low = new Int32Array(values.length).fill(-1);
  for (let i = 0; i < values.length; i++) if (fractions[i]! > 0 && values[i]! < thresholdValue) low[i] = 0;
  // Patches under the minimum are dropped before tracing, so only the kept ones are turned into polygons.
  const { ids, labels } = connectedRegions(low, width, height, (i) => low[i] === 0);
  const patchArea = new Float64Array(labels.length);
  for (let i = 0; i < ids.length; i++) if (ids[i]! >= 0) patchArea[ids[i]!]! += fractions[i]! * hectaresPerPixel;
  for (let i = 0; i < ids.length; i++) if (ids[i]! >= 0 && patchArea[ids[i]!]! < minimumAreaHa) low[i] = -1;

  const size = grid.pixelSizeM;
  const fieldCentreX = grid.originX + (window.column + columnSum / fieldCoverage) * size;
  const fieldCentreY = grid.originY - (window.row + rowSum / fieldCoverage) * size;
  const fieldCentre = utmToLngLat(grid.epsg)(fieldCentreX, fieldCentreY);
  const centreRadiusM = CENTRE_SHARE_OF_FIELD_SIDE * Math.sqrt(fieldCoverage * size * size);
  const zones = traceZoneParts(window, low).map((part): ProblemZone => {
    const offsetM = Math.hypot(part.centroidUtm[0] - fieldCentreX, part.centroidUtm[1] - fieldCentreY);
    // The bearing from longitude and latitude, not UTM: grid north is a few degrees off true north away from the central meridian.
    const east = (part.centroid[0] - fieldCentre[0]) * Math.cos((fieldCentre[1] * Math.PI) / 180);
    const north = part.centroid[1] - fieldCentre[1];
    const bearing = (Math.atan2(east, north) * 180) / Math.PI;
    return {
      polygon: part.polygon,
      areaHa: part.areaHa,
      shareOfField: part.areaHa / fieldAreaHa,
      meanValue: part.meanValue!,
      pixelCount: part.pixelCount,
      centroid: part.centroid,
      direction: offsetM < centreRadiusM ? 'centre' : COMPASS[(Math.round(bearing / 45) + 8) % 8]!,
    };
  });
  return { thresholdValue, thresholdRule, fieldAreaHa, zones: zones.sort((a, b) => b.areaHa - a.areaHa) };
}
