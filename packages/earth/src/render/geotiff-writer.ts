import { deflateSync } from 'node:zlib';
import type { IndexRaster } from './index-map.ts';
import { INDEX_NODATA } from './index-map.ts';
import { encodeTiff, georeferencingTags, LONG, SHORT, type RasterPlacement } from './tiff-layout.ts';

export type { RasterPlacement } from './tiff-layout.ts';

/**
 * An index raster as a GeoTIFF GIS tools open (QGIS, GDAL): little-endian, one DEFLATE strip of Int16 samples,
 * pixel-is-area in the scene's UTM zone, GDAL's no-data tag. Written by hand in a few lines: the library's
 * writer wrote 16-bit samples wrongly.
 */
export function encodeIndexGeoTiff(raster: IndexRaster, placement: RasterPlacement): Buffer {
  return encodeSingleBandGeoTiff(
    raster.width,
    raster.height,
    raster.values,
    { bits: 16, sampleFormat: SIGNED_INTEGER },
    placement,
    INDEX_NODATA,
  );
}

/**
 * A measure over a field's window as a float32 GeoTIFF for agronomists' GIS tools: the values as computed, NaN
 * (GDAL's no-data) outside the field and where cloud, shadow or no data left no reading.
 */
export function encodeFloat32GeoTiff(raster: { width: number; height: number; values: Float32Array }, placement: RasterPlacement): Buffer {
  if (raster.values.length !== raster.width * raster.height)
    throw new RangeError(`Expected ${raster.width * raster.height} values, got ${raster.values.length}.`);
  return encodeSingleBandGeoTiff(raster.width, raster.height, raster.values, { bits: 32, sampleFormat: IEEE_FLOAT }, placement, Number.NaN);
}

/** TIFF SampleFormat (tag 339) values. */
const SIGNED_INTEGER = 2;
const IEEE_FLOAT = 3;

/** One band in one DEFLATE strip; typed-array bytes are little-endian on every supported platform. */
function encodeSingleBandGeoTiff(
  width: number,
  height: number,
  values: Int16Array | Float32Array,
  sample: { bits: 16 | 32; sampleFormat: number },
  placement: RasterPlacement,
  nodata: number,
): Buffer {
  const pixels = deflateSync(Buffer.from(values.buffer, values.byteOffset, values.byteLength));
  return encodeTiff(
    [
      { tag: 256, type: LONG, values: [width] },
      { tag: 257, type: LONG, values: [height] },
      { tag: 258, type: SHORT, values: [sample.bits] },
      { tag: 259, type: SHORT, values: [8] }, // Adobe DEFLATE
      { tag: 262, type: SHORT, values: [1] }, // black is zero
      { tag: 273, type: LONG, values: [0] }, // strip offset, filled in by encodeTiff
      { tag: 277, type: SHORT, values: [1] },
      { tag: 278, type: LONG, values: [height] },
      { tag: 279, type: LONG, values: [pixels.length] },
      { tag: 284, type: SHORT, values: [1] },
      { tag: 339, type: SHORT, values: [sample.sampleFormat] },
      ...georeferencingTags(placement, nodata),
    ],
    [pixels],
    273,
  );
}
