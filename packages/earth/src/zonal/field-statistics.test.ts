import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { FieldBoundary } from '@murimi/core';
import { beforeAll, describe, expect, it } from 'vitest';
import proj4 from 'proj4';
import { openCog } from '../cog/cog-reader.ts';
import { memoryBand } from '../cog/testing/memory-band.ts';
import { utmDefinition } from '../geometry/scene-grid.ts';
import { IndexNotAvailableError, landsatSensor } from '../scene/sensor.ts';
import { fieldOnLandsatScene, gdalLandsatReference, landsatFixtureDir } from '../scene/testing/landsat-fixture.ts';
import { fieldSceneStatistics, type SceneBands } from './field-statistics.ts';
import { sentinel2FixtureDir, sentinel2FixtureReflectance, smallClearField } from '../scene/testing/sentinel2-fixture.ts';

const scene = sentinel2FixtureDir;
/** The same field's mean NDVI computed by GDAL + numpy (`reference_field_ndvi.py`), an independent implementation. */
const gdalReference = (field: FieldBoundary) =>
  JSON.parse(execFileSync('/usr/bin/python3', [path.join(scene, 'reference_field_ndvi.py'), JSON.stringify(field)]).toString()) as {
    mean: number | null;
    validPixels: number;
    insidePixels: number;
    clearFraction: number;
  };

const polygon = (ring: [number, number][]): FieldBoundary => ({ type: 'Polygon', coordinates: [[...ring, ring[0]!]] });
/** 35 ha over the cloud and its shadow in the scene's north-west. */
const cloudyField = polygon([
  [31.04, -17.82],
  [31.046, -17.8205],
  [31.0455, -17.826],
  [31.0405, -17.8255],
]);
const smallField = smallClearField;
const reflectance = sentinel2FixtureReflectance;

let bands: SceneBands;
beforeAll(async () => {
  const [red, nir, scl] = await Promise.all(['red', 'nir', 'scl'].map((band) => openCog(path.join(scene, `${band}.tif`))));
  bands = { red: red!, nir: nir!, scl: scl! };
});

describe('field statistics on a scene written by GDAL', () => {
  it.each([
    ['a 35 ha field partly under cloud', cloudyField],
    ['a 0.6 ha field', smallField],
  ])('gives the mean NDVI of %s as GDAL + numpy do, within 1e-4 (centroid rule)', async (_name, field) => {
    const reference = gdalReference(field);
    const result = await fieldSceneStatistics({ boundary: field, index: 'ndvi', bands, reflectance, weighting: 'centroid' });
    if (result.reason === 'outside-scene') throw new Error('outside the scene');
    expect(reference.mean).not.toBeNull();
    expect(Math.abs(result.statistics.mean! - reference.mean!)).toBeLessThan(1e-4);
    expect(result.statistics.pixelCount).toBe(reference.validPixels);
    expect(result.statistics.coveredPixels).toBe(reference.insidePixels);
    expect(result.clear.clearFraction).toBeCloseTo(reference.clearFraction, 10);
  });

  it('weights edge pixels by coverage in the product rule, close to the centroid rule on a large field', async () => {
    const coverage = await fieldSceneStatistics({ boundary: cloudyField, index: 'ndvi', bands, reflectance });
    const centroid = await fieldSceneStatistics({ boundary: cloudyField, index: 'ndvi', bands, reflectance, weighting: 'centroid' });
    if (coverage.reason === 'outside-scene' || centroid.reason === 'outside-scene') throw new Error('outside the scene');
    expect(Math.abs(coverage.statistics.mean! - centroid.statistics.mean!)).toBeLessThan(0.005);
    expect(coverage.statistics.coveredPixels).not.toBe(centroid.statistics.coveredPixels);
    expect(coverage.usable).toBe(true);
    expect(coverage.insideShare).toBe(1);
  });

  it.each([
    [
      'before processing baseline 04.00: DN / 10000',
      'before-2022',
      { collection: 'sentinel-2-l2a', boaOffsetApplied: null, processingBaseline: '03.01' },
    ],
    ['baseline 04.00 or later, offset not applied: (DN − 1000) / 10000', '', reflectance],
    ['offset already applied by Earth Search: DN / 10000', 'before-2022', { ...reflectance, boaOffsetApplied: true }],
    [
      'raw numbers with raster:bands scale 0.0001 and offset −0.1',
      '',
      { collection: 'sentinel-2-c1-l2a', boaOffsetApplied: null, processingBaseline: '05.10', bandScale: 0.0001, bandOffset: -0.1 },
    ],
  ] as const)('gives GDAL’s NDVI for each case of the 2022 offset rule: %s', async (_case, variant, facts) => {
    const [red, nir] = await Promise.all(
      ['red', 'nir'].map((band) => openCog(path.join(scene, variant ? `${band}-${variant}.tif` : `${band}.tif`))),
    );
    const result = await fieldSceneStatistics({
      boundary: smallField,
      index: 'ndvi',
      bands: { red: red!, nir: nir!, scl: bands.scl },
      reflectance: facts,
      weighting: 'centroid',
    });
    if (result.reason === 'outside-scene') throw new Error('outside the scene');
    expect(Math.abs(result.statistics.mean! - gdalReference(smallField).mean!)).toBeLessThan(1e-4);
  });

  it('reads an applied offset differently: the same pixels without the −1000 give another NDVI', async () => {
    const wrong = await fieldSceneStatistics({
      boundary: smallField,
      index: 'ndvi',
      bands,
      reflectance: { ...reflectance, boaOffsetApplied: true },
    });
    const right = await fieldSceneStatistics({ boundary: smallField, index: 'ndvi', bands, reflectance });
    if (wrong.reason === 'outside-scene' || right.reason === 'outside-scene') throw new Error('outside the scene');
    expect(right.statistics.mean! - wrong.statistics.mean!).toBeGreaterThan(0.05);
  });

  it('says a field under cloud is not usable, and a field elsewhere is outside the scene', async () => {
    const underCloud = polygon([
      [31.0455, -17.8195],
      [31.0485, -17.8195],
      [31.0485, -17.8215],
      [31.0455, -17.8215],
    ]);
    const cloudy = await fieldSceneStatistics({ boundary: underCloud, index: 'ndvi', bands, reflectance });
    expect(cloudy).toMatchObject({ usable: false, reason: 'too-cloudy' });
    if (cloudy.reason === 'too-cloudy') expect(cloudy.clear.maskedShare.cloud).toBeGreaterThan(0.5);
    const elsewhere = polygon([
      [31.2, -17.9],
      [31.21, -17.9],
      [31.21, -17.91],
      [31.2, -17.91],
    ]);
    expect(await fieldSceneStatistics({ boundary: elsewhere, index: 'ndvi', bands, reflectance })).toEqual({
      usable: false,
      reason: 'outside-scene',
      insideShare: 0,
    });
  });

  it('does not pass off the part of a field inside the scene as the whole field', async () => {
    // 400 m × 400 m astride the scene's east edge (x = 293,600 m): a quarter inside, then three quarters.
    const toLngLat = proj4(utmDefinition(32736), 'EPSG:4326');
    const square = (west: number) =>
      polygon(
        [
          [west, 8_028_200],
          [west + 400, 8_028_200],
          [west + 400, 8_027_800],
          [west, 8_027_800],
        ].map((corner) => toLngLat.forward(corner) as [number, number]),
      );
    const quarterIn = await fieldSceneStatistics({ boundary: square(293_500), index: 'ndvi', bands, reflectance });
    expect(quarterIn).toMatchObject({ usable: false, reason: 'partly-outside-scene' });
    expect(quarterIn.insideShare).toBeCloseTo(0.25, 2);
    if (quarterIn.reason === 'partly-outside-scene') expect(quarterIn.statistics.mean).toBeGreaterThan(0.5);

    const mostlyIn = await fieldSceneStatistics({ boundary: square(293_300), index: 'ndvi', bands, reflectance });
    expect(mostlyIn.insideShare).toBeCloseTo(0.75, 2);
    expect(mostlyIn).toMatchObject({ usable: false, reason: 'partly-outside-scene' });

    const inside = await fieldSceneStatistics({ boundary: square(293_150), index: 'ndvi', bands, reflectance });
    expect(inside).toMatchObject({ usable: true, reason: null });
    expect(inside.insideShare).toBeCloseTo(1, 9);
  });
});

describe('the measure per pixel', () => {
  it('is given back on the field’s window when asked, agreeing with the statistics', async () => {
    const result = await fieldSceneStatistics({ boundary: smallField, index: 'ndvi', bands, reflectance, keepPixels: true });
    if (!result.usable || !result.pixels) throw new Error('expected a usable result with pixels');
    const { values, fractions, width, height, grid } = result.pixels;
    expect(values).toHaveLength(width * height);
    expect(grid).toMatchObject({ epsg: 32736, pixelSizeM: 10 });
    let sum = 0;
    let weight = 0;
    values.forEach((value, i) => {
      if (Number.isNaN(value) || fractions[i] === 0) return;
      sum += value * fractions[i]!;
      weight += fractions[i]!;
    });
    expect(sum / weight).toBeCloseTo(result.statistics.mean!, 6);
    expect(await fieldSceneStatistics({ boundary: smallField, index: 'ndvi', bands, reflectance })).not.toHaveProperty('pixels');
  });
});

describe('a scene whose offset looks applied twice', () => {
  it('is not usable: vegetation with negative red reflectance', async () => {
    // Pixels already shifted (red DN 500 = reflectance 0.05) in an item that says they are not: 500 − 1000 < 0.
    const bands = (redDn: number) => ({ red: memoryBand(160, 10, redDn), nir: memoryBand(160, 10, 4000), scl: memoryBand(80, 20, 4) });
    const request = { boundary: smallField, index: 'ndvi' as const, reflectance };
    const suspect = await fieldSceneStatistics({ ...request, bands: bands(500) });
    expect(suspect).toMatchObject({ usable: false, reason: 'reflectance-suspect' });
    // The same scene with the offset still in the pixels (DN 1500) is fine.
    expect(await fieldSceneStatistics({ ...request, bands: bands(1500) })).toMatchObject({ usable: true, reason: null });
  });
});

describe('each band its own scale and offset (raw-DN collections)', () => {
  it('scales red and NIR by their own raster:bands, not by the first band’s', async () => {
    // red: 1500 × 0.0001 − 0.1 = 0.05; NIR: 2000 × 0.0002 = 0.4; NDVI 0.35 / 0.45.
    const result = await fieldSceneStatistics({
      boundary: smallField,
      index: 'ndvi',
      bands: { red: memoryBand(160, 10, 1500), nir: memoryBand(160, 10, 2000), scl: memoryBand(80, 20, 4) },
      reflectance: {
        collection: 'sentinel-2-c1-l2a',
        boaOffsetApplied: null,
        processingBaseline: '05.10',
        bands: { red: { scale: 0.0001, offset: -0.1 }, nir: { scale: 0.0002, offset: 0 } },
      },
    });
    if (result.reason !== null) throw new Error(`not usable: ${result.reason}`);
    expect(result.statistics.mean).toBeCloseTo(0.35 / 0.45, 6);
  });
});

describe('a field without one valid pixel', () => {
  it('gives no statistics and the reason when every pixel is no data (DN 0) though SCL says vegetation', async () => {
    const result = await fieldSceneStatistics({
      boundary: smallField,
      index: 'ndvi',
      bands: { red: memoryBand(160, 10, 0), nir: memoryBand(160, 10, 0), scl: memoryBand(80, 20, 4) },
      reflectance,
    });
    expect(result).toMatchObject({
      usable: false,
      reason: 'no-valid-pixels',
      statistics: { mean: null, median: null, p10: null, p90: null, std: null, validFraction: 0, pixelCount: 0 },
      clear: { clearFraction: 1 },
    });
  });

  it('gives no statistics and the reason when SCL masks the whole field', async () => {
    const result = await fieldSceneStatistics({
      boundary: smallField,
      index: 'ndvi',
      bands: { red: memoryBand(160, 10, 1500), nir: memoryBand(160, 10, 4000), scl: memoryBand(80, 20, 9) },
      reflectance,
    });
    expect(result).toMatchObject({ usable: false, reason: 'no-valid-pixels', statistics: { mean: null, pixelCount: 0 } });
    if (result.reason === 'no-valid-pixels') expect(result.clear.maskedShare.cloud).toBe(1);
  });
});

describe('Landsat C2 L2 through the same path (QA_PIXEL mask, 30 m, scale and offset per band)', () => {
  /** 54 ha over the cloud, its dilated edge and its shadow; some clear crop around them. */
  const cloudyField = fieldOnLandsatScene([
    [22.3, 4.6],
    [47.2, 5.4],
    [46.6, 29.1],
    [21.8, 28.4],
  ]);
  /** 2.7 ha of clear crop in the east. */
  const smallLandsatField = fieldOnLandsatScene([
    [50.2, 27.3],
    [55.6, 27.1],
    [55.8, 32.7],
    [50.4, 32.9],
  ]);
  /** At the edge of the scene's footprint: crop, the pond (kept, water is clear) and fill. */
  const edgeField = fieldOnLandsatScene([
    [2.2, 29.3],
    [16.6, 29.1],
    [16.9, 58.7],
    [2.5, 58.4],
  ]);
  /** Half under cirrus. */
  const cirrusField = fieldOnLandsatScene([
    [42.3, 38.2],
    [57.6, 38.5],
    [57.4, 50.1],
    [42.1, 49.7],
  ]);
  const landsatFacts = {
    collection: 'landsat-c2-l2',
    bands: { red: { scale: 0.0000275, offset: -0.2 }, nir08: { scale: 0.0000275, offset: -0.2 } },
  };
  let landsat: SceneBands;
  beforeAll(async () => {
    const names = ['blue', 'green', 'red', 'nir08', 'swir16', 'qa_pixel'] as const;
    const readers = await Promise.all(names.map((band) => openCog(path.join(landsatFixtureDir, `${band}.tif`))));
    landsat = Object.fromEntries(names.map((band, i) => [band, readers[i]!]));
  });

  it.each([
    ['a 54 ha field across a cloud, its dilated edge and its shadow', cloudyField],
    ['a 2.7 ha field', smallLandsatField],
    ['a field at the edge of the footprint, with a pond and fill', edgeField],
    ['a field half under cirrus', cirrusField],
  ])('gives the mean NDVI (NIR = band 5, nir08) of %s as GDAL + numpy do, within 1e-4, and its QA shares', async (_name, field) => {
    const reference = gdalLandsatReference(field);
    const result = await fieldSceneStatistics({
      boundary: field,
      index: 'ndvi',
      sensor: landsatSensor,
      bands: landsat,
      reflectance: landsatFacts,
      weighting: 'centroid',
    });
    if (result.reason === 'outside-scene' || result.reason === 'no-valid-pixels') throw new Error(result.reason);
    expect(reference.mean).not.toBeNull();
    expect(Math.abs(result.statistics.mean - reference.mean!)).toBeLessThan(1e-4);
    expect(result.statistics.pixelCount).toBe(reference.validPixels);
    expect(result.statistics.coveredPixels).toBe(reference.insidePixels);
    expect(result.clear.clearFraction).toBeCloseTo(reference.clearFraction, 10);
    for (const reason of ['noData', 'cloud', 'cirrus', 'shadow'] as const)
      expect(result.clear.maskedShare[reason]).toBeCloseTo(reference.maskedShare[reason], 10);
    expect(result.usable).toBe(reference.clearFraction >= 0.8);
  });

  it('says which fields are usable: the clear one is, the one under cloud, dilated cloud and shadow is too cloudy', async () => {
    const clear = await fieldSceneStatistics({
      boundary: smallLandsatField,
      index: 'ndvi',
      sensor: landsatSensor,
      bands: landsat,
      reflectance: landsatFacts,
    });
    const cloudy = await fieldSceneStatistics({
      boundary: cloudyField,
      index: 'ndvi',
      sensor: landsatSensor,
      bands: landsat,
      reflectance: landsatFacts,
    });
    expect(clear).toMatchObject({ usable: true, reason: null, insideShare: 1 });
    expect(cloudy).toMatchObject({ usable: false, reason: 'too-cloudy' });
    if (cloudy.reason !== 'too-cloudy') throw new Error(String(cloudy.reason));
    expect(cloudy.clear.maskedShare.cloud).toBeGreaterThan(0.3);
    expect(cloudy.clear.maskedShare.shadow).toBeGreaterThan(0.05);
  });

  it.each(['ndmi', 'ndwiMcFeeters', 'evi', 'savi'] as const)('computes %s on Landsat as GDAL + numpy do, within 1e-4', async (index) => {
    const result = await fieldSceneStatistics({
      boundary: cirrusField,
      index,
      sensor: landsatSensor,
      bands: landsat,
      // No raster:bands at all: the USGS constants.
      reflectance: { collection: 'landsat-c2-l2' },
      weighting: 'centroid',
    });
    if (!('statistics' in result) || result.statistics.mean === null) throw new Error(result.reason ?? 'no statistics');
    expect(Math.abs(result.statistics.mean - gdalLandsatReference(cirrusField, { index }).mean!)).toBeLessThan(1e-4);
  });

  it('refuses NDRE on Landsat with a typed error: there is no red-edge band', async () => {
    const refusal = fieldSceneStatistics({
      boundary: smallLandsatField,
      index: 'ndre',
      sensor: landsatSensor,
      bands: landsat,
      reflectance: landsatFacts,
    });
    await expect(refusal).rejects.toBeInstanceOf(IndexNotAvailableError);
    await expect(refusal).rejects.toMatchObject({ index: 'ndre', sensor: 'landsat-c2-l2', missingBands: ['rededge1'] });
  });

  it('scales each band by its own raster:bands: a NIR band stored with another scale and offset', async () => {
    const nirRescaled = await openCog(path.join(landsatFixtureDir, 'nir08-scale-0.00005.tif'));
    const ask = (nir08: { scale: number; offset: number }) =>
      fieldSceneStatistics({
        boundary: cloudyField,
        index: 'ndvi',
        sensor: landsatSensor,
        bands: { ...landsat, nir08: nirRescaled },
        reflectance: { collection: 'landsat-c2-l2', bands: { red: { scale: 0.0000275, offset: -0.2 }, nir08 } },
        weighting: 'centroid',
      });
    const reference = gdalLandsatReference(cloudyField, {
      files: { nir08: 'nir08-scale-0.00005.tif' },
      scaling: { nir08: [0.00005, -0.1] },
    });
    const right = await ask({ scale: 0.00005, offset: -0.1 });
    const redsRule = await ask({ scale: 0.0000275, offset: -0.2 });
    if (!('statistics' in right) || !('statistics' in redsRule)) throw new Error('outside the scene');
    expect(Math.abs(right.statistics.mean! - reference.mean!)).toBeLessThan(1e-4);
    expect(Math.abs(right.statistics.mean! - gdalLandsatReference(cloudyField).mean!)).toBeLessThan(1e-3);
    expect(Math.abs(redsRule.statistics.mean! - reference.mean!)).toBeGreaterThan(0.1);
  });

  it('reads the grid USGS uses south of the equator (the northern UTM zone, negative northings) to the same result', async () => {
    const [red, nir08, qa_pixel] = await Promise.all(
      ['red', 'nir08', 'qa_pixel'].map((band) => openCog(path.join(landsatFixtureDir, `${band}-utm-north.tif`))),
    );
    expect(red!.epsg).toBe(32636);
    const ask = (bands: SceneBands) =>
      fieldSceneStatistics({ boundary: cloudyField, index: 'ndvi', sensor: landsatSensor, bands, reflectance: landsatFacts });
    const north = await ask({ red, nir08, qa_pixel });
    const south = await ask(landsat);
    if (!('statistics' in north) || !('statistics' in south)) throw new Error('outside the scene');
    expect(Math.abs(north.statistics.mean! - south.statistics.mean!)).toBeLessThan(1e-6);
    expect(north.statistics.coveredPixels).toBeCloseTo(south.statistics.coveredPixels, 3);
  });

  it.each([
    [
      'every reflectance pixel is fill (DN 0) though QA_PIXEL says clear',
      [
        [31.6, 51.4],
        [38.2, 51.6],
        [38.4, 56.5],
        [31.5, 56.3],
      ],
      { clearFraction: 1 },
    ],
    [
      'the field is wholly under cloud',
      [
        [32.5, 9.6],
        [41.4, 9.8],
        [41.2, 16.3],
        [32.6, 16.1],
      ],
      { clearFraction: 0, maskedShare: { cloud: 1 } },
    ],
    [
      'the field is wholly in the fill of the footprint’s corner',
      [
        [1.2, 50.5],
        [6.4, 53.2],
        [1.3, 58.6],
      ],
      { clearFraction: 0, maskedShare: { noData: 1 } },
    ],
  ] as const)('gives no statistics and the reason no-valid-pixels when %s', async (_case, corners, clear) => {
    const field = fieldOnLandsatScene(corners.map(([column, row]) => [column, row]));
    const result = await fieldSceneStatistics({
      boundary: field,
      index: 'ndvi',
      sensor: landsatSensor,
      bands: landsat,
      reflectance: landsatFacts,
    });
    expect(gdalLandsatReference(field).mean).toBeNull();
    expect(result).toMatchObject({
      usable: false,
      reason: 'no-valid-pixels',
      statistics: { mean: null, median: null, p10: null, p90: null, std: null, validFraction: 0, pixelCount: 0 },
      clear,
    });
  });

  it('needs the mask band, said plainly', async () => {
    const { qa_pixel: _mask, ...withoutMask } = landsat;
    await expect(
      fieldSceneStatistics({
        boundary: smallLandsatField,
        index: 'ndvi',
        sensor: landsatSensor,
        bands: withoutMask,
        reflectance: landsatFacts,
      }),
    ).rejects.toThrow('NDVI on Landsat Collection 2 Level-2 needs the qa_pixel band of the scene.');
  });
});
