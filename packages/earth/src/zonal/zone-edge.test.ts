import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { measureFieldBoundary, type FieldBoundary } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRangeServer, type RangeServer } from '../cog/testing/range-server.ts';
import { fieldOnGrid } from '../geometry/scene-grid.ts';
import { simulatedSentinel2 } from '../stac/sources.ts';
import { startFakeStacServer, type FakeStacServer } from '../stac/testing/fake-stac-server.ts';
import { sentinel2ItemFixture } from '../stac/testing/stac-item-fixtures.ts';
import { fieldTimeSeries, type TimeSeriesPoint } from './field-time-series.ts';

// A field astride 30°E, the line between UTM zones 35 and 36, held by a tile of each zone on the same day
// (test/fixtures/zone-edge: the same ground on both grids, written by GDAL).
const fixtures = path.resolve(import.meta.dirname, '../../test/fixtures');
const zones = { 32735: 'zone-edge/epsg32735', 32736: 'zone-edge/epsg32736' } as const;
/** About 10 ha, a third of it west of 30°E. */
const field: FieldBoundary = {
  type: 'Polygon',
  coordinates: [
    [
      [29.9989, -17.8014],
      [30.0019, -17.8014],
      [30.0019, -17.7986],
      [29.9989, -17.7986],
      [29.9989, -17.8014],
    ],
  ],
};

const gdalReference = (folder: string) =>
  JSON.parse(
    execFileSync('/usr/bin/python3', [
      path.join(fixtures, 'scene/reference_field_ndvi.py'),
      JSON.stringify(field),
      path.join(fixtures, folder),
    ]).toString(),
  ) as { mean: number; validPixels: number };

let files: RangeServer;
let stac: FakeStacServer;
beforeAll(async () => {
  files = await startRangeServer(fixtures);
  const item = (epsg: keyof typeof zones, tile: string) => {
    const href = (band: string) => ({ href: files.url(`${zones[epsg]}/${band}.tif`) });
    return sentinel2ItemFixture(`S2A_${tile}_20251203_0_L2A`, '2025-12-03T08:01:12Z', {
      properties: { 'proj:epsg': epsg, 'earthsearch:boa_offset_applied': false, 's2:processing_baseline': '05.09' },
      assets: { red: href('red'), nir: href('nir'), scl: href('scl') },
    });
  };
  stac = await startFakeStacServer([{ features: [item(32735, '35KRE'), item(32736, '36KTE')] }]);
});
afterAll(async () => {
  await stac?.close();
  await files?.close();
});

const series = (weighting: 'coverage' | 'centroid') =>
  fieldTimeSeries({
    source: simulatedSentinel2(stac.url),
    boundary: field,
    from: '2025-12-01',
    to: '2025-12-05',
    index: 'ndvi',
    weighting,
  });

function statisticsOf(point: TimeSeriesPoint) {
  if (!('statistics' in point.result)) throw new Error(`${point.sceneId}: ${point.result.reason}`);
  return point.result;
}

describe('a field crossing two UTM zones', () => {
  it('is measured whole in the tile of either zone, each matching GDAL on that grid', async () => {
    const { points } = await series('centroid');
    expect(points.map((point) => point.sceneId)).toEqual(['S2A_35KRE_20251203_0_L2A', 'S2A_36KTE_20251203_0_L2A']);
    for (const [point, folder] of [
      [points[0]!, zones[32735]],
      [points[1]!, zones[32736]],
    ] as const) {
      const result = statisticsOf(point);
      const reference = gdalReference(folder);
      expect(result.usable).toBe(true);
      expect(result.insideShare).toBeCloseTo(1, 12);
      expect(result.statistics.pixelCount).toBe(reference.validPixels);
      expect(Math.abs(result.statistics.mean! - reference.mean)).toBeLessThan(1e-4);
    }
  });

  it('gives the same mean NDVI and the field’s true area on both grids', async () => {
    const { points } = await series('coverage');
    const [west, east] = points.map(statisticsOf) as [ReturnType<typeof statisticsOf>, ReturnType<typeof statisticsOf>];
    // One ground, two grids: the means differ only by how 10 m pixels fall on the field's edge.
    expect(Math.abs(west.statistics.mean! - east.statistics.mean!)).toBeLessThan(0.005);

    // 3° from either zone's central meridian UTM enlarges areas by ~0.2 % (scale factor ≈ 1.0009); no more.
    const measured = measureFieldBoundary(field);
    if (!measured.ok) throw new Error(measured.problem.message);
    const trueHectares = measured.value.areaHectares;
    for (const result of [west, east]) {
      const hectares = (result.statistics.coveredPixels * 100) / 10_000;
      expect(hectares / trueHectares).toBeGreaterThan(1);
      expect(hectares / trueHectares).toBeLessThan(1.005);
    }
  });

  it('projects the field into either zone, not only the one its centre lies in', () => {
    // Zone 35's grid at the field: origin and size as the fixture's red.tif (gdalinfo).
    const grid35 = { epsg: 32735, originX: 817_760, originY: 8_029_700, pixelSizeM: 10, width: 60, height: 60 };
    const onGrid = fieldOnGrid(field, grid35);
    expect(onGrid.inScene && onGrid.insideShare).toBeCloseTo(1, 12);
  });
});
