import { promisify } from 'node:util';
import { inflate } from 'node:zlib';
import { addDecoder, BaseDecoder } from 'geotiff';

/** How the samples of one decompressed tile (or strip) are laid out. */
export interface TileLayout {
  /** Pixels per row and rows of the block. */
  width: number;
  height: number;
  /** Samples stored side by side per pixel in this block (1 when each band has its own tiles). */
  samplesPerPixel: number;
  bitsPerSample: 8 | 16 | 32 | 64;
  /** TIFF Predictor tag: 1 none, 2 horizontal differencing (integers), 3 floating-point. */
  predictor: number;
  /** Byte order of the file; the decoded block is always little-endian, as typed arrays are on x86 and ARM. */
  littleEndian: boolean;
}

/** Thrown when a block does not inflate to the size its layout says, or the predictor cannot be undone. */
export class TileDecodeError extends Error {
  override readonly name = 'TileDecodeError';
  constructor(
    message: string,
    readonly reason: 'corrupt' | 'unsupported',
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Bytes a decoded block of this layout holds. */
export function decodedTileBytes(layout: TileLayout): number {
  return layout.width * layout.height * layout.samplesPerPixel * (layout.bitsPerSample / 8);
}

const inflateAsync = promisify(inflate);

/**
 * Inflates a DEFLATE (zlib) block with Node's native zlib and undoes the TIFF predictor, giving the samples in
 * little-endian order, ready to view as a typed array. geotiff.js inflates with pako, a JavaScript port of zlib:
 * a whole 4096 × 4096 UInt16 band took it ~5× as long. Inflating runs on libuv's thread pool, so the tiles of a
 * window inflate in parallel and the event loop stays free.
 */
export async function inflateTile(compressed: Uint8Array, layout: TileLayout): Promise<Uint8Array<ArrayBuffer>> {
  const expectedBytes = decodedTileBytes(layout);
  let inflated: Buffer;
  try {
    // One output chunk of the known size avoids growing and concatenating; a stream that would inflate past a
    // whole tile is not a tile.
    inflated = await inflateAsync(compressed, { chunkSize: Math.max(expectedBytes, 64), maxOutputLength: Math.max(expectedBytes, 1) });
  } catch (error) {
    const reason = (error as Error).message;
    throw new TileDecodeError(`DEFLATE block does not inflate to a ${layout.width}×${layout.height} tile: ${reason}`, 'corrupt', {
      cause: error,
    });
  }
  if (inflated.byteLength < expectedBytes) {
    throw new TileDecodeError(
      `DEFLATE block inflates to ${inflated.byteLength} bytes, a ${layout.width}×${layout.height} tile needs ${expectedBytes}`,
      'corrupt',
    );
  }
  return undoPredictor(inflated, layout);
}

/**
 * Puts the bytes of a decompressed block in little-endian order and undoes its predictor, in place when the
 * block's memory is aligned for its sample size (otherwise on a copy).
 */
export function undoPredictor(decoded: Uint8Array, layout: TileLayout): Uint8Array<ArrayBuffer> {
  const bytesPerSample = layout.bitsPerSample / 8;
  // Decoded blocks live in plain ArrayBuffers (zlib output, file reads, response bodies), never shared memory.
  let block = (decoded.byteOffset % bytesPerSample === 0 ? decoded : new Uint8Array(decoded)) as Uint8Array<ArrayBuffer>;
  // The floating-point predictor stores each sample's bytes most significant first whatever the file's order.
  if (!layout.littleEndian && bytesPerSample > 1 && layout.predictor !== 3) block = swapBytes(block, bytesPerSample);
  const rowSamples = layout.width * layout.samplesPerPixel;
  switch (layout.predictor) {
    case 1:
      return block;
    case 2:
      undoHorizontalDifferencing(block, layout, rowSamples);
      return block;
    case 3:
      return undoFloatingPointPredictor(block, layout, rowSamples * bytesPerSample);
    default:
      throw new TileDecodeError(`TIFF predictor ${layout.predictor} is not supported`, 'unsupported');
  }
}

function swapBytes(block: Uint8Array<ArrayBuffer>, bytesPerSample: number): Uint8Array<ArrayBuffer> {
  const buffer = Buffer.from(block.buffer, block.byteOffset, block.byteLength);
  if (bytesPerSample === 2) buffer.swap16();
  else if (bytesPerSample === 4) buffer.swap32();
  else buffer.swap64();
  return block;
}

/** TIFF 6.0 §14: each sample is stored as the difference from the same sample of the pixel to its left. */
function undoHorizontalDifferencing(block: Uint8Array, layout: TileLayout, rowSamples: number): void {
  const stride = layout.samplesPerPixel;
  let samples: Uint8Array | Uint16Array | Uint32Array;
  if (layout.bitsPerSample === 8) samples = block;
  else if (layout.bitsPerSample === 16) samples = new Uint16Array(block.buffer, block.byteOffset, block.byteLength / 2);
  else if (layout.bitsPerSample === 32) samples = new Uint32Array(block.buffer, block.byteOffset, block.byteLength / 4);
  else throw new TileDecodeError('Horizontal predictor on 64-bit samples is not supported', 'unsupported');
  // Unsigned views wrap like the encoder's arithmetic, so signed samples come out right as well. Each band of the
  // row is summed on its own with the running sum in a register: about twice as fast as reading back the sample
  // one pixel to the left.
  for (let row = 0; row < layout.height; row++) {
    const start = row * rowSamples;
    const end = start + rowSamples;
    for (let lane = 0; lane < stride; lane++) {
      let sum = samples[start + lane]!;
      for (let i = start + lane + stride; i < end; i += stride) samples[i] = sum += samples[i]!;
    }
  }
}

/**
 * Adobe's floating-point predictor (TIFF Technical Note 3, as libtiff's fpAcc): within a row, bytes are
 * differenced with a stride of one pixel, and the bytes of each sample are split into planes, most significant
 * first. Undone on a copy, since the planes are read while the row is rebuilt.
 */
function undoFloatingPointPredictor(block: Uint8Array, layout: TileLayout, rowBytes: number): Uint8Array<ArrayBuffer> {
  const bytesPerSample = layout.bitsPerSample / 8;
  if (bytesPerSample === 1) throw new TileDecodeError('Floating-point predictor on 8-bit samples is not supported', 'unsupported');
  const stride = layout.samplesPerPixel;
  const samplesPerRow = rowBytes / bytesPerSample;
  const out = new Uint8Array(block.byteLength);
  for (let row = 0; row < layout.height; row++) {
    const start = row * rowBytes;
    const end = start + rowBytes;
    for (let i = start + stride; i < end; i++) block[i] = (block[i]! + block[i - stride]!) & 0xff;
    for (let sample = 0; sample < samplesPerRow; sample++) {
      const target = start + sample * bytesPerSample;
      for (let byte = 0; byte < bytesPerSample; byte++)
        out[target + byte] = block[start + (bytesPerSample - byte - 1) * samplesPerRow + sample]!;
    }
  }
  return out;
}

/** geotiff.js decoder for DEFLATE on Node's zlib (thread pool); geotiff.js undoes the predictor itself. */
export class ZlibDeflateDecoder extends BaseDecoder {
  override async decodeBlock(buffer: ArrayBufferLike): Promise<ArrayBuffer> {
    const inflated = await inflateAsync(new Uint8Array(buffer));
    return inflated.buffer.slice(inflated.byteOffset, inflated.byteOffset + inflated.byteLength) as ArrayBuffer;
  }
}

/**
 * Makes geotiff.js's own `readRasters` inflate DEFLATE blocks (compression 8 and 32946) with Node's zlib instead
 * of in a web worker. The COG reader does not need this (it decodes tiles itself); code that calls geotiff.js
 * directly does.
 */
export function useZlibDeflateInGeoTiff(): void {
  addDecoder([8, 32946], async () => ZlibDeflateDecoder, undefined, false);
}
