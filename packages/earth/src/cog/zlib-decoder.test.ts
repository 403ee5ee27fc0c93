import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { inflateTile, TileDecodeError, type TileLayout } from './zlib-decoder.ts';

/** Encodes samples as a TIFF writer does with Predictor=2: each sample minus the same sample one pixel left. */
function differenceRows(samples: Uint8Array | Uint16Array | Uint32Array, width: number, samplesPerPixel: number): void {
  const rowSamples = width * samplesPerPixel;
  for (let start = 0; start < samples.length; start += rowSamples) {
    for (let i = start + rowSamples - 1; i >= start + samplesPerPixel; i--) samples[i] = samples[i]! - samples[i - samplesPerPixel]!;
  }
}

/** Encodes Float32 samples as libtiff's fpDiff (Predictor=3): bytes split into planes, MSB first, then differenced. */
function floatingPointEncode(samples: Float32Array, width: number, samplesPerPixel: number): Uint8Array {
  const bytes = new Uint8Array(samples.buffer.slice(0));
  const rowSamples = width * samplesPerPixel;
  const rowBytes = rowSamples * 4;
  const out = new Uint8Array(bytes.length);
  for (let start = 0; start < bytes.length; start += rowBytes) {
    for (let sample = 0; sample < rowSamples; sample++) {
      for (let byte = 0; byte < 4; byte++) out[start + (3 - byte) * rowSamples + sample] = bytes[start + sample * 4 + byte]!;
    }
    for (let i = start + rowBytes - 1; i >= start + samplesPerPixel; i--) out[i] = (out[i]! - out[i - samplesPerPixel]!) & 0xff;
  }
  return out;
}

const layout = (overrides: Partial<TileLayout>): TileLayout => ({
  width: 7,
  height: 5,
  samplesPerPixel: 1,
  bitsPerSample: 16,
  predictor: 2,
  littleEndian: true,
  ...overrides,
});

describe('inflateTile', () => {
  it.each([
    [8, 1, Uint8Array],
    [16, 1, Uint16Array],
    [32, 1, Uint32Array],
    [16, 3, Uint16Array],
    [16, 4, Uint16Array],
    [32, 2, Uint32Array],
  ] as const)('undoes horizontal differencing of %i-bit samples, %i per pixel', async (bits, samplesPerPixel, ArrayType) => {
    const tile = layout({ bitsPerSample: bits, samplesPerPixel });
    const original = new ArrayType(tile.width * tile.height * samplesPerPixel);
    // Values that wrap around when differenced: large steps up and down.
    for (let i = 0; i < original.length; i++) original[i] = (i * 2654435761) % 2 ** bits;
    const encoded = original.slice();
    differenceRows(encoded, tile.width, samplesPerPixel);
    const decoded = await inflateTile(deflateSync(new Uint8Array(encoded.buffer)), tile);
    expect(Array.from(new ArrayType(decoded.buffer, decoded.byteOffset, original.length))).toEqual(Array.from(original));
  });

  it('gives signed samples back through the unsigned arithmetic', async () => {
    const tile = layout({});
    const original = Int16Array.from({ length: 35 }, (_, i) => (i % 2 ? -1 : 1) * i * 900);
    const encoded = new Uint16Array(original.buffer.slice(0));
    differenceRows(encoded, tile.width, 1);
    const decoded = await inflateTile(deflateSync(new Uint8Array(encoded.buffer)), tile);
    expect(Array.from(new Int16Array(decoded.buffer, decoded.byteOffset, 35))).toEqual(Array.from(original));
  });

  it('puts big-endian samples in little-endian order before undoing the predictor', async () => {
    const tile = layout({ littleEndian: false });
    const original = Uint16Array.from({ length: 35 }, (_, i) => 1000 + i * 37);
    const encoded = original.slice();
    differenceRows(encoded, tile.width, 1);
    const bigEndian = Buffer.from(encoded.buffer).swap16();
    const decoded = await inflateTile(deflateSync(bigEndian), tile);
    expect(Array.from(new Uint16Array(decoded.buffer, decoded.byteOffset, 35))).toEqual(Array.from(original));
  });

  it('undoes the floating-point predictor', async () => {
    const tile = layout({ bitsPerSample: 32, predictor: 3, samplesPerPixel: 2 });
    const original = Float32Array.from({ length: 70 }, (_, i) => Math.sin(i / 3) * 0.8 - (i === 5 ? 9999 : 0));
    const decoded = await inflateTile(deflateSync(floatingPointEncode(original, tile.width, 2)), tile);
    expect(Array.from(new Float32Array(decoded.buffer, decoded.byteOffset, 70))).toEqual(Array.from(original));
  });

  it('refuses a block that does not inflate to a whole tile', async () => {
    const tile = layout({ predictor: 1 });
    const short = deflateSync(new Uint8Array(10));
    await expect(inflateTile(short, tile)).rejects.toThrow(TileDecodeError);
    await expect(inflateTile(short, tile)).rejects.toThrow('inflates to 10 bytes, a 7×5 tile needs 70');
    const long = deflateSync(new Uint8Array(200));
    await expect(inflateTile(long, tile)).rejects.toThrow(expect.objectContaining({ reason: 'corrupt' }));
    const cut = deflateSync(new Uint8Array(70).fill(3)).subarray(0, 6);
    await expect(inflateTile(cut, tile)).rejects.toThrow(expect.objectContaining({ reason: 'corrupt' }));
    await expect(inflateTile(new Uint8Array([1, 2, 3, 4]), tile)).rejects.toThrow(/incorrect header check/);
  });

  it('refuses predictors it does not know', async () => {
    await expect(inflateTile(deflateSync(new Uint8Array(70)), layout({ predictor: 4 }))).rejects.toThrow(
      expect.objectContaining({ reason: 'unsupported', message: 'TIFF predictor 4 is not supported' }),
    );
  });
});
