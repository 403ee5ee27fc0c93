import type { BandName } from '../stac/sources.ts';
import { bandScalingOf, toReflectance, type ReflectanceRule, type SceneReflectanceFacts } from './reflectance.ts';
import type { MaskReason } from './scene-classification.ts';

/**
 * Landsat Collection 2 Level-2 (science brief §1.5, USGS): surface reflectance SR = DN × 0.0000275 − 0.2, DN 0 fill;
 * a pixel is clear when QA_PIXEL bits 0–4 (fill, dilated cloud, cirrus, cloud, cloud shadow) are all 0 and QA_RADSAT
 * is 0. The engine reads QA_PIXEL only (QA_RADSAT is not among the bands a source maps): see `landsatMaskReason`.
 */
export const LANDSAT_SR_SCALE = 0.0000275;
export const LANDSAT_SR_OFFSET = -0.2;

/** QA_PIXEL bits that make a pixel unusable (USGS, Landsat 8–9 Collection 2 Level-2 Science Product Guide). */
export const LANDSAT_QA_BITS = { fill: 1 << 0, dilatedCloud: 1 << 1, cirrus: 1 << 2, cloud: 1 << 3, cloudShadow: 1 << 4 } as const;
const QA_NOT_CLEAR_BITS = 0b11111;

/** Surface reflectance per pixel by the USGS constants; NaN where DN is 0 (fill). */
export function landsatReflectance(dn: ArrayLike<number>): Float32Array {
  return toReflectance(dn, { scale: LANDSAT_SR_SCALE, offset: LANDSAT_SR_OFFSET, basis: 'landsat-c2-l2-usgs' });
}

/**
 * One band's rule: its own asset's `raster:bands` scale and offset (C2 L2 COGs are raw DN, and a catalogue may scale
 * bands differently), else the USGS constants.
 */
export function landsatReflectanceRule(facts: SceneReflectanceFacts, band?: BandName): ReflectanceRule {
  const { scale, offset } = bandScalingOf(facts, band);
  if (scale !== null) return { scale, offset, basis: 'raster-bands' };
  return { scale: LANDSAT_SR_SCALE, offset: LANDSAT_SR_OFFSET, basis: 'landsat-c2-l2-usgs' };
}

export function landsatPixelIsClear(qaPixel: number, qaRadsat = 0): boolean {
  return (qaPixel & QA_NOT_CLEAR_BITS) === 0 && qaRadsat === 0;
}

/**
 * Why QA_PIXEL masks a pixel, null when bits 0–4 are all 0. A pixel with several bits counts once: fill, else cloud
 * (bit 3, or bit 1, the cloud dilated by a few pixels), else cirrus, else cloud shadow. Other bits (snow, water, the
 * confidences) keep the pixel, as the science brief's rule does; water stays, as SCL's does for Sentinel-2.
 * QA_RADSAT is not read: over farmland the reflective bands saturate almost only on bright cloud, which bits 1 and 3
 * already mask, and requiring one more asset would drop every scene whose item lacks it.
 */
export function landsatMaskReason(qaPixel: number): MaskReason | null {
  if ((qaPixel & QA_NOT_CLEAR_BITS) === 0) return null;
  if (qaPixel & LANDSAT_QA_BITS.fill) return 'noData';
  if (qaPixel & (LANDSAT_QA_BITS.cloud | LANDSAT_QA_BITS.dilatedCloud)) return 'cloud';
  if (qaPixel & LANDSAT_QA_BITS.cirrus) return 'cirrus';
  return 'shadow';
}
