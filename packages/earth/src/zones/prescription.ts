import type { PolygonBoundary } from '@murimi/core';
import type { ManagementZones } from './management-zones.ts';

/** One zone of a variable-rate prescription. */
export interface PrescriptionRow {
  zone: number;
  rateKgPerHa: number;
  areaHa: number;
  /** rateKgPerHa × areaHa. */
  totalKg: number;
}

export interface PrescriptionFeature {
  type: 'Feature';
  geometry: PolygonBoundary;
  /** `rate` in kg/ha; `areaHa` and `totalKg` of this polygon. */
  properties: { zone: number; rate: number; areaHa: number; totalKg: number };
}

/** A .dbf column (name ≤ 10 characters), as the server's Shapefile writer takes it. */
export interface PrescriptionShapefileColumn {
  name: 'zone' | 'rate' | 'area_ha' | 'total_kg';
  type: 'N';
  decimals: number;
}

/** One Shapefile record: a polygon part and its attributes. */
export type PrescriptionShapefileRecord = {
  polygon: PolygonBoundary;
  attributes: { zone: number; rate: number; area_ha: number; total_kg: number };
};

export interface VariableRatePrescription {
  /** One row per zone, zone 1 first. */
  rows: PrescriptionRow[];
  areaHa: number;
  /** The sum of the rows' totals. */
  totalKg: number;
  /** One feature per zone polygon, WGS 84 (RFC 7946). */
  featureCollection: { type: 'FeatureCollection'; features: PrescriptionFeature[] };
  /** Columns and records for a polygon Shapefile in WGS 84 (one record per polygon, like the features). */
  shapefile: { columns: PrescriptionShapefileColumn[]; records: PrescriptionShapefileRecord[] };
}

/** Rates with 2 decimals (kg/ha), areas in hectares with 4 (a square metre), totals with 2: what a terminal or a spreadsheet needs. */
export const PRESCRIPTION_SHAPEFILE_COLUMNS: PrescriptionShapefileColumn[] = [
  { name: 'zone', type: 'N', decimals: 0 },
  { name: 'rate', type: 'N', decimals: 2 },
  { name: 'area_ha', type: 'N', decimals: 4 },
  { name: 'total_kg', type: 'N', decimals: 2 },
];

/**
 * A variable-rate prescription from management zones and one rate per zone (`ratesKgPerHa[0]` for zone 1, the
 * lowest): the amount per zone (rate × the zone's area inside the field), the map as GeoJSON with `zone` and `rate`
 * on each polygon, and the same polygons as Shapefile records. Pixels in no zone (no value) get no rate.
 */
export function variableRatePrescription(
  zones: Pick<ManagementZones, 'zoneCount' | 'classes' | 'polygons'>,
  ratesKgPerHa: readonly number[],
): VariableRatePrescription {
  if (ratesKgPerHa.length !== zones.zoneCount)
    throw new RangeError(`${zones.zoneCount} zones need ${zones.zoneCount} rates, not ${ratesKgPerHa.length}.`);
  if (ratesKgPerHa.some((rate) => !Number.isFinite(rate) || rate < 0)) throw new RangeError('Rates must be finite and not negative.');
  const rateOf = (zone: number) => ratesKgPerHa[zone - 1]!;
  const rows = zones.classes.map(({ zone, areaHa }): PrescriptionRow => ({
    zone,
    rateKgPerHa: rateOf(zone),
    areaHa,
    totalKg: rateOf(zone) * areaHa,
  }));
  const features = zones.polygons.map((part): PrescriptionFeature => ({
    type: 'Feature',
    geometry: part.polygon,
    properties: { zone: part.label, rate: rateOf(part.label), areaHa: part.areaHa, totalKg: rateOf(part.label) * part.areaHa },
  }));
  return {
    rows,
    areaHa: rows.reduce((sum, row) => sum + row.areaHa, 0),
    totalKg: rows.reduce((sum, row) => sum + row.totalKg, 0),
    featureCollection: { type: 'FeatureCollection', features },
    shapefile: {
      columns: PRESCRIPTION_SHAPEFILE_COLUMNS,
      records: features.map(({ geometry, properties }) => ({
        polygon: geometry,
        attributes: { zone: properties.zone, rate: properties.rate, area_ha: properties.areaHa, total_kg: properties.totalKg },
      })),
    },
  };
}
