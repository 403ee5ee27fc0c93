import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { FieldBoundary } from '@murimi/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openCog } from '../cog/cog-reader.ts';
import { fieldSceneStatistics, type SceneBands } from './field-statistics.ts';

const scene = path.resolve(import.meta.dirname, '../../test/fixtures/scene');
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
/** 0.6 ha in the clear east of the scene. */
const smallField = polygon([
  [31.048, -17.827],
  [31.0487, -17.827],
  [31.0487, -17.8277],
  [31.048, -17.8277],
]);
/** The scene's facts: processing baseline 05.09 and the offset not applied, so DN − 1000. */
const reflectance = { collection: 'sentinel-2-l2a', boaOffsetApplied: false, processingBaseline: '05.09' };

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
});
