import type { FieldBoundary } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { fieldInPixels, fieldOnGrid, UnsupportedCrsError, utmDefinition, type SceneGrid } from './scene-grid.ts';

/** Sentinel-2 tile 36KTE-like grid: UTM 36S, 10 m pixels, 10,980 × 10,980. */
const grid: SceneGrid = { epsg: 32736, originX: 199_980, originY: 8_100_040, pixelSizeM: 10, width: 10_980, height: 10_980 };
const point = (lng: number, lat: number): FieldBoundary => ({
  type: 'Point',
  coordinates: [lng, lat],
  properties: { radius: 100, circle: true },
});

describe('field on a scene grid', () => {
  it('projects like GDAL (gdaltransform EPSG:4326 → EPSG:32736: 31.05, -17.83 → 293338.351, 8027545.329)', () => {
    const [ring] = fieldInPixels(
      {
        type: 'Polygon',
        coordinates: [
          [
            [31.05, -17.83],
            [31.06, -17.83],
            [31.05, -17.84],
            [31.05, -17.83],
          ],
        ],
      },
      grid,
    );
    expect(ring![0]![0] * 10 + grid.originX).toBeCloseTo(293_338.351, 2);
    expect(grid.originY - ring![0]![1] * 10).toBeCloseTo(8_027_545.329, 2);
  });

  it('projects a point west of zone 36 into zone 36 (as a scene of the neighbouring zone holds it) and into zone 35', () => {
    // gdaltransform: 29.999, -17.83 → 181884.258, 8026069.860 (EPSG:32736) and 817903.577, 8026073.265 (EPSG:32735).
    const [[corner]] = fieldInPixels(
      {
        type: 'Polygon',
        coordinates: [
          [
            [29.999, -17.83],
            [30, -17.83],
            [30, -17.831],
            [29.999, -17.83],
          ],
        ],
      },
      {
        ...grid,
        originX: 0,
        originY: 0,
        pixelSizeM: 1,
      },
    ) as [[[number, number]]];
    expect(corner[0]).toBeCloseTo(181_884.258, 2);
    const [[west]] = fieldInPixels(
      {
        type: 'Polygon',
        coordinates: [
          [
            [29.999, -17.83],
            [30, -17.83],
            [30, -17.831],
            [29.999, -17.83],
          ],
        ],
      },
      {
        ...grid,
        epsg: 32735,
        originX: 0,
        originY: 0,
        pixelSizeM: 1,
      },
    ) as [[[number, number]]];
    expect(west[0]).toBeCloseTo(817_903.577, 2);
  });

  it('covers a 100 m round field with π·100² m² of 10 m pixels, fully inside the scene', () => {
    const onGrid = fieldOnGrid(point(31.05, -17.83), grid);
    if (!onGrid.inScene) throw new Error(onGrid.reason);
    const pixels = onGrid.coverage.fractions.reduce((sum, value) => sum + value, 0);
    // The 64-corner trace holds 99.84 % of the circle; UTM scale near 31° E in zone 36 is 1.0001–1.0004.
    expect(pixels / ((Math.PI * 100 * 100) / 100)).toBeCloseTo(0.9984 * 1.0006, 2);
    expect(onGrid.insideShare).toBe(1);
  });

  it('says how much of a field lies on a scene edge, and when a field is outside the scene', () => {
    const edge: SceneGrid = { ...grid, width: 9_334 }; // the scene ends at x = 293,320 m, 18 m west of the field's centre
    const onEdge = fieldOnGrid(point(31.05, -17.83), edge);
    // The circular segment beyond a chord 18.35 m from the centre: r²·acos(d/r) − d·√(r²−d²), over π·r².
    const d = 293_338.351 - 293_320;
    const segment = (100 ** 2 * Math.acos(d / 100) - d * Math.sqrt(100 ** 2 - d ** 2)) / (Math.PI * 100 ** 2);
    expect(onEdge.inScene && onEdge.insideShare).toBeCloseTo(segment, 2);
    expect(fieldOnGrid(point(35.5, -17.83), grid)).toEqual({ inScene: false, reason: 'outside-scene' });
  });

  it('refuses a grid that is not a UTM zone', () => {
    expect(() => utmDefinition(4326)).toThrow(UnsupportedCrsError);
    expect(utmDefinition(32631)).toBe('+proj=utm +zone=31 +datum=WGS84 +units=m +no_defs');
  });
});
