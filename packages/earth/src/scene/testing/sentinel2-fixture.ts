import path from 'node:path';
import type { FieldBoundary } from '@murimi/core';

/** The GDAL-written Sentinel-2 test scene near Harare (test/fixtures/scene/make-scene.sh): red, NIR, SCL. */
export const sentinel2FixtureDir = path.resolve(import.meta.dirname, '../../../test/fixtures/scene');

/** 0.6 ha in the clear east of the test scene. */
export const smallClearField: FieldBoundary = {
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

/** The test scene's facts: processing baseline 05.09 and the offset not applied, so reflectance is (DN − 1000)/10000. */
export const sentinel2FixtureReflectance = { collection: 'sentinel-2-l2a', boaOffsetApplied: false, processingBaseline: '05.09' };
