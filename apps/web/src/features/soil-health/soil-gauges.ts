import {
  SOIL_NUTRIENT_THRESHOLDS_PPM,
  SOIL_PH_OPTIMAL,
  rateSoilTest,
  type NutrientLevel,
  type PhLevel,
  type SoilNutrient,
  type SoilTest,
} from '@murimi/core';

/** Every reading a soil test may hold, in the order the screen shows them. */
export type SoilReading = SoilNutrient | 'ph' | 'organicMatter' | 'ec';
export const soilReadings: readonly SoilReading[] = ['nitrogen', 'phosphorus', 'potassium', 'ph', 'organicMatter', 'ec'];
export const soilNutrients: readonly SoilNutrient[] = ['nitrogen', 'phosphorus', 'potassium'];

export type SoilLevel = NutrientLevel | PhLevel;

/** The unit a reading is shown in: N, P and K as the test reports them, pH without one, OM in %, EC in dS/m. */
export type SoilReadingUnit = 'ppm' | '%' | 'dS/m' | '';

/** Why a gauge has no band to place its value in. */
export type SoilUnratedReason = 'not-measured' | 'unit-not-ppm' | 'no-guide-band';

/** One band of a gauge, on the gauge's own scale. */
export interface GaugeBand {
  level: SoilLevel;
  from: number;
  to: number;
}

export interface SoilGaugeModel {
  reading: SoilReading;
  value: number | null;
  unit: SoilReadingUnit;
  /** Core's rating against the spec §9 guide thresholds; null when not rated (see `unrated`). */
  level: SoilLevel | null;
  unrated: SoilUnratedReason | null;
  /** The guide's bands laid on the scale, low to high; null when the reading is not rated. */
  bands: GaugeBand[] | null;
  /** The stretch of values the bar draws; null when there is nothing to draw. */
  scale: { min: number; max: number } | null;
  /** Where the value sits along the bar, 0 (left) to 1 (right); null when not drawn. */
  position: number | null;
}

const isReading = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** The unit of a reading of `test`. */
export function readingUnit(test: Pick<SoilTest, 'unit'>, reading: SoilReading): SoilReadingUnit {
  if (reading === 'ph') return '';
  if (reading === 'organicMatter') return '%';
  if (reading === 'ec') return 'dS/m';
  return test.unit;
}

/** The readings the guide bands: N, P and K (in ppm) and pH; organic matter and EC it does not. */
export type RatedReading = SoilNutrient | 'ph';
export const isRatedReading = (reading: SoilReading): reading is RatedReading => reading !== 'organicMatter' && reading !== 'ec';

/** The guide edges of a rated reading: the medium band of N, P and K in ppm and the optimal pH band (spec §9, as core holds them). */
export function guideEdges(reading: RatedReading): { lower: number; upper: number } {
  if (reading === 'ph') return { lower: SOIL_PH_OPTIMAL.min, upper: SOIL_PH_OPTIMAL.max };
  const { low, high } = SOIL_NUTRIENT_THRESHOLDS_PPM[reading];
  return { lower: low, upper: high };
}

/**
 * How far the bar reaches is a drawing choice, not agronomy: N, P and K from 0 to one medium band's width past
 * the high edge; pH two units either side of the optimal band; and always far enough to hold the value itself.
 */
function displayScale(reading: RatedReading, value: number, edges: { lower: number; upper: number }) {
  if (reading === 'ph') return { min: Math.min(edges.lower - 2, value), max: Math.max(edges.upper + 2, value) };
  return { min: 0, max: Math.max(edges.upper + (edges.upper - edges.lower), value) };
}

/** One reading of a soil test as a gauge: its value and unit, core's rating, and the guide's bands to draw. */
export function soilGauge(test: SoilTest, reading: SoilReading): SoilGaugeModel {
  const value = test[reading];
  const unit = readingUnit(test, reading);
  const base = { reading, value: isReading(value) ? value : null, unit, level: null, bands: null, scale: null, position: null };
  if (!isReading(value)) return { ...base, unrated: 'not-measured' };
  if (!isRatedReading(reading)) return { ...base, unrated: 'no-guide-band' };

  const rating = rateSoilTest(test);
  const level = reading === 'ph' ? rating.ph : rating[reading];
  if (!level) return { ...base, unrated: reading === 'ph' ? 'not-measured' : (rating.unrated[reading] ?? 'not-measured') };
  const edges = guideEdges(reading);

  const scale = displayScale(reading, value, edges);
  const names: [SoilLevel, SoilLevel, SoilLevel] = reading === 'ph' ? ['acidic', 'optimal', 'alkaline'] : ['low', 'medium', 'high'];
  return {
    ...base,
    level,
    unrated: null,
    bands: [
      { level: names[0], from: scale.min, to: edges.lower },
      { level: names[1], from: edges.lower, to: edges.upper },
      { level: names[2], from: edges.upper, to: scale.max },
    ],
    scale,
    position: (value - scale.min) / (scale.max - scale.min),
  };
}

/** The gauges of a test: N, P, K and pH always (a missing one says so), organic matter and EC when measured. */
export function soilGauges(test: SoilTest): SoilGaugeModel[] {
  return soilReadings
    .filter((reading) => soilNutrients.includes(reading as SoilNutrient) || reading === 'ph' || isReading(test[reading]))
    .map((reading) => soilGauge(test, reading));
}
