import { circleToPolygon, closeRing, geodesicDistanceM, type FieldBoundary, type LngLat } from '@murimi/core';

/** The drawing modes of the editor (spec §4 Map drawing). */
export type DrawingMode = 'none' | 'polygon' | 'circle';

/** A shape as the drawing library keeps it: circles are traced polygons that remember they are circles. */
export interface DrawnFeature {
  id?: string | number;
  type: 'Feature';
  geometry: { type: 'Polygon'; coordinates: number[][][] };
  properties: { mode: 'polygon' | 'circle'; radiusKilometers?: number };
}

/** The drawing library refuses positions with more decimals than it keeps; 9 decimals are well under 1 mm. */
const COORDINATE_DECIMALS = 9;
const round = (value: number) => Number(value.toFixed(COORDINATE_DECIMALS));
const roundRing = (ring: LngLat[]) => ring.map(([lng, lat]) => [round(lng), round(lat)]);

/** Corners a circle is traced with on the map: smooth at field size, light to drag. */
export const CIRCLE_CORNERS = 64;

/** A field boundary as a feature the editor can show and edit; holes stay (the editor shows them, edits the outline). */
export function featureOf(boundary: FieldBoundary): DrawnFeature {
  if (boundary.type === 'Point') {
    const traced = circleToPolygon(boundary.coordinates, boundary.properties.radius, CIRCLE_CORNERS);
    return {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: traced.coordinates.map(roundRing) },
      properties: { mode: 'circle', radiusKilometers: boundary.properties.radius / 1000 },
    };
  }
  return {
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: boundary.coordinates.map((ring) => roundRing(closeRing(ring))) },
    properties: { mode: 'polygon' },
  };
}

/** The centre of a traced circle: the mean of its corners (they are evenly spread around it). */
function centreOf(ring: LngLat[]): LngLat {
  const corners = ring.slice(0, -1);
  const sum = corners.reduce<[number, number]>((acc, [lng, lat]) => [acc[0] + lng, acc[1] + lat], [0, 0]);
  return [sum[0] / corners.length, sum[1] / corners.length];
}

/**
 * A drawn feature as the field boundary the API stores (spec §3 Geometry): a closed Polygon of [lng, lat], or a
 * circle as a Point with its radius in metres, measured on the ellipsoid from the traced corners.
 */
export function boundaryOf(feature: Pick<DrawnFeature, 'geometry' | 'properties'>): FieldBoundary {
  const rings = feature.geometry.coordinates.map((ring) => closeRing(ring.map(([lng, lat]) => [lng!, lat!] as LngLat)));
  if (feature.properties.mode === 'circle') {
    const outline = rings[0]!;
    const centre = centreOf(outline);
    const corners = outline.slice(0, -1);
    const radius = corners.reduce((sum, corner) => sum + geodesicDistanceM(centre, corner), 0) / corners.length;
    return {
      type: 'Point',
      coordinates: [round(centre[0]), round(centre[1])],
      properties: { radius: Math.round(radius * 100) / 100, circle: true },
    };
  }
  return { type: 'Polygon', coordinates: rings };
}

/** The same boundary with a new radius (the radius box under the map), or unchanged for a polygon. */
export function withRadius(boundary: FieldBoundary, radiusM: number): FieldBoundary {
  return boundary.type === 'Point' ? { ...boundary, properties: { radius: radiusM, circle: true } } : boundary;
}
