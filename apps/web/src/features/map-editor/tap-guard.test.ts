import { describe, expect, it } from 'vitest';
import { isDoubleTap } from './tap-guard.ts';

describe('isDoubleTap', () => {
  const first = { atMs: 1_000, x: 100, y: 100 };

  it('suppresses a second tap at the same place within 300 ms', () => {
    expect(isDoubleTap(first, { atMs: 1_299, x: 104, y: 98 })).toBe(true);
  });

  it('lets a tap through after 300 ms, or far away, or when there was none before', () => {
    expect(isDoubleTap(first, { atMs: 1_300, x: 100, y: 100 })).toBe(false);
    expect(isDoubleTap(first, { atMs: 1_050, x: 200, y: 100 })).toBe(false);
    expect(isDoubleTap(null, first)).toBe(false);
  });
});
