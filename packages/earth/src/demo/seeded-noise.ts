/**
 * Deterministic randomness for the demo imagery. A value depends only on its keys (seed, day, band, pixel), never on
 * the order of calls, so a date's scene is the same whatever date range it was generated in.
 */

/** A 32-bit hash of the keys (MurmurHash3's mixing and finaliser steps). */
function hashKeys(...keys: number[]): number {
  let h = 0x9747b28c;
  for (const key of keys) {
    let k = Math.imul(key | 0, 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    h ^= Math.imul(k, 0x1b873593);
    h = Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64;
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A uniform number in [0, 1) for the keys. */
export function uniform(...keys: number[]): number {
  return hashKeys(...keys) / 2 ** 32;
}

/** A string (a site or field id) as a key. */
export function keyOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = Math.imul(h, 31) + text.charCodeAt(i);
  return hashKeys(h, text.length);
}

/** A sequence of uniform numbers in [0, 1) from one start (mulberry32), for drawing a date's clouds. */
export function randomSequence(...keys: number[]): () => number {
  let state = hashKeys(...keys);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}
