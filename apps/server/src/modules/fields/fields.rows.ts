import { randomUUID } from 'node:crypto';
import { boundaryCentroid, boundaryCornerCount, simplifyBoundaryForMap, type FieldCreate, type MeasuredBoundary } from '@murimi/core';

/**
 * A field's stored columns from its checked input: pure, with no database or server state, so the worker threads
 * that check a bulk create (`fields.batch.ts`) compute them without loading the services.
 */

/** Hectares as the API gives them: to 4 decimals, 1 m². */
export const roundHectares = (hectares: number) => Math.round(hectares * 10_000) / 10_000;

/**
 * The stored columns for a measured boundary: GeoJSON, area and bounding box computed in core; the boundary
 * simplified for the map and the centroid, computed once here so that lists never read full boundaries; and the
 * boundary's corners and bytes, which the organisation's limits count.
 */
export function boundaryColumns(measured: MeasuredBoundary) {
  const boundary = JSON.stringify(measured.boundary);
  const [centroidLng, centroidLat] = boundaryCentroid(measured.boundary);
  return {
    boundary,
    sizeHectares: measured.areaHectares,
    bboxMinLng: measured.bbox.minLng,
    bboxMinLat: measured.bbox.minLat,
    bboxMaxLng: measured.bbox.maxLng,
    bboxMaxLat: measured.bbox.maxLat,
    mapBoundary: JSON.stringify(simplifyBoundaryForMap(measured.boundary)),
    centroidLng,
    centroidLat,
    boundaryVertices: boundaryCornerCount(measured.boundary),
    boundaryBytes: Buffer.byteLength(boundary),
  };
}

/** The row a create stores, for a checked input; a new id unless the client chose one. */
export function fieldRowOf(orgId: string, input: FieldCreate) {
  return {
    id: input.id ?? randomUUID(),
    orgId,
    farmId: input.farmId,
    name: input.name,
    ...boundaryColumns(input.boundary),
    cropType: input.cropType ?? null,
    variety: input.variety ?? null,
    plantingDate: input.plantingDate ?? null,
    expectedHarvestDate: input.expectedHarvestDate ?? null,
    actualHarvestDate: input.actualHarvestDate ?? null,
    soilTexture: input.soilTexture ?? null,
    irrigated: input.irrigated,
  };
}
