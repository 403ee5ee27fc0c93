import { describe, expect, it } from 'vitest';
import { uniform } from '../demo/seeded-noise.ts';
import { majorityFilter } from './majority-filter.ts';
import { managementZones } from './management-zones.ts';
import { medianComposite } from './median-composite.ts';
import { fieldWindow, labelGrid } from './testing/field-window.ts';
import { capZoneParts } from './zone-cap.ts';
import { zonePolygons } from './zone-polygons.ts';

describe('median composite', () => {
  it('takes each pixel’s median over the dates that have a value', () => {
    const composite = medianComposite([
      Float32Array.from([1, NaN, 3, 0.5]),
      Float32Array.from([2, NaN, NaN, 0.7]),
      Float32Array.from([4, NaN, 5, 0.1]),
      Float32Array.from([NaN, NaN, NaN, 0.3]),
    ]);
    expect([...composite]).toEqual([2, NaN, 4, Math.fround(0.4)]);
    expect(() => medianComposite([new Float32Array(2), new Float32Array(3)])).toThrow(RangeError);
  });
});

describe('majority filter', () => {
  it('removes an isolated pixel and keeps a straight border between zones', () => {
    const { labels, width, height } = labelGrid(['11111', '11111', '11211', '11111', '33333', '33333']);
    expect([...majorityFilter(labels, width, height, 1)]).toEqual([
      ...labelGrid(['11111', '11111', '11111', '11111', '33333', '33333']).labels,
    ]);
  });

  it('leaves pixels without a label alone and does not count them', () => {
    const { labels, width, height } = labelGrid(['...', '.2.', '.11']);
    // The 2 sees two 1s among three labelled pixels: a majority of those that vote.
    expect([...majorityFilter(labels, width, height, 1)]).toEqual([...labelGrid(['...', '.1.', '.11']).labels]);
    expect([...majorityFilter(labels, width, height, 0)]).toEqual([...labels]);
  });
});

describe('zone cap', () => {
  /** One zone 1 sprinkled with 150 single pixels of zone 2, three pixels apart. */
  function speckled() {
    const width = 45;
    const height = 30;
    const labels = new Int32Array(width * height).fill(1);
    const specks: number[] = [];
    for (let row = 1; row < height; row += 3) for (let column = 1; column < width; column += 3) specks.push(row * width + column);
    for (const i of specks) labels[i] = 2;
    return { labels, width, height, specks, window: fieldWindow(width, height, () => 0.5) };
  }

  it('merges the smallest parts into their largest neighbour until 100 remain', () => {
    const { labels, width, height, specks, window } = speckled();
    expect(specks).toHaveLength(150);
    const capped = capZoneParts(labels, window.fractions, width, height, 100);
    expect(capped.partCount).toBe(100);
    expect(zonePolygons(window, capped.labels)).toHaveLength(100);
    // All specks are the same size: the first 51 in raster order go, the last 99 stay.
    expect(specks.map((i) => capped.labels[i])).toEqual([...Array(51).fill(1), ...Array(99).fill(2)]);
  });

  it('gives a merged part the zone of its largest neighbour', () => {
    const { labels, width, height } = labelGrid(['11111', '11233', '11133']);
    const capped = capZoneParts(labels, new Float64Array(labels.length).fill(1), width, height, 2);
    expect([...capped.labels]).toEqual([...labelGrid(['11111', '11133', '11133']).labels]);
  });

  it('joins the parts a merged part held apart', () => {
    const { labels, width, height } = labelGrid(['11211', '11211', '11211']);
    const capped = capZoneParts(labels, new Float64Array(labels.length).fill(1), width, height, 2);
    expect(capped.partCount).toBe(1);
    expect([...capped.labels]).toEqual(Array(15).fill(1));
  });

  it('leaves labels alone under the cap', () => {
    const { labels, width, height } = labelGrid(['12', '21']);
    expect(capZoneParts(labels, new Float64Array(4).fill(1), width, height, 4)).toEqual({ labels, partCount: 4 });
  });
});

describe('management zones', () => {
  // Three north–south bands of 7, 11 and 12 columns (west to east: 0.7, 0.3, 0.5), with noise and a few wild pixels.
  const band = (column: number) => (column < 7 ? 0.7 : column < 18 ? 0.3 : 0.5);
  const wild = new Map([
    ['3,4', 0.3],
    ['12,10', 0.7],
    ['25,15', 0.3],
  ]);
  const window = fieldWindow(
    30,
    20,
    (column, row) => wild.get(`${column},${row}`) ?? band(column) + (uniform(11, column, row) - 0.5) * 0.06,
  );

  it('finds the three bands as zones 1–3 from low to high, wild pixels smoothed away', () => {
    const zones = managementZones(window);
    expect(zones.classes.map(({ zone, pixelCount, partCount }) => ({ zone, pixelCount, partCount }))).toEqual([
      { zone: 1, pixelCount: 220, partCount: 1 },
      { zone: 2, pixelCount: 240, partCount: 1 },
      { zone: 3, pixelCount: 140, partCount: 1 },
    ]);
    expect(zones.classes.map((zoneClass) => zoneClass.areaHa)).toEqual([2.2, 2.4, 1.4].map((area) => expect.closeTo(area, 10)));
    expect(zones.classes[0]!.centroidValue).toBeCloseTo(0.3, 1);
    expect(zones.classes[2]!.meanValue).toBeCloseTo(0.7, 1);
    expect(zones.polygons.map((part) => part.label)).toEqual([1, 2, 3]);
    expect(zones.labels[10 * 30 + 12]).toBe(1);
    expect(zones.unclassifiedAreaHa).toBe(0);
  });

  it('keeps the wild pixels without smoothing, and the same input gives the same zones', () => {
    const raw = managementZones(window, { smoothingPasses: 0 });
    expect(raw.polygons).toHaveLength(6);
    expect(managementZones(window, { smoothingPasses: 0 })).toEqual(raw);
  });

  it('caps a noisy field at 100 zone polygons', () => {
    const noisy = fieldWindow(60, 60, (column, row) => uniform(5, column, row));
    const zones = managementZones(noisy, { zoneCount: 5, smoothingPasses: 0 });
    expect(zones.polygons).toHaveLength(100);
    expect(zones.classes.reduce((sum, zoneClass) => sum + zoneClass.partCount, 0)).toBe(100);
    expect(zones.classes.reduce((sum, zoneClass) => sum + zoneClass.areaHa, 0)).toBeCloseTo(36, 10);
  });

  it('takes 3 to 5 zones', () => {
    expect(() => managementZones(window, { zoneCount: 2 })).toThrow(RangeError);
    expect(() => managementZones(window, { zoneCount: 6 })).toThrow(RangeError);
    expect(managementZones(window, { zoneCount: 5 }).classes).toHaveLength(5);
  });
});
