import { describe, expect, it } from 'vitest';
import { closeRing, measureFieldBoundary, type LngLat, type PolygonBoundary } from './field-boundary.ts';

// WGS84 radii of curvature give an independent reference for a small square: 1 km of latitude spans
// 1000/M radians and 1 km of longitude 1000/(N·cos φ) radians (any geodesy text, e.g. Torge, Geodesy §6.2).
const A = 6_378_137;
const F = 1 / 298.257_223_563;
const E2 = F * (2 - F);
function squareAround(latDeg: number, lngDeg: number, sideM: number): PolygonBoundary {
  const phi = (latDeg * Math.PI) / 180;
  const w = 1 - E2 * Math.sin(phi) ** 2;
  const meridionalRadius = (A * (1 - E2)) / w ** 1.5;
  const primeVerticalRadius = A / Math.sqrt(w);
  const halfLat = ((sideM / meridionalRadius) * 90) / Math.PI;
  const halfLng = ((sideM / (primeVerticalRadius * Math.cos(phi))) * 90) / Math.PI;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lngDeg - halfLng, latDeg - halfLat],
        [lngDeg + halfLng, latDeg - halfLat],
        [lngDeg + halfLng, latDeg + halfLat],
        [lngDeg - halfLng, latDeg + halfLat],
        [lngDeg - halfLng, latDeg - halfLat],
      ],
    ],
  };
}

function hectares(boundary: Parameters<typeof measureFieldBoundary>[0]): number {
  const result = measureFieldBoundary(boundary);
  if (!result.ok) throw new Error(result.problem.message);
  return result.value.areaHectares;
}

describe('field area on the WGS84 ellipsoid', () => {
  it('measures a 1 km × 1 km square near Harare (-17.8°) as 100 ha within 0.1 %', () => {
    expect(hectares(squareAround(-17.8, 31.03, 1000))).toBeCloseTo(100, 1);
    expect(Math.abs(hectares(squareAround(-17.8, 31.03, 1000)) - 100)).toBeLessThan(0.1);
  });

  it('measures the same square equally at the equator and at -34° (Western Cape)', () => {
    expect(Math.abs(hectares(squareAround(0, 25, 1000)) - 100)).toBeLessThan(0.1);
    expect(Math.abs(hectares(squareAround(-34, 19, 1000)) - 100)).toBeLessThan(0.1);
  });

  it('gives the same area whichever way the ring turns', () => {
    const square = squareAround(-17.8, 31.03, 200);
    const reversed: PolygonBoundary = { type: 'Polygon', coordinates: [[...square.coordinates[0]!].reverse()] };
    expect(hectares(reversed)).toBeCloseTo(hectares(square), 9);
    expect(hectares(square)).toBeCloseTo(4, 2);
  });

  it('subtracts holes from the field', () => {
    const outer = squareAround(-17.8, 31.03, 300).coordinates[0]!;
    const hole = [...squareAround(-17.8, 31.03, 100).coordinates[0]!].reverse();
    expect(hectares({ type: 'Polygon', coordinates: [outer, hole] })).toBeCloseTo(9 - 1, 2);
  });

  it('accepts a circle of radius 40 m (0.503 ha) and refuses 39 m with the 0.5 ha / 1.2 acres message', () => {
    const circle = (radius: number) =>
      measureFieldBoundary({ type: 'Point', coordinates: [31.03, -17.8], properties: { radius, circle: true } });
    const accepted = circle(40);
    expect(accepted.ok && accepted.value.areaHectares).toBeCloseTo(0.503, 3);
    const refused = circle(39);
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.problem.code).toBe('FIELD_TOO_SMALL');
      expect(refused.problem.message).toContain('0.5 ha (1.2 acres)');
      expect(refused.problem.message).toContain('0.48 ha');
      expect(refused.problem.areaHectares).toBeCloseTo((Math.PI * 39 * 39) / 10_000, 6);
    }
  });

  it('refuses a circle without a positive radius', () => {
    const result = measureFieldBoundary({ type: 'Point', coordinates: [31, -17], properties: { radius: 0, circle: true } });
    expect(!result.ok && result.problem.code).toBe('INVALID_RADIUS');
  });

  it('gives a circle a bounding box that contains it', () => {
    const result = measureFieldBoundary({ type: 'Point', coordinates: [31, -17], properties: { radius: 100, circle: true } });
    if (!result.ok) throw new Error('expected ok');
    const { bbox } = result.value;
    expect(bbox.minLng).toBeLessThan(31);
    expect(bbox.maxLng).toBeGreaterThan(31);
    expect(bbox.maxLat - bbox.minLat).toBeCloseTo(200 / 110_700, 4);
  });
});

describe('boundary rules', () => {
  const openSquare: LngLat[] = squareAround(-17.8, 31.03, 200).coordinates[0]!.slice(0, 4);

  it('closes an open ring by repeating the first position', () => {
    expect(closeRing(openSquare)).toHaveLength(5);
    expect(closeRing(openSquare)[4]).toEqual(openSquare[0]);
    const result = measureFieldBoundary({ type: 'Polygon', coordinates: [openSquare] });
    expect(result.ok && result.value.boundary.type === 'Polygon' && result.value.boundary.coordinates[0]).toHaveLength(5);
  });

  it('leaves a closed ring as it is', () => {
    const closed = closeRing(openSquare);
    expect(closeRing(closed)).toBe(closed);
  });

  it('refuses a bow-tie (self-intersecting) ring', () => {
    const [a, b, c, d] = openSquare as [LngLat, LngLat, LngLat, LngLat];
    const result = measureFieldBoundary({ type: 'Polygon', coordinates: [[a, c, b, d]] });
    expect(!result.ok && result.problem.code).toBe('SELF_INTERSECTION');
  });

  it('refuses a ring that touches itself at a corner', () => {
    const [a, b, c, d] = openSquare as [LngLat, LngLat, LngLat, LngLat];
    const middle: LngLat = [(a[0] + c[0]) / 2, (a[1] + c[1]) / 2];
    const result = measureFieldBoundary({ type: 'Polygon', coordinates: [[a, b, middle, c, d, middle]] });
    expect(!result.ok && result.problem.code).toBe('SELF_INTERSECTION');
  });

  it('refuses fewer than three corners', () => {
    const result = measureFieldBoundary({ type: 'Polygon', coordinates: [[openSquare[0]!, openSquare[1]!, openSquare[0]!]] });
    expect(!result.ok && result.problem.code).toBe('TOO_FEW_POINTS');
  });

  it('refuses coordinates off the map', () => {
    const result = measureFieldBoundary({
      type: 'Polygon',
      coordinates: [
        [
          [31, -17],
          [31.1, -17],
          [191, -17.1],
        ],
      ],
    });
    expect(!result.ok && result.problem.code).toBe('COORDINATE_OUT_OF_RANGE');
    const nan = measureFieldBoundary({ type: 'Point', coordinates: [Number.NaN, 0], properties: { radius: 50, circle: true } });
    expect(!nan.ok && nan.problem.code).toBe('COORDINATE_OUT_OF_RANGE');
  });

  it('refuses absurd sizes over 10,000 ha', () => {
    const result = measureFieldBoundary(squareAround(-17.8, 31.03, 11_000));
    expect(!result.ok && result.problem.code).toBe('FIELD_TOO_LARGE');
    expect(!result.ok && result.problem.message).toContain('10,000 ha');
  });

  it('refuses a 0.3 ha polygon with the minimum size message', () => {
    const result = measureFieldBoundary(squareAround(-17.8, 31.03, Math.sqrt(3000)));
    expect(!result.ok && result.problem.message).toMatch(/0\.30 ha.*0\.5 ha \(1\.2 acres\)/);
  });

  it('gives each refusal the numbers its sentence uses, for a client to word in its own language', () => {
    const small = measureFieldBoundary(squareAround(-17.8, 31.03, Math.sqrt(3000)));
    expect(!small.ok && small.problem.params).toEqual({ areaHectares: 0.3, minHectares: 0.5, minAcres: 1.2 });
    const large = measureFieldBoundary(squareAround(-17.8, 31.03, 11_000));
    expect(!large.ok && large.problem.params).toEqual({ areaHectares: 12_100, maxHectares: 10_000 });
    const offMap = measureFieldBoundary({ type: 'Point', coordinates: [191, -17], properties: { radius: 50, circle: true } });
    expect(!offMap.ok && offMap.problem.params).toEqual({ longitude: 191, latitude: -17 });
    const outer = squareAround(-17.8, 31.03, 300).coordinates[0]!;
    const [a, b] = squareAround(-17.8, 31.03, 100).coordinates[0]! as [LngLat, LngLat];
    const thinHole = measureFieldBoundary({ type: 'Polygon', coordinates: [outer, [a, b, a]] });
    expect(!thinHole.ok && thinHole.problem).toMatchObject({ code: 'TOO_FEW_POINTS', params: { ring: 'hole', minCorners: 3 } });
    const crossing = measureFieldBoundary({ type: 'Polygon', coordinates: [[outer[0]!, outer[2]!, outer[1]!, outer[3]!]] });
    expect(!crossing.ok && crossing.problem.params).toEqual({});
  });

  it('refuses a hole outside the field', () => {
    const outer = squareAround(-17.8, 31.03, 300).coordinates[0]!;
    const hole = squareAround(-17.9, 31.03, 100).coordinates[0]!;
    const result = measureFieldBoundary({ type: 'Polygon', coordinates: [outer, hole] });
    expect(!result.ok && result.problem.code).toBe('HOLE_OUTSIDE_FIELD');
  });
});

describe('circles as polygons (for KML and Shapefile)', () => {
  it('traces a closed 64-corner ring holding 99.8 % of the circle', async () => {
    const { circleToPolygon } = await import('./field-boundary.ts');
    const polygon = circleToPolygon([31.03, -17.8], 100);
    expect(polygon.coordinates[0]).toHaveLength(65);
    expect(polygon.coordinates[0]![64]).toEqual(polygon.coordinates[0]![0]);
    const circleHectares = (Math.PI * 100 * 100) / 10_000;
    expect(hectares(polygon) / circleHectares).toBeCloseTo((64 / (2 * Math.PI)) * Math.sin((2 * Math.PI) / 64), 4);
  });
});

describe('geodesic distance', () => {
  it('measures one degree of latitude near Harare as the meridian arc formula does, and a circle corner at its radius', async () => {
    const { geodesicDistanceM, circleToPolygon } = await import('./field-boundary.ts');
    // WGS84 meridian arc over one degree centred on 17.8° S: M·π/180 with M = a(1-e²)/(1-e²sin²φ)^1.5 (not a sphere's 111,195 m).
    const a = 6_378_137;
    const e2 = 0.006_694_379_990_14;
    const sin2 = Math.sin((17.8 * Math.PI) / 180) ** 2;
    const meridianDegreeM = ((a * (1 - e2)) / (1 - e2 * sin2) ** 1.5) * (Math.PI / 180);
    expect(geodesicDistanceM([31, -17.3], [31, -18.3]) / meridianDegreeM).toBeCloseTo(1, 5);
    const corner = circleToPolygon([31.03, -17.8], 250).coordinates[0]![7]!;
    expect(geodesicDistanceM([31.03, -17.8], corner)).toBeCloseTo(250, 6);
  });
});
