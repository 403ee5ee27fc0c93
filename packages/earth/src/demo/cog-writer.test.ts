import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openCog } from '../cog/cog-reader.ts';
import { encodeTiledGeoTiff, type BandRaster } from './cog-writer.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'murimi-cog-writer-'));

/** What GDAL makes of a file: its info, its pixels, and the COG validator's errors and warnings. */
function gdalView(file: string) {
  const info = JSON.parse(execFileSync('gdalinfo', ['-json', file]).toString()) as {
    size: number[];
    geoTransform: number[];
    stac: { 'proj:epsg': number };
    metadata: { IMAGE_STRUCTURE: Record<string, string> };
    bands: { type: string; block: number[]; noDataValue: number }[];
  };
  const [pixels, validation] = JSON.parse(
    execFileSync('/usr/bin/python3', [
      '-c',
      [
        'import sys, json',
        'from osgeo import gdal',
        'from osgeo_utils.samples import validate_cloud_optimized_geotiff as cog',
        'errors, warnings, _ = cog.validate(sys.argv[1], full_check=True)',
        'print(json.dumps([gdal.Open(sys.argv[1]).ReadAsArray().ravel().tolist(), errors + warnings]))',
      ].join('\n'),
      file,
    ]).toString(),
  ) as [number[], string[]];
  return { info, pixels, validation };
}

// Wider and taller than one 256-pixel tile, so the file has whole and padded edge tiles.
const width = 300;
const height = 270;
const placement = { epsg: 32735, originX: 646_180, originY: 8_297_140, pixelSizeM: 10 };

describe('tiled GeoTIFF bands', () => {
  it('are read by GDAL as tiled, DEFLATE, predictor 2, UTM, no data 0, with the samples written, and pass its COG validator', () => {
    const reflectance = new Uint16Array(width * height).map((_, i) => 1 + ((i * 7919) % 9000)); // steep steps exercise the predictor's wrap-around
    const file = path.join(folder, 'B04.tif');
    writeFileSync(file, encodeTiledGeoTiff({ width, height, samples: reflectance }, placement));

    const { info, pixels, validation } = gdalView(file);
    expect(info.size).toEqual([width, height]);
    expect(info.stac['proj:epsg']).toBe(32735);
    expect(info.geoTransform).toEqual([646_180, 10, 0, 8_297_140, 0, -10]);
    expect(info.bands[0]).toMatchObject({ type: 'UInt16', block: [256, 256], noDataValue: 0 });
    expect(info.metadata.IMAGE_STRUCTURE).toMatchObject({ COMPRESSION: 'DEFLATE', PREDICTOR: '2' });
    expect(pixels).toEqual(Array.from(reflectance));
    expect(validation).toEqual([]);
  });

  it('write 8-bit classes (SCL) that GDAL and the engine’s COG reader read back exactly', async () => {
    const scl: BandRaster = { width, height, samples: new Uint8Array(width * height).map((_, i) => [4, 5, 8, 9, 3][i % 5]!) };
    const file = path.join(folder, 'SCL.tif');
    writeFileSync(file, encodeTiledGeoTiff(scl, { ...placement, pixelSizeM: 20 }, 64));

    const { info, pixels } = gdalView(file);
    expect(info.bands[0]).toMatchObject({ type: 'Byte', block: [64, 64], noDataValue: 0 });
    expect(info.geoTransform).toEqual([646_180, 20, 0, 8_297_140, 0, -20]);
    expect(pixels).toEqual(Array.from(scl.samples));

    const reader = await openCog(file);
    expect([reader.epsg, reader.tileWidth, reader.nodata]).toEqual([32735, 64, 0]);
    const window = await reader.readWindow({ x: 250, y: 190, width: 50, height: 80 }); // crosses tile edges, ends at the raster's
    const expected = Array.from({ length: 80 * 50 }, (_, i) => scl.samples[(190 + Math.floor(i / 50)) * width + 250 + (i % 50)]);
    expect(Array.from(window.values)).toEqual(expected);
  });

  it('refuses tiles TIFF does not allow and sample counts that do not match the size', () => {
    const band = { width: 2, height: 2, samples: new Uint16Array(4) };
    expect(() => encodeTiledGeoTiff(band, placement, 100)).toThrow(/multiple of 16/);
    expect(() => encodeTiledGeoTiff({ ...band, samples: new Uint16Array(3) }, placement)).toThrow(/needs 4 samples/);
  });
});
