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

export interface ClearSummary {
  /** Coverage-weighted share of the field that is clear, 0–1. */
  clearFraction: number;
  /** Coverage-weighted share per reason, for the scene's record (cloud, shadow, no data…). */
  maskedShare: Record<'noData' | 'saturated' | 'shadow' | 'cloud' | 'cirrus' | 'snow' | 'other', number>;
  usable: boolean;
}

const REASON_BY_CLASS: Record<number, keyof ClearSummary['maskedShare']> = {
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

/**
 * How much of a field is clear on one date: SCL per pixel with each pixel's coverage weight (the share of the
 * pixel inside the field), so a 0.5 ha field's edge pixels count for what they hold.
 */
export function summariseClear(scl: ArrayLike<number>, weights: ArrayLike<number>, options: { conservative?: boolean } = {}): ClearSummary {
  const maskedShare: ClearSummary['maskedShare'] = { noData: 0, saturated: 0, shadow: 0, cloud: 0, cirrus: 0, snow: 0, other: 0 };
  let total = 0;
  let clear = 0;
  for (let i = 0; i < scl.length; i++) {
    const weight = weights[i]!;
    if (weight <= 0) continue;
    total += weight;
    if (isClear(scl[i]!, options)) clear += weight;
    else maskedShare[REASON_BY_CLASS[scl[i]!] ?? 'other'] += weight;
  }
  if (total === 0) return { clearFraction: 0, maskedShare, usable: false };
  for (const key of Object.keys(maskedShare) as (keyof typeof maskedShare)[]) maskedShare[key] /= total;
  const clearFraction = clear / total;
  return { clearFraction, maskedShare, usable: clearFraction >= MIN_CLEAR_FRACTION };
}
