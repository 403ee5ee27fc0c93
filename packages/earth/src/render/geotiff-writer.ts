import { deflateSync } from 'node:zlib';
import type { IndexRaster } from './index-map.ts';
import { INDEX_NODATA } from './index-map.ts';

/** Where an index raster sits: its CRS (a UTM zone) and its top-left corner and pixel size in metres. */
export interface RasterPlacement {
  epsg: number;
  originX: number;
  originY: number;
  pixelSizeM: number;
}

// TIFF 6.0 and GeoTIFF 1.0 tag numbers and field types.
const SHORT = 3;
const LONG = 4;
const ASCII = 2;
const DOUBLE = 12;

type Entry = { tag: number; type: number; values: number[] | string };

/**
 * An index raster as a GeoTIFF GIS tools open (QGIS, GDAL): little-endian, one DEFLATE strip of Int16 samples,
 * pixel-is-area in the scene's UTM zone, GDAL's no-data tag. Written by hand in a few lines: the library's
 * writer wrote 16-bit samples wrongly.
 */
export function encodeIndexGeoTiff(raster: IndexRaster, placement: RasterPlacement): Buffer {
  const samples = Buffer.from(raster.values.buffer, raster.values.byteOffset, raster.values.byteLength);
  const pixels = deflateSync(Buffer.from(samples)); // Int16Array bytes are little-endian on every supported platform
  const entries: Entry[] = [
    { tag: 256, type: LONG, values: [raster.width] },
    { tag: 257, type: LONG, values: [raster.height] },
    { tag: 258, type: SHORT, values: [16] },
    { tag: 259, type: SHORT, values: [8] }, // Adobe DEFLATE
    { tag: 262, type: SHORT, values: [1] }, // black is zero
    { tag: 273, type: LONG, values: [0] }, // strip offset, filled in below
    { tag: 277, type: SHORT, values: [1] },
    { tag: 278, type: LONG, values: [raster.height] },
    { tag: 279, type: LONG, values: [pixels.length] },
    { tag: 284, type: SHORT, values: [1] },
    { tag: 339, type: SHORT, values: [2] }, // signed integer
    { tag: 33550, type: DOUBLE, values: [placement.pixelSizeM, placement.pixelSizeM, 0] },
    { tag: 33922, type: DOUBLE, values: [0, 0, 0, placement.originX, placement.originY, 0] },
    // GeoKeyDirectory: version 1.1.0, 3 keys: model projected, raster pixel-is-area, projected CRS = EPSG code.
    { tag: 34735, type: SHORT, values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, placement.epsg] },
    { tag: 42113, type: ASCII, values: `${INDEX_NODATA}\0` }, // GDAL_NODATA
  ];
  const sizeOf = (entry: Entry) =>
    typeof entry.values === 'string'
      ? entry.values.length
      : entry.values.length * (entry.type === DOUBLE ? 8 : entry.type === LONG ? 4 : 2);
  const directorySize = 2 + entries.length * 12 + 4;
  let extraOffset = 8 + directorySize;
  const extras: { offset: number; entry: Entry }[] = [];
  for (const entry of entries) {
    if (sizeOf(entry) > 4) {
      extras.push({ offset: extraOffset, entry });
      extraOffset += sizeOf(entry) + (sizeOf(entry) % 2);
    }
  }
  const pixelOffset = extraOffset;
  (entries.find((entry) => entry.tag === 273)!.values as number[])[0] = pixelOffset;

  const out = Buffer.alloc(pixelOffset + pixels.length);
  out.write('II', 0, 'ascii');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  out.writeUInt16LE(entries.length, 8);
  const writeValues = (entry: Entry, at: number) => {
    if (typeof entry.values === 'string') return void out.write(entry.values, at, 'ascii');
    entry.values.forEach((value, i) => {
      if (entry.type === DOUBLE) out.writeDoubleLE(value, at + i * 8);
      else if (entry.type === LONG) out.writeUInt32LE(value, at + i * 4);
      else out.writeUInt16LE(value, at + i * 2);
    });
  };
  entries.forEach((entry, i) => {
    const at = 10 + i * 12;
    out.writeUInt16LE(entry.tag, at);
    out.writeUInt16LE(entry.type, at + 2);
    out.writeUInt32LE(typeof entry.values === 'string' ? entry.values.length : entry.values.length, at + 4);
    const extra = extras.find((candidate) => candidate.entry === entry);
    if (extra) {
      out.writeUInt32LE(extra.offset, at + 8);
      writeValues(entry, extra.offset);
    } else writeValues(entry, at + 8);
  });
  out.writeUInt32LE(0, 10 + entries.length * 12); // no next directory
  pixels.copy(out, pixelOffset);
  return out;
}
