import { fileURLToPath } from 'node:url';
import { GeoTIFF, getDecoder, type globals, type ImageFileDirectory } from 'geotiff';
import { FileByteSource, HttpByteSource, type ByteSource } from './byte-source.ts';
import { CogError } from './cog-error.ts';
import { HeaderSource } from './header-source.ts';
import { RequestLimiter, sharedRequestLimiter } from './request-limiter.ts';
import { sharedBlockCache } from './block-memory-cache.ts';
import type { RasterSamples } from './raster-samples.ts';
import type { TileCache } from './tile-cache.ts';
import { inflateTile, TileDecodeError, undoPredictor, type TileLayout } from './zlib-decoder.ts';

export type { RasterSamples } from './raster-samples.ts';

export interface OpenCogOptions {
  /** Disk cache of fetched byte ranges and of the windows read from them (remote files only). */
  cache?: TileCache;
  /** The fetch to use; default the global one. */
  fetch?: typeof fetch;
  /** Requests this reader may have in flight; default: the process-wide limit of 8 shared by all readers. */
  concurrency?: number;
  /** Per HTTP request, from sending it to its last byte; default 30 s. */
  timeoutMs?: number;
  /** Further attempts after a network error, a timeout, a cut body, 429 or 5xx; default 3. */
  retries?: number;
  /** Wait before the first retry, doubled for each next one; default 250 ms. */
  retryDelayMs?: number;
  /**
   * Stops the reader's requests (a cancelled analysis): none is sent once it has aborted, those in flight are
   * dropped, and reads reject with its reason rather than a `CogError`.
   */
  signal?: AbortSignal;
}

/** A rectangle of pixels: columns `x`…`x + width - 1`, rows `y`…`y + height - 1` of the full-resolution image. */
export interface PixelWindow {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type RasterDataType = 'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float32' | 'float64';

/** Samples of one band in a window, row by row. */
export interface WindowValues {
  values: RasterSamples;
  width: number;
  height: number;
}

/**
 * Pixel (column, row) to map coordinates, as GDAL's geotransform: x = originX + column·pixelSizeX + row·rotationX,
 * y = originY + column·rotationY + row·pixelSizeY, for the pixel's top-left corner. Units of the CRS (metres in UTM).
 */
export interface GeoTransform {
  originX: number;
  originY: number;
  pixelSizeX: number;
  /** Negative for north-up rasters. */
  pixelSizeY: number;
  rotationX: number;
  rotationY: number;
}

export interface CogReader {
  /** URL or file path, as given. */
  readonly location: string;
  /** Full-resolution size in pixels. */
  readonly width: number;
  readonly height: number;
  readonly bandCount: number;
  readonly dataType: RasterDataType;
  /** Internal tile size in pixels (for a striped TIFF: its width × rows per strip). */
  readonly tileWidth: number;
  readonly tileHeight: number;
  /** Null when the file carries no georeferencing. */
  readonly geoTransform: GeoTransform | null;
  /** EPSG code of the CRS (ProjectedCSTypeGeoKey, else GeographicTypeGeoKey); null when user-defined or absent. */
  readonly epsg: number | null;
  /** The GDAL_NODATA value; null when the file declares none. */
  readonly nodata: number | null;
  /**
   * Reads one band (0-based) of a window at full resolution, fetching only the internal tiles the window
   * touches. Pixels of the window beyond the raster's edge hold `nodata` (0 when there is none); a window with
   * no pixel on the raster is a RangeError.
   */
  readWindow(window: PixelWindow, band?: number): Promise<WindowValues>;
}

/**
 * Opens a (Cloud-Optimized) GeoTIFF from an http(s) URL, a file: URL or a file path, reading only its header:
 * for a COG one range request of 16 KiB.
 */
export async function openCog(location: string, options: OpenCogOptions = {}): Promise<CogReader> {
  const source = byteSourceFor(location, options);
  let tiff: GeoTIFF;
  let ifd: ImageFileDirectory;
  try {
    tiff = await GeoTIFF.fromSource(new HeaderSource(source));
    ifd = (await tiff.getImage(0)).fileDirectory;
  } catch (error) {
    options.signal?.throwIfAborted();
    if (error instanceof CogError) throw error;
    throw new CogError('unsupported', `${location} is not a readable TIFF: ${(error as Error).message}`, { url: location, cause: error });
  }
  const windowCache = /^https?:\/\//i.test(location) ? options.cache : undefined;
  return new TiledCogReader(location, source, tiff.littleEndian, await readStructure(ifd, location), windowCache);
}

function byteSourceFor(location: string, options: OpenCogOptions): ByteSource {
  if (/^https?:\/\//i.test(location)) {
    const limiter = options.concurrency === undefined ? sharedRequestLimiter : new RequestLimiter(options.concurrency);
    return new HttpByteSource(location, { ...options, limiter });
  }
  return new FileByteSource(location.startsWith('file:') ? fileURLToPath(location) : location);
}

/** What the reader needs from the first IFD, loaded once. */
interface RasterStructure {
  width: number;
  height: number;
  bandCount: number;
  tileWidth: number;
  tileHeight: number;
  tiled: boolean;
  planarSeparate: boolean;
  bitsPerSample: 8 | 16 | 32 | 64;
  dataType: RasterDataType;
  compression: number;
  predictor: number;
  blockOffsets: number[];
  blockByteCounts: number[];
  geoTransform: GeoTransform | null;
  epsg: number | null;
  nodata: number | null;
}

const typedArrays = {
  uint8: Uint8Array,
  int8: Int8Array,
  uint16: Uint16Array,
  int16: Int16Array,
  uint32: Uint32Array,
  int32: Int32Array,
  float32: Float32Array,
  float64: Float64Array,
} as const;

/** TIFF Compression codes decoded here. */
const noCompression = 1;
const deflateCodes = new Set([8, 32946]);
/** Lossless codecs left to geotiff.js's decoders (which need nothing from the IFD beyond the block layout). */
const geotiffCodecs = new Map([
  [5, 'LZW'],
  [32773, 'PackBits'],
  [50000, 'ZSTD'],
]);

async function readStructure(ifd: ImageFileDirectory, location: string): Promise<RasterStructure> {
  const unsupported = (what: string) => new CogError('unsupported', `${location}: ${what}`, { url: location });
  const number = async (tag: globals.TagName, fallback: number) => {
    const value: unknown = ifd.hasTag(tag) ? await ifd.loadValue(tag) : undefined;
    return value === undefined || value === null
      ? fallback
      : Number(Array.isArray(value) || ArrayBuffer.isView(value) ? (value as ArrayLike<number>)[0] : value);
  };
  const numbers = async (tag: globals.TagName): Promise<number[] | undefined> => {
    if (!ifd.hasTag(tag)) return undefined;
    const value = (await ifd.loadValue(tag)) as ArrayLike<number | bigint> | number | undefined;
    if (value === undefined) return undefined;
    return typeof value === 'number' ? [value] : Array.from(value, Number);
  };

  const width = await number('ImageWidth', 0);
  const height = await number('ImageLength', 0);
  const bandCount = await number('SamplesPerPixel', 1);
  const tiled = ifd.hasTag('TileWidth');
  const tileWidth = tiled ? await number('TileWidth', 0) : width;
  const tileHeight = tiled ? await number('TileLength', 0) : Math.min(await number('RowsPerStrip', height), height);
  const bits = (await numbers('BitsPerSample')) ?? [1];
  const formats = (await numbers('SampleFormat')) ?? [1];
  const bitsPerSample = bits[0]!;
  const format = formats[0]!;
  if (bits.some((b) => b !== bitsPerSample) || formats.some((f) => f !== format)) throw unsupported('bands of different sample types');
  const dataType = dataTypeOf(format, bitsPerSample);
  if (!dataType) throw unsupported(`${bitsPerSample}-bit samples of SampleFormat ${format}`);
  const compression = await number('Compression', noCompression);
  const predictor = await number('Predictor', 1);
  const blockOffsets = await numbers(tiled ? 'TileOffsets' : 'StripOffsets');
  const blockByteCounts = await numbers(tiled ? 'TileByteCounts' : 'StripByteCounts');
  if (!blockOffsets || !blockByteCounts || !(width > 0 && height > 0 && tileWidth > 0 && tileHeight > 0))
    throw unsupported('no image data');
  const planarSeparate = (await number('PlanarConfiguration', 1)) === 2;
  const blocksPerBand = Math.ceil(width / tileWidth) * Math.ceil(height / tileHeight);
  if (blockOffsets.length < blocksPerBand * (planarSeparate ? bandCount : 1)) throw unsupported('fewer tile offsets than tiles');
  if (compression !== noCompression && !deflateCodes.has(compression) && !geotiffCodecs.has(compression)) {
    throw unsupported(`TIFF compression ${compression} (this reader handles none, DEFLATE, LZW, PackBits and ZSTD)`);
  }

  const geoKeys = parseGeoKeys(await numbers('GeoKeyDirectory'));
  const gdalNodata = ifd.hasTag('GDAL_NODATA') ? String(await ifd.loadValue('GDAL_NODATA')) : '';
  const nodataText = gdalNodata.replace(/\0/g, '').trim();
  return {
    width,
    height,
    bandCount,
    tileWidth,
    tileHeight,
    tiled,
    planarSeparate,
    bitsPerSample: bitsPerSample as 8 | 16 | 32 | 64,
    dataType,
    compression,
    predictor,
    blockOffsets,
    blockByteCounts,
    geoTransform: geoTransformOf(
      await numbers('ModelTransformation'),
      await numbers('ModelTiepoint'),
      await numbers('ModelPixelScale'),
      geoKeys,
    ),
    epsg: epsgOf(geoKeys),
    nodata: nodataText === '' ? null : Number(nodataText),
  };
}

function dataTypeOf(sampleFormat: number, bits: number): RasterDataType | undefined {
  if (sampleFormat === 1 && (bits === 8 || bits === 16 || bits === 32)) return `uint${bits}`;
  if (sampleFormat === 2 && (bits === 8 || bits === 16 || bits === 32)) return `int${bits}`;
  if (sampleFormat === 3 && (bits === 32 || bits === 64)) return `float${bits}`;
  return undefined;
}

/** GeoKey ids (GeoTIFF 1.0 §6.2) whose values are SHORTs stored in the directory itself. */
const geoKeyIds = { rasterType: 1025, geographicType: 2048, projectedType: 3072 } as const;
const rasterPixelIsPoint = 2;
const userDefined = 32767;

function parseGeoKeys(directory: number[] | undefined): Map<number, number> {
  const keys = new Map<number, number>();
  if (!directory) return keys;
  const count = directory[3] ?? 0;
  for (let i = 4; i + 3 < directory.length && i < 4 + count * 4; i += 4) {
    // Location 0: the value is the entry's last field; other locations point into tags these keys never use.
    if (directory[i + 1] === 0) keys.set(directory[i]!, directory[i + 3]!);
  }
  return keys;
}

function epsgOf(geoKeys: Map<number, number>): number | null {
  for (const id of [geoKeyIds.projectedType, geoKeyIds.geographicType]) {
    const code = geoKeys.get(id);
    if (code !== undefined && code !== 0 && code !== userDefined) return code;
  }
  return null;
}

/**
 * GeoTIFF 1.0 §2.6: a ModelTransformation matrix, or a tie point with a pixel scale. As GDAL does, a
 * PixelIsPoint raster is moved half a pixel so the transform gives pixel corners.
 */
function geoTransformOf(
  transformation: number[] | undefined,
  tiepoint: number[] | undefined,
  scale: number[] | undefined,
  geoKeys: Map<number, number>,
): GeoTransform | null {
  let t: GeoTransform;
  if (transformation && transformation.length >= 8) {
    const [a, b, , d, e, f, , h] = transformation as [number, number, number, number, number, number, number, number];
    t = { originX: d, pixelSizeX: a, rotationX: b, originY: h, rotationY: e, pixelSizeY: f };
  } else if (tiepoint && tiepoint.length >= 6 && scale && scale.length >= 2) {
    const [i, j, , x, y] = tiepoint as [number, number, number, number, number];
    const [sx, sy] = scale as [number, number];
    t = { originX: x - i * sx, pixelSizeX: sx, rotationX: 0, originY: y + j * sy, rotationY: 0, pixelSizeY: -sy };
  } else {
    return null;
  }
  if (geoKeys.get(geoKeyIds.rasterType) === rasterPixelIsPoint) {
    t.originX -= (t.pixelSizeX + t.rotationX) / 2;
    t.originY -= (t.rotationY + t.pixelSizeY) / 2;
  }
  return t;
}

class TiledCogReader implements CogReader {
  readonly width: number;
  readonly height: number;
  readonly bandCount: number;
  readonly dataType: RasterDataType;
  readonly tileWidth: number;
  readonly tileHeight: number;
  readonly geoTransform: GeoTransform | null;
  readonly epsg: number | null;
  readonly nodata: number | null;
  /** Blocks being fetched and decoded, so that concurrent windows over one tile share the work. */
  private readonly pending = new Map<number, Promise<RasterSamples | null>>();

  constructor(
    readonly location: string,
    private readonly source: ByteSource,
    private readonly littleEndian: boolean,
    private readonly structure: RasterStructure,
    /**
     * Keeps each window read (a field's pixels of one band: kilobytes) beside the fetched tiles, so a field asked
     * again after a restart is answered without inflating its tiles again (a 1024² tile costs ~10 ms to decode).
     */
    private readonly windowCache?: TileCache,
  ) {
    ({
      width: this.width,
      height: this.height,
      bandCount: this.bandCount,
      dataType: this.dataType,
      tileWidth: this.tileWidth,
      tileHeight: this.tileHeight,
      geoTransform: this.geoTransform,
      epsg: this.epsg,
      nodata: this.nodata,
    } = structure);
  }

  async readWindow(window: PixelWindow, band = 0): Promise<WindowValues> {
    const { x, y, width, height } = window;
    if (![x, y, width, height].every(Number.isInteger) || width < 1 || height < 1) {
      throw new RangeError(`A window needs integer x, y and a width and height of at least 1, got ${JSON.stringify(window)}`);
    }
    if (!Number.isInteger(band) || band < 0 || band >= this.bandCount)
      throw new RangeError(`Band ${band} does not exist: ${this.location} has ${this.bandCount}`);
    // The part of the window on the raster.
    const left = Math.max(x, 0);
    const top = Math.max(y, 0);
    const right = Math.min(x + width, this.width);
    const bottom = Math.min(y + height, this.height);
    if (left >= right || top >= bottom) {
      throw new RangeError(
        `Window ${width}×${height} at (${x}, ${y}) lies outside the ${this.width}×${this.height} raster ${this.location}`,
      );
    }

    if (!this.windowCache) return this.readTiles(window, band, { left, top, right, bottom });
    const key = `${this.location}#band=${band}&window=${x},${y},${width},${height}`;
    const bytesPerSample = this.structure.bitsPerSample / 8;
    const cached = await this.windowCache.get(key);
    if (cached && cached.byteLength === width * height * bytesPerSample) {
      // A copy: the cache's buffer may start at an offset the typed array cannot be aligned to.
      const values = new typedArrays[this.dataType](width * height);
      new Uint8Array(values.buffer).set(cached);
      return { values, width, height };
    }
    const read = await this.readTiles(window, band, { left, top, right, bottom });
    const bytes = new Uint8Array(read.values.buffer, read.values.byteOffset, read.values.byteLength);
    // The cache only saves time: a full disk must not fail a read that has its pixels already.
    await this.windowCache.put(key, bytes).catch(() => undefined);
    return read;
  }

  /** The window from the tiles it touches; `left`…`bottom` bound the part of it on the raster. */
  private async readTiles(
    window: PixelWindow,
    band: number,
    { left, top, right, bottom }: { left: number; top: number; right: number; bottom: number },
  ): Promise<WindowValues> {
    const { x, y, width, height } = window;
    const values = new typedArrays[this.dataType](width * height);
    const fill = this.nodata ?? 0;
    if (left > x || top > y || right < x + width || bottom < y + height) values.fill(fill);
    const { tileWidth, tileHeight } = this;
    const across = Math.ceil(this.width / tileWidth);
    const down = Math.ceil(this.height / tileHeight);
    const reads: Promise<void>[] = [];
    for (let row = Math.floor(top / tileHeight); row <= Math.floor((bottom - 1) / tileHeight); row++) {
      for (let column = Math.floor(left / tileWidth); column <= Math.floor((right - 1) / tileWidth); column++) {
        const index = (this.structure.planarSeparate ? band * across * down : 0) + row * across + column;
        reads.push(
          this.block(index, row).then((block) => {
            const blockLeft = column * tileWidth;
            const blockTop = row * tileHeight;
            const fromX = Math.max(left, blockLeft);
            const toX = Math.min(right, blockLeft + tileWidth);
            const fromY = Math.max(top, blockTop);
            const toY = Math.min(bottom, blockTop + tileHeight);
            const rowLength = toX - fromX;
            if (block === null) {
              // A tile the file leaves out (GDAL's SPARSE_OK) holds no data.
              for (let py = fromY; py < toY; py++) values.fill(fill, (py - y) * width + fromX - x, (py - y) * width + toX - x);
              return;
            }
            const samplesPerPixel = this.structure.planarSeparate ? 1 : this.bandCount;
            for (let py = fromY; py < toY; py++) {
              const target = (py - y) * width + (fromX - x);
              const source = (py - blockTop) * tileWidth + (fromX - blockLeft);
              if (samplesPerPixel === 1) values.set(block.subarray(source, source + rowLength), target);
              else for (let px = 0; px < rowLength; px++) values[target + px] = block[(source + px) * samplesPerPixel + band]!;
            }
          }),
        );
      }
    }
    await Promise.all(reads);
    return { values, width, height };
  }

  /** Block `index` decoded (all its samples), or null when the file stores no bytes for it. */
  private block(index: number, blockRow: number): Promise<RasterSamples | null> {
    const key = `${this.location}#${index}`;
    const decoded = sharedBlockCache.get(key);
    if (decoded !== undefined) return Promise.resolve(decoded);
    let pending = this.pending.get(index);
    if (!pending) {
      pending = this.fetchBlock(index, blockRow)
        .then((block) => {
          sharedBlockCache.put(key, block);
          return block;
        })
        .finally(() => this.pending.delete(index));
      this.pending.set(index, pending);
    }
    return pending;
  }

  private async fetchBlock(index: number, blockRow: number): Promise<RasterSamples | null> {
    const s = this.structure;
    const offset = s.blockOffsets[index]!;
    const byteCount = s.blockByteCounts[index]!;
    if (byteCount === 0) return null;
    const compressed = await this.source.read(offset, byteCount);
    const layout: TileLayout = {
      width: s.tileWidth,
      // Tiles are always whole; the last strip of a striped TIFF stops at the image's last row.
      height: s.tiled ? s.tileHeight : Math.min(s.tileHeight, s.height - blockRow * s.tileHeight),
      samplesPerPixel: s.planarSeparate ? 1 : s.bandCount,
      bitsPerSample: s.bitsPerSample,
      predictor: s.predictor,
      littleEndian: this.littleEndian,
    };
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = await this.decode(compressed, layout);
    } catch (error) {
      if (error instanceof TileDecodeError) {
        throw new CogError(error.reason, `${this.location}, tile ${index}: ${error.message}`, { url: this.location, cause: error });
      }
      throw error;
    }
    const samples = layout.width * layout.height * layout.samplesPerPixel;
    if (bytes.byteLength < samples * (s.bitsPerSample / 8)) {
      throw new CogError(
        'corrupt',
        `${this.location}, tile ${index}: ${bytes.byteLength} bytes decoded, the tile holds ${samples} samples`,
        { url: this.location },
      );
    }
    return new typedArrays[s.dataType](bytes.buffer, bytes.byteOffset, samples);
  }

  private async decode(compressed: Uint8Array, layout: TileLayout): Promise<Uint8Array<ArrayBuffer>> {
    const { compression } = this.structure;
    if (deflateCodes.has(compression)) return inflateTile(compressed, layout);
    if (compression === noCompression) return undoPredictor(compressed, layout);
    if (!layout.littleEndian && layout.bitsPerSample > 8) {
      throw new TileDecodeError(`big-endian samples with TIFF compression ${compression} are not supported`, 'unsupported');
    }
    // LZW, PackBits and ZSTD through geotiff.js, which also undoes the predictor.
    const decoder = await getDecoder(compression, {
      tileWidth: layout.width,
      tileHeight: layout.height,
      predictor: layout.predictor,
      bitsPerSample: layout.bitsPerSample,
      planarConfiguration: this.structure.planarSeparate ? 2 : 1,
    });
    let decoded: ArrayBufferLike;
    try {
      const own = compressed.slice();
      decoded = await decoder.decode(own.buffer);
    } catch (error) {
      throw new TileDecodeError(`TIFF compression ${compression} block does not decode: ${(error as Error).message}`, 'corrupt', {
        cause: error,
      });
    }
    return new Uint8Array(decoded as ArrayBuffer);
  }
}
