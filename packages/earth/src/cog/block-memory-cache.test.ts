import { describe, expect, it } from 'vitest';
import { BlockMemoryCache } from './block-memory-cache.ts';

describe('decoded block cache', () => {
  it('drops the least recently used blocks past its size, and keeps blocks the file leaves out', () => {
    const cache = new BlockMemoryCache(3 * 1024);
    const block = () => new Uint16Array(512); // 1 KiB
    cache.put('a#0', block());
    cache.put('a#1', block());
    cache.put('a#2', null);
    cache.put('b#0', block());
    expect(cache.sizeBytes).toBe(3 * 1024);
    expect(cache.get('a#0')).toBeInstanceOf(Uint16Array); // now the most recently used
    cache.put('b#1', block());
    expect(cache.get('a#1')).toBeUndefined();
    expect(cache.get('a#0')).toBeInstanceOf(Uint16Array);
    expect(cache.get('a#2')).toBeNull();
    expect(cache.sizeBytes).toBe(3 * 1024);
  });

  it('does not keep a block larger than the whole cache', () => {
    const cache = new BlockMemoryCache(100);
    cache.put('big#0', new Uint8Array(101));
    expect(cache.get('big#0')).toBeUndefined();
  });
});
