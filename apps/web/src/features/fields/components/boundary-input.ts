import type { CircleBoundary, FieldBoundary, LngLat, PolygonBoundary } from '@murimi/core';

/**
 * The ways to give a field boundary: drawn on the map (or imported into it), a round field by centre and radius,
 * or a GeoJSON polygon pasted from a GPS app or GIS. The server measures the area again.
 */
export type BoundaryMode = 'map' | 'circle' | 'polygon';

export interface BoundaryValues {
  mode: BoundaryMode;
  /** The shape on the map editor; null until one is drawn, or after Clear Shape. */
  drawn: FieldBoundary | null;
  latitude: string;
  longitude: string;
  radius: string;
  geojson: string;
}

export const emptyBoundary: BoundaryValues = { mode: 'map', drawn: null, latitude: '', longitude: '', radius: '', geojson: '' };

export type BoundaryInputKey = 'map' | 'latitude' | 'longitude' | 'radius' | 'geojson';

/** What can be wrong with the typed or pasted boundary; each has a text `boundary.problems.<code>` in the app texts. */
export type BoundaryInputProblemCode =
  | 'mapEmpty'
  | 'latitudeRequired'
  | 'latitudeRange'
  | 'longitudeRequired'
  | 'longitudeRange'
  | 'radiusRequired'
  | 'radiusPositive'
  | 'geojsonEmpty'
  | 'geojsonSyntax'
  | 'geojsonType'
  | 'geojsonCount';

export interface BoundaryInputProblem {
  input: BoundaryInputKey;
  code: BoundaryInputProblemCode;
  found?: string;
  count?: number;
}

const M2_PER_HECTARE = 10_000;

const parseNumber = (text: string) => (text.trim() === '' ? null : Number(text.trim().replace(',', '.')));

/** The area of a round field, π r² in hectares; null until the radius is a positive number. */
export function circleHectares(radiusText: string): number | null {
  const radius = parseNumber(radiusText);
  return radius !== null && Number.isFinite(radius) && radius > 0 ? (Math.PI * radius * radius) / M2_PER_HECTARE : null;
}

function circleFrom(values: BoundaryValues): { boundary: CircleBoundary | null; problems: BoundaryInputProblem[] } {
  const problems: BoundaryInputProblem[] = [];
  const lat = parseNumber(values.latitude);
  const lng = parseNumber(values.longitude);
  const radius = parseNumber(values.radius);
  if (lat === null) problems.push({ input: 'latitude', code: 'latitudeRequired' });
  else if (!Number.isFinite(lat) || lat < -90 || lat > 90) problems.push({ input: 'latitude', code: 'latitudeRange' });
  if (lng === null) problems.push({ input: 'longitude', code: 'longitudeRequired' });
  else if (!Number.isFinite(lng) || lng < -180 || lng > 180) problems.push({ input: 'longitude', code: 'longitudeRange' });
  if (radius === null) problems.push({ input: 'radius', code: 'radiusRequired' });
  else if (!Number.isFinite(radius) || radius <= 0) problems.push({ input: 'radius', code: 'radiusPositive' });
  if (problems.length > 0 || lat === null || lng === null || radius === null) return { boundary: null, problems };
  return { boundary: { type: 'Point', coordinates: [lng, lat], properties: { radius, circle: true } }, problems };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Positions as [lng, lat]; a third number (altitude, common in GPS exports) is dropped. */
function twoDimensional(coordinates: unknown): LngLat[][] {
  if (!Array.isArray(coordinates)) return [];
  return coordinates.map((ring) =>
    Array.isArray(ring) ? ring.map((position) => (Array.isArray(position) ? [position[0], position[1]] : position) as LngLat) : ring,
  );
}

/** Finds the one polygon in a Geometry, a Feature or a FeatureCollection (a one-part MultiPolygon counts). */
function polygonIn(
  value: unknown,
): { polygon: PolygonBoundary } | { code: 'geojsonType'; found: string } | { code: 'geojsonCount'; count: number } {
  if (!isObject(value)) return { code: 'geojsonType', found: Array.isArray(value) ? 'array' : typeof value };
  const type = String(value.type);
  if (type === 'FeatureCollection') {
    const features = Array.isArray(value.features) ? value.features : [];
    const polygons = features.filter(
      (f) => isObject(f) && isObject(f.geometry) && ['Polygon', 'MultiPolygon'].includes(String(f.geometry.type)),
    );
    if (polygons.length !== 1) return { code: 'geojsonCount', count: polygons.length };
    return polygonIn(polygons[0]);
  }
  if (type === 'Feature') return polygonIn(value.geometry);
  if (type === 'Polygon') return { polygon: { type: 'Polygon', coordinates: twoDimensional(value.coordinates) } };
  if (type === 'MultiPolygon' && Array.isArray(value.coordinates)) {
    if (value.coordinates.length !== 1) return { code: 'geojsonCount', count: value.coordinates.length };
    return { polygon: { type: 'Polygon', coordinates: twoDimensional(value.coordinates[0]) } };
  }
  return { code: 'geojsonType', found: type === 'undefined' ? '?' : type };
}

export function polygonFrom(text: string): { boundary: PolygonBoundary | null; problems: BoundaryInputProblem[] } {
  if (text.trim() === '') return { boundary: null, problems: [{ input: 'geojson', code: 'geojsonEmpty' }] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { boundary: null, problems: [{ input: 'geojson', code: 'geojsonSyntax' }] };
  }
  const found = polygonIn(parsed);
  if ('polygon' in found) return { boundary: found.polygon, problems: [] };
  return { boundary: null, problems: [{ input: 'geojson', ...found }] };
}

/** The boundary to send, or what is wrong with the inputs that give it. */
export function boundaryFrom(values: BoundaryValues): { boundary: FieldBoundary | null; problems: BoundaryInputProblem[] } {
  if (values.mode === 'map') {
    return values.drawn ? { boundary: values.drawn, problems: [] } : { boundary: null, problems: [{ input: 'map', code: 'mapEmpty' }] };
  }
  return values.mode === 'circle' ? circleFrom(values) : polygonFrom(values.geojson);
}
