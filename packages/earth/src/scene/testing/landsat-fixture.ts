import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { FieldBoundary } from '@murimi/core';
import proj4 from 'proj4';
import { utmDefinition } from '../../geometry/scene-grid.ts';
import type { IndexName } from '../indices.ts';

/**
 * The Landsat C2 L2 test scene written by GDAL (`test/fixtures/landsat/make-landsat.sh`): 60 × 60 px of 30 m in UTM
 * 36S, its top-left corner at (291990, 8029020). Fields are drawn in its pixel coordinates (column, row from the
 * top-left corner), so that a test says which of its patches a field covers: cloud columns 30–43 × rows 8–17 inside
 * a dilated edge (28–45 × 6–19), shadow 24–37 × 21–26, a pond 6–13 × 30–36, cirrus 44–55 × 40–47, reflectance fill
 * under a clear QA_PIXEL 30–39 × 50–57, fill where row − column > 40; clear crop elsewhere.
 */
export const landsatFixtureDir = path.resolve(import.meta.dirname, '../../../test/fixtures/landsat');

const toLonLat = proj4(utmDefinition(32736), 'EPSG:4326');

/** A field from its corners in the scene's pixel coordinates (column, row), closed, in WGS 84. */
export function fieldOnLandsatScene(corners: [column: number, row: number][]): FieldBoundary {
  const ring = corners.map(([column, row]) => toLonLat.forward([291990 + column * 30, 8029020 - row * 30]) as [number, number]);
  return { type: 'Polygon', coordinates: [[...ring, ring[0]!]] };
}

export interface GdalLandsatReference {
  mean: number | null;
  validPixels: number;
  insidePixels: number;
  clearFraction: number;
  maskedShare: { noData: number; cloud: number; cirrus: number; shadow: number };
}

/** The field's index by GDAL + numpy (`reference_field_index.py`): an independent implementation, centroid rule. */
export function gdalLandsatReference(
  field: FieldBoundary,
  options: { index?: IndexName; files?: Record<string, string>; scaling?: Record<string, [scale: number, offset: number]> } = {},
): GdalLandsatReference {
  const script = path.join(landsatFixtureDir, 'reference_field_index.py');
  return JSON.parse(execFileSync('/usr/bin/python3', [script, JSON.stringify(field), JSON.stringify(options)]).toString());
}
