/**
 * Sentinel-2 Scene Classification Layer (SCL) classes and which to mask (science brief §1.4): 0 no data,
 * 1 saturated, 2 dark/topographic shadow, 3 cloud shadow, 4 vegetation, 5 not vegetated, 6 water, 7 unclassified,
 * 8 cloud medium, 9 cloud high, 10 thin cirrus, 11 snow. Water (6) is kept: ponding is a waterlogging signal.
 */
const ALWAYS_MASKED = new Set([0, 1, 3, 8, 9, 10, 11]);
/** The conservative mask also drops dark-area shadow and unclassified pixels. */
const CONSERVATIVELY_MASKED = new Set([...ALWAYS_MASKED, 2, 7]);

/** A date is usable for a field when at least this share of its coverage is clear (judged inside the field, not tile-wide). */
export const MIN_CLEAR_FRACTION = 0.8;

export function isClear(scl: number, { conservative = false }: { conservative?: boolean } = {}): boolean {
  return !(conservative ? CONSERVATIVELY_MASKED : ALWAYS_MASKED).has(scl);
}

/** Why a pixel is masked, in words common to the sensors' masks (Sentinel-2 SCL classes, Landsat QA_PIXEL bits). */
export type MaskReason = 'noData' | 'saturated' | 'shadow' | 'cloud' | 'cirrus' | 'snow' | 'other';

export interface ClearSummary {
  /** Coverage-weighted share of the field that is clear, 0–1. */
  clearFraction: number;
  /** Coverage-weighted share per reason, for the scene's record (cloud, shadow, no data…); with `clearFraction` they sum to 1. */
  maskedShare: Record<MaskReason, number>;
  usable: boolean;
}

const REASON_BY_CLASS: Record<number, MaskReason> = {
  0: 'noData',
  1: 'saturated',
  2: 'shadow',
  3: 'shadow',
  7: 'other',
  8: 'cloud',
  9: 'cloud',
  10: 'cirrus',
  11: 'snow',
};

/** Why the SCL masks a pixel of this class; null when it is clear. */
export function sclMaskReason(scl: number, options: { conservative?: boolean } = {}): MaskReason | null {
  return isClear(scl, options) ? null : (REASON_BY_CLASS[scl] ?? 'other');
}

/**
 * How much of a field is clear on one date: the mask band per pixel with each pixel's coverage weight (the share of
 * the pixel inside the field), so a 0.5 ha field's edge pixels count for what they hold. `reasonOf` reads one mask
 * value: null when the pixel is clear, else why it is masked (SCL: `sclMaskReason`; Landsat: `landsatMaskReason`).
 */
export function summariseMask(
  mask: ArrayLike<number>,
  weights: ArrayLike<number>,
  reasonOf: (maskValue: number) => MaskReason | null,
): ClearSummary {
  const maskedShare: ClearSummary['maskedShare'] = { noData: 0, saturated: 0, shadow: 0, cloud: 0, cirrus: 0, snow: 0, other: 0 };
  let total = 0;
  let clear = 0;
  for (let i = 0; i < mask.length; i++) {
    const weight = weights[i]!;
    if (weight <= 0) continue;
    total += weight;
    const reason = reasonOf(mask[i]!);
    if (reason === null) clear += weight;
    else maskedShare[reason] += weight;
  }
  if (total === 0) return { clearFraction: 0, maskedShare, usable: false };
  for (const key of Object.keys(maskedShare) as MaskReason[]) maskedShare[key] /= total;
  const clearFraction = clear / total;
  return { clearFraction, maskedShare, usable: clearFraction >= MIN_CLEAR_FRACTION };
}

/** `summariseMask` for the Sentinel-2 SCL. */
export function summariseClear(scl: ArrayLike<number>, weights: ArrayLike<number>, options: { conservative?: boolean } = {}): ClearSummary {
  return summariseMask(scl, weights, (value) => sclMaskReason(value, options));
}
