import { colourOf, LEGENDS } from '@murimi/core';
import { encodePng } from './png.ts';

/** Index values are kept as Int16 scaled by 10,000 (−1…1 → −10,000…10,000); this value means no data. */
export const INDEX_SCALE = 10_000;
export const INDEX_NODATA = -32_768;

/** An index over a field's pixel window, as stored: Int16, scaled, no data where masked or outside the field. */
export interface IndexRaster {
  width: number;
  height: number;
  values: Int16Array;
}

/** Scales index values into an Int16 raster; NaN and pixels outside the field (coverage 0) become no data. */
export function toIndexRaster(width: number, height: number, values: ArrayLike<number>, coverage: ArrayLike<number>): IndexRaster {
  const out = new Int16Array(width * height);
  for (let i = 0; i < out.length; i++) {
    const value = values[i]!;
    out[i] = coverage[i]! > 0 && Number.isFinite(value) ? Math.round(Math.max(-1, Math.min(1, value)) * INDEX_SCALE) : INDEX_NODATA;
  }
  return { width, height, values: out };
}

/** The index map as a PNG: each pixel coloured by the index's legend, transparent where there is no data. */
export function renderIndexPng(raster: IndexRaster, index: keyof typeof LEGENDS): Buffer {
  const rgba = new Uint8Array(raster.width * raster.height * 4);
  for (let i = 0; i < raster.values.length; i++) {
    const stored = raster.values[i]!;
    if (stored === INDEX_NODATA) continue;
    const [r, g, b] = colourOf(LEGENDS[index], stored / INDEX_SCALE);
    rgba.set([r, g, b, 255], i * 4);
  }
  return encodePng(raster.width, raster.height, rgba);
}
