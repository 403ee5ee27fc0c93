import type { RasterSamples } from './raster-samples.ts';

/**
 * Decoded blocks kept in memory, least recently used dropped first, shared by every reader of the process (as
 * GDAL's block cache is). Fields next to each other read the same 1024 × 1024 tiles: without it each field
 * decoded its tiles again, a thousand fields took over a minute and a half.
 */
export class BlockMemoryCache {
  private readonly blocks = new Map<string, RasterSamples | null>();
  private bytes = 0;

  constructor(readonly maxBytes: number) {}

  get(key: string): RasterSamples | null | undefined {
    const block = this.blocks.get(key);
    if (block === undefined) return undefined;
    // Map keeps insertion order: moving the entry to the end marks it most recently used.
    this.blocks.delete(key);
    this.blocks.set(key, block);
    return block;
  }

  put(key: string, block: RasterSamples | null): void {
    const size = block?.byteLength ?? 0;
    if (size > this.maxBytes || this.blocks.has(key)) return;
    this.blocks.set(key, block);
    this.bytes += size;
    for (const [oldest, value] of this.blocks) {
      if (this.bytes <= this.maxBytes) break;
      this.blocks.delete(oldest);
      this.bytes -= value?.byteLength ?? 0;
    }
  }

  /** Forgets every block (tests that count network requests start from a cold cache). */
  clear(): void {
    this.blocks.clear();
    this.bytes = 0;
  }

  get sizeBytes(): number {
    return this.bytes;
  }
}

/** The process's cache: 256 MB holds 128 decoded 1024 × 1024 UInt16 tiles, a season of one Sentinel-2 tile's bands for a farm. */
export const sharedBlockCache = new BlockMemoryCache(256 * 1024 * 1024);
