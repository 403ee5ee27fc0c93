/**
 * The byte layout of the little-endian GeoTIFFs Murimi writes by hand (index maps, demo imagery): one image file
 * directory right after the header, then the tag values that do not fit in it, then the compressed blocks. With
 * everything a reader needs before the pixels, a file reads like a Cloud-Optimized GeoTIFF: one range request
 * for the header, then one per block.
 */

/** Where a raster sits: its CRS (a UTM zone) and its top-left corner and pixel size in metres. */
export interface RasterPlacement {
  epsg: number;
  originX: number;
  originY: number;
  pixelSizeM: number;
}

// TIFF 6.0 field types.
export const ASCII = 2;
export const SHORT = 3;
export const LONG = 4;
export const DOUBLE = 12;

export interface TiffTag {
  tag: number;
  type: typeof ASCII | typeof SHORT | typeof LONG | typeof DOUBLE;
  values: number[] | string;
}

/**
 * GeoTIFF 1.0 tags placing a north-up raster: ModelPixelScale, ModelTiepoint (top-left corner), a GeoKeyDirectory
 * (projected model, pixel-is-area, ProjectedCSTypeGeoKey = the EPSG code) and GDAL's no-data tag.
 */
export function georeferencingTags(placement: RasterPlacement, nodata: number): TiffTag[] {
  return [
    { tag: 33550, type: DOUBLE, values: [placement.pixelSizeM, placement.pixelSizeM, 0] },
    { tag: 33922, type: DOUBLE, values: [0, 0, 0, placement.originX, placement.originY, 0] },
    // GeoKeyDirectory: version 1.1.0, 3 keys: model projected, raster pixel-is-area, projected CRS = EPSG code.
    { tag: 34735, type: SHORT, values: [1, 1, 0, 3, 1024, 0, 1, 1, 1025, 0, 1, 1, 3072, 0, 1, placement.epsg] },
    { tag: 42113, type: ASCII, values: `${nodata}\0` }, // GDAL_NODATA
  ];
}

const bytesPerValue = { [ASCII]: 1, [SHORT]: 2, [LONG]: 4, [DOUBLE]: 8 } as const;

const byteSize = (tag: TiffTag) => tag.values.length * bytesPerValue[tag.type];

/**
 * A whole TIFF file from its tags and its compressed blocks (strips or tiles, in the order the offsets tag lists
 * them). `offsetsTag` (273 StripOffsets or 324 TileOffsets) must be among `tags` with one value per block; its
 * values are filled in here. Tags are written in ascending order, as TIFF 6.0 requires.
 */
export function encodeTiff(tags: TiffTag[], blocks: readonly Uint8Array[], offsetsTag: 273 | 324): Buffer {
  const sorted = [...tags].sort((a, b) => a.tag - b.tag);
  const offsets = sorted.find((entry) => entry.tag === offsetsTag);
  if (!offsets || offsets.values.length !== blocks.length) throw new Error(`Tag ${offsetsTag} needs one value per block.`);

  const directorySize = 2 + sorted.length * 12 + 4;
  let nextFree = 8 + directorySize;
  const valueOffsets = new Map<TiffTag, number>();
  for (const entry of sorted) {
    if (byteSize(entry) > 4) {
      valueOffsets.set(entry, nextFree);
      nextFree += byteSize(entry) + (byteSize(entry) % 2); // values start on a word boundary
    }
  }
  offsets.values = blocks.map((block) => {
    const at = nextFree;
    nextFree += block.byteLength;
    return at;
  });

  const out = Buffer.alloc(nextFree);
  out.write('II', 0, 'ascii');
  out.writeUInt16LE(42, 2);
  out.writeUInt32LE(8, 4);
  out.writeUInt16LE(sorted.length, 8);
  const writeValues = (entry: TiffTag, at: number) => {
    if (typeof entry.values === 'string') return void out.write(entry.values, at, 'ascii');
    entry.values.forEach((value, i) => {
      if (entry.type === DOUBLE) out.writeDoubleLE(value, at + i * 8);
      else if (entry.type === LONG) out.writeUInt32LE(value, at + i * 4);
      else out.writeUInt16LE(value, at + i * 2);
    });
  };
  sorted.forEach((entry, i) => {
    const at = 10 + i * 12;
    out.writeUInt16LE(entry.tag, at);
    out.writeUInt16LE(entry.type, at + 2);
    out.writeUInt32LE(entry.values.length, at + 4);
    const valueOffset = valueOffsets.get(entry);
    if (valueOffset === undefined) writeValues(entry, at + 8);
    else {
      out.writeUInt32LE(valueOffset, at + 8);
      writeValues(entry, valueOffset);
    }
  });
  out.writeUInt32LE(0, 10 + sorted.length * 12); // no next directory
  blocks.forEach((block, i) => out.set(block, (offsets.values as number[])[i]!));
  return out;
}
