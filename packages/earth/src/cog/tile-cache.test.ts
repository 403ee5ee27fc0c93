import { createHash } from 'node:crypto';
import { mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TileCache } from './tile-cache.ts';

describe('TileCache', () => {
  let folder: string;
  const url = 'https://sentinel-cogs.example/36/K/WD/2024/1/S2A_36KWD_20240115_0_L2A/B04.tif';
  const bytes = (size: number, value: number) => new Uint8Array(size).fill(value);

  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'murimi-tile-cache-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('keys entries by URL and byte range', async () => {
    const cache = await TileCache.open({ directory: folder, maxBytes: 1000 });
    await cache.put(TileCache.keyFor(url, 0, 100), bytes(100, 1));
    expect(Array.from((await cache.get(TileCache.keyFor(url, 0, 100)))!.subarray(0, 3))).toEqual([1, 1, 1]);
    expect(await cache.get(TileCache.keyFor(url, 0, 99))).toBeUndefined();
    expect(await cache.get(TileCache.keyFor(url.replace('B04', 'B08'), 0, 100))).toBeUndefined();
    expect(TileCache.keyFor(url, 16384, 1000)).toBe(`${url}#bytes=16384-17383`);
  });

  it('deletes the least recently used entries past its size cap', async () => {
    const cache = await TileCache.open({ directory: folder, maxBytes: 250 });
    await cache.put('a', bytes(100, 1));
    await cache.put('b', bytes(100, 2));
    await cache.get('a'); // now b is the least recently used
    await cache.put('c', bytes(100, 3));
    expect(await cache.get('b')).toBeUndefined();
    expect((await cache.get('a'))?.[0]).toBe(1);
    expect((await cache.get('c'))?.[0]).toBe(3);
    expect([cache.sizeBytes, cache.entryCount]).toEqual([200, 2]);
    expect((await readdir(folder)).filter((name) => name.endsWith('.range'))).toHaveLength(2);
  });

  it('does not keep an entry larger than the whole cache', async () => {
    const cache = await TileCache.open({ directory: folder, maxBytes: 50 });
    await cache.put('big', bytes(51, 9));
    expect(await cache.get('big')).toBeUndefined();
    expect(await readdir(folder)).toEqual([]);
  });

  it('finds its entries again when opened anew, oldest use first, and applies a smaller cap', async () => {
    const first = await TileCache.open({ directory: folder, maxBytes: 1000 });
    for (const [key, value] of [
      ['old', 1],
      ['middle', 2],
      ['recent', 3],
    ] as const) {
      await first.put(key, bytes(100, value));
    }
    // Modification times carry the order of use across openings; set them apart beyond the clock's resolution.
    for (const [i, key] of ['old', 'middle', 'recent'].entries()) {
      const time = new Date(Date.UTC(2025, 0, 1, 0, 0, i));
      await utimes(path.join(folder, `${createHash('sha256').update(key).digest('hex')}.range`), time, time);
    }

    const reopened = await TileCache.open({ directory: folder, maxBytes: 200 });
    expect(reopened.entryCount).toBe(2);
    expect(await reopened.get('old')).toBeUndefined();
    expect((await reopened.get('recent'))?.[0]).toBe(3);
  });

  it('overwrites an entry put twice without counting it twice', async () => {
    const cache = await TileCache.open({ directory: folder, maxBytes: 1000 });
    await cache.put('a', bytes(100, 1));
    await cache.put('a', bytes(100, 2));
    expect([cache.sizeBytes, (await cache.get('a'))?.[0]]).toEqual([100, 2]);
  });
});
