/**
 * Every number the fertilizer engine uses, each with its unit, its source and how well that source was checked.
 * Markers follow the science brief (docs: design/science.md §5): ✔ checked in a source, ◐ partly checked,
 * ✖ unverified or illustrative — confirm before relying on it. Numbers the brief states without a marker are
 * marked here by what we know of them; none was upgraded to ✔ without a source being read.
 */

/** How well a number is backed: ✔ sourced, ◐ partly sourced, ✖ unverified or illustrative. */
export type SourceStanding = 'sourced' | 'partly-sourced' | 'unverified';

export const SOURCE_STANDING_MARK: Record<SourceStanding, string> = {
  sourced: '✔',
  'partly-sourced': '◐',
  unverified: '✖',
};

/** A number with its unit and where it comes from. */
export interface SourcedNumber {
  value: number;
  unit: string;
  standing: SourceStanding;
  source: string;
}

const sourced = (value: number, unit: string, source: string): SourcedNumber => ({ value, unit, standing: 'sourced', source });
const partly = (value: number, unit: string, source: string): SourcedNumber => ({ value, unit, standing: 'partly-sourced', source });
const unverified = (value: number, unit: string, source: string): SourcedNumber => ({ value, unit, standing: 'unverified', source });

/**
 * How firm a number is, in words a farmer reads beside it. The ✔/◐/✖ marks are notes for engineers and never
 * reach a farmer: a checked number stands bare, a partly checked one is called a published guide, an unverified
 * one a rough guide.
 */
export const SOURCE_STANDING_WORDS: Record<SourceStanding, string> = {
  sourced: '',
  'partly-sourced': 'published guide',
  unverified: 'rough guide, not a tested value',
};

/** "21 kg N per t grain (published guide)"-style label for user-facing text, so a farmer sees how firm each number is. */
export function describeSourcedNumber(number: SourcedNumber): string {
  const words = SOURCE_STANDING_WORDS[number.standing];
  return `${number.value} ${number.unit}${words ? ` (${words})` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Nutrient need and removal (science brief §5)
// ---------------------------------------------------------------------------------------------

/** Maize N need per tonne of grain: Stanford's yield-goal factor (1.2 lb N per bushel ≈ 21.4 kg N/t). */
export const MAIZE_NITROGEN_NEED_KG_PER_TONNE = partly(
  21,
  'kg N per t grain',
  'Stanford yield-goal method (about 21 kg N per t grain) as quoted in extension guides; the original paper was not re-read',
);

/** Grain removal per tonne, science brief §5 ✔; we use the mid-point of each range. */
export const REMOVAL_KG_PER_TONNE = {
  maize: {
    nitrogen: sourced(14.6, 'kg N per t grain', 'Published grain removal figures, maize N 11.5–17.7 (mid-point; not used for the N need)'),
    phosphate: sourced(7.25, 'kg P₂O₅ per t grain', 'Published grain removal figures, maize P₂O₅ 6.6–7.9 (mid-point)'),
    potash: sourced(4.9, 'kg K₂O per t grain', 'Published grain removal figures, maize K₂O 4.6–5.2 (mid-point)'),
  },
  soybean: {
    nitrogen: sourced(64.5, 'kg N per t grain', 'Published grain removal figures, soybean N 62–67 (mid-point; supplied by fixation)'),
    phosphate: sourced(14, 'kg P₂O₅ per t grain', 'Published grain removal figures, soybean P₂O₅ 13–15 (mid-point)'),
    potash: sourced(23, 'kg K₂O per t grain', 'Published grain removal figures, soybean K₂O 23'),
  },
  wheat: {
    nitrogen: sourced(20, 'kg N per t grain', 'Published grain removal figures, wheat N 19–21 (mid-point)'),
    phosphate: sourced(9.5, 'kg P₂O₅ per t grain', 'Published grain removal figures, wheat P₂O₅ 9–10 (mid-point)'),
    potash: sourced(6, 'kg K₂O per t grain', 'Published grain removal figures, wheat K₂O 5.8–6.2 (mid-point)'),
  },
  dryBean: {
    nitrogen: sourced(42, 'kg N per t grain', 'Published grain removal figures, dry bean N 42'),
    phosphate: sourced(14, 'kg P₂O₅ per t grain', 'Published grain removal figures, dry bean P₂O₅ 14'),
    potash: sourced(14, 'kg K₂O per t grain', 'Published grain removal figures, dry bean K₂O 14'),
  },
} as const;

/**
 * Flue-cured tobacco: not in the science brief. Uptake for a 2 t/ha cured-leaf crop, IFA World Fertilizer Use
 * Manual, tobacco section (Hawks & Collins 1983 and two unpublished sets): P₂O₅ 22–31 kg/ha, K₂O 108–184 kg/ha;
 * read from a third-party copy of the manual, so ◐. Per tonne we use the mean of the three sets, halved.
 */
export const TOBACCO_UPTAKE_KG_PER_TONNE = {
  phosphate: partly(
    13,
    'kg P₂O₅ per t cured leaf',
    'IFA World Fertilizer Use Manual, tobacco: 22–31 kg P₂O₅ for 2 t cured leaf (mean ÷ 2)',
  ),
  potash: partly(75, 'kg K₂O per t cured leaf', 'IFA World Fertilizer Use Manual, tobacco: 108–184 kg K₂O for 2 t cured leaf (mean ÷ 2)'),
} as const;

/**
 * Flue-cured tobacco total N for the season, kg N/ha. The IFA manual gives 50–80 kg N/ha (basal plus side-dressing) ◐;
 * tobacco N is held to what leaf quality allows, not scaled to yield. Which end of the range a texture gets is our
 * mapping ✖, following Zimbabwe Tobacco Research Board advice (reported in The Herald) that sands need more N.
 */
export const TOBACCO_NITROGEN_KG_PER_HA = {
  sandy: unverified(80, 'kg N/ha', 'IFA manual 50–80 kg N/ha; upper end for sand and loamy sand (leaching) is our choice'),
  sandyLoam: unverified(65, 'kg N/ha', 'IFA manual 50–80 kg N/ha; mid-range for sandy loam is our choice'),
  heavier: unverified(50, 'kg N/ha', 'IFA manual 50–80 kg N/ha; lower end for loams and clays is our choice'),
} as const;

/** Soybean starter N: the most N worth putting down at planting for an inoculated legume. */
export const SOYBEAN_STARTER_NITROGEN_MAX_KG_PER_HA = unverified(
  20,
  'kg N/ha',
  'Illustrative: common extension practice allows a small starter (10–20 kg N/ha); not checked in a source',
);

/** Default target yields used when the farmer gives none; all illustrative. */
export const DEFAULT_TARGET_YIELD_TONNES_PER_HA = {
  maize: unverified(5, 't grain/ha', 'a middle value between smallholder (1–3 t/ha) and commercial (8–12 t/ha) maize'),
  soybean: unverified(2.5, 't grain/ha', 'a typical southern-African rain-fed soybean crop'),
  tobacco: unverified(2.5, 't cured leaf/ha', 'a typical flue-cured tobacco crop; the IFA manual tables use 2 t/ha'),
  wheat: unverified(5, 't grain/ha', 'a typical irrigated winter wheat crop'),
  dryBean: unverified(1.5, 't grain/ha', 'a typical rain-fed sugar bean crop'),
} as const;

// ---------------------------------------------------------------------------------------------
// Soil test interpretation
// ---------------------------------------------------------------------------------------------

/**
 * P and K build-up, ✖ illustrative: raise the soil to the bottom of the spec's medium band over several years.
 * kg of nutrient per ppm of soil-test rise varies widely with soil (US extension tables report ~4–20 kg/ha per ppm);
 * these are round numbers to show the logic, not calibrated for southern-African soils.
 */
export const BUILD_UP = {
  phosphateKgPerHaPerPpm: unverified(20, 'kg P₂O₅/ha per ppm P', 'Illustrative build-up factor; soils differ widely'),
  potashKgPerHaPerPpm: unverified(8, 'kg K₂O/ha per ppm K', 'Illustrative build-up factor; soils differ widely'),
  years: unverified(4, 'years', 'Illustrative: build up over four seasons to spread the cost'),
} as const;

/** A soil test older than this is still used for P and K (they change slowly) but flagged for re-testing. */
export const SOIL_TEST_OLD_AFTER_DAYS = unverified(3 * 365, 'days', 'Illustrative: re-test every 2–4 years is common advice');

/** Mineral N moves within weeks; a soil N reading is credited only when sampled this close to planting. */
export const SOIL_NITROGEN_CREDIT_MAX_AGE_DAYS = unverified(60, 'days', 'Illustrative: mineral N changes with rain and uptake');

/**
 * The soil N credit of a soil rated low in N (under the spec's 20 ppm), as a share of the season's N need. A low
 * reading means the soil supplies little of what the crop needs, so extension advice cuts the N rate only a little
 * there: Ohio State University's pre-sidedress soil nitrate test table (C.O.R.N. newsletter 2022, "Pre-sidedress
 * nitrogen test to adjust N rates", Table 1) keeps the full rate at 0–10 ppm NO₃-N, takes 30 lb N/acre off at
 * 11–15 ppm and 45 lb N/acre at 16–20 ppm, against the 156 lb N/acre full (MRTN) rate of its worked example — cuts
 * of 19 % and 29 %. ◐: read from a reprint of the article; the table is calibrated for a 0–30 cm nitrate sample at
 * V5–V6 in Ohio, not a planting-time sample here, so the shares (not the pounds) are carried over. A medium or high
 * soil keeps the full credit of the N its sample holds (ppm × bulk density × depth).
 */
export const LOW_SOIL_NITROGEN_CREDIT_SHARE: readonly { upToPpm: number; share: SourcedNumber }[] = [
  { upToPpm: 10, share: partly(0, 'of the N need', 'Ohio State soil nitrate test guide: full N rate at 0–10 ppm') },
  { upToPpm: 15, share: partly(30 / 156, 'of the N need', 'Ohio State soil nitrate test guide: 30 of 156 lb N/acre off at 11–15 ppm') },
  { upToPpm: 20, share: partly(45 / 156, 'of the N need', 'Ohio State soil nitrate test guide: 45 of 156 lb N/acre off at 16–20 ppm') },
];

/** Converting a soil N reading (ppm = mg/kg) to kg N/ha: kg/ha = ppm × bulk density (g/cm³) × depth (cm) × 0.1. */
export const SOIL_BULK_DENSITY_G_PER_CM3 = unverified(1.3, 'g/cm³', 'Assumed typical mineral-soil bulk density');
export const SOIL_SAMPLE_DEFAULT_DEPTH_CM = unverified(20, 'cm', 'Assumed topsoil sampling depth when the test does not say');

// ---------------------------------------------------------------------------------------------
// Split timing
// ---------------------------------------------------------------------------------------------

/** Basal (at-planting) window: P, K and the first N go on at planting or within this many days. */
export const BASAL_WINDOW_DAYS_AFTER_PLANTING = unverified(14, 'days', 'Illustrative: basal fertilizer at planting or soon after');

/**
 * A dose smaller than this is not worth a separate pass: straight N at planting moves to the top-dress, and P or K
 * left over after the basal window waits for next season.
 */
export const MIN_SEPARATE_DOSE_KG_PER_HA = unverified(10, 'kg nutrient/ha', 'Illustrative: our choice, to avoid token doses');

/** Share of the season's N applied at planting; the rest is top-dressed. Less at planting on sand (leaching). */
export const PLANTING_NITROGEN_SHARE = {
  maize: unverified(1 / 3, 'of season N', 'Illustrative; extension guides put part of the N on at planting'),
  maizeOnSand: unverified(1 / 4, 'of season N', 'Illustrative; less at planting on sand, which leaches'),
  tobacco: unverified(1 / 2, 'of season N', 'Illustrative: a basal tobacco compound typically carries about half the N'),
  other: unverified(1 / 3, 'of season N', 'Illustrative'),
} as const;

/**
 * Maize V6 is taken as the end of the FAO-56 initial stage of the catalogue entry, V8 ten days later; on sand
 * a second top-dress (≈ V10–V12) follows three weeks after the first. All ✖: leaf stages depend on temperature
 * and hybrid, and FAO-56 stages are defined by ground cover, not leaf number.
 */
export const MAIZE_TOP_DRESS = {
  v8AfterV6Days: unverified(10, 'days', 'Illustrative: about two leaves at ~4–5 days per leaf'),
  secondTopDressAfterFirstDays: unverified(21, 'days', 'Illustrative second split on sand, before tasselling'),
} as const;

// ---------------------------------------------------------------------------------------------
// NDRE sufficiency index
// ---------------------------------------------------------------------------------------------

/** SI = field NDRE ÷ reference NDRE (N-rich strip or field 95th percentile); below this, top-dress. Science brief §5 ✖. */
export const NDRE_SUFFICIENCY_THRESHOLD = unverified(
  0.95,
  'ratio',
  'NDRE sufficiency index from precision-farming research; not calibrated for local fields',
);

/** N for an NDRE-triggered top-up once the planned N is all on. */
export const NDRE_TOP_UP_NITROGEN_KG_PER_HA = unverified(30, 'kg N/ha', 'a rescue dose, not calibrated for your field');

// ---------------------------------------------------------------------------------------------
// Suppression (science brief §5 "fertilizer suppression logic")
// ---------------------------------------------------------------------------------------------

export const SUPPRESSION = {
  heavyRain48hMm: unverified(25, 'mm in 48 h', 'Common extension advice, not a measured threshold'),
  heavyRainOnSand72hMm: unverified(
    50,
    'mm in 72 h on sand',
    'A stricter limit for sand, which holds little water; not a measured threshold',
  ),
  /** Share of the field showing open water (SCL class 6 or McFeeters NDWI > 0) that counts as waterlogged. */
  waterloggedShare: unverified(0.1, 'share of field', 'Our threshold, not a measured one; the signals themselves are published methods'),
  nitrogenRecentDays: unverified(14, 'days', 'Common extension advice, not a measured threshold'),
  clearImageMaxAgeDays: unverified(10, 'days', 'Our choice, because the crop changes within a couple of weeks; not a measured threshold'),
} as const;

/** Urea: needs ~6–13 mm of rain to move into the soil; loses 38–46 % of its N in 5 days at 25 °C without rain. ✔ */
export const UREA = {
  incorporatingRainMm: sourced(6, 'mm (6–13 mm)', 'Published field measurements of urea losses'),
  lossWithoutRainPct: sourced(38, '% in 5 days at 25 °C (38–46 %)', 'Published field measurements of urea losses'),
} as const;
