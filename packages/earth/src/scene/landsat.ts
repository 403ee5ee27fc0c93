/**
 * Landsat Collection 2 Level-2 (science brief §1.5, USGS): surface reflectance SR = DN × 0.0000275 − 0.2; a pixel is
 * clear when QA_PIXEL bits 0–4 (fill, dilated cloud, cirrus, cloud, cloud shadow) are all 0 and QA_RADSAT is 0.
 */
export const LANDSAT_SR_SCALE = 0.0000275;
export const LANDSAT_SR_OFFSET = -0.2;
const QA_NOT_CLEAR_BITS = 0b11111;

/** Surface reflectance per pixel; NaN where DN is 0 (fill). */
export function landsatReflectance(dn: ArrayLike<number>): Float32Array {
  const out = new Float32Array(dn.length);
  for (let i = 0; i < dn.length; i++) out[i] = dn[i] === 0 ? Number.NaN : dn[i]! * LANDSAT_SR_SCALE + LANDSAT_SR_OFFSET;
  return out;
}

export function landsatPixelIsClear(qaPixel: number, qaRadsat = 0): boolean {
  return (qaPixel & QA_NOT_CLEAR_BITS) === 0 && qaRadsat === 0;
}
