import type { CircleBoundary, FieldBoundary, LngLat, PolygonBoundary } from '@murimi/core';

/**
 * The ways to give a field boundary: drawn on the map (or a file loaded onto it), walked with the phone's GPS, typed
 * corner by corner, loaded from a file without the map, a round field by centre and radius, or a GeoJSON polygon
 * pasted from a GPS app or GIS. Every one ends as the same boundary, checked by core's rules; the server measures
 * the area again.
 */
export type BoundaryMode = 'map' | 'walk' | 'corners' | 'file' | 'circle' | 'polygon';

/** A corner recorded by standing on it: the phone's position and how far off it may be (metres, 68 % radius). */
export interface WalkedCorner {
  latitude: number;
  longitude: number;
  accuracyM: number;
}

export interface BoundaryValues {
  mode: BoundaryMode;
  /** The shape on the map editor or loaded from a file; null until one is drawn or loaded, or after Clear Shape. */
  drawn: FieldBoundary | null;
  /** The corners walked so far, in the order walked. */
  walked: WalkedCorner[];
  /** Typed corners: one a line, latitude then longitude in decimal degrees. */
  corners: string;
  latitude: string;
  longitude: string;
  radius: string;
  geojson: string;
}

export const emptyBoundary: BoundaryValues = {
  mode: 'map',
  drawn: null,
  walked: [],
  corners: '',
  latitude: '',
  longitude: '',
  radius: '',
  geojson: '',
};

export type BoundaryInputKey = 'map' | 'walk' | 'corners' | 'file' | 'latitude' | 'longitude' | 'radius' | 'geojson';

/** What can be wrong with the typed or pasted boundary; each has a text `boundary.problems.<code>` in the app texts. */
export type BoundaryInputProblemCode =
  | 'mapEmpty'
  | 'walkTooFew'
  | 'cornersEmpty'
  | 'cornersTooFew'
  | 'cornerFormat'
  | 'cornerLatitudeRange'
  | 'cornerLongitudeRange'
  | 'cornerSwapped'
  | 'cornersOutsideRegion'
  | 'fileEmpty'
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
  /** The line of the typed corners the problem is on, from 1. */
  line?: number;
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

/** The polygon through `corners` ([longitude, latitude], in order), its ring closed on the first corner. */
function ringPolygon(corners: LngLat[]): PolygonBoundary {
  return { type: 'Polygon', coordinates: [[...corners, corners[0]!]] };
}

const samePosition = (a: LngLat, b: LngLat) => a[0] === b[0] && a[1] === b[1];

/** The fewest corners a field has: a triangle. */
export const MIN_CORNERS = 3;

/** The walked corners as a polygon once there are three; the accuracy of each is the farmer's to judge on screen. */
export function walkFrom(walked: readonly WalkedCorner[]): { boundary: PolygonBoundary | null; problems: BoundaryInputProblem[] } {
  if (walked.length < MIN_CORNERS) return { boundary: null, problems: [{ input: 'walk', code: 'walkTooFew', count: walked.length }] };
  return { boundary: ringPolygon(walked.map((corner) => [corner.longitude, corner.latitude])), problems: [] };
}

/** One coordinate as typed: `-17.8252`, `-17,8252` (decimal comma), `17.8252°S` or `17.8252 S`. */
const COORDINATE = /^([+-]?\d+(?:[.,]\d+)?)\s*°?\s*([NSEWnsew])?$/;

/**
 * Southern Africa, where the farms this app serves are: from Angola's and Tanzania's south (5° S) to the Cape (35° S),
 * and from the Atlantic coast (11° E) to Mozambique's (41° E). Latitudes there are negative (south).
 */
const FARMING_REGION = { minLat: -35, maxLat: -5, minLng: 11, maxLng: 41 };
const inFarmingRegion = ([lng, lat]: LngLat) =>
  lat >= FARMING_REGION.minLat && lat <= FARMING_REGION.maxLat && lng >= FARMING_REGION.minLng && lng <= FARMING_REGION.maxLng;

type TypedCoordinate = { value: number; axis: 'latitude' | 'longitude' | null };

function coordinateOf(token: string): TypedCoordinate | null {
  const match = COORDINATE.exec(token);
  if (!match) return null;
  const letter = match[2]?.toUpperCase();
  const value = Number(match[1]!.replace(',', '.'));
  const negative = letter === 'S' || letter === 'W';
  return {
    value: negative ? -Math.abs(value) : value,
    axis: letter === 'N' || letter === 'S' ? 'latitude' : letter === 'E' || letter === 'W' ? 'longitude' : null,
  };
}

/**
 * The two coordinates of a typed line. Separators: spaces, tabs, semicolons, or a comma between the numbers
 * ("-17.8252, 31.0335" and "-17.8252,31.0335"); a comma inside a number is a decimal comma ("-17,8252 31,0335").
 */
function coordinatesOf(line: string): TypedCoordinate[] | null {
  const withLetters = line.replace(/(\d)\s*°?\s*([NSEWnsew])\b/g, '$1$2');
  let tokens = withLetters
    .split(/[\s;]+/)
    .map((token) => token.replace(/^,+|,+$/g, ''))
    .filter(Boolean);
  if (tokens.length === 1 && tokens[0]!.split(',').length === 2) tokens = tokens[0]!.split(',');
  if (tokens.length !== 2) return null;
  const parsed = tokens.map(coordinateOf);
  return parsed.every((value): value is TypedCoordinate => value !== null) ? parsed : null;
}

/**
 * The typed corners as a polygon: one corner a line, latitude then longitude in decimal degrees (as phones and
 * Google Maps show them), or with N/S/E/W letters in either order. Blank lines are skipped; a last line repeating
 * the first (a closed ring) is dropped. Every line's problem is named with its line number.
 */
export function cornersFrom(text: string): { boundary: PolygonBoundary | null; problems: BoundaryInputProblem[] } {
  const lines = text.split(/\r?\n/).map((line, i) => ({ line: i + 1, text: line.trim() }));
  const typed = lines.filter((line) => line.text !== '');
  if (typed.length === 0) return { boundary: null, problems: [{ input: 'corners', code: 'cornersEmpty' }] };
  const problems: BoundaryInputProblem[] = [];
  const corners: LngLat[] = [];
  for (const { line, text: found } of typed) {
    const pair = coordinatesOf(found);
    if (!pair) {
      problems.push({ input: 'corners', code: 'cornerFormat', line, found });
      continue;
    }
    const [first, second] = pair as [TypedCoordinate, TypedCoordinate];
    const [latitude, longitude] = first.axis === 'longitude' || second.axis === 'latitude' ? [second, first] : [first, second];
    if (Math.abs(latitude.value) > 90 && Math.abs(latitude.value) <= 180 && Math.abs(longitude.value) <= 90 && latitude.axis === null) {
      problems.push({ input: 'corners', code: 'cornerSwapped', line, found });
    } else if (Math.abs(latitude.value) > 90) {
      problems.push({ input: 'corners', code: 'cornerLatitudeRange', line, found: String(latitude.value) });
    } else if (Math.abs(longitude.value) > 180) {
      problems.push({ input: 'corners', code: 'cornerLongitudeRange', line, found: String(longitude.value) });
    } else corners.push([longitude.value, latitude.value]);
  }
  if (problems.length > 0) return { boundary: null, problems };
  // Both numbers within ±90 read either way: only where they put the field tells a swapped pair.
  if (corners.every((corner) => !inFarmingRegion(corner)) && corners.every(([lng, lat]) => inFarmingRegion([lat, lng]))) {
    const [lng, lat] = corners[0]!;
    return { boundary: null, problems: [{ input: 'corners', code: 'cornersOutsideRegion', found: `${lat}, ${lng}` }] };
  }
  if (corners.length > 1 && samePosition(corners[0]!, corners.at(-1)!)) corners.pop();
  if (corners.length < MIN_CORNERS)
    return { boundary: null, problems: [{ input: 'corners', code: 'cornersTooFew', count: corners.length }] };
  return { boundary: ringPolygon(corners), problems: [] };
}

type BoundaryReading = { boundary: FieldBoundary | null; problems: BoundaryInputProblem[] };

const fromDrawn = (drawn: FieldBoundary | null, input: 'map' | 'file', code: 'mapEmpty' | 'fileEmpty'): BoundaryReading =>
  drawn ? { boundary: drawn, problems: [] } : { boundary: null, problems: [{ input, code }] };

/** How each way of giving the boundary reads its inputs. */
const readers: Record<BoundaryMode, (values: BoundaryValues) => BoundaryReading> = {
  map: (values) => fromDrawn(values.drawn, 'map', 'mapEmpty'),
  file: (values) => fromDrawn(values.drawn, 'file', 'fileEmpty'),
  walk: (values) => walkFrom(values.walked),
  corners: (values) => cornersFrom(values.corners),
  circle: circleFrom,
  polygon: (values) => polygonFrom(values.geojson),
};

/** The boundary to send, or what is wrong with the inputs that give it. */
export const boundaryFrom = (values: BoundaryValues): BoundaryReading => readers[values.mode](values);
