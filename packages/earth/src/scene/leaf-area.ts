/**
 * Leaf area index when the SNAP biophysical network cannot run (view angles missing): the empirical SAVI relation
 * LAI = −ln((0.69 − SAVI) / 0.59) / 0.91 with SAVI's soil factor L = 0.1, capped at 6 (science brief §2.1; Huete's
 * SAVI, coefficients from the brief's source).
 */
export const EMPIRICAL_LAI_MAX = 6;
const SOIL_FACTOR = 0.1;

/** SAVI with L = 0.1, the form the empirical LAI relation was fitted on. */
export function saviL01(nir: number, red: number): number {
  return ((1 + SOIL_FACTOR) * (nir - red)) / (nir + red + SOIL_FACTOR);
}

/** LAI from SAVI (L = 0.1); 0 for bare soil, capped at 6 where the relation saturates; NaN without data. */
export function empiricalLai(savi: number): number {
  if (Number.isNaN(savi)) return Number.NaN;
  if (savi >= 0.69) return EMPIRICAL_LAI_MAX;
  const lai = -Math.log((0.69 - savi) / 0.59) / 0.91;
  return Math.min(EMPIRICAL_LAI_MAX, Math.max(0, lai));
}
