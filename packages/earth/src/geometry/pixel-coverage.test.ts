import { describe, expect, it } from 'vitest';
import { pixelCoverage, type PixelPoint } from './pixel-coverage.ts';

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
});
