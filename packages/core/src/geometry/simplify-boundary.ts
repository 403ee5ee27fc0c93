import type { FieldBoundary, LngLat, PolygonBoundary } from './field-boundary.ts';

/** Douglas–Peucker tolerance of the boundaries drawn on the overview map: about one screen pixel at zoom 17. */
export const MAP_BOUNDARY_TOLERANCE_M = 1;
/**
 * Most corners a field keeps on the overview map. A boundary with more detail than this at 1 m (a GPS walk of a
 * winding river bank) is simplified with a coarser tolerance until it fits, so a page of the map list stays small.
 */
export const MAP_BOUNDARY_MAX_CORNERS = 250;
/** Decimal places of map corners: 10⁻⁶° is at most 0.11 m, a tenth of the tolerance, and halves the JSON. */
const MAP_COORDINATE_DECIMALS = 6;
/** Doublings of the tolerance before giving up on the corner cap (1 m · 2³⁰ is beyond any field). */
const MAX_TOLERANCE_DOUBLINGS = 30;

/** Mean Earth radius (IUGG). Over one field the local plane's scale is off by under 0.5 %: millimetres at 1 m. */
const EARTH_RADIUS_M = 6_371_008.8;
const RADIANS_PER_DEGREE = Math.PI / 180;

/**
 * Corners of a boundary: each ring's distinct corners (its closing position not counted twice), summed over the
 * outer ring and holes; a circle counts 1.
 */
export function boundaryCornerCount(boundary: FieldBoundary): number {
  if (boundary.type === 'Point') return 1;
  return boundary.coordinates.reduce((sum, ring) => sum + cornersOf(ring), 0);
}

/**
 * The centre of the field's area: a circle's centre, or the area-weighted centroid of the outer ring less its
 * holes. Computed on longitude and latitude directly: the local plane (x ∝ longitude, y ∝ latitude) is an affine
 * image of them, and centroids commute with affine maps.
 */
export function boundaryCentroid(boundary: FieldBoundary): LngLat {
  if (boundary.type === 'Point') return boundary.coordinates;
  let area = 0;
  let sumX = 0;
  let sumY = 0;
  for (const [index, ring] of boundary.coordinates.entries()) {
    const sign = index === 0 ? 1 : -1;
    const moments = ringMoments(ring);
    // Rings may turn either way: the outer ring adds its area and holes take theirs away.
    const direction = Math.sign(moments.area) || 1;
    area += sign * direction * moments.area;
    sumX += sign * direction * moments.x;
    sumY += sign * direction * moments.y;
  }
  if (area === 0) {
    const outer = boundary.coordinates[0] ?? [];
    const corners = outer.slice(0, Math.max(1, cornersOf(outer)));
    const mean = (axis: 0 | 1) => corners.reduce((sum, position) => sum + position[axis], 0) / Math.max(1, corners.length);
    return [mean(0), mean(1)];
  }
  return [sumX / (3 * area), sumY / (3 * area)];
}

/**
 * The boundary as the overview map draws it: each ring simplified by Douglas–Peucker at `MAP_BOUNDARY_TOLERANCE_M`
 * (measured in metres on the field's local plane), corners rounded to 10⁻⁶°, holes smaller than the tolerance
 * dropped. A boundary still over `MAP_BOUNDARY_MAX_CORNERS` is simplified again with twice the tolerance until it
 * fits. Circles are returned as they are. Every kept corner is one of the original corners, so the result never has
 * more corners than the boundary.
 */
export function simplifyBoundaryForMap(boundary: FieldBoundary): FieldBoundary {
  if (boundary.type === 'Point') return boundary;
  let toleranceM = MAP_BOUNDARY_TOLERANCE_M;
  let simplified = simplifyPolygon(boundary, toleranceM);
  for (let doubling = 0; doubling < MAX_TOLERANCE_DOUBLINGS && boundaryCornerCount(simplified) > MAP_BOUNDARY_MAX_CORNERS; doubling++) {
    toleranceM *= 2;
    simplified = simplifyPolygon(boundary, toleranceM);
  }
  return simplified;
}

function simplifyPolygon(polygon: PolygonBoundary, toleranceM: number): PolygonBoundary {
  const [outer, ...holes] = polygon.coordinates;
  if (!outer) return polygon;
  const plane = localPlane(outer);
  const rings = [roundedOr(simplifyRing(outer, toleranceM, plane, true), outer)];
  for (const hole of holes) {
    const simplified = roundRing(simplifyRing(hole, toleranceM, plane, false));
    if (cornersOf(simplified) >= 3) rings.push(simplified);
  }
  return { type: 'Polygon', coordinates: rings };
}

/** The outer ring rounded, unless rounding would leave it fewer than three corners (a sliver of centimetres). */
function roundedOr(ring: LngLat[], fallback: LngLat[]): LngLat[] {
  const rounded = roundRing(ring);
  if (cornersOf(rounded) >= 3) return rounded;
  return cornersOf(ring) >= 3 ? ring : fallback;
}

interface LocalPlane {
  /** Metres per degree of longitude and latitude at the field. */
  xM: number;
  yM: number;
}

function localPlane(ring: LngLat[]): LocalPlane {
  const meanLat = ring.reduce((sum, [, lat]) => sum + lat, 0) / Math.max(1, ring.length);
  const yM = EARTH_RADIUS_M * RADIANS_PER_DEGREE;
  return { xM: yM * Math.cos(meanLat * RADIANS_PER_DEGREE), yM };
}

/** Distance in metres from p to the segment a–b on the local plane. */
function distanceToSegmentM(p: LngLat, a: LngLat, b: LngLat, plane: LocalPlane): number {
  const px = (p[0] - a[0]) * plane.xM;
  const py = (p[1] - a[1]) * plane.yM;
  const bx = (b[0] - a[0]) * plane.xM;
  const by = (b[1] - a[1]) * plane.yM;
  const lengthSquared = bx * bx + by * by;
  const along = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, (px * bx + py * by) / lengthSquared));
  return Math.hypot(px - along * bx, py - along * by);
}

/**
 * Douglas–Peucker on a closed ring: split at the corner farthest from the first, then each half keeps the corner
 * farthest from its chord while that is over the tolerance. An outer ring keeps at least three corners.
 */
function simplifyRing(ring: LngLat[], toleranceM: number, plane: LocalPlane, isOuter: boolean): LngLat[] {
  const corners = cornersOf(ring);
  if (corners <= 3) return ring;
  const first = ring[0]!;
  let split = 1;
  let farthest = -1;
  for (let i = 1; i < corners; i++) {
    const d = distanceToSegmentM(ring[i]!, first, first, plane);
    if (d > farthest) [farthest, split] = [d, i];
  }
  const keep = new Uint8Array(corners + 1);
  keep[0] = keep[split] = keep[corners] = 1;
  const stack: [number, number][] = [
    [0, split],
    [split, corners],
  ];
  while (stack.length > 0) {
    const [from, to] = stack.pop()!;
    let worst = -1;
    let worstDistance = toleranceM;
    for (let i = from + 1; i < to; i++) {
      const d = distanceToSegmentM(ring[i]!, ring[from]!, ring[to]!, plane);
      if (d > worstDistance) [worstDistance, worst] = [d, i];
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([from, worst], [worst, to]);
  }
  const kept = keep.reduce((sum, k) => sum + k, 0) - 1;
  if (isOuter && kept < 3) {
    // Everything lies within the tolerance of one line (a very thin field at a coarse tolerance): keep its widest corner.
    let widest = -1;
    let widestDistance = -1;
    for (let i = 1; i < corners; i++) {
      if (keep[i]) continue;
      const d = distanceToSegmentM(ring[i]!, first, ring[split]!, plane);
      if (d > widestDistance) [widestDistance, widest] = [d, i];
    }
    if (widest > 0) keep[widest] = 1;
  }
  return ring.filter((_, i) => keep[i] === 1);
}

function roundRing(ring: LngLat[]): LngLat[] {
  const scale = 10 ** MAP_COORDINATE_DECIMALS;
  const rounded: LngLat[] = [];
  for (const [lng, lat] of ring) {
    const position: LngLat = [Math.round(lng * scale) / scale, Math.round(lat * scale) / scale];
    const previous = rounded[rounded.length - 1];
    if (!previous || previous[0] !== position[0] || previous[1] !== position[1]) rounded.push(position);
  }
  return rounded;
}

/** Distinct corners of a ring, whether or not it repeats its first position at the end. */
function cornersOf(ring: LngLat[]): number {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last) return 0;
  return ring.length > 1 && first[0] === last[0] && first[1] === last[1] ? ring.length - 1 : ring.length;
}

/** Shoelace area (signed, ×2) and first moments (×6) of a ring, relative to its first corner for precision. */
function ringMoments(ring: LngLat[]): { area: number; x: number; y: number } {
  const origin = ring[0];
  if (!origin) return { area: 0, x: 0, y: 0 };
  let area = 0;
  let x = 0;
  let y = 0;
  const n = cornersOf(ring);
  for (let i = 0; i < n; i++) {
    const a = ring[i]!;
    const b = ring[(i + 1) % n]!;
    const ax = a[0] - origin[0];
    const ay = a[1] - origin[1];
    const bx = b[0] - origin[0];
    const by = b[1] - origin[1];
    const cross = ax * by - bx * ay;
    area += cross;
    x += (ax + bx) * cross;
    y += (ay + by) * cross;
  }
  // Back from the ring's first corner to the true origin: each first moment gains x₀ times 3 × (twice the area).
  return { area, x: x + 3 * area * origin[0], y: y + 3 * area * origin[1] };
}
