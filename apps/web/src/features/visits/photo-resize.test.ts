import { describe, expect, it } from 'vitest';
import { resizedSize } from './photo-resize.ts';

describe('a photo resized on the phone', () => {
  it('keeps its shape with the long edge at 1280 px, and is never enlarged', () => {
    expect(resizedSize(4000, 3000)).toEqual({ width: 1280, height: 960 });
    expect(resizedSize(3000, 4000)).toEqual({ width: 960, height: 1280 });
    expect(resizedSize(800, 600)).toEqual({ width: 800, height: 600 });
    expect(resizedSize(12000, 5)).toEqual({ width: 1280, height: 1 });
  });
});
