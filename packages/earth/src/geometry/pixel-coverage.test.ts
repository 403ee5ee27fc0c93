import { describe, expect, it } from 'vitest';
import { pixelCoverage, signedArea, type PixelPoint } from './pixel-coverage.ts';

/** The rule spelled out pixel by pixel: each ring clipped to each pixel's square, signed areas summed. */
function coverageByClippingEachPixel(rings: PixelPoint[][], column: number, row: number, width: number, height: number): number[] {
  const clip = (ring: PixelPoint[], axis: 0 | 1, limit: number, keepBelow: boolean): PixelPoint[] => {
    const out: PixelPoint[] = [];
    ring.forEach((current, i) => {
      const previous = ring[(i + ring.length - 1) % ring.length]!;
      const inside = (point: PixelPoint) => (keepBelow ? point[axis] <= limit : point[axis] >= limit);
      if (inside(current) !== inside(previous)) {
        const t = (limit - previous[axis]) / (current[axis] - previous[axis]);
        const crossing: PixelPoint = [previous[0] + t * (current[0] - previous[0]), previous[1] + t * (current[1] - previous[1])];
        crossing[axis] = limit;
        out.push(crossing);
      }
      if (inside(current)) out.push(current);
    });
    return out;
  };
  const sign = Math.sign(signedArea(rings[0]!));
  const fractions: number[] = [];
  for (let r = row; r < row + height; r++) {
    for (let c = column; c < column + width; c++) {
      let area = 0;
      for (const ring of rings) {
        const cell = clip(clip(clip(clip(ring, 1, r, false), 1, r + 1, true), 0, c, false), 0, c + 1, true);
        if (cell.length >= 3) area += signedArea(cell);
      }
      fractions.push(Math.max(0, area * sign));
    }
  }
  return fractions;
}

const sum = (values: Float64Array) => values.reduce((total, value) => total + value, 0);
const square = (x0: number, y0: number, x1: number, y1: number): PixelPoint[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
  [x0, y0],
];

describe('pixel coverage', () => {
  it('gives whole pixels for a pixel-aligned square', () => {
    const coverage = pixelCoverage([square(2, 3, 5, 5)], 100, 100)!;
    expect(coverage).toMatchObject({ column: 2, row: 3, width: 3, height: 2 });
    expect(Array.from(coverage.fractions)).toEqual([1, 1, 1, 1, 1, 1]);
  });

  it('gives halves and quarters on a square shifted by half a pixel, summing to its area', () => {
    const coverage = pixelCoverage([square(0.5, 0.5, 2.5, 2.5)], 100, 100)!;
    expect(Array.from(coverage.fractions)).toEqual([0.25, 0.5, 0.25, 0.5, 1, 0.5, 0.25, 0.5, 0.25]);
  });

  it('weighs a triangle and a concave L exactly (sum = area), whichever way they are wound', () => {
    const triangle: PixelPoint[] = [
      [0.3, 0.2],
      [7.9, 1.1],
      [2.2, 6.7],
    ];
    const area = Math.abs((7.9 - 0.3) * (6.7 - 0.2) - (2.2 - 0.3) * (1.1 - 0.2)) / 2;
    expect(sum(pixelCoverage([triangle], 100, 100)!.fractions)).toBeCloseTo(area, 10);
    expect(sum(pixelCoverage([[...triangle].reverse()], 100, 100)!.fractions)).toBeCloseTo(area, 10);
    const l: PixelPoint[] = [
      [0, 0],
      [4.5, 0],
      [4.5, 1.5],
      [1.5, 1.5],
      [1.5, 4.5],
      [0, 4.5],
    ];
    const coverage = pixelCoverage([l], 100, 100)!;
    expect(sum(coverage.fractions)).toBeCloseTo(4.5 * 1.5 + 1.5 * 3, 10);
    expect(coverage.fractions[2 * coverage.width + 2]).toBe(0); // inside the L's corner: not covered
    expect(coverage.fractions[1 * coverage.width + 1]).toBeCloseTo(0.5 * 1 + 0.5 * 0.5 + 0 * 0, 10); // pixel (1,1): 0.75
  });

  it('subtracts holes', () => {
    const coverage = pixelCoverage([square(0, 0, 6, 6), square(2.5, 2.5, 3.5, 3.5).reverse()], 100, 100)!;
    expect(sum(coverage.fractions)).toBeCloseTo(35, 10);
    expect(coverage.fractions[2 * 6 + 2]).toBeCloseTo(0.75, 10);
  });

  it('keeps only the part inside the raster, and nothing for a field outside it', () => {
    expect(sum(pixelCoverage([square(-2, -2, 2, 2)], 100, 100)!.fractions)).toBeCloseTo(4, 10);
    expect(pixelCoverage([square(200, 200, 210, 210)], 100, 100)).toBeNull();
  });

  it('gives each pixel what clipping the pixel alone gives, for jagged fields with holes over the raster edge', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    for (let trial = 0; trial < 40; trial++) {
      // A star-shaped outer ring of 5–60 vertices, partly off the raster's top-left corner in some trials.
      const centre: PixelPoint = [random() * 30 - 2, random() * 30 - 2];
      const ringOf = (vertices: number, radius: number, clockwise: boolean): PixelPoint[] =>
        Array.from({ length: vertices }, (_, i) => {
          const angle = ((clockwise ? -1 : 1) * 2 * Math.PI * i) / vertices;
          const reach = radius * (0.5 + random() * 0.5);
          return [centre[0] + reach * Math.cos(angle), centre[1] + reach * Math.sin(angle)];
        });
      const outer = ringOf(5 + Math.floor(random() * 56), 3 + random() * 12, trial % 2 === 0);
      const rings = trial % 3 === 0 ? [outer, ringOf(6, 1, trial % 2 !== 0)] : [outer];
      const coverage = pixelCoverage(rings, 40, 40)!;
      const expected = coverageByClippingEachPixel(rings, coverage.column, coverage.row, coverage.width, coverage.height);
      Array.from(coverage.fractions).forEach((fraction, i) => expect(fraction).toBeCloseTo(Math.min(1, expected[i]!), 9));
    }
  });
});
