import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCog } from '../cog/cog-reader.ts';
import { encodeIndexGeoTiff } from './geotiff-writer.ts';
import { INDEX_NODATA, toIndexRaster } from './index-map.ts';

describe('index rasters as GeoTIFF', () => {
  const raster = toIndexRaster(3, 2, [0.61, Number.NaN, -0.12, 0.8, 0.05, 0.33], [1, 1, 1, 1, 0, 1]);
  const placement = { epsg: 32736, originX: 292_000, originY: 8_029_000, pixelSizeM: 10 };
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'murimi-tif-')), 'ndvi.tif');
  writeFileSync(file, encodeIndexGeoTiff(raster, placement));

  it('opens in GDAL with its size, place, CRS, no-data value and values', () => {
    const info = JSON.parse(execFileSync('gdalinfo', ['-json', file]).toString()) as {
      size: number[];
      geoTransform: number[];
      stac: { 'proj:epsg': number };
      bands: { type: string; noDataValue: number }[];
    };
    expect(info.size).toEqual([3, 2]);
    expect(info.geoTransform).toEqual([292_000, 10, 0, 8_029_000, 0, -10]);
    expect(info.stac['proj:epsg']).toBe(32736);
    expect(info.bands[0]).toMatchObject({ type: 'Int16', noDataValue: INDEX_NODATA });
    const values = JSON.parse(
      execFileSync('/usr/bin/python3', [
        '-c',
        'import sys, json; from osgeo import gdal; print(json.dumps(gdal.Open(sys.argv[1]).ReadAsArray().tolist()))',
        file,
      ]).toString(),
    );
    expect(values).toEqual([
      [6100, INDEX_NODATA, -1200],
      [8000, INDEX_NODATA, 3300],
    ]);
  });

  it('reads back through the engine’s own COG reader', async () => {
    const reader = await openCog(file);
    expect(reader.epsg).toBe(32736);
    expect(Array.from((await reader.readWindow({ x: 0, y: 0, width: 3, height: 2 })).values)).toEqual(Array.from(raster.values));
  });
});
