import { describe, expect, it } from 'vitest';
import { uniform } from '../demo/seeded-noise.ts';
import { problemZones } from './problem-zones.ts';
import { fieldWindow } from './testing/field-window.ts';

/** A 40 × 40 field of 10 m pixels (16 ha), healthy at 0.8 with a little noise, and low patches where `low` says. */
const field = (low: (column: number, row: number) => number | null, fraction?: (column: number, row: number) => number) =>
  fieldWindow(40, 40, (column, row) => low(column, row) ?? 0.8 + (uniform(21, column, row) - 0.5) * 0.04, fraction);

describe('problem zones', () => {
  it('finds a low patch in the north-east with its area, share and mean', () => {
    // Rows 4–8, columns 28–33: 30 pixels; north is up (row 0).
    const window = field((column, row) => (column >= 28 && column <= 33 && row >= 4 && row <= 8 ? 0.35 : null));
    const result = problemZones(window, { thresholdValue: 0.5 });
    expect(result.thresholdRule).toBe('absolute');
    expect(result.fieldAreaHa).toBeCloseTo(16, 10);
    expect(result.zones).toHaveLength(1);
    const [zone] = result.zones;
    expect(zone!.areaHa).toBeCloseTo(0.3, 10);
    expect(zone!.pixelCount).toBe(30);
    expect(zone!.shareOfField).toBeCloseTo(0.3 / 16, 10);
    expect(zone!.meanValue).toBeCloseTo(0.35, 6);
    expect(zone!.direction).toBe('north-east');
    expect(zone!.polygon.coordinates).toHaveLength(1);
  });

  it('flags what lies below the field’s 10th percentile, drops specks under 0.1 ha, and names the direction', () => {
    // No noise here: on a noisy field the percentile sits among the healthy pixels, and the lowest of them join a patch's edge.
    const window = fieldWindow(40, 40, (column, row) => {
      if (column >= 2 && column <= 6 && row >= 30 && row <= 35) return 0.3; // 30 pixels, south-west
      if (column >= 18 && column <= 21 && row >= 18 && row <= 21) return 0.4; // 16 pixels, the middle
      if (column >= 36 && row >= 18 && row <= 20) return 0.45; // 12 pixels, east
      if ((column === 10 && row === 10) || (column === 30 && row >= 30 && row <= 31)) return 0.2; // 1- and 2-pixel specks
      return 0.8;
    });
    const result = problemZones(window);
    expect(result.thresholdRule).toBe('field-p10');
    expect(result.thresholdValue).toBeCloseTo(0.8, 6);
    expect(result.zones.map(({ pixelCount, direction }) => ({ pixelCount, direction }))).toEqual([
      { pixelCount: 30, direction: 'south-west' },
      { pixelCount: 16, direction: 'centre' },
      { pixelCount: 12, direction: 'east' },
    ]);
    expect(result.zones.map((zone) => zone.meanValue)).toEqual([0.3, 0.4, 0.45].map((value) => expect.closeTo(value, 6)));
  });

  it('counts a patch on the field edge by the share of its pixels inside', () => {
    // Columns 0–3 of rows 18–22 are low; column 0 is only half inside the field.
    const window = field(
      (column, row) => (column <= 3 && row >= 18 && row <= 22 ? 0.3 : null),
      (column) => (column === 0 ? 0.5 : 1),
    );
    const [zone] = problemZones(window, { thresholdValue: 0.5 }).zones;
    expect(zone!.pixelCount).toBe(20);
    expect(zone!.areaHa).toBeCloseTo(0.175, 10);
    expect(zone!.direction).toBe('west');
  });

  it('finds nothing in a uniform field, nor in one without values', () => {
    expect(problemZones(fieldWindow(20, 20, () => 0.8)).zones).toEqual([]);
    const empty = problemZones(fieldWindow(20, 20, () => NaN));
    expect(empty.thresholdValue).toBeNull();
    expect(empty.zones).toEqual([]);
  });

  it('keeps smaller zones when asked', () => {
    const window = field((column, row) => (column === 10 && row >= 10 && row <= 12 ? 0.2 : null));
    expect(problemZones(window, { thresholdValue: 0.5 }).zones).toHaveLength(0);
    expect(problemZones(window, { thresholdValue: 0.5, minimumAreaHa: 0.03 }).zones).toHaveLength(1);
  });
});
