/**
 * Every number the season yield estimate uses, each with its unit, its source and how well that source was checked.
 * Markers follow the science brief (design/science.md §4): ✔ checked in a source, ◐ partly checked, ✖ unverified or
 * illustrative — confirm before relying on it. A number the brief gives without a marker is marked here by what we
 * know of it; none was upgraded to ✔ without a source being read.
 */
import type { CropType } from '../../crops/crop-catalogue.ts';

/** How well a number is backed: ✔ sourced, ◐ partly sourced, ✖ unverified or illustrative. */
export type YieldCoefficientStanding = 'sourced' | 'partly-sourced' | 'unverified';

export const YIELD_COEFFICIENT_MARK: Readonly<Record<YieldCoefficientStanding, string>> = {
  sourced: '✔',
  'partly-sourced': '◐',
  unverified: '✖',
};

/** A number with its unit and where it comes from; `range` when the source gives one and `value` is our pick in it. */
export interface YieldCoefficient {
  name: string;
  value: number;
  range?: { min: number; max: number };
  unit: string;
  standing: YieldCoefficientStanding;
  mark: string;
  source: string;
}

function coefficient(
  name: string,
  value: number,
  unit: string,
  standing: YieldCoefficientStanding,
  source: string,
  range?: { min: number; max: number },
): YieldCoefficient {
  return { name, value, ...(range === undefined ? {} : { range }), unit, standing, mark: YIELD_COEFFICIENT_MARK[standing], source };
}

// ---------------------------------------------------------------------------------------------
// Light-use efficiency (science brief §4)
// ---------------------------------------------------------------------------------------------

/** fAPAR = 1.257·NDVI − 0.161 (brief §4 ✔). */
export const FAPAR_FROM_NDVI = { slope: 1.257, intercept: -0.161 } as const;

/** fAPAR is held within [0, 0.95]: a closed canopy still reflects and transmits some light. */
export const FAPAR_LIMITS = { min: 0, max: 0.95 } as const;

/** PAR ≈ 0.48·Rs (brief §4 ✔): the photosynthetically active share of global shortwave radiation. */
export const PAR_FRACTION_OF_SHORTWAVE = 0.48;

/** Dry grain to tonnes per hectare: 1 g/m² = 10 kg/ha = 0.01 t/ha. */
export const TONNES_PER_HA_PER_G_PER_M2 = 0.01;

// ---------------------------------------------------------------------------------------------
// Emergence, projection, uncertainty (our choices)
// ---------------------------------------------------------------------------------------------

/**
 * A field-mean NDVI of 0.3 or more is taken as proof that the crop has come up. Bare or crusted soil reads about
 * 0.1–0.2; with Trout & DeJonge's fc = 1.26·NDVI − 0.18 an NDVI of 0.3 is about 20 % ground cover. ✖ our choice.
 */
export const EMERGENCE_NDVI_THRESHOLD = 0.3;

/** Fewer than two usable images since planting give no trend to build on (brief rule). */
export const MIN_IMAGES_SINCE_PLANTING = 2;

/** Projection: the latest canopy falls linearly to this share of itself at maturity (✖ illustrative). */
export const PROJECTED_CANOPY_SHARE_AT_MATURITY = 1 / 3;

/** Future radiation: the mean of the measured days in this many days before today. */
export const FUTURE_RADIATION_WINDOW_DAYS = 30;

/**
 * Shortwave radiation used when no day of the season has a measurement, MJ/m²/day. ✖ illustrative: a typical
 * summer-season daily total on the southern-African plateau, not taken from a climatology. Callers with a
 * climatology (NASA POWER, brief §7) should pass their own.
 */
export const DEFAULT_CLIMATOLOGICAL_RADIATION_MJ_PER_M2_DAY = 20;

/**
 * Uncertainty added around the range, as a fraction of yield: ±15 % with the whole season measured, growing by
 * 0.40 for each unit share of the season still projected (or filled in for missing weather), so about ±35 % at
 * mid-season and ±55 % at planting. ✖ illustrative, not fitted to any harvest data.
 */
export const YIELD_UNCERTAINTY = { atHarvest: 0.15, perProjectedShare: 0.4 } as const;

/** The uncertainty fraction for a share (0–1) of the season that is projected rather than measured. */
export function yieldUncertaintyFraction(projectedShare: number): number {
  const share = Math.min(1, Math.max(0, projectedShare));
  return YIELD_UNCERTAINTY.atHarvest + YIELD_UNCERTAINTY.perProjectedShare * share;
}

/** Brief §4: satellite yield models transfer poorly between regions; always show a range and the method. */
export const YIELD_TRANSFERABILITY_CAVEAT =
  'Satellite yield models transfer poorly between regions: in smallholder fields in Ethiopia they explained at most ' +
  '63 % of the differences in yield (R² ≤ 0.63). This estimate has not been calibrated against harvests in your area, ' +
  'so read it as a range, not a promise of the harvest.';

// ---------------------------------------------------------------------------------------------
// Crop yield models (science brief §4)
// ---------------------------------------------------------------------------------------------

/** The numbers one crop's yield estimate needs. */
export interface CropYieldModel {
  /** Base crop slug of the catalogue (`CropType.crop`). */
  crop: string;
  /** Radiation-use efficiency per MJ of intercepted global solar radiation, g/MJ (brief §4 ✖). */
  rueGPerMjSolar: { min: number; max: number };
  /** AquaCrop reference harvest index HI₀ (dimensionless). */
  harvestIndex: number;
  /** AquaCrop normalised water productivity WP*, g/m² of dry biomass per unit Σ(Tr/ET₀). */
  waterProductivityGPerM2: number;
}

const AQUACROP_SOURCE =
  'brief §4 (AquaCrop HI₀ / WP*, no marker); the same values are in the AquaCrop-OSPy default crop files ' +
  '(github.com/aquacropos/aquacrop, aquacrop/entities/crops/crop_params.py, crop "{crop}"); the FAO AquaCrop ' +
  'reference manual itself was not re-read';

/**
 * Crops the brief gives a radiation-use efficiency, a harvest index and a water productivity for. Dry bean, cotton,
 * sunflower, tomato, sugarcane and potato have AquaCrop numbers but no RUE in the brief, and tobacco has none at all,
 * so they have no yield model yet.
 */
export const CROP_YIELD_MODELS: Readonly<Record<string, CropYieldModel>> = {
  maize: { crop: 'maize', rueGPerMjSolar: { min: 1.6, max: 1.7 }, harvestIndex: 0.48, waterProductivityGPerM2: 33.7 },
  sorghum: { crop: 'sorghum', rueGPerMjSolar: { min: 1.2, max: 1.4 }, harvestIndex: 0.45, waterProductivityGPerM2: 33.7 },
  wheat: { crop: 'wheat', rueGPerMjSolar: { min: 1.2, max: 1.5 }, harvestIndex: 0.48, waterProductivityGPerM2: 15 },
  soybean: { crop: 'soybean', rueGPerMjSolar: { min: 0.9, max: 1.2 }, harvestIndex: 0.4, waterProductivityGPerM2: 15 },
};

const AQUACROP_FILE_NAME: Readonly<Record<string, string>> = { maize: 'Maize', sorghum: 'Sorghum', wheat: 'WheatGDD', soybean: 'Soybean' };

/** The yield model of a catalogue entry's base crop, or undefined when there is none. */
export function cropYieldModelFor(crop: Pick<CropType, 'crop'>): CropYieldModel | undefined {
  return CROP_YIELD_MODELS[crop.crop];
}

/** Why a crop has no yield model, in words a farmer understands. */
export function noYieldModelMessage(crop: Pick<CropType, 'crop' | 'name'>): string {
  if (crop.crop === 'tobacco') {
    return (
      'There is no yield model for tobacco: it is sold by cured-leaf mass and grade, and the science brief gives it no ' +
      'harvest index, radiation-use efficiency or water productivity (it is in no FAO-56 or AquaCrop table we use).'
    );
  }
  return (
    `There is no yield model for ${crop.name} yet: the science brief gives a radiation-use efficiency, a harvest index ` +
    'and a water productivity only for maize, sorghum, wheat and soybean.'
  );
}

/** The coefficient list a result shows, with the crop's own numbers. */
export function yieldCoefficientsUsed(
  model: CropYieldModel,
  options: {
    /** Ceiling of the Kcb-from-NDVI clamp: the crop's Kcb mid + 0.05. */
    kcbCeiling: number;
    /** The climatological radiation stood in for missing or future days. */
    climatologyUsed: boolean;
    climatologicalRadiationMjPerM2Day: number;
    /** True when the caller passed its own climatology rather than the built-in default. */
    climatologyFromCaller: boolean;
  },
): YieldCoefficient[] {
  const rueMid = (model.rueGPerMjSolar.min + model.rueGPerMjSolar.max) / 2;
  const aquaCropSource = AQUACROP_SOURCE.replace('{crop}', AQUACROP_FILE_NAME[model.crop] ?? model.crop);
  const list = [
    coefficient('fAPAR from NDVI: slope', FAPAR_FROM_NDVI.slope, 'per NDVI unit', 'sourced', 'brief §4 ✔: fAPAR = 1.257·NDVI − 0.161'),
    coefficient('fAPAR from NDVI: intercept', FAPAR_FROM_NDVI.intercept, 'fAPAR', 'sourced', 'brief §4 ✔: fAPAR = 1.257·NDVI − 0.161'),
    coefficient(
      'fAPAR ceiling',
      FAPAR_LIMITS.max,
      'fAPAR',
      'unverified',
      'ours ✖: a closed canopy is taken to absorb at most 95 % of PAR; fAPAR is also held at 0 or more',
    ),
    coefficient('PAR share of shortwave radiation', PAR_FRACTION_OF_SHORTWAVE, 'MJ PAR per MJ Rs', 'sourced', 'brief §4 ✔: PAR ≈ 0.48·Rs'),
    coefficient(
      'radiation-use efficiency (RUE)',
      rueMid,
      'g dry matter per MJ intercepted solar radiation',
      'unverified',
      `brief §4 ✖: ${model.crop} ${model.rueGPerMjSolar.min}–${model.rueGPerMjSolar.max} g/MJ; the mid-point gives the expected value, the ends the range`,
      model.rueGPerMjSolar,
    ),
    coefficient(
      'RUE on a PAR basis',
      rueMid / PAR_FRACTION_OF_SHORTWAVE,
      'g dry matter per MJ absorbed PAR',
      'unverified',
      'derived ✖: the brief gives RUE per MJ of solar radiation, so it is divided by 0.48 to be used with PAR (fAPAR taken as the intercepted fraction)',
      { min: model.rueGPerMjSolar.min / PAR_FRACTION_OF_SHORTWAVE, max: model.rueGPerMjSolar.max / PAR_FRACTION_OF_SHORTWAVE },
    ),
    coefficient('harvest index HI₀', model.harvestIndex, 'grain per above-ground dry matter', 'partly-sourced', `◐ ${aquaCropSource}`),
    coefficient(
      'normalised water productivity WP*',
      model.waterProductivityGPerM2,
      'g/m² dry matter per unit Σ(Tr/ET₀)',
      'partly-sourced',
      `◐ ${aquaCropSource}`,
    ),
    coefficient(
      'Kcb from NDVI (Campos 2010)',
      1.44,
      'Kcb per NDVI unit (intercept −0.10)',
      'sourced',
      `brief §3.3 ✔: Kcb = 1.44·NDVI − 0.10, held within [0, Kcb mid + 0.05 = ${options.kcbCeiling.toFixed(2)}] (basalCropCoefficientFromNdvi)`,
    ),
    coefficient(
      'water-stress coefficient Ks',
      1,
      'dimensionless',
      'unverified',
      'ours ✖: Σ(Tr/ET₀) ≈ Σ Ks·Kcb with Ks = 1 — stress is assumed to show in the NDVI (a smaller canopy), not applied again',
    ),
    coefficient(
      'emergence threshold',
      EMERGENCE_NDVI_THRESHOLD,
      'field-mean NDVI',
      'unverified',
      'ours ✖: an image at or above it shows the crop has come up (bare soil reads about 0.1–0.2)',
    ),
    coefficient(
      'canopy left at maturity (projection)',
      PROJECTED_CANOPY_SHARE_AT_MATURITY,
      'share of the latest fAPAR / Kcb',
      'unverified',
      '✖ illustrative: latest canopy kept to the end of mid-season, then a straight decline to a third of it at maturity',
    ),
    coefficient(
      'uncertainty at harvest',
      YIELD_UNCERTAINTY.atHarvest,
      'fraction of yield',
      'unverified',
      '✖ illustrative: ±15 % with the whole season measured',
    ),
    coefficient(
      'uncertainty per share of season projected',
      YIELD_UNCERTAINTY.perProjectedShare,
      'fraction of yield per unit share',
      'unverified',
      '✖ illustrative: about ±35 % at mid-season, ±55 % at planting',
    ),
  ];
  if (options.climatologyUsed) {
    list.push(
      options.climatologyFromCaller
        ? coefficient(
            'climatological shortwave radiation',
            options.climatologicalRadiationMjPerM2Day,
            'MJ/m²/day',
            'partly-sourced',
            '◐ given by the caller: stands in where no measured radiation was available',
          )
        : coefficient(
            'climatological shortwave radiation',
            options.climatologicalRadiationMjPerM2Day,
            'MJ/m²/day',
            'unverified',
            '✖ assumed default: a typical summer-season daily total on the southern-African plateau, not from a climatology',
          ),
    );
  }
  return list;
}
