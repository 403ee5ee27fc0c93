import Flatbush from 'flatbush';
import geographiclib from 'geographiclib-geodesic';
import type { ProblemParams } from '../errors.ts';
import { formatHectares } from './area-units.ts';

// A CommonJS module: Node's ESM loader exposes it only as a default export.
const { Geodesic } = geographiclib;

/** A position as GeoJSON orders it: [longitude, latitude] in decimal degrees (WGS84). */
export type LngLat = [number, number];

/** A field drawn as a polygon: the outer ring first, then any holes (homestead, dam, rock outcrop). */
export interface PolygonBoundary {
  type: 'Polygon';
  coordinates: LngLat[][];
}

/** A centre-pivot or round field: a centre point with its radius in metres (spec §3 Geometry). */
export interface CircleBoundary {
  type: 'Point';
  coordinates: LngLat;
  properties: { radius: number; circle: true };
}

export type FieldBoundary = PolygonBoundary | CircleBoundary;

export interface BoundingBox {
  minLng: number;
  minLat: number;
  maxLng: number;
  maxLat: number;
}

/** Below this a field covers fewer than 50 Sentinel-2 pixels and its readings are unreliable (spec §5). */
export const MIN_FIELD_HECTARES = 0.5;
/** Larger than any single field we expect; a boundary this big is almost always a drawing mistake. */
export const MAX_FIELD_HECTARES = 10_000;
/** Vertex cap per ring: a hand-drawn or GPS-walked boundary stays far below it, and it bounds validation time. */
export const MAX_RING_VERTICES = 5_000;
/** Vertex cap over all rings of one boundary (outer ring and holes together), for the same reasons. */
export const MAX_BOUNDARY_VERTICES = 5_000;
/**
 * Pairs of edges whose boxes meet that the crossing check may test for one boundary. A GPS-walked field of
 * 5,000 corners needs about 15,000 (each edge meets its neighbours' boxes); only a deliberately tangled drawing
 * (thousands of long parallel edges) needs more, and it would cost the server seconds to check.
 */
export const MAX_EDGE_PAIRS_CHECKED = 200_000;

export type BoundaryProblemCode =
  | 'COORDINATE_OUT_OF_RANGE'
  | 'TOO_FEW_POINTS'
  | 'TOO_MANY_POINTS'
  | 'SELF_INTERSECTION'
  | 'TOO_COMPLEX'
  | 'HOLE_OUTSIDE_FIELD'
  | 'INVALID_RADIUS'
  | 'FIELD_TOO_SMALL'
  | 'FIELD_TOO_LARGE';

/**
 * What is wrong with a boundary: a code, the numbers and names its sentence uses (`params`), and the sentence in
 * English (the spec's text, which the API answers with). A client in another language words it from code and params.
 */
export interface BoundaryProblem {
  code: BoundaryProblemCode;
  message: string;
  params: ProblemParams;
  /** The measured area, when the problem is the size (a map shows it while the farmer adjusts the shape). */
  areaHectares?: number;
}

export interface MeasuredBoundary {
  /** The boundary with every ring closed (first position repeated at the end). */
  boundary: FieldBoundary;
  areaHectares: number;
  bbox: BoundingBox;
}

export type BoundaryCheck = { ok: true; value: MeasuredBoundary } | { ok: false; problem: BoundaryProblem };

const M2_PER_HECTARE = 10_000;

/**
 * Validates a field boundary and measures it on the WGS84 ellipsoid.
 * Rings are closed when open; self-intersecting rings, holes outside the outer ring, coordinates out of
 * range, fields under 0.5 ha and over 10,000 ha are refused with a message a farmer can act on.
 * Area: exact geodesic polygon area (Karney 2013, GeographicLib); circles: π·r².
 */
export function measureFieldBoundary(boundary: FieldBoundary): BoundaryCheck {
  const measured = boundary.type === 'Point' ? measureCircle(boundary) : measurePolygon(boundary);
  if (!measured.ok) return measured;
  const hectares = measured.value.areaHectares;
  if (hectares < MIN_FIELD_HECTARES) {
    return fail(
      'FIELD_TOO_SMALL',
      `This field measures ${formatHectares(hectares)} ha. The minimum field size is 0.5 ha (1.2 acres): ` +
        'smaller fields give unreliable satellite readings.',
      { areaHectares: roundedHectares(hectares), minHectares: MIN_FIELD_HECTARES, minAcres: 1.2 },
      hectares,
    );
  }
  if (hectares > MAX_FIELD_HECTARES) {
    return fail(
      'FIELD_TOO_LARGE',
      `This field measures ${formatHectares(hectares)} ha, more than the 10,000 ha we accept for one field. ` +
        'Check the boundary, or split it into several fields.',
      { areaHectares: roundedHectares(hectares), maxHectares: MAX_FIELD_HECTARES },
      hectares,
    );
  }
  return measured;
}

/** Hectares as the messages give them (see `formatHectares`), as a number a client formats in its own language. */
function roundedHectares(hectares: number): number {
  return hectares < 10 ? Math.round(hectares * 100) / 100 : Math.round(hectares);
}

function fail(
  code: BoundaryProblemCode,
  message: string,
  params: ProblemParams = {},
  areaHectares?: number,
): { ok: false; problem: BoundaryProblem } {
  const problem: BoundaryProblem = { code, message, params };
  return { ok: false, problem: areaHectares === undefined ? problem : { ...problem, areaHectares } };
}

function positionProblem([lng, lat]: LngLat): BoundaryProblem | null {
  if (!Number.isFinite(lng) || !Number.isFinite(lat) || lng < -180 || lng > 180 || lat < -90 || lat > 90) {
    return {
      code: 'COORDINATE_OUT_OF_RANGE',
      message: `Position [${lng}, ${lat}] is outside the map: longitude must be within -180..180 and latitude within -90..90.`,
      // Numbers as given; a NaN or an infinity (only possible from code, not from JSON) as its text.
      params: { longitude: Number.isFinite(lng) ? lng : String(lng), latitude: Number.isFinite(lat) ? lat : String(lat) },
    };
  }
  return null;
}

function measureCircle(circle: CircleBoundary): BoundaryCheck {
  const problem = positionProblem(circle.coordinates);
  if (problem) return { ok: false, problem };
  const radiusM = circle.properties.radius;
  if (!Number.isFinite(radiusM) || radiusM <= 0) {
    return fail('INVALID_RADIUS', 'A circular field needs a radius in metres greater than 0.');
  }
  const [lng, lat] = circle.coordinates;
  // A circle of a few km is flat to within parts per million, so π·r² is the geodesic area here.
  const areaHectares = (Math.PI * radiusM * radiusM) / M2_PER_HECTARE;
  const northEast = Geodesic.WGS84.Direct(lat, lng, 45, radiusM * Math.SQRT2);
  const southWest = Geodesic.WGS84.Direct(lat, lng, 225, radiusM * Math.SQRT2);
  return {
    ok: true,
    value: {
      boundary: { type: 'Point', coordinates: [lng, lat], properties: { radius: radiusM, circle: true } },
      areaHectares,
      bbox: {
        minLng: southWest.lon2 ?? lng,
        minLat: southWest.lat2 ?? lat,
        maxLng: northEast.lon2 ?? lng,
        maxLat: northEast.lat2 ?? lat,
      },
    },
  };
}

/** Repeats the first position at the end when the ring is open (spec §4 Map drawing). */
export function closeRing(ring: LngLat[]): LngLat[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return ring;
  return first[0] === last[0] && first[1] === last[1] ? ring : [...ring, first];
}

function measurePolygon(polygon: PolygonBoundary): BoundaryCheck {
  if (polygon.coordinates.length === 0) {
    return fail('TOO_FEW_POINTS', 'A field boundary needs at least three corners.', { ring: 'none', minCorners: 3 });
  }
  const rings: LngLat[][] = [];
  let corners = 0;
  for (const [ringIndex, openRing] of polygon.coordinates.entries()) {
    for (const position of openRing) {
      const problem = positionProblem(position);
      if (problem) return { ok: false, problem };
    }
    const ring = closeRing(dropRepeatedPositions(openRing));
    const what = ringIndex === 0 ? 'A field boundary' : 'A hole in a field';
    // Which ring the sentence is about: a client words "the boundary" and "a hole" differently.
    const which = ringIndex === 0 ? 'outer' : 'hole';
    if (ring.length < 4) return fail('TOO_FEW_POINTS', `${what} needs at least three different corners.`, { ring: which, minCorners: 3 });
    if (ring.length - 1 > MAX_RING_VERTICES) {
      return fail('TOO_MANY_POINTS', `${what} may have at most ${MAX_RING_VERTICES} corners; simplify it.`, {
        ring: which,
        maxCorners: MAX_RING_VERTICES,
      });
    }
    corners += ring.length - 1;
    if (corners > MAX_BOUNDARY_VERTICES) {
      return fail('TOO_MANY_POINTS', `A field boundary with its holes may have at most ${MAX_BOUNDARY_VERTICES} corners; simplify it.`, {
        ring: 'all',
        maxCorners: MAX_BOUNDARY_VERTICES,
      });
    }
    rings.push(ring);
  }
  const crossing = ringsIntersect(rings);
  if (crossing === 'too-complex') {
    return fail(
      'TOO_COMPLEX',
      'This boundary is too tangled to check (many long edges lying over each other). Simplify it, or draw it again.',
    );
  }
  if (crossing) {
    return fail('SELF_INTERSECTION', 'The boundary crosses itself. Redraw it so that its edges do not cross, going once around the field.');
  }
  const [outer, ...holes] = rings as [LngLat[], ...LngLat[][]];
  for (const hole of holes) {
    if (!pointInRing(hole[0]!, outer)) {
      return fail('HOLE_OUTSIDE_FIELD', 'A hole in the field lies outside the field boundary.');
    }
  }
  const areaM2 = ringAreaM2(outer) - holes.reduce((sum, hole) => sum + ringAreaM2(hole), 0);
  return {
    ok: true,
    value: { boundary: { type: 'Polygon', coordinates: rings }, areaHectares: areaM2 / M2_PER_HECTARE, bbox: ringBbox(outer) },
  };
}

function dropRepeatedPositions(ring: LngLat[]): LngLat[] {
  return ring.filter((position, i) => {
    const previous = ring[i - 1];
    return !previous || previous[0] !== position[0] || previous[1] !== position[1];
  });
}

/** Unsigned geodesic area of a closed ring on WGS84, in m². */
function ringAreaM2(ring: LngLat[]): number {
  const polygon = Geodesic.WGS84.Polygon(false);
  for (const [lng, lat] of ring.slice(0, -1)) polygon.AddPoint(lat, lng);
  // sign=true gives a signed area (negative when clockwise) instead of "the rest of the Earth" for a
  // clockwise ring; its magnitude is the enclosed area whichever way the ring turns.
  return Math.abs(polygon.Compute(false, true).area ?? 0);
}

function ringBbox(ring: LngLat[]): BoundingBox {
  const lngs = ring.map((p) => p[0]);
  const lats = ring.map((p) => p[1]);
  return { minLng: Math.min(...lngs), minLat: Math.min(...lats), maxLng: Math.max(...lngs), maxLat: Math.max(...lats) };
}

type Segment = { a: LngLat; b: LngLat; ring: number; index: number; ringLength: number };

/**
 * True when any two edges cross or touch, other than neighbours sharing their common corner; 'too-complex'
 * when more than MAX_EDGE_PAIRS_CHECKED pairs of edges have meeting boxes, so that no drawing can make the
 * check cost more than a few milliseconds. Candidates come from a static R-tree of the edges' boxes (Flatbush),
 * so a walked boundary costs about one test per edge and its neighbours, whichever way its edges run.
 * Planar test on degrees: at field scale (< 20 km) straight edges in degrees and geodesics differ by far
 * less than the distance a real crossing needs.
 */
function ringsIntersect(rings: LngLat[][]): boolean | 'too-complex' {
  const segments: Segment[] = [];
  rings.forEach((ring, r) => {
    for (let i = 0; i < ring.length - 1; i++) {
      segments.push({ a: ring[i]!, b: ring[i + 1]!, ring: r, index: i, ringLength: ring.length - 1 });
    }
  });
  const index = new Flatbush(segments.length);
  for (const { a, b } of segments) index.add(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
  index.finish();
  let pairsLeft = MAX_EDGE_PAIRS_CHECKED;
  for (let i = 0; i < segments.length; i++) {
    const current = segments[i]!;
    const { a, b } = current;
    const candidates = index.search(Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[0], b[0]), Math.max(a[1], b[1]));
    for (const j of candidates) {
      // Each pair once: the edge with the lower number tests it.
      if (j <= i) continue;
      if (--pairsLeft < 0) return 'too-complex';
      const other = segments[j]!;
      if (areNeighbours(current, other)) continue;
      if (segmentsTouch(a, b, other.a, other.b)) return true;
    }
  }
  return false;
}

function areNeighbours(s: Segment, t: Segment): boolean {
  if (s.ring !== t.ring) return false;
  const gap = Math.abs(s.index - t.index);
  return gap === 1 || gap === s.ringLength - 1;
}

function orientation(p: LngLat, q: LngLat, r: LngLat): number {
  const cross = (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  return cross > 0 ? 1 : cross < 0 ? -1 : 0;
}

function onSegment(p: LngLat, q: LngLat, r: LngLat): boolean {
  return Math.min(p[0], r[0]) <= q[0] && q[0] <= Math.max(p[0], r[0]) && Math.min(p[1], r[1]) <= q[1] && q[1] <= Math.max(p[1], r[1]);
}

function segmentsTouch(p1: LngLat, q1: LngLat, p2: LngLat, q2: LngLat): boolean {
  const o1 = orientation(p1, q1, p2);
  const o2 = orientation(p1, q1, q2);
  const o3 = orientation(p2, q2, p1);
  const o4 = orientation(p2, q2, q1);
  if (o1 !== o2 && o3 !== o4) return true;
  return (
    (o1 === 0 && onSegment(p1, p2, q1)) ||
    (o2 === 0 && onSegment(p1, q2, q1)) ||
    (o3 === 0 && onSegment(p2, p1, q2)) ||
    (o4 === 0 && onSegment(p2, q1, q2))
  );
}

/** Even-odd ray casting; good enough to tell whether a hole's corner lies inside the outer ring. */
function pointInRing([x, y]: LngLat, ring: LngLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length - 1; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The distance in metres between two positions along the WGS84 ellipsoid. */
export function geodesicDistanceM(from: LngLat, to: LngLat): number {
  return Geodesic.WGS84.Inverse(from[1], from[0], to[1], to[0]).s12 ?? 0;
}

/**
 * A circle as a closed polygon of `segments` corners on the WGS84 ellipsoid (for formats without circles,
 * e.g. KML and Shapefile). With 64 corners the polygon holds 99.8 % of the circle's area.
 */
export function circleToPolygon(centre: LngLat, radiusM: number, segments = 64): PolygonBoundary {
  const [lng, lat] = centre;
  const ring: LngLat[] = [];
  for (let i = 0; i < segments; i++) {
    const point = Geodesic.WGS84.Direct(lat, lng, (360 * i) / segments, radiusM);
    ring.push([point.lon2 ?? lng, point.lat2 ?? lat]);
  }
  return { type: 'Polygon', coordinates: [closeRing(ring)] };
}

/** The polygon of any field boundary: polygons as they are, circles traced by `circleToPolygon`. */
export function boundaryAsPolygon(boundary: FieldBoundary): PolygonBoundary {
  return boundary.type === 'Point' ? circleToPolygon(boundary.coordinates, boundary.properties.radius) : boundary;
}
