/**
 * Ratings of a soil test against the guide thresholds of the product spec §9 (guides):
 *   - Soil N low under 20 ppm, high over 40 ppm;
 *   - P low under 15 ppm, high over 30 ppm;
 *   - K low under 100 ppm, high over 200 ppm;
 *   - pH 6-7 optimal (below acidic, above alkaline).
 * "Under" and "over" are strict: a value on a threshold (20 ppm N, 40 ppm N) is medium, and pH 6.0 and
 * 7.0 are optimal. The N, P and K thresholds are in ppm (mg/kg); a test reported in % is not rated, since
 * a % figure (often total rather than plant-available nutrient) cannot be compared with them.
 */

export type NutrientLevel = 'low' | 'medium' | 'high';
export type PhLevel = 'acidic' | 'optimal' | 'alkaline';

/** Why a nutrient has no rating although a value may exist. */
export type NutrientUnratedReason = 'not-measured' | 'unit-not-ppm';

/** Lower and upper bounds of the medium band, ppm; below `low` is low, above `high` is high. */
export const SOIL_NUTRIENT_THRESHOLDS_PPM = {
  nitrogen: { low: 20, high: 40 },
  phosphorus: { low: 15, high: 30 },
  potassium: { low: 100, high: 200 },
} as const;

/** The optimal pH band, inclusive at both ends. */
export const SOIL_PH_OPTIMAL = { min: 6, max: 7 } as const;

export type SoilNutrient = keyof typeof SOIL_NUTRIENT_THRESHOLDS_PPM;

export interface RateableSoilTest {
  nitrogen?: number | null;
  phosphorus?: number | null;
  potassium?: number | null;
  ph?: number | null;
  /** Unit of N, P and K; pH has no unit and is rated whatever this is. */
  unit: 'ppm' | '%';
}

export interface SoilTestRating {
  nitrogen: NutrientLevel | null;
  phosphorus: NutrientLevel | null;
  potassium: NutrientLevel | null;
  ph: PhLevel | null;
  /** Per nutrient, why it has no rating; null where it is rated. */
  unrated: Record<SoilNutrient, NutrientUnratedReason | null>;
}

const isReading = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** Low, medium or high for one nutrient value in ppm. */
export function rateNutrientPpm(nutrient: SoilNutrient, ppm: number): NutrientLevel {
  const { low, high } = SOIL_NUTRIENT_THRESHOLDS_PPM[nutrient];
  if (ppm < low) return 'low';
  if (ppm > high) return 'high';
  return 'medium';
}

/** Acidic, optimal or alkaline for a pH value. */
export function ratePh(ph: number): PhLevel {
  if (ph < SOIL_PH_OPTIMAL.min) return 'acidic';
  if (ph > SOIL_PH_OPTIMAL.max) return 'alkaline';
  return 'optimal';
}

/** Rates N, P, K (ppm only) and pH of one soil test; a missing reading is rated null. */
export function rateSoilTest(test: RateableSoilTest): SoilTestRating {
  const rating: SoilTestRating = {
    nitrogen: null,
    phosphorus: null,
    potassium: null,
    ph: isReading(test.ph) ? ratePh(test.ph) : null,
    unrated: { nitrogen: null, phosphorus: null, potassium: null },
  };
  for (const nutrient of Object.keys(SOIL_NUTRIENT_THRESHOLDS_PPM) as SoilNutrient[]) {
    const value = test[nutrient];
    if (!isReading(value)) rating.unrated[nutrient] = 'not-measured';
    else if (test.unit !== 'ppm') rating.unrated[nutrient] = 'unit-not-ppm';
    else rating[nutrient] = rateNutrientPpm(nutrient, value);
  }
  return rating;
}
