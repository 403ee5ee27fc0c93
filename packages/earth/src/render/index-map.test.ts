import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { colourOf, LEGENDS } from '@murimi/core';
import { INDEX_NODATA, renderIndexPng, toIndexRaster } from './index-map.ts';

describe('index maps', () => {
  it('stores the index as Int16 × 10,000 with no data outside the field and where masked', () => {
    const raster = toIndexRaster(2, 2, [0.6543, Number.NaN, -0.25, 0.9], [1, 1, 0.5, 0]);
    expect(Array.from(raster.values)).toEqual([6543, INDEX_NODATA, -2500, INDEX_NODATA]);
  });

  it('colours NDVI on viridis with the spec bands as breaks: violet to blue under 0.2, blue to teal to 0.5, then green to yellow', () => {
    expect(colourOf(LEGENDS.ndvi, 0.2)).toEqual([59, 82, 139]);
    expect(colourOf(LEGENDS.ndvi, 0.5)).toEqual([33, 145, 140]);
    expect(colourOf(LEGENDS.ndvi, 1)).toEqual([253, 231, 37]);
  });

  it('writes a PNG that GDAL reads back pixel for pixel, transparent where there is no data', () => {
    const raster = toIndexRaster(3, 2, [0.1, 0.35, 0.8, Number.NaN, 0.5, 0.55], [1, 1, 1, 1, 1, 1]);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'murimi-png-')), 'ndvi.png');
    writeFileSync(file, renderIndexPng(raster, 'ndvi'));
    const read = JSON.parse(
      execFileSync('/usr/bin/python3', [
        '-c',
        'import sys, json; from osgeo import gdal; d = gdal.Open(sys.argv[1]); ' +
          'print(json.dumps([d.RasterXSize, d.RasterYSize, d.RasterCount, d.ReadAsArray().transpose(1, 2, 0).reshape(-1, 4).tolist()]))',
        file,
      ]).toString(),
    ) as [number, number, number, number[][]];
    expect(read.slice(0, 3)).toEqual([3, 2, 4]);
    const expected = [0.1, 0.35, 0.8, null, 0.5, 0.55].map((value) =>
      value === null ? [0, 0, 0, 0] : [...colourOf(LEGENDS.ndvi, value), 255],
    );
    expect(read[3]).toEqual(expected);
  });
});
