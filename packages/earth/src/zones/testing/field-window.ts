import type { LngLat, PolygonBoundary } from '@murimi/core';
import proj4 from 'proj4';
import { utmDefinition } from '../../geometry/scene-grid.ts';
import type { FieldPixelWindow } from '../zone-polygons.ts';

/** A 10 m grid in UTM 36S (Harare area), where gdaltransform puts 31.05°E 17.83°S at 293338.351, 8027545.329. */
export const testGrid = { epsg: 32736, originX: 293_338.351, originY: 8_027_545.329, pixelSizeM: 10 };

/** A window of `width` × `height` pixels at column 40, row 30 of the test grid; fractions 1 unless given. */
export function fieldWindow(
  width: number,
  height: number,
  value: (column: number, row: number) => number,
  fraction: (column: number, row: number) => number = () => 1,
): FieldPixelWindow {
  const values = new Float32Array(width * height);
  const fractions = new Float64Array(width * height);
  for (let row = 0; row < height; row++) {
    for (let column = 0; column < width; column++) {
      values[row * width + column] = value(column, row);
      fractions[row * width + column] = fraction(column, row);
    }
  }
  return { grid: testGrid, column: 40, row: 30, width, height, values, fractions };
}

/** Labels from rows of characters: a digit is that label, anything else none (−1). */
export function labelGrid(rows: string[]): { labels: Int32Array; width: number; height: number } {
  const width = rows[0]!.length;
  const labels = new Int32Array(width * rows.length);
  rows.forEach((line, row) => [...line].forEach((char, column) => (labels[row * width + column] = /\d/.test(char) ? Number(char) : -1)));
  return { labels, width, height: rows.length };
}

/** A longitude/latitude back on the scene grid with proj4: [column, row] of the window, in pixel units (not rounded). */
export function toWindowPixels([lng, lat]: LngLat, window: FieldPixelWindow): [number, number] {
  const [x, y] = proj4('EPSG:4326', utmDefinition(window.grid.epsg)).forward([lng, lat]) as [number, number];
  return [
    (x - window.grid.originX) / window.grid.pixelSizeM - window.column,
    (window.grid.originY - y) / window.grid.pixelSizeM - window.row,
  ];
}

/**
 * A polygon's rings as window pixel corners [column, row] (rows down), each ring unclosed and rotated to start at
 * its first corner in raster order, direction kept. Throws if a vertex is more than 1 cm off a pixel corner.
 */
export function ringsOnGrid(polygon: PolygonBoundary, window: FieldPixelWindow): [number, number][][] {
  return polygon.coordinates.map((ring) => {
    const corners = ring.slice(0, -1).map((point) => {
      const [column, row] = toWindowPixels(point, window);
      // + 0 turns −0 into 0.
      const rounded: [number, number] = [Math.round(column) + 0, Math.round(row) + 0];
      if (Math.abs(column - rounded[0]) > 1e-3 || Math.abs(row - rounded[1]) > 1e-3)
        throw new Error(`${point.join(', ')} is not on a pixel corner (${column}, ${row}).`);
      return rounded;
    });
    let first = 0;
    corners.forEach(([c, r], i) => {
      const [bestC, bestR] = corners[first]!;
      if (r < bestR || (r === bestR && c < bestC)) first = i;
    });
    return [...corners.slice(first), ...corners.slice(0, first)];
  });
}

/** Twice the signed area of a closed ring of [longitude, latitude]: positive counter-clockwise. */
export function twiceSignedAreaDegrees(ring: LngLat[]): number {
  let sum = 0;
  for (let i = 0; i < ring.length - 1; i++) sum += ring[i]![0] * ring[i + 1]![1] - ring[i + 1]![0] * ring[i]![1];
  return sum;
}
