import proj4 from 'proj4';
import { describe, expect, it } from 'vitest';
import { uniform } from '../demo/seeded-noise.ts';
import { utmDefinition } from '../geometry/scene-grid.ts';
import { fieldWindow, labelGrid, ringsOnGrid, testGrid, toWindowPixels, twiceSignedAreaDegrees } from './testing/field-window.ts';
import { zonePolygons, type ZonePolygon } from './zone-polygons.ts';

/** Zone polygons of a drawn label grid, every pixel fully in the field and worth `value`. */
function polygonsOf(rows: string[], value = 0.5) {
  const { labels, width, height } = labelGrid(rows);
  const window = fieldWindow(width, height, () => value);
  return { window, parts: zonePolygons(window, labels) };
}

describe('zone polygons', () => {
  it('traces an L along its pixel edges: six corners, counter-clockwise, closed, and its area', () => {
    const { window, parts } = polygonsOf(['0..', '0..', '000']);
    expect(parts).toHaveLength(1);
    const [part] = parts as [ZonePolygon];
    // Rows run south, so counter-clockwise on the map runs down the west side first.
    expect(ringsOnGrid(part.polygon, window)).toEqual([
      [
        [0, 0],
        [0, 3],
        [3, 3],
        [3, 2],
        [1, 2],
        [1, 0],
      ],
    ]);
    const ring = part.polygon.coordinates[0]!;
    expect(ring[0]).toEqual(ring.at(-1));
    expect(twiceSignedAreaDegrees(ring)).toBeGreaterThan(0);
    expect(part).toMatchObject({ label: 0, pixelCount: 5, meanValue: 0.5 });
    expect(part.areaHa).toBeCloseTo(0.05, 12);
  });

  it('gives a ring with a hole: outer counter-clockwise, hole clockwise, and the hole as its own zone', () => {
    const { window, parts } = polygonsOf(['000', '010', '000']);
    expect(parts.map((part) => part.label)).toEqual([0, 1]);
    const [ring, centre] = parts as [ZonePolygon, ZonePolygon];
    expect(ringsOnGrid(ring.polygon, window)).toEqual([
      [
        [0, 0],
        [0, 3],
        [3, 3],
        [3, 0],
      ],
      [
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 2],
      ],
    ]);
    expect(twiceSignedAreaDegrees(ring.polygon.coordinates[0]!)).toBeGreaterThan(0);
    expect(twiceSignedAreaDegrees(ring.polygon.coordinates[1]!)).toBeLessThan(0);
    expect(ring.areaHa).toBeCloseTo(0.08, 12);
    expect(ringsOnGrid(centre.polygon, window)).toEqual([
      [
        [1, 1],
        [1, 2],
        [2, 2],
        [2, 1],
      ],
    ]);
  });

  it('keeps two pixels touching only at a corner as two parts', () => {
    const { window, parts } = polygonsOf(['0.', '.0']);
    expect(parts).toHaveLength(2);
    expect(parts.map((part) => ringsOnGrid(part.polygon, window))).toEqual([
      [
        [
          [0, 0],
          [0, 1],
          [1, 1],
          [1, 0],
        ],
      ],
      [
        [
          [1, 1],
          [1, 2],
          [2, 2],
          [2, 1],
        ],
      ],
    ]);
  });

  it('lets a hole touch the outer ring at one corner where a zone meets itself diagonally, never a ring touching itself', () => {
    const { window, parts } = polygonsOf(['000', '0.0', '00.']);
    expect(parts).toHaveLength(1);
    expect(ringsOnGrid(parts[0]!.polygon, window)).toEqual([
      [
        [0, 0],
        [0, 3],
        [2, 3],
        [2, 2],
        [3, 2],
        [3, 0],
      ],
      [
        [1, 1],
        [2, 1],
        [2, 2],
        [1, 2],
      ],
    ]);
  });

  it('counts area by coverage, and ignores labelled pixels outside the field', () => {
    const { labels, width, height } = labelGrid(['00', '00']);
    const window = fieldWindow(
      width,
      height,
      (column) => (column === 0 ? 0.2 : 0.6),
      (column, row) => (row === 0 ? (column === 0 ? 0.5 : 0.25) : column === 0 ? 1 : 0),
    );
    const [part] = zonePolygons(window, labels) as [ZonePolygon];
    expect(part.pixelCount).toBe(3);
    expect(part.areaHa).toBeCloseTo(0.0175, 12);
    expect(part.meanValue).toBeCloseTo((0.5 * 0.2 + 0.25 * 0.6 + 1 * 0.2) / 1.75, 6);
    expect(ringsOnGrid(part.polygon, window)).toEqual([
      [
        [0, 0],
        [0, 2],
        [1, 2],
        [1, 1],
        [2, 1],
        [2, 0],
      ],
    ]);
  });

  it('reads 255 as no label in a byte grid', () => {
    const window = fieldWindow(2, 1, () => 0.5);
    expect(zonePolygons(window, Uint8Array.from([3, 255])).map((part) => part.pixelCount)).toEqual([1]);
  });

  it('puts corners on WGS 84 where proj4 and GDAL put the grid', () => {
    const window = { ...fieldWindow(1, 1, () => 0.5), column: 0, row: 0 };
    const [part] = zonePolygons(window, Int32Array.from([0])) as [ZonePolygon];
    // The grid's origin is where gdaltransform puts 31.05°E, 17.83°S in UTM 36S; it is the pixel's north-west corner.
    const northWest = part.polygon.coordinates[0]!.find(([lng, lat]) => Math.abs(lng - 31.05) < 1e-6 && Math.abs(lat + 17.83) < 1e-6);
    expect(northWest).toBeDefined();
    const [x, y] = proj4('EPSG:4326', utmDefinition(testGrid.epsg)).forward(northWest!) as [number, number];
    expect(x).toBeCloseTo(testGrid.originX, 2);
    expect(y).toBeCloseTo(testGrid.originY, 2);
  });

  it('traces any label grid into parts whose polygons hold exactly their own pixels', () => {
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const width = 18;
      const height = 13;
      // One label dense enough to form loops, holes and diagonal pinches; a second; some pixels without a label.
      const labels = Int32Array.from({ length: width * height }, (_, i) => {
        const draw = uniform(seed, i);
        return draw < 0.55 ? 0 : draw < 0.85 ? 1 : -1;
      });
      const window = fieldWindow(width, height, () => 0.5);
      const parts = zonePolygons(window, labels);
      const rings = parts.map((part) => ringsOnGrid(part.polygon, window));
      for (const [p, part] of parts.entries()) {
        const [outer, ...holes] = part.polygon.coordinates;
        expect(twiceSignedAreaDegrees(outer!)).toBeGreaterThan(0);
        for (const hole of holes) expect(twiceSignedAreaDegrees(hole)).toBeLessThan(0);
        // No ring passes through a corner twice.
        for (const ring of rings[p]!) expect(new Set(ring.map(([c, r]) => `${c},${r}`)).size).toBe(ring.length);
      }
      // Every pixel centre lies in the polygon of the one part holding it (even–odd over all its rings), and in no other.
      const inside = (x: number, y: number, polygonRings: [number, number][][]) => {
        let odd = false;
        for (const ring of polygonRings) {
          for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
            const [xi, yi] = ring[i]!;
            const [xj, yj] = ring[j]!;
            if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) odd = !odd;
          }
        }
        return odd;
      };
      let covered = 0;
      for (let row = 0; row < height; row++) {
        for (let column = 0; column < width; column++) {
          const holders = rings.flatMap((polygonRings, p) => (inside(column + 0.5, row + 0.5, polygonRings) ? [parts[p]!] : []));
          const label = labels[row * width + column]!;
          if (label < 0) expect(holders).toHaveLength(0);
          else {
            expect(holders.map((part) => part.label)).toEqual([label]);
            covered++;
          }
        }
      }
      expect(parts.reduce((sum, part) => sum + part.pixelCount, 0)).toBe(covered);
    }
  });

  it('projects every vertex back onto a pixel corner of the grid', () => {
    const { window, parts } = polygonsOf(['0011', '0121', '2221']);
    for (const part of parts) {
      for (const ring of part.polygon.coordinates) {
        for (const point of ring) {
          const [column, row] = toWindowPixels(point, window);
          expect(Math.abs(column - Math.round(column)) * testGrid.pixelSizeM).toBeLessThan(0.005);
          expect(Math.abs(row - Math.round(row)) * testGrid.pixelSizeM).toBeLessThan(0.005);
        }
      }
    }
  });
});
