import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCog } from '../cog/cog-reader.ts';
import { startRangeServer, type RangeServer } from '../cog/testing/range-server.ts';
import { IndexNotAvailableError } from '../scene/sensor.ts';
import { fieldOnLandsatScene, gdalLandsatReference, landsatFixtureDir } from '../scene/testing/landsat-fixture.ts';
import { earthSearchLandsat, earthSearchSentinel2, simulatedSentinel2 } from '../stac/sources.ts';
import { startFakeStacServer, type FakeStacServer } from '../stac/testing/fake-stac-server.ts';
import { landsatItemFixture, sentinel2ItemFixture } from '../stac/testing/stac-item-fixtures.ts';
import { fieldSceneStatistics } from './field-statistics.ts';
import { fieldTimeSeries } from './field-time-series.ts';
import { sentinel2FixtureDir, smallClearField } from '../scene/testing/sentinel2-fixture.ts';

const scene = sentinel2FixtureDir;
const field = smallClearField;
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

describe('a field over a date range from Landsat C2 L2', () => {
  /** 2.7 ha of clear crop in the east of the Landsat test scene. */
  const landsatField = fieldOnLandsatScene([
    [50.2, 27.3],
    [55.6, 27.1],
    [55.8, 32.7],
    [50.4, 32.9],
  ]);
  let landsatFiles: RangeServer;
  let landsatStac: FakeStacServer;
  beforeAll(async () => {
    landsatFiles = await startRangeServer(landsatFixtureDir);
    // Shaped as Earth Search's landsat-c2-l2 items: surface reflectance scale and offset per band, QA_PIXEL fill 1.
    const asset = (file: string, scale = 0.0000275, offset = -0.2) => ({
      href: landsatFiles.url(file),
      type: 'image/tiff; application=geotiff; profile=cloud-optimized',
      'raster:bands': [{ nodata: 0, data_type: 'uint16', spatial_resolution: 30, unit: 'none', scale, offset }],
    });
    const qa = (file: string) => ({
      href: landsatFiles.url(file),
      'raster:bands': [{ nodata: 1, data_type: 'uint16', unit: 'bit index' }],
    });
    const item = (id: string, datetime: string, assets: Record<string, unknown> = {}) =>
      landsatItemFixture(id, datetime, {
        properties: { 'proj:epsg': 32736 },
        assets: {
          blue: asset('blue.tif'),
          green: asset('green.tif'),
          red: asset('red.tif'),
          nir08: asset('nir08.tif'),
          swir16: asset('swir16.tif'),
          qa_pixel: qa('qa_pixel.tif'),
          ...assets,
        },
      });
    landsatStac = await startFakeStacServer([
      {
        features: [
          item('LC09_L2SP_170072_20251207_20251209_02_T1', '2025-12-07T07:52:41Z', {
            nir08: asset('nir08-scale-0.00005.tif', 0.00005, -0.1),
          }),
          item('LC08_L2SP_170072_20251129_20251201_02_T1', '2025-11-29T07:52:38Z'),
          item('LC08_L2SP_170072_20251215_20251217_02_T1', '2025-12-15T07:52:44Z', { qa_pixel: qa('qa_pixel-cloudy.tif') }),
        ],
      },
    ]);
  });
  afterAll(async () => {
    await landsatStac?.close();
    await landsatFiles?.close();
  });

  it('gives each Landsat scene its NDVI as GDAL does (each band by its own scale), and a wholly cloudy date no statistics', async () => {
    const { points, skipped } = await fieldTimeSeries({
      source: { ...earthSearchLandsat, stacUrl: landsatStac.url },
      boundary: landsatField,
      from: '2025-11-01',
      to: '2026-03-31',
      index: 'ndvi',
      weighting: 'centroid',
    });
    expect(skipped).toEqual([]);
    expect(points.map((point) => [point.sceneId.slice(17, 25), point.source, point.result.usable, point.result.reason])).toEqual([
      ['20251129', 'landsat', true, null],
      ['20251207', 'landsat', true, null],
      ['20251215', 'landsat', false, 'no-valid-pixels'],
    ]);
    const reference = gdalLandsatReference(landsatField).mean!;
    for (const point of points.slice(0, 2)) {
      if (point.result.reason !== null) throw new Error(point.result.reason);
      expect(Math.abs(point.result.statistics.mean - reference)).toBeLessThan(1e-4);
    }
    const cloudy = points[2]!.result;
    if (cloudy.reason !== 'no-valid-pixels') throw new Error(String(cloudy.reason));
    expect(cloudy.statistics).toMatchObject({ mean: null, median: null, pixelCount: 0, validFraction: 0 });
    expect(cloudy.clear.maskedShare.cloud).toBe(1);
    // Only the index's bands and QA_PIXEL are read: red, nir08, qa_pixel.
    expect(new Set(landsatFiles.requests.map((request) => request.path.split('/').at(-1)))).toEqual(
      new Set(['red.tif', 'nir08.tif', 'nir08-scale-0.00005.tif', 'qa_pixel.tif', 'qa_pixel-cloudy.tif']),
    );
  });

  it('refuses NDRE on Landsat before asking the catalog', async () => {
    const before = landsatStac.requests.length;
    await expect(
      fieldTimeSeries({
        source: { ...earthSearchLandsat, stacUrl: landsatStac.url },
        boundary: landsatField,
        from: '2025-11-01',
        to: '2026-03-31',
        index: 'ndre',
      }),
    ).rejects.toBeInstanceOf(IndexNotAvailableError);
    expect(landsatStac.requests.length).toBe(before);
  });

  it('keeps the Sentinel-2 call shape for Earth Search', async () => {
    const search = fieldTimeSeries({
      source: { ...earthSearchSentinel2, stacUrl: stac.url },
      boundary: field,
      from: '2025-11-01',
      to: '2026-03-31',
      index: 'ndvi',
    });
    expect((await search).points.map((point) => point.source)).toEqual(['earth-search', 'earth-search', 'earth-search']);
  });
});
