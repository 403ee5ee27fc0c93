import { deflateSync } from 'node:zlib';
import { encodeTiff, georeferencingTags, LONG, SHORT, type RasterPlacement } from '../render/tiff-layout.ts';

/** One band of unsigned integers, row by row: Sentinel-2 reflectance DN (UInt16) or SCL classes (UInt8). */
export interface BandRaster {
  width: number;
  height: number;
  samples: Uint16Array | Uint8Array;
}

/** Internal tile edge in pixels. A demo scene is a few hundred pixels across, so one to a few tiles per band. */
export const DEMO_TILE_SIZE_PX = 256;

/**
 * A band as a tiled GeoTIFF laid out like Earth Search's COGs (science.md §1.3): square internal tiles, DEFLATE
 * with the horizontal predictor (PREDICTOR=2), GDAL no-data 0 (DN 0 is no data in Sentinel-2 L2A and SCL), pixel
 * is area in the scene's UTM zone, and the header (tile offsets included) before the pixels so that one range
 * read gets it. Tiles past the raster's right and bottom edges are padded with 0. No overviews: the engine reads
 * full resolution only, and a demo band is too small for them to help.
 */
export function encodeTiledGeoTiff(band: BandRaster, placement: RasterPlacement, tileSizePx = DEMO_TILE_SIZE_PX): Buffer {
  // TIFF 6.0: tile width and length must be multiples of 16.
  if (tileSizePx <= 0 || tileSizePx % 16 !== 0) throw new RangeError(`A tile edge must be a positive multiple of 16, not ${tileSizePx}.`);
  if (band.samples.length !== band.width * band.height) {
    throw new RangeError(`A ${band.width}×${band.height} band needs ${band.width * band.height} samples, not ${band.samples.length}.`);
  }
  const across = Math.ceil(band.width / tileSizePx);
  const down = Math.ceil(band.height / tileSizePx);
  const tiles: Buffer[] = [];
  for (let tileRow = 0; tileRow < down; tileRow++) {
    for (let tileColumn = 0; tileColumn < across; tileColumn++) tiles.push(deflateSync(tileBytes(band, tileColumn, tileRow, tileSizePx)));
  }
  const bitsPerSample = band.samples.BYTES_PER_ELEMENT * 8;
  return encodeTiff(
    [
      { tag: 256, type: LONG, values: [band.width] },
      { tag: 257, type: LONG, values: [band.height] },
      { tag: 258, type: SHORT, values: [bitsPerSample] },
      { tag: 259, type: SHORT, values: [8] }, // Adobe DEFLATE
      { tag: 262, type: SHORT, values: [1] }, // black is zero
      { tag: 277, type: SHORT, values: [1] },
      { tag: 284, type: SHORT, values: [1] },
      { tag: 317, type: SHORT, values: [2] }, // horizontal differencing
      { tag: 322, type: LONG, values: [tileSizePx] },
      { tag: 323, type: LONG, values: [tileSizePx] },
      { tag: 324, type: LONG, values: tiles.map(() => 0) }, // tile offsets, filled in by encodeTiff
      { tag: 325, type: LONG, values: tiles.map((tile) => tile.byteLength) },
      { tag: 339, type: SHORT, values: [1] }, // unsigned integer
      ...georeferencingTags(placement, 0),
    ],
    tiles,
    324,
  );
}

/** One tile's samples, padded with 0, each row differenced left to right (TIFF 6.0 §14, predictor 2). */
function tileBytes(band: BandRaster, tileColumn: number, tileRow: number, tileSizePx: number): Uint8Array {
  // The same typed array as the band, so a difference wraps modulo 2^bits exactly as the predictor expects.
  const tile = new (band.samples.constructor as Uint16ArrayConstructor | Uint8ArrayConstructor)(tileSizePx * tileSizePx);
  const left = tileColumn * tileSizePx;
  const top = tileRow * tileSizePx;
  const columns = Math.min(tileSizePx, band.width - left);
  const rows = Math.min(tileSizePx, band.height - top);
  for (let row = 0; row < rows; row++) {
    const from = (top + row) * band.width + left;
    tile.set(band.samples.subarray(from, from + columns), row * tileSizePx);
  }
  for (let row = 0; row < tileSizePx; row++) {
    const start = row * tileSizePx;
    for (let column = tileSizePx - 1; column > 0; column--) tile[start + column] = tile[start + column]! - tile[start + column - 1]!;
  }
  // Typed-array bytes are little-endian on every supported platform, matching the file's 'II'.
  return new Uint8Array(tile.buffer, tile.byteOffset, tile.byteLength);
}
