import type { ByteSource } from './byte-source.ts';

/**
 * Serves geotiff.js's reads of a TIFF's header (IFDs, tag arrays) from blocks fetched once.
 *
 * geotiff.js parses an IFD with many small reads (1 KiB at the header, then each tag array); sent as they come
 * they would cost one request each. A COG keeps all its IFDs and tile offset arrays at the start of the file,
 * so the first 16 KiB block, one request, usually holds the whole header, as GDAL also assumes. Tile data is
 * not read through here.
 */
export class HeaderSource {
  private readonly blocks = new Map<number, Promise<Uint8Array>>();

  constructor(
    private readonly source: ByteSource,
    private readonly blockBytes = 16 * 1024,
  ) {}

  /** The `BaseSource` contract of geotiff.js: one buffer per slice, shorter only at the end of the file. */
  async fetch(slices: ReadonlyArray<{ offset: number; length: number }>): Promise<ArrayBuffer[]> {
    return Promise.all(slices.map((slice) => this.slice(slice.offset, slice.length)));
  }

  async fetchSlice(slice: { offset: number; length: number }): Promise<{ offset: number; length: number; data: ArrayBuffer }> {
    return { ...slice, data: await this.slice(slice.offset, slice.length) };
  }

  get fileSize(): number | null {
    return null;
  }

  async close(): Promise<void> {}

  private async slice(offset: number, length: number): Promise<ArrayBuffer> {
    const size = this.blockBytes;
    const first = Math.floor(offset / size);
    const last = Math.floor((offset + Math.max(length, 1) - 1) / size);
    this.requestMissing(first, last);
    const out = new Uint8Array(length);
    let filled = 0;
    for (let index = first; index <= last && filled < length; index++) {
      const block = await this.blocks.get(index)!;
      const from = index === first ? offset - index * size : 0;
      const piece = block.subarray(from, from + (length - filled));
      out.set(piece, filled);
      filled += piece.byteLength;
      if (block.byteLength < size) break; // the end of the file
    }
    return out.buffer.slice(0, filled);
  }

  /** Fetches blocks `first`…`last` not held yet, the missing run as one request. */
  private requestMissing(first: number, last: number): void {
    let runStart = -1;
    for (let index = first; index <= last + 1; index++) {
      const missing = index <= last && !this.blocks.has(index);
      if (missing && runStart < 0) runStart = index;
      if (!missing && runStart >= 0) {
        this.requestRun(runStart, index - 1);
        runStart = -1;
      }
    }
  }

  private requestRun(first: number, last: number): void {
    const size = this.blockBytes;
    const run = this.source.readUpTo(first * size, (last - first + 1) * size);
    for (let index = first; index <= last; index++) {
      const block = run.then((bytes) => bytes.subarray((index - first) * size, (index - first + 1) * size));
      // A failed block is forgotten so that a later read asks again; the caller still sees the error.
      block.catch(() => this.blocks.delete(index));
      this.blocks.set(index, block);
    }
  }
}
