import path from 'node:path';
import type { FieldBoundary } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCog } from '../cog/cog-reader.ts';
import { startRangeServer, type RangeServer } from '../cog/testing/range-server.ts';
import { simulatedSentinel2 } from '../stac/sources.ts';
import { startFakeStacServer, type FakeStacServer } from '../stac/testing/fake-stac-server.ts';
import { sentinel2ItemFixture } from '../stac/testing/stac-item-fixtures.ts';
import { fieldSceneStatistics } from './field-statistics.ts';
import { fieldTimeSeries } from './field-time-series.ts';

const scene = path.resolve(import.meta.dirname, '../../test/fixtures/scene');
const field: FieldBoundary = {
  type: 'Polygon',
  coordinates: [
    [
      [31.048, -17.827],
      [31.0487, -17.827],
      [31.0487, -17.8277],
      [31.048, -17.8277],
      [31.048, -17.827],
    ],
  ],
};
const offsetNotApplied = { 'earthsearch:boa_offset_applied': false, 's2:processing_baseline': '05.09' };

let files: RangeServer;
let stac: FakeStacServer;
beforeAll(async () => {
  files = await startRangeServer(scene);
  const asset = (file: string) => ({ href: files.url(file), type: 'image/tiff', 'raster:bands': [{ nodata: 0 }] });
  const item = (id: string, date: string, red = 'red.tif') =>
    sentinel2ItemFixture(id, date, {
      properties: offsetNotApplied,
      assets: { red: asset(red), nir: asset('nir.tif'), scl: asset('scl.tif') },
    });
  stac = await startFakeStacServer();
  stac.setPages([
    {
      features: [
        item('S2B_36KVE_20251203_0_L2A', '2025-12-03T08:01:12Z'),
        item('S2A_36KVE_20251118_0_L2A', '2025-11-18T08:01:09Z'),
        item('S2A_36KVE_20251228_0_L2A', '2025-12-28T08:01:15Z', 'missing-red.tif'),
      ],
    },
  ]);
});
afterAll(async () => {
  await stac?.close();
  await files?.close();
});

describe('a field over a date range', () => {
  it('gives each scene of the catalog in time order, labelled with its source, and a gap with the reason for an unreadable one', async () => {
    const { points, skipped } = await fieldTimeSeries({
      source: simulatedSentinel2(stac.url),
      boundary: field,
      from: '2025-11-01',
      to: '2026-03-31',
      index: 'ndvi',
    });
    expect(skipped).toEqual([]);
    expect(points.map((point) => [point.sceneId, point.source, point.result.usable])).toEqual([
      ['S2A_36KVE_20251118_0_L2A', 'simulated', true],
      ['S2B_36KVE_20251203_0_L2A', 'simulated', true],
      ['S2A_36KVE_20251228_0_L2A', 'simulated', false],
    ]);
    const gap = points[2]!.result;
    expect(gap.reason).toBe('unreadable');
    if (gap.reason === 'unreadable') expect(gap.error).toMatch(/missing-red\.tif/);

    const [red, nir, scl] = await Promise.all(['red', 'nir', 'scl'].map((band) => openCog(path.join(scene, `${band}.tif`))));
    const direct = await fieldSceneStatistics({
      boundary: field,
      index: 'ndvi',
      bands: { red: red!, nir: nir!, scl: scl! },
      reflectance: { collection: 'sentinel-2-l2a', boaOffsetApplied: false, processingBaseline: '05.09' },
    });
    const first = points[0]!.result;
    if (first.reason === 'unreadable' || first.reason === 'outside-scene' || direct.reason === 'outside-scene')
      throw new Error('no statistics');
    expect(first.statistics.mean).toBe(direct.statistics.mean);
  });
});
