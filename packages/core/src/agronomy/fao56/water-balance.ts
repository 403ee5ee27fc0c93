/**
 * Daily root-zone water balance (FAO-56 chapter 8, Eq. 84–88): how far the root zone is below field capacity
 * (the depletion Dr, mm) at the end of each day, from daily reference ET₀, rain and irrigation.
 *
 *   Dr,i = Dr,i−1 − (P − RO)i − Ii + ETc,adj,i + DPi,   0 ≤ Dr,i ≤ TAWi            (Eq. 85, 86)
 *   ETc,adj = Ks·Kc·ET₀, Ks = (TAW − Dr)/((1 − p)·TAW) once Dr > RAW, else 1    (Eq. 81, 84)
 *   DP = (P − RO) + I − ETc,adj − Dr,i−1 ≥ 0                                    (Eq. 88)
 *
 * Conventions, as in the FAO-56 Annex 8 spreadsheet: rain and irrigation arrive early in the day, so Ks is taken
 * from the depletion after they have soaked in; water above field capacity drains the same day, after that day's
 * ET. Capillary rise is taken as zero (FAO-56: fair where the water table is more than about 1 m below the roots).
 * When the roots grow deeper the soil they reach is taken to be at field capacity, so the depletion carries over
 * unchanged while TAW grows (FAO-56 Example 38).
 */
import type { CropType } from '../../crops/crop-catalogue.ts';
import {
  cropCoefficientCurve,
  cropCoefficientOnDay,
  seasonDayOn,
  type CropClimate,
  type CropCoefficientCurve,
  type CropGrowthStage,
} from './crop-coefficient.ts';
import {
  rootZoneOnDay,
  soilWaterProperties,
  type RootDepthRangeEnd,
  type SoilTextureClass,
  type SoilWaterProperties,
} from './root-zone.ts';

/** One day of weather (and any irrigation given), depths in mm. */
export interface DailyWaterInput {
  /** Calendar date, YYYY-MM-DD. */
  date: string;
  /** Grass-reference evapotranspiration ET₀, mm (FAO-56 Eq. 6). */
  et0Mm: number;
  rainMm: number;
  /** Net irrigation depth that soaked in, mm. */
  irrigationMm?: number;
}

/**
 * FAO-56 chapter 8 (p. 170): "Daily precipitation in amounts less than about 0.2 ETo is normally entirely
 * evaporated and can usually be ignored in the water balance calculations" with the single crop coefficient.
 */
export const LIGHT_RAIN_FRACTION_OF_ET0 = 0.2;

// ---------------------------------------------------------------------------------------------
// Runoff: USDA-NRCS curve number
// ---------------------------------------------------------------------------------------------

/**
 * FAO-56 leaves runoff to "standard procedures from hydrological texts" (and its Annex 8 example sets it to zero).
 * We use the USDA-NRCS curve-number method (NEH-4 / TR-55, 1986), applied to each day's rain:
 *   S = 25400/CN − 254 mm, Ia = 0.2·S, RO = (P − Ia)² / (P − Ia + S) for P > Ia, else 0.
 * With the row-crop numbers below a loam (group B, CN 78) sheds nothing up to 14 mm of rain, 3 mm of 30 mm and
 * 18 mm of 60 mm. The curve numbers are for average antecedent moisture (AMC II); we do not shift them with the
 * day's depletion, which overstates runoff on a dry soil and understates it on a wet one. Irrigation is taken to
 * soak in fully (Eq. 85's I is the net depth that infiltrates).
 */
export type HydrologicSoilGroup = 'A' | 'B' | 'C' | 'D';

/**
 * Hydrologic soil group from texture, TR-55 (1986) Appendix A: A = sand, loamy sand, sandy loam; B = silt loam,
 * loam; C = sandy clay loam; D = clay loam, silty clay loam, sandy clay, silty clay, clay. Silt is not listed
 * there; putting it in B with silt loam is ours.
 */
export const HYDROLOGIC_SOIL_GROUP_BY_TEXTURE: Readonly<Record<SoilTextureClass, HydrologicSoilGroup>> = {
  sand: 'A',
  'loamy-sand': 'A',
  'sandy-loam': 'A',
  loam: 'B',
  'silt-loam': 'B',
  silt: 'B',
  'sandy-clay-loam': 'C',
  'clay-loam': 'D',
  'silty-clay-loam': 'D',
  'sandy-clay': 'D',
  'silty-clay': 'D',
  clay: 'D',
};

/** TR-55 (1986) Table 2-2b, cultivated agricultural land, row crops, straight row, good hydrologic condition. */
export const ROW_CROP_CURVE_NUMBER: Readonly<Record<HydrologicSoilGroup, number>> = { A: 67, B: 78, C: 85, D: 89 };

/** The curve number of a row-cropped field on this texture. */
export function runoffCurveNumberForTexture(texture: SoilTextureClass): number {
  return ROW_CROP_CURVE_NUMBER[HYDROLOGIC_SOIL_GROUP_BY_TEXTURE[texture]];
}

/** Surface runoff of one day's rain, mm, by the curve-number method (see above). */
export function curveNumberRunoffMm(rainMm: number, curveNumber: number): number {
  if (!(curveNumber > 0 && curveNumber <= 100)) throw new RangeError(`A curve number lies in (0, 100], got ${curveNumber}`);
  const retentionMm = 25_400 / curveNumber - 254;
  const initialAbstractionMm = 0.2 * retentionMm;
  if (rainMm <= initialAbstractionMm) return 0;
  return (rainMm - initialAbstractionMm) ** 2 / (rainMm - initialAbstractionMm + retentionMm);
}

// ---------------------------------------------------------------------------------------------
// One day
// ---------------------------------------------------------------------------------------------

/**
 * FAO-56 Eq. 84: the water stress coefficient. 1 while the depletion is within the readily available water; then
 * falling in a straight line to 0 when the root zone is at wilting point (depletion = TAW).
 */
export function waterStressCoefficient(depletionMm: number, totalAvailableWaterMm: number, readilyAvailableWaterMm: number): number {
  if (depletionMm <= readilyAvailableWaterMm) return 1;
  const ks = (totalAvailableWaterMm - depletionMm) / (totalAvailableWaterMm - readilyAvailableWaterMm);
  return Math.min(1, Math.max(0, ks));
}

export interface RootZoneDayStepInput {
  et0Mm: number;
  kc: number;
  totalAvailableWaterMm: number;
  readilyAvailableWaterMm: number;
  /** Rain that soaked in (after light-rain loss and runoff), mm. */
  infiltratedRainMm: number;
  irrigationMm: number;
}

export interface RootZoneDayStep {
  ks: number;
  /** Kc·ET₀, mm. */
  etcMm: number;
  /** Ks·Kc·ET₀, limited to the water left above wilting point, mm. */
  etcAdjMm: number;
  deepPercolationMm: number;
  /** Depletion at the end of the day, mm. */
  rootZoneDepletionMm: number;
}

/** One day of Eq. 84–88 from the depletion at the end of the previous day (mm). */
export function stepRootZoneDepletion(previousDepletionMm: number, day: RootZoneDayStepInput): RootZoneDayStep {
  const taw = day.totalAvailableWaterMm;
  const startMm = Math.min(Math.max(previousDepletionMm, 0), taw);
  const waterInMm = day.infiltratedRainMm + day.irrigationMm;
  const depletionAfterWaterMm = Math.max(0, startMm - waterInMm);
  const ks = waterStressCoefficient(depletionAfterWaterMm, taw, day.readilyAvailableWaterMm);
  const etcMm = day.kc * day.et0Mm;
  // The crop cannot take water below wilting point: on a small root zone Ks·ETc could otherwise overshoot TAW.
  const etcAdjMm = Math.min(ks * etcMm, taw - depletionAfterWaterMm);
  const deepPercolationMm = Math.max(0, waterInMm - etcAdjMm - startMm);
  const rootZoneDepletionMm = Math.min(taw, Math.max(0, startMm - waterInMm + etcAdjMm + deepPercolationMm));
  return { ks, etcMm, etcAdjMm, deepPercolationMm, rootZoneDepletionMm };
}

// ---------------------------------------------------------------------------------------------
// A run of days
// ---------------------------------------------------------------------------------------------

export interface WaterBalanceDay extends RootZoneDayStep {
  date: string;
  /** Planting date = 1. */
  seasonDay: number;
  stage: CropGrowthStage;
  kc: number;
  kcb: number | null;
  et0Mm: number;
  rainMm: number;
  /** Rain under 0.2·ET₀, taken as evaporated from wet leaves and soil surface, mm. */
  rainIgnoredMm: number;
  runoffMm: number;
  infiltratedRainMm: number;
  irrigationMm: number;
  rootDepthM: number;
  totalAvailableWaterMm: number;
  readilyAvailableWaterMm: number;
  /** p adjusted for the day's ETc. */
  depletionFraction: number;
}

export interface RootZoneWaterBalanceOptions {
  crop: CropType;
  /** YYYY-MM-DD; season day 1. */
  plantingDate: string;
  /** The field's USDA texture; null or absent means unknown (loam is assumed and said). */
  soilTexture?: SoilTextureClass | null;
  /** Consecutive days, oldest first. */
  days: readonly DailyWaterInput[];
  /**
   * Depletion at the end of the day before `days[0]`, mm. Default 0: the root zone at field capacity, as FAO-56
   * (Eq. 87 note) suggests after heavy rain or irrigation — the usual state at planting.
   */
  initialDepletionMm?: number;
  /** Mid- and late-season wind and humidity for the Eq. 62 / 65 adjustment; omit to use Table 12 values. */
  climate?: CropClimate;
  rootDepthRangeEnd?: RootDepthRangeEnd;
  /** Curve number to use instead of the texture's row-crop value; `none` switches runoff off (FAO-56 Annex 8). */
  runoffCurveNumber?: number | 'none';
}

export interface RootZoneWaterBalance {
  curve: CropCoefficientCurve;
  soil: SoilWaterProperties;
  /** Curve number used for runoff; null when runoff is switched off. */
  runoffCurveNumber: number | null;
  days: WaterBalanceDay[];
  /** Plain-language assumptions a summary should repeat (assumed texture, crop caveats). */
  notes: string[];
}

function requireNonNegative(value: number, what: string, date: string): void {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`${what} on ${date} must be a number ≥ 0, got ${value}`);
}

/**
 * Runs the FAO-56 root-zone water balance over consecutive days for one crop on one field: per day Kc, root depth,
 * TAW, p and RAW, runoff, Ks, ETc and ETc,adj, deep percolation and the end-of-day depletion.
 */
export function simulateRootZoneWaterBalance(options: RootZoneWaterBalanceOptions): RootZoneWaterBalance {
  const curve = cropCoefficientCurve(options.crop, options.climate);
  const soil = soilWaterProperties(options.soilTexture);
  const runoffCurveNumber =
    options.runoffCurveNumber === 'none' ? null : (options.runoffCurveNumber ?? runoffCurveNumberForTexture(soil.texture));

  const initialDepletionMm = options.initialDepletionMm ?? 0;
  requireNonNegative(initialDepletionMm, 'The initial depletion', options.days[0]?.date ?? options.plantingDate);

  const days: WaterBalanceDay[] = [];
  let previousDepletionMm = initialDepletionMm;
  let previousSeasonDay: number | null = null;

  for (const input of options.days) {
    requireNonNegative(input.et0Mm, 'ET₀', input.date);
    requireNonNegative(input.rainMm, 'Rain', input.date);
    const irrigationMm = input.irrigationMm ?? 0;
    requireNonNegative(irrigationMm, 'Irrigation', input.date);

    const seasonDay = seasonDayOn(options.plantingDate, input.date);
    if (previousSeasonDay !== null && seasonDay !== previousSeasonDay + 1) {
      throw new RangeError(`Water balance days must be consecutive: ${input.date} does not follow the day before it`);
    }
    previousSeasonDay = seasonDay;

    const coefficients = cropCoefficientOnDay(curve, seasonDay);
    const rootZone = rootZoneOnDay({
      crop: options.crop,
      curve,
      soil,
      seasonDay,
      cropEvapotranspirationMm: coefficients.kc * input.et0Mm,
      rootDepthRangeEnd: options.rootDepthRangeEnd,
    });

    const rainIgnoredMm = input.rainMm < LIGHT_RAIN_FRACTION_OF_ET0 * input.et0Mm ? input.rainMm : 0;
    const rainReachingSoilMm = input.rainMm - rainIgnoredMm;
    const runoffMm = runoffCurveNumber === null ? 0 : curveNumberRunoffMm(rainReachingSoilMm, runoffCurveNumber);
    const infiltratedRainMm = rainReachingSoilMm - runoffMm;

    const step = stepRootZoneDepletion(previousDepletionMm, {
      et0Mm: input.et0Mm,
      kc: coefficients.kc,
      totalAvailableWaterMm: rootZone.totalAvailableWaterMm,
      readilyAvailableWaterMm: rootZone.readilyAvailableWaterMm,
      infiltratedRainMm,
      irrigationMm,
    });

    days.push({
      date: input.date,
      seasonDay,
      stage: coefficients.stage,
      kc: coefficients.kc,
      kcb: coefficients.kcb,
      et0Mm: input.et0Mm,
      rainMm: input.rainMm,
      rainIgnoredMm,
      runoffMm,
      infiltratedRainMm,
      irrigationMm,
      ...rootZone,
      ...step,
    });
    previousDepletionMm = step.rootZoneDepletionMm;
  }

  return { curve, soil, runoffCurveNumber, days, notes: [...soil.notes, ...curve.cautions] };
}
