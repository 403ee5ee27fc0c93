import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface TileCacheOptions {
  /** Folder holding one file per cached byte range; created if missing. */
  directory: string;
  /** The least recently used entries are deleted once the files together exceed this. */
  maxBytes: number;
}

const entrySuffix = '.range';
/** Files looked up at once when a cache folder is opened. */
const STAT_BATCH = 64;

/**
 * A least-recently-used cache on disk of byte ranges fetched from remote COGs, keyed by URL + range, and of the
 * windows the reader decoded from them (keyed by URL + band + window). Earth Search serves each scene's files
 * once and never rewrites them, so a cached entry never goes stale.
 *
 * Recency is kept in memory and mirrored in each file's modification time, so a cache opened again (another
 * process, a restart) starts from the same order. Files are written whole under a temporary name and renamed,
 * so a reader never sees half an entry. Processes sharing a folder each enforce the cap on the entries they
 * know, which keeps the total near, not exactly at, the cap.
 */
export class TileCache {
  readonly directory: string;
  readonly maxBytes: number;
  /** File name → size in bytes, least recently used first (a Map keeps insertion order). */
  private readonly entries = new Map<string, number>();
  private totalBytes = 0;
  /** Lookups answered from the folder (hits) and not (misses) since it was opened, for the server's metrics. */
  readonly lookups = { hits: 0, misses: 0 };

  private constructor(options: TileCacheOptions) {
    this.directory = options.directory;
    this.maxBytes = options.maxBytes;
  }

  /** Opens (or creates) a cache folder and indexes what it already holds, oldest use first. */
  static async open(options: TileCacheOptions): Promise<TileCache> {
    if (!(options.maxBytes > 0)) throw new RangeError(`maxBytes must be positive, got ${options.maxBytes}`);
    const cache = new TileCache(options);
    await mkdir(options.directory, { recursive: true });
    const names = (await readdir(options.directory)).filter((name) => name.endsWith(entrySuffix));
    // A batch at a time: thousands of stat answers arriving together are handled in one turn of the event loop,
    // which held a server's loop for 50–80 ms when its first imagery request opened a folder of 3,700 entries.
    const found: ({ name: string; bytes: number; usedAt: number } | undefined)[] = [];
    for (let start = 0; start < names.length; start += STAT_BATCH) {
      const batch = names.slice(start, start + STAT_BATCH).map(async (name) => {
        const info = await stat(path.join(options.directory, name)).catch(() => undefined);
        return info ? { name, bytes: info.size, usedAt: info.mtimeMs } : undefined;
      });
      found.push(...(await Promise.all(batch)));
    }
    for (const entry of found.filter((e) => e !== undefined).sort((a, b) => a.usedAt - b.usedAt)) {
      cache.entries.set(entry.name, entry.bytes);
      cache.totalBytes += entry.bytes;
    }
    await cache.evict();
    return cache;
  }

  /** The key of `length` bytes from `offset` of the file at `url`. */
  static keyFor(url: string, offset: number, length: number): string {
    return `${url}#bytes=${offset}-${offset + length - 1}`;
  }

  /** Bytes held now. */
  get sizeBytes(): number {
    return this.totalBytes;
  }

  /** Entries held now. */
  get entryCount(): number {
    return this.entries.size;
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const name = fileNameFor(key);
    if (!this.entries.has(name)) {
      this.lookups.misses += 1;
      return undefined;
    }
    const file = path.join(this.directory, name);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      // Evicted by another process sharing the folder.
      this.forget(name);
      this.lookups.misses += 1;
      return undefined;
    }
    this.lookups.hits += 1;
    this.touch(name);
    const now = new Date();
    await utimes(file, now, now).catch(() => undefined);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    if (bytes.byteLength > this.maxBytes) return;
    const name = fileNameFor(key);
    const file = path.join(this.directory, name);
    const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    try {
      await writeFile(temporary, bytes);
      await rename(temporary, file);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    this.forget(name);
    this.entries.set(name, bytes.byteLength);
    this.totalBytes += bytes.byteLength;
    await this.evict();
  }

  private touch(name: string): void {
    const bytes = this.entries.get(name);
    if (bytes === undefined) return;
    this.entries.delete(name);
    this.entries.set(name, bytes);
  }

  private forget(name: string): void {
    const bytes = this.entries.get(name);
    if (bytes === undefined) return;
    this.entries.delete(name);
    this.totalBytes -= bytes;
  }

  private async evict(): Promise<void> {
    for (const [name] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.forget(name);
      await rm(path.join(this.directory, name), { force: true });
    }
  }
}

/** Keys hold URLs (any length, any characters): the file name is their SHA-256. */
function fileNameFor(key: string): string {
  return createHash('sha256').update(key).digest('hex') + entrySuffix;
}
