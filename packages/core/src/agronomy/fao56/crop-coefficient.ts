/**
 * Crop coefficients through the season: the FAO-56 single Kc and basal Kcb curves (chapter 6, Eq. 66), their
 * climate adjustment (Eq. 62, 65, 70), and Kcb estimated from satellite NDVI.
 *
 * Source: Allen, Pereira, Raes & Smith (1998), Crop evapotranspiration, FAO Irrigation and Drainage Paper 56.
 * The tabulated coefficients and stage lengths come from the crop catalogue (Tables 11, 12, 17); this module only
 * shapes them into a daily curve.
 *
 * Day numbering follows Eq. 66: the planting date is season day 1 and the last day of the late season is day
 * Lini + Ldev + Lmid + Llate. With it Example 28 (dry beans, 25/25/30/20 days) gives Kc 0.77 on day 40 and 0.56
 * on day 95, as printed.
 */
import type { CropType } from '../../crops/crop-catalogue.ts';
import { daysBetween } from '../../dates.ts';

/** Where the crop is in its season on a given day. */
export type CropGrowthStage = 'before-planting' | 'initial' | 'development' | 'mid-season' | 'late-season' | 'after-harvest';

/** Mean weather of one growth stage, as Eq. 62 / 65 / 70 need it. */
export interface StageClimate {
  /** Mean daily wind speed at 2 m over grass, m/s (FAO-56 Eq. 47 converts other heights). */
  windSpeedAt2mMPerS: number;
  /** Mean daily minimum relative humidity, %. */
  minRelativeHumidityPct: number;
}

/** Climate of the mid-season (for Kc mid) and late season (for Kc end); the late season defaults to the mid-season. */
export interface CropClimate {
  midSeason: StageClimate;
  lateSeason?: StageClimate;
}

/** The fields of a catalogue entry the curve needs; a whole `CropType` will do. */
export type CropCoefficientSource = Pick<CropType, 'id' | 'crop' | 'stageLengthsDays' | 'kc' | 'kcb' | 'maxHeightM'>;

export interface CropCoefficientCurve {
  cropTypeId: string;
  /** FAO-56 Table 11 stage lengths, days. */
  stageLengthsDays: CropType['stageLengthsDays'];
  /** Single crop coefficient at the three points of the curve, after any climate adjustment. */
  kc: { initial: number; midSeason: number; end: number };
  /** Basal crop coefficient at the three points, after any climate adjustment; null where Table 17 has none. */
  kcb: { initial: number; midSeason: number; end: number } | null;
  /** True when Eq. 62 / 65 / 70 were applied (climate given and a crop height known). */
  climateAdjusted: boolean;
  /** Caveats a summary should repeat (crop outside FAO-56, no height for the climate adjustment, ...). */
  cautions: string[];
}

export interface CropCoefficientDay {
  seasonDay: number;
  stage: CropGrowthStage;
  kc: number;
  kcb: number | null;
}

// FAO-56 Eq. 62 holds for 1 ≤ u2 ≤ 6 m/s, 20 % ≤ RHmin ≤ 80 % and 0.1 m ≤ h ≤ 10 m; the text asks that the limits
// be observed, so inputs outside them are held at the nearest limit. Below 0.1 m a crop behaves aerodynamically
// like the grass reference and is not adjusted at all.
const WIND_LIMITS_MPS = { min: 1, max: 6 } as const;
const RH_MIN_LIMITS_PCT = { min: 20, max: 80 } as const;
const HEIGHT_LIMITS_M = { min: 0.1, max: 10 } as const;

/** FAO-56 p. 127: Eq. 65 (and Eq. 70 for Kcb end) applies only when the tabulated end value is 0.45 or more. */
const KC_END_ADJUSTMENT_THRESHOLD = 0.45;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * FAO-56 Eq. 62 (Kc mid), Eq. 65 (Kc end) and Eq. 70 (Kcb mid / end), which share one form:
 * K = K_tab + [0.04(u2 − 2) − 0.004(RHmin − 45)](h/3)^0.3.
 * Table 12 / 17 values are for a sub-humid climate (RHmin ≈ 45 %, u2 ≈ 2 m/s); windier or drier weather raises
 * them, calmer or more humid weather lowers them. Example 27: maize (1.20, h 2 m) near Taipei (u2 1.3, RHmin 75)
 * → 1.07; near Mocha (u2 4.6, RHmin 44) → 1.30.
 */
export function climateAdjustedCoefficient(tabulated: number, climate: StageClimate, cropHeightM: number): number {
  if (cropHeightM < HEIGHT_LIMITS_M.min) return tabulated;
  const windSpeedAt2mMPerS = clamp(climate.windSpeedAt2mMPerS, WIND_LIMITS_MPS.min, WIND_LIMITS_MPS.max);
  const minRelativeHumidityPct = clamp(climate.minRelativeHumidityPct, RH_MIN_LIMITS_PCT.min, RH_MIN_LIMITS_PCT.max);
  const heightM = Math.min(cropHeightM, HEIGHT_LIMITS_M.max);
  return tabulated + (0.04 * (windSpeedAt2mMPerS - 2) - 0.004 * (minRelativeHumidityPct - 45)) * (heightM / 3) ** 0.3;
}

/** Eq. 65 / 70 leave a crop that dries in the field (end value below 0.45) alone. */
function adjustedEnd(tabulatedEnd: number, climate: StageClimate, cropHeightM: number): number {
  return tabulatedEnd < KC_END_ADJUSTMENT_THRESHOLD ? tabulatedEnd : climateAdjustedCoefficient(tabulatedEnd, climate, cropHeightM);
}

/**
 * The Kc (and Kcb) curve of one crop: its Table 11 stage lengths and Table 12 / 17 coefficients, with Kc mid and
 * Kc end adjusted for the local climate when `climate` is given (Eq. 62, 65, 70). Kc ini is used as tabulated:
 * its wetting-frequency refinement (FAO-56 Fig. 29–30) needs the rain and irrigation record.
 */
export function cropCoefficientCurve(crop: CropCoefficientSource, climate?: CropClimate): CropCoefficientCurve {
  const cautions: string[] = [];
  if (crop.crop === 'tobacco') {
    cautions.push(
      'Tobacco is in no FAO-56 table: its stage lengths and crop coefficients come from FAO-33 and have not been checked ' +
        'against the printed source.',
    );
  }
  if (crop.crop === 'rice') {
    cautions.push(
      'Paddy rice is grown flooded; the root-zone water balance of FAO-56 chapter 8 describes a drained soil, so water ' +
        'advice for rice is only indicative.',
    );
  }

  const heightM = crop.maxHeightM;
  const canAdjust = climate !== undefined && heightM !== null;
  if (climate !== undefined && heightM === null) {
    cautions.push('No crop height is known for this crop, so Kc was not adjusted for local wind and humidity (FAO-56 Eq. 62).');
  }

  let kc = { ...crop.kc };
  let kcb = crop.kcb === null ? null : { ...crop.kcb };
  if (canAdjust) {
    const lateSeason = climate.lateSeason ?? climate.midSeason;
    kc = {
      initial: kc.initial,
      midSeason: climateAdjustedCoefficient(kc.midSeason, climate.midSeason, heightM),
      end: adjustedEnd(kc.end, lateSeason, heightM),
    };
    if (kcb !== null) {
      kcb = {
        initial: kcb.initial,
        midSeason: climateAdjustedCoefficient(kcb.midSeason, climate.midSeason, heightM),
        end: adjustedEnd(kcb.end, lateSeason, heightM),
      };
    }
  }

  return { cropTypeId: crop.id, stageLengthsDays: { ...crop.stageLengthsDays }, kc, kcb, climateAdjusted: canAdjust, cautions };
}

/** Last season day of each stage: initial, development, mid-season and late season (harvest). */
export function stageEndDays(curve: Pick<CropCoefficientCurve, 'stageLengthsDays'>) {
  const { initial, development, midSeason, lateSeason } = curve.stageLengthsDays;
  return {
    initial,
    development: initial + development,
    midSeason: initial + development + midSeason,
    lateSeason: initial + development + midSeason + lateSeason,
  };
}

/** The growth stage on a season day (planting date = day 1). */
export function cropGrowthStageOn(curve: Pick<CropCoefficientCurve, 'stageLengthsDays'>, seasonDay: number): CropGrowthStage {
  const ends = stageEndDays(curve);
  if (seasonDay < 1) return 'before-planting';
  if (seasonDay <= ends.initial) return 'initial';
  if (seasonDay <= ends.development) return 'development';
  if (seasonDay <= ends.midSeason) return 'mid-season';
  if (seasonDay <= ends.lateSeason) return 'late-season';
  return 'after-harvest';
}

/** FAO-56 Eq. 66: constant in the initial and mid-season stages, straight lines through development and late season. */
function coefficientOnDay(
  points: { initial: number; midSeason: number; end: number },
  stage: CropGrowthStage,
  seasonDay: number,
  curve: Pick<CropCoefficientCurve, 'stageLengthsDays'>,
): number {
  const lengths = curve.stageLengthsDays;
  const ends = stageEndDays(curve);
  switch (stage) {
    case 'initial':
      return points.initial;
    case 'development':
      return points.initial + ((seasonDay - ends.initial) / lengths.development) * (points.midSeason - points.initial);
    case 'mid-season':
      return points.midSeason;
    case 'late-season':
      return points.midSeason + ((seasonDay - ends.midSeason) / lengths.lateSeason) * (points.end - points.midSeason);
    // Outside the season the field is bare or under residue. FAO-56 Annex 8 (Box 8.1, column O) carries the
    // initial-stage coefficient there, which is what a bare, occasionally wetted soil evaporates.
    case 'before-planting':
    case 'after-harvest':
      return points.initial;
  }
}

/** Kc and Kcb on a season day (planting date = day 1), FAO-56 Eq. 66. */
export function cropCoefficientOnDay(curve: CropCoefficientCurve, seasonDay: number): CropCoefficientDay {
  const stage = cropGrowthStageOn(curve, seasonDay);
  return {
    seasonDay,
    stage,
    kc: coefficientOnDay(curve.kc, stage, seasonDay, curve),
    kcb: curve.kcb === null ? null : coefficientOnDay(curve.kcb, stage, seasonDay, curve),
  };
}

/** Season day of a calendar date (YYYY-MM-DD): 1 on the planting date, 0 the day before. */
export function seasonDayOn(plantingDate: string, date: string): number {
  return daysBetween(plantingDate, date) + 1;
}

// ---------------------------------------------------------------------------------------------
// Kcb from satellite NDVI
// ---------------------------------------------------------------------------------------------

/**
 * Published linear relations between NDVI and the basal crop coefficient (science brief §3.3):
 *   - `campos-2010`: Kcb = 1.44·NDVI − 0.10. Campos, Neale, Calera et al. (2010), Agric. Water Manag. 98:45–54,
 *     fitted over irrigated vineyards in La Mancha against eddy-covariance ET and FAO-56 grass-reference ET₀.
 *   - `trout-dejonge-2018`: fc = 1.26·NDVI − 0.18, Kcb = 1.10·fc + 0.17 (Trout & DeJonge 2018, maize).
 *   - `neale-1989`: Kcb = 1.181·NDVI − 0.026 (Neale, Bausch & Heermann 1989, corn).
 */
export type NdviKcbRelation = 'campos-2010' | 'trout-dejonge-2018' | 'neale-1989';

/**
 * Campos 2010 is the default. It was fitted against FAO-56 grass-reference ET₀ inside the FAO-56 dual-Kc water
 * balance, the same ET₀ and balance this engine runs, so its Kcb can be used as is; and over the NDVI of real
 * fields it spans the Table 17 range: bare soil (NDVI ≈ 0.15) gives 0.12 against Kcb ini 0.15, a closed canopy
 * (NDVI ≈ 0.85) gives 1.12 against Kcb mid 1.10–1.15 for field crops. Neale 1989 was fitted at Colorado sites
 * where, as far as we know (not re-checked), an alfalfa reference was in use; with grass ET₀ it would need the
 * FAO-56 Eq. 67 ratio first. Trout & DeJonge 2018 was fitted on maize only. Campos was fitted on vines, not field
 * crops: the ceiling below keeps it within each crop's own Table 17 peak.
 */
export const DEFAULT_NDVI_KCB_RELATION: NdviKcbRelation = 'campos-2010';

export interface KcbFromNdvi {
  /** Kcb after the clamp to [0, Kcb mid + 0.05]. */
  kcb: number;
  /** Kcb as the relation gives it, before the clamp. */
  unclampedKcb: number;
  relation: NdviKcbRelation;
  clamped: boolean;
}

function kcbByRelation(ndvi: number, relation: NdviKcbRelation): number {
  switch (relation) {
    case 'campos-2010':
      return 1.44 * ndvi - 0.1;
    case 'trout-dejonge-2018': {
      // fc is a fraction of ground covered; holding it within 0–1 is ours, the paper's fit covers that range.
      const coverFraction = clamp(1.26 * ndvi - 0.18, 0, 1);
      return 1.1 * coverFraction + 0.17;
    }
    case 'neale-1989':
      return 1.181 * ndvi - 0.026;
  }
}

/**
 * Basal crop coefficient from an NDVI value (−1 to 1), held within [0, Kcb mid + 0.05]. The ceiling is the crop's
 * Table 17 Kcb mid (pass the climate-adjusted one when known) plus 0.05 — the margin FAO-56 Eq. 72 keeps between
 * Kcb and Kc max — so a saturated or noisy NDVI cannot claim more transpiration than a full canopy of that crop.
 */
export function basalCropCoefficientFromNdvi(ndvi: number, options: { kcbMid: number; relation?: NdviKcbRelation }): KcbFromNdvi {
  if (!Number.isFinite(ndvi) || ndvi < -1 || ndvi > 1) throw new RangeError(`NDVI must be between −1 and 1, got ${ndvi}`);
  const relation = options.relation ?? DEFAULT_NDVI_KCB_RELATION;
  const unclampedKcb = kcbByRelation(ndvi, relation);
  const kcb = clamp(unclampedKcb, 0, options.kcbMid + 0.05);
  return { kcb, unclampedKcb, relation, clamped: kcb !== unclampedKcb };
}
