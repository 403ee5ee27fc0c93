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
// Crop yield models (science brief §4), by management class
// ---------------------------------------------------------------------------------------------

/**
 * How a field is farmed, which sets the radiation-use efficiency, the harvest index and the soil-fertility scaling.
 * `commercial`: irrigated or declared commercial, fertilised to a yield target. `smallholder`: rain-fed and
 * anything not known — the conservative class, as most maize in southern Africa is grown on small rain-fed farms
 * with little fertilizer.
 */
export const MANAGEMENT_CLASSES = ['commercial', 'smallholder'] as const;
export type ManagementClass = (typeof MANAGEMENT_CLASSES)[number];

/** The numbers that change with management. */
export interface ManagementCoefficients {
  /** Season-mean radiation-use efficiency per MJ of intercepted global solar radiation, g/MJ. */
  rueGPerMjSolar: { min: number; max: number };
  /** Harvest index: grain over above-ground dry matter at maturity. */
  harvestIndex: number;
  /**
   * AquaCrop-style soil-fertility scaling of WP* (relative biomass under the field's fertility, 0–1): AquaCrop
   * expresses soil-fertility stress as the biomass reached relative to a non-limiting soil and lowers the water
   * productivity accordingly (FAO AquaCrop reference manual, Raes et al., soil fertility stress).
   */
  soilFertilityFactor: number;
}

/** The numbers one crop's yield estimate needs. */
export interface CropYieldModel {
  /** Base crop slug of the catalogue (`CropType.crop`). */
  crop: string;
  /** AquaCrop reference harvest index HI₀ of an unstressed crop (the ceiling of the class values). */
  referenceHarvestIndex: number;
  /** AquaCrop normalised water productivity WP*, g/m² of dry biomass per unit Σ(Tr/ET₀). */
  waterProductivityGPerM2: number;
  /** Radiation-use efficiency of an unstressed crop per MJ intercepted solar radiation, g/MJ (brief §4). */
  unstressedRueGPerMjSolar: { min: number; max: number };
  byManagement: Readonly<Record<ManagementClass, ManagementCoefficients>>;
}

/**
 * Per crop: WP* and HI₀ from AquaCrop (brief §4: maize 33.7 g/m² and 0.48, sorghum 33.7 and 0.45, wheat 15 and
 * 0.48, soybean 15 and 0.40; the same values are in the AquaCrop-OSPy default crop files), the unstressed RUE from
 * brief §4 (maize 1.6–1.7, sorghum 1.2–1.4, wheat 1.2–1.5, soybean 0.9–1.2 g/MJ; Sinclair & Muchow 1999, Adv.
 * Agron. 65, report about 1.6–1.7 g/MJ for well-fertilised maize).
 *
 * The management-class values are our calibration, not measurements: a season-long field mean RUE is below the
 * unstressed value because RUE falls during grain fill and with leaf nitrogen (Muchow & Sinclair 1994, Crop Sci.
 * 34:721), and harvest index falls with nitrogen and water shortage at flowering. They were chosen inside those
 * ranges so that constructed seasons land in the yields published for the region — rain-fed maize in southern
 * Africa mostly 1–6 t/ha (national means about 1 t/ha, FAOSTAT), good irrigated commercial maize 8–12 t/ha,
 * soybean 1.5–3.5 t/ha — and have not been fitted to harvests of any district.
 */
export const CROP_YIELD_MODELS: Readonly<Record<string, CropYieldModel>> = {
  maize: {
    crop: 'maize',
    referenceHarvestIndex: 0.48, // AquaCrop HI₀ maize (brief §4)
    waterProductivityGPerM2: 33.7, // AquaCrop WP* maize, g/m² (brief §4)
    unstressedRueGPerMjSolar: { min: 1.6, max: 1.7 }, // brief §4; Sinclair & Muchow 1999
    byManagement: {
      // Irrigated, fertilised: RUE 1.3–1.5 (season mean below the unstressed 1.6–1.7), HI 0.45 (HI₀ 0.48 less
      // the small losses of a managed field), fertility 0.9 (near-optimal). Calibrated to 8–12 t/ha.
      commercial: { rueGPerMjSolar: { min: 1.3, max: 1.5 }, harvestIndex: 0.45, soilFertilityFactor: 0.9 },
      // Rain-fed, little fertilizer: RUE 1.0–1.2 (low leaf N, Muchow & Sinclair 1994), HI 0.38, fertility 0.6
      // (moderate soil-fertility stress in AquaCrop's terms). Calibrated to the 1–6 t/ha rain-fed band.
      smallholder: { rueGPerMjSolar: { min: 1.0, max: 1.2 }, harvestIndex: 0.38, soilFertilityFactor: 0.6 },
    },
  },
  sorghum: {
    crop: 'sorghum',
    referenceHarvestIndex: 0.45, // AquaCrop HI₀ sorghum (brief §4)
    waterProductivityGPerM2: 33.7, // AquaCrop WP* sorghum (brief §4)
    unstressedRueGPerMjSolar: { min: 1.2, max: 1.4 }, // brief §4
    byManagement: {
      // Scaled from the unstressed values as for maize (our calibration, not checked against sorghum harvests).
      commercial: { rueGPerMjSolar: { min: 1.0, max: 1.2 }, harvestIndex: 0.42, soilFertilityFactor: 0.9 },
      smallholder: { rueGPerMjSolar: { min: 0.8, max: 1.0 }, harvestIndex: 0.33, soilFertilityFactor: 0.6 },
    },
  },
  wheat: {
    crop: 'wheat',
    referenceHarvestIndex: 0.48, // AquaCrop HI₀ wheat (brief §4)
    waterProductivityGPerM2: 15, // AquaCrop WP* wheat (brief §4)
    unstressedRueGPerMjSolar: { min: 1.2, max: 1.5 }, // brief §4
    byManagement: {
      // Scaled from the unstressed values as for maize (our calibration, not checked against wheat harvests).
      commercial: { rueGPerMjSolar: { min: 1.1, max: 1.3 }, harvestIndex: 0.44, soilFertilityFactor: 0.9 },
      smallholder: { rueGPerMjSolar: { min: 0.9, max: 1.1 }, harvestIndex: 0.36, soilFertilityFactor: 0.6 },
    },
  },
  soybean: {
    crop: 'soybean',
    referenceHarvestIndex: 0.4, // AquaCrop HI₀ soybean (brief §4)
    waterProductivityGPerM2: 15, // AquaCrop WP* soybean (brief §4)
    unstressedRueGPerMjSolar: { min: 0.9, max: 1.2 }, // brief §4
    byManagement: {
      // A legume fixes its own nitrogen, so the fertility scaling is milder than maize's; the two classes differ
      // less than maize's do. Calibrated to 1.5–3.5 t/ha rain-fed and at most about 4.5 t/ha irrigated.
      commercial: { rueGPerMjSolar: { min: 0.75, max: 0.95 }, harvestIndex: 0.33, soilFertilityFactor: 0.8 },
      smallholder: { rueGPerMjSolar: { min: 0.7, max: 0.9 }, harvestIndex: 0.32, soilFertilityFactor: 0.75 },
    },
  },
};

const AQUACROP_FILE_NAME: Readonly<Record<string, string>> = { maize: 'Maize', sorghum: 'Sorghum', wheat: 'WheatGDD', soybean: 'Soybean' };

/**
 * Moisture of grain as sold and compared, % wet basis: the grain trade in southern Africa (e.g. Zimbabwe's Grain
 * Marketing Board) buys maize at 12.5 %; the same basis is used for every crop here so estimates compare.
 */
export const STANDARD_GRAIN_MOISTURE_PCT = 12.5;

/** Dry grain to grain at a moisture content (% wet basis): wet = dry / (1 − moisture). */
export function grainAtMoisture(dryTPerHa: number, moisturePct: number = STANDARD_GRAIN_MOISTURE_PCT): number {
  return dryTPerHa / (1 - moisturePct / 100);
}

/** Grain at a moisture content (% wet basis) to dry grain. */
export function dryGrainFrom(wetTPerHa: number, moisturePct: number): number {
  return wetTPerHa * (1 - moisturePct / 100);
}

/**
 * A loss share (0–1) a factor must pass to be called the main limit; below it nothing stands out. Our choice: a
 * tenth of the yield is about the smallest difference the estimate's ±15 % can still tell apart.
 */
export const MATERIAL_YIELD_LOSS_SHARE = 0.1;

/** A yield band published for the region, t/ha of grain at 12.5 % moisture, with where it comes from. */
export interface PublishedYieldBand {
  minTPerHa: number;
  maxTPerHa: number;
  source: string;
}

/**
 * The yields the calibration aims at and tests check against. The bands are those the product issue states for
 * southern Africa; the national means are FAOSTAT's (about 1 t/ha for maize in Zimbabwe, Zambia and Malawi), not
 * re-read for this file. They describe typical farms, not a field's potential.
 */
export const PUBLISHED_YIELD_BANDS = {
  maizeRainFed: {
    minTPerHa: 1,
    maxTPerHa: 6,
    source: 'southern-African rain-fed maize, mostly 1–6 t/ha (national means about 1 t/ha, FAOSTAT)',
  },
  maizeIrrigatedCommercial: {
    minTPerHa: 8,
    maxTPerHa: 12,
    source: 'good irrigated commercial maize in southern Africa, 8–12 t/ha',
  },
  soybean: {
    minTPerHa: 1.5,
    maxTPerHa: 3.5,
    source: 'soybean in southern Africa, 1.5–3.5 t/ha',
  },
} as const satisfies Record<string, PublishedYieldBand>;

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

const AQUACROP_SOURCE =
  'brief §4 (AquaCrop HI₀ / WP*); the same values are in the AquaCrop-OSPy default crop files ' +
  '(github.com/aquacropos/aquacrop, aquacrop/entities/crops/crop_params.py, crop "{crop}"); the FAO AquaCrop ' +
  'reference manual itself was not re-read';

const CALIBRATION_SOURCE =
  'our calibration inside the published ranges, chosen so constructed seasons land in the yields published for ' +
  'southern Africa; not fitted to harvests';

const CLASS_WORDS: Readonly<Record<ManagementClass, string>> = {
  commercial: 'commercial or irrigated',
  smallholder: 'smallholder, rain-fed or not known',
};

/** The coefficient list a result shows, with the crop's own numbers for its management class. */
export function yieldCoefficientsUsed(
  model: CropYieldModel,
  managementClass: ManagementClass,
  options: {
    /** Ceiling of the Kcb-from-NDVI clamp: the crop's Kcb mid + 0.05. */
    kcbCeiling: number;
    /** Kcb of bare, dry-surfaced soil (the crop's Table 17 Kcb ini): not transpiration. */
    kcbMin: number;
    /** The climatological radiation stood in for missing or future days. */
    climatologyUsed: boolean;
    climatologicalRadiationMjPerM2Day: number;
    /** True when the caller passed its own climatology rather than the built-in default. */
    climatologyFromCaller: boolean;
  },
): YieldCoefficient[] {
  const managed = model.byManagement[managementClass];
  const rueMid = (managed.rueGPerMjSolar.min + managed.rueGPerMjSolar.max) / 2;
  const aquaCropSource = AQUACROP_SOURCE.replace('{crop}', AQUACROP_FILE_NAME[model.crop] ?? model.crop);
  const classWords = CLASS_WORDS[managementClass];
  const unstressed = `${model.unstressedRueGPerMjSolar.min}–${model.unstressedRueGPerMjSolar.max}`;
  const list = [
    coefficient('fAPAR from NDVI: slope', FAPAR_FROM_NDVI.slope, 'per NDVI unit', 'sourced', 'brief §4 ✔: fAPAR = 1.257·NDVI − 0.161'),
    coefficient('fAPAR from NDVI: intercept', FAPAR_FROM_NDVI.intercept, 'fAPAR', 'sourced', 'brief §4 ✔: fAPAR = 1.257·NDVI − 0.161'),
    coefficient(
      'fAPAR ceiling',
      FAPAR_LIMITS.max,
      'fAPAR',
      'unverified',
      'ours: a closed canopy is taken to absorb at most 95 % of PAR; fAPAR is also held at 0 or more',
    ),
    coefficient('PAR share of shortwave radiation', PAR_FRACTION_OF_SHORTWAVE, 'MJ PAR per MJ Rs', 'sourced', 'brief §4 ✔: PAR ≈ 0.48·Rs'),
    coefficient(
      'radiation-use efficiency (RUE)',
      rueMid,
      'g dry matter per MJ intercepted solar radiation',
      'unverified',
      `${classWords} ${model.crop} ${managed.rueGPerMjSolar.min}–${managed.rueGPerMjSolar.max} g/MJ, below the unstressed ` +
        `${unstressed} g/MJ of brief §4 (season mean; RUE falls in grain fill and with leaf nitrogen, Muchow & Sinclair 1994): ` +
        `${CALIBRATION_SOURCE}. The mid-point gives the expected value, the ends the range`,
      managed.rueGPerMjSolar,
    ),
    coefficient(
      'RUE on a PAR basis',
      rueMid / PAR_FRACTION_OF_SHORTWAVE,
      'g dry matter per MJ absorbed PAR',
      'unverified',
      'derived: RUE per MJ of solar radiation divided by 0.48 to be used with PAR (fAPAR taken as the intercepted fraction)',
      { min: managed.rueGPerMjSolar.min / PAR_FRACTION_OF_SHORTWAVE, max: managed.rueGPerMjSolar.max / PAR_FRACTION_OF_SHORTWAVE },
    ),
    coefficient(
      'harvest index',
      managed.harvestIndex,
      'grain per above-ground dry matter',
      'unverified',
      `${classWords}: ${managed.harvestIndex}, at most the unstressed AquaCrop HI₀ ${model.referenceHarvestIndex} (${aquaCropSource}); ${CALIBRATION_SOURCE}`,
    ),
    coefficient(
      'normalised water productivity WP*',
      model.waterProductivityGPerM2,
      'g/m² dry matter per unit Σ(Tr/ET₀)',
      'partly-sourced',
      aquaCropSource,
    ),
    coefficient(
      'soil-fertility scaling of WP*',
      managed.soilFertilityFactor,
      'relative biomass, 0–1',
      'unverified',
      `${classWords}: AquaCrop lowers WP* by the biomass a soil of limited fertility allows relative to a non-limiting one; ` +
        `${managed.soilFertilityFactor} is ${CALIBRATION_SOURCE}`,
    ),
    coefficient(
      'Kcb from NDVI (Campos 2010)',
      1.44,
      'Kcb per NDVI unit (intercept −0.10)',
      'sourced',
      `brief §3.3 ✔: Kcb = 1.44·NDVI − 0.10, held within [0, Kcb mid + 0.05 = ${options.kcbCeiling.toFixed(2)}] (basalCropCoefficientFromNdvi)`,
    ),
    coefficient(
      'evaporation part of Kcb (Kc,min)',
      options.kcbMin,
      'Kcb of bare soil with a dry surface',
      'sourced',
      `FAO-56 Table 17 Kcb ini ${options.kcbMin} and Eq. 71 (Kc,min 0.15–0.20): the residual soil evaporation in Kcb; ` +
        'transpiration is taken as Kcb − Kc,min (brief §3.2)',
    ),
    coefficient(
      'water-stress coefficient Ks',
      1,
      'dimensionless',
      'sourced',
      'FAO-56 Eq. 84 from the field’s root-zone water balance, day by day; 1 (no stress) on days the balance does not cover',
    ),
    coefficient(
      'emergence threshold',
      EMERGENCE_NDVI_THRESHOLD,
      'field-mean NDVI',
      'unverified',
      'ours: an image at or above it shows the crop has come up (bare soil reads about 0.1–0.2)',
    ),
    coefficient(
      'canopy left at maturity (projection)',
      PROJECTED_CANOPY_SHARE_AT_MATURITY,
      'share of the latest fAPAR / Kcb',
      'unverified',
      'ours: latest canopy kept to the end of mid-season, then a straight decline to a third of it at maturity',
    ),
    coefficient(
      'grain moisture for comparison',
      STANDARD_GRAIN_MOISTURE_PCT,
      '% wet basis',
      'partly-sourced',
      'the moisture at which grain is bought and compared in southern Africa (12.5 % for maize at Zimbabwe’s Grain Marketing Board)',
    ),
    coefficient(
      'uncertainty at harvest',
      YIELD_UNCERTAINTY.atHarvest,
      'fraction of yield',
      'unverified',
      'ours: ±15 % with the whole season measured',
    ),
    coefficient(
      'uncertainty per share of season projected',
      YIELD_UNCERTAINTY.perProjectedShare,
      'fraction of yield per unit share',
      'unverified',
      'ours: about ±35 % at mid-season, ±55 % at planting',
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
            'given by the caller: stands in where no measured radiation was available',
          )
        : coefficient(
            'climatological shortwave radiation',
            options.climatologicalRadiationMjPerM2Day,
            'MJ/m²/day',
            'unverified',
            'assumed default: a typical summer-season daily total on the southern-African plateau, not from a climatology',
          ),
    );
  }
  return list;
}
