import { describe, expect, it } from 'vitest';
import type { CircleBoundary, LngLat, PolygonBoundary } from './field-boundary.ts';
import {
  boundaryCentroid,
  boundaryCornerCount,
  MAP_BOUNDARY_MAX_CORNERS,
  MAP_BOUNDARY_TOLERANCE_M,
  simplifyBoundaryForMap,
} from './simplify-boundary.ts';

// The checks measure on the WGS84 radii of curvature at the field (Torge, Geodesy §6.2), not on the mean sphere the
// simplification uses, so they are an independent reference.
const A = 6_378_137;
const E2 = (1 / 298.257_223_563) * (2 - 1 / 298.257_223_563);
function metresPerDegree(latDeg: number): { x: number; y: number } {
  const phi = (latDeg * Math.PI) / 180;
  const w = 1 - E2 * Math.sin(phi) ** 2;
  return { y: ((A * (1 - E2)) / w ** 1.5) * (Math.PI / 180), x: (A / Math.sqrt(w)) * Math.cos(phi) * (Math.PI / 180) };
}

/** A ring of `corners` corners around a centre, each at `radiusM(angle)` metres; closed. */
function ringAround(centre: LngLat, corners: number, radiusM: (angle: number) => number): LngLat[] {
  const scale = metresPerDegree(centre[1]);
  const ring: LngLat[] = [];
  for (let i = 0; i < corners; i++) {
    const angle = (2 * Math.PI * i) / corners;
    const r = radiusM(angle);
    ring.push([centre[0] + (r * Math.cos(angle)) / scale.x, centre[1] + (r * Math.sin(angle)) / scale.y]);
  }
  return [...ring, ring[0]!];
}

/** The largest distance in metres from any corner of `original` to the nearest edge of `simplified`. */
function largestDeviationM(original: LngLat[], simplified: LngLat[]): number {
  const scale = metresPerDegree(original[0]![1]);
  const toPlane = ([lng, lat]: LngLat) => [lng * scale.x, lat * scale.y] as const;
  let largest = 0;
  for (const position of original) {
    const [px, py] = toPlane(position);
    let nearest = Infinity;
    for (let i = 0; i < simplified.length - 1; i++) {
      const [ax, ay] = toPlane(simplified[i]!);
      const [bx, by] = toPlane(simplified[i + 1]!);
      const dx = bx - ax;
      const dy = by - ay;
      const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
      nearest = Math.min(nearest, Math.hypot(px - ax - t * dx, py - ay - t * dy));
    }
    largest = Math.max(largest, nearest);
  }
  return largest;
}

const HARARE: LngLat = [31.05, -17.83];
/** Rounding to 10⁻⁶° moves a corner by at most 0.08 m (half a step in each axis) near Harare. */
const ROUNDING_M = 0.08;

describe('the boundary drawn on the overview map', () => {
  it('simplifies a 5,000-corner GPS walk of a round field to a few dozen corners, every original corner within 1 m', () => {
    // 400 m radius with 0.3 m of GPS jitter: detail under the tolerance.
    const walk = ringAround(HARARE, 5_000, (angle) => 400 + 0.3 * Math.sin(angle * 977));
    const simplified = simplifyBoundaryForMap({ type: 'Polygon', coordinates: [walk] }) as PolygonBoundary;
    const ring = simplified.coordinates[0]!;
    expect(boundaryCornerCount(simplified)).toBeLessThan(100);
    expect(boundaryCornerCount(simplified)).toBeGreaterThanOrEqual(3);
    expect(ring[0]).toEqual(ring[ring.length - 1]);
    expect(largestDeviationM(walk, ring)).toBeLessThan(MAP_BOUNDARY_TOLERANCE_M + ROUNDING_M);
  });

  it('keeps every corner of a boundary with no detail to lose, rounded to 10⁻⁶°', () => {
    const square = ringAround(HARARE, 4, () => 150);
    const simplified = simplifyBoundaryForMap({ type: 'Polygon', coordinates: [square] }) as PolygonBoundary;
    expect(simplified.coordinates[0]).toHaveLength(5);
    simplified.coordinates[0]!.forEach((position, i) => {
      expect(position[0]).toBeCloseTo(square[i]![0], 6);
      expect(position[1]).toBeCloseTo(square[i]![1], 6);
      expect(String(position[0]).split('.')[1]?.length ?? 0).toBeLessThanOrEqual(6);
    });
  });

  it(`holds a boundary with detail everywhere to ${MAP_BOUNDARY_MAX_CORNERS} corners, never more than it had`, () => {
    // A 5,000-corner zigzag of ±5 m: every corner is a real feature at 1 m.
    const zigzag = ringAround(HARARE, 5_000, (angle) => 1_500 + (Math.round((angle * 5_000) / (2 * Math.PI)) % 2 === 0 ? 5 : -5));
    const simplified = simplifyBoundaryForMap({ type: 'Polygon', coordinates: [zigzag] });
    expect(boundaryCornerCount(simplified)).toBeLessThanOrEqual(MAP_BOUNDARY_MAX_CORNERS);
    expect(boundaryCornerCount(simplified)).toBeGreaterThanOrEqual(3);
    const triangle = ringAround(HARARE, 3, () => 100);
    expect(boundaryCornerCount(simplifyBoundaryForMap({ type: 'Polygon', coordinates: [triangle] }))).toBe(3);
  });

  it('keeps a hole that shows on the map and drops one smaller than the tolerance', () => {
    const outer = ringAround(HARARE, 40, () => 300);
    const dam = ringAround(HARARE, 12, () => 40);
    const anthill = ringAround([HARARE[0] + 0.001, HARARE[1]], 6, () => 0.4);
    const simplified = simplifyBoundaryForMap({ type: 'Polygon', coordinates: [outer, dam, anthill] }) as PolygonBoundary;
    expect(simplified.coordinates).toHaveLength(2);
    expect(largestDeviationM(dam, simplified.coordinates[1]!)).toBeLessThan(MAP_BOUNDARY_TOLERANCE_M + ROUNDING_M);
  });

  it('leaves a circle as it is', () => {
    const pivot: CircleBoundary = { type: 'Point', coordinates: HARARE, properties: { radius: 80, circle: true } };
    expect(simplifyBoundaryForMap(pivot)).toBe(pivot);
  });
});

describe('boundary corners and centroid', () => {
  it('counts the corners of every ring once, and a circle as 1', () => {
    const outer = ringAround(HARARE, 6, () => 300);
    const hole = ringAround(HARARE, 4, () => 50);
    expect(boundaryCornerCount({ type: 'Polygon', coordinates: [outer, hole] })).toBe(10);
    expect(boundaryCornerCount({ type: 'Polygon', coordinates: [outer.slice(0, -1)] })).toBe(6);
    expect(boundaryCornerCount({ type: 'Point', coordinates: HARARE, properties: { radius: 60, circle: true } })).toBe(1);
  });

  it('puts the centroid of an L-shaped field in its area-weighted centre, with a hole taken away', () => {
    // An L of three unit squares (0..2 × 0..1 plus 0..1 × 1..2): centroid (5/6, 5/6), either way round.
    const l: LngLat[] = [
      [0, 0],
      [2, 0],
      [2, 1],
      [1, 1],
      [1, 2],
      [0, 2],
      [0, 0],
    ];
    const shift = ([x, y]: LngLat): LngLat => [31 + x / 1000, -17.8 + y / 1000];
    const [lng, lat] = boundaryCentroid({ type: 'Polygon', coordinates: [l.map(shift).reverse()] });
    expect(lng).toBeCloseTo(31 + 5 / 6000, 10);
    expect(lat).toBeCloseTo(-17.8 + 5 / 6000, 10);
    // A 2 × 2 square less the unit square at its top right: the same L.
    const square: LngLat[] = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 0],
    ];
    const corner: LngLat[] = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
      [1, 1],
    ];
    const withHole = boundaryCentroid({ type: 'Polygon', coordinates: [square.map(shift), corner.map(shift)] });
    expect(withHole[0]).toBeCloseTo(lng, 10);
    expect(withHole[1]).toBeCloseTo(lat, 10);
    expect(boundaryCentroid({ type: 'Point', coordinates: HARARE, properties: { radius: 60, circle: true } })).toEqual(HARARE);
  });
});
