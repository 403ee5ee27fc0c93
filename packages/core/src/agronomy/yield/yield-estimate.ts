/**
 * Season yield estimate as a range (science brief §4), from the field's NDVI since planting and the daily weather.
 *
 * Two independent estimates of above-ground dry biomass, each turned into grain with the harvest index of the
 * field's management class (commercial/irrigated or smallholder/unknown, `yield-coefficients.ts`):
 *   1. Light-use efficiency: biomass = Σ RUE·fAPAR·PAR, fAPAR = 1.257·NDVI − 0.161 (held within 0–0.95),
 *      PAR = 0.48·Rs. The RUE is per MJ of intercepted *solar* radiation, so it is divided by 0.48 before it
 *      multiplies PAR (equivalently RUE·fAPAR·Rs).
 *   2. Water productivity (AquaCrop): biomass = WP*·fertility·Σ(Tr/ET₀), Tr/ET₀ ≈ Ks·(Kcb − Kc,min) with Kcb from
 *      NDVI (Campos 2010) and Kc,min the crop's Table 17 Kcb ini — the bare-soil evaporation inside Kcb, which is
 *      not transpiration and makes no dry matter.
 * The yield is reported as dry grain and at 12.5 % moisture, as grain is weighed and sold.
 * Days so far are the planting day up to yesterday; today and the days to maturity (the catalogue's total season
 * length) are projected: the latest canopy is kept to the end of mid-season, then declines linearly to a third of
 * itself at maturity (✖ illustrative), under the mean radiation of the last 30 days.
 *
 * Before the first image the canopy rises in a straight line from nothing on the planting day to the first image's
 * value. The brief's alternative — hold the first value flat back to emergence — was not used: a first clear image
 * taken late in development would credit the crop with a full canopy for weeks it did not have one, and the
 * emergence date itself is not observed. Between images the canopy is interpolated linearly, after the last it is
 * held flat.
 */
import { findCropType, type CropType } from '../../crops/crop-catalogue.ts';
import { addDays, formatDayMonth } from '../../dates.ts';
import {
  basalCropCoefficientFromNdvi,
  cropCoefficientCurve,
  seasonDayOn,
  stageEndDays,
  type CropClimate,
} from '../fao56/crop-coefficient.ts';
import type { HarvestComparison } from './harvest-comparison.ts';
import {
  DEFAULT_CLIMATOLOGICAL_RADIATION_MJ_PER_M2_DAY,
  EMERGENCE_NDVI_THRESHOLD,
  FAPAR_FROM_NDVI,
  FAPAR_LIMITS,
  FUTURE_RADIATION_WINDOW_DAYS,
  MATERIAL_YIELD_LOSS_SHARE,
  MIN_IMAGES_SINCE_PLANTING,
  PAR_FRACTION_OF_SHORTWAVE,
  PROJECTED_CANOPY_SHARE_AT_MATURITY,
  STANDARD_GRAIN_MOISTURE_PCT,
  TONNES_PER_HA_PER_G_PER_M2,
  YIELD_TRANSFERABILITY_CAVEAT,
  YIELD_UNCERTAINTY,
  cropYieldModelFor,
  grainAtMoisture,
  noYieldModelMessage,
  yieldCoefficientsUsed,
  yieldUncertaintyFraction,
  type CropYieldModel,
  type ManagementClass,
  type ManagementCoefficients,
  type YieldCoefficient,
} from './yield-coefficients.ts';

// ---------------------------------------------------------------------------------------------
// Input and output
// ---------------------------------------------------------------------------------------------

/** One usable (cloud-free) image of the field: its date and the field-mean NDVI. */
export interface FieldNdviObservation {
  /** YYYY-MM-DD. */
  date: string;
  /** Field-mean NDVI, −1 to 1. */
  meanNdvi: number;
}

/** One day of weather since planting; a missing value (or a missing day) is a gap, reported and filled. */
export interface YieldWeatherDay {
  /** YYYY-MM-DD. */
  date: string;
  /** Daily global shortwave radiation Rs, MJ/m²/day. */
  shortwaveRadiationMjPerM2Day: number | null;
  /** Grass-reference evapotranspiration ET₀, mm/day. */
  et0Mm: number | null;
  /**
   * FAO-56 water-stress coefficient Ks (Eq. 84) from the field's root-zone water balance, 0–1: a dry day's growth
   * and transpiration are cut by it, as AquaCrop cuts transpiration. Absent: no stress (Ks = 1).
   */
  waterStressCoefficient?: number | null;
}

export interface SeasonYieldInput {
  /** A catalogue entry or its id. */
  crop: CropType | string;
  /** YYYY-MM-DD; null or absent when the farmer has not given it. */
  plantingDate?: string | null;
  /** YYYY-MM-DD; the caller's clock (core never reads one). */
  today: string;
  /** Field area, hectares (> 0). */
  fieldAreaHa: number;
  /** Usable images only (cloud-masked, enough valid pixels); any order, any dates. */
  ndviObservations: readonly FieldNdviObservation[];
  /** Daily weather since planting; days after yesterday are ignored. */
  weather: readonly YieldWeatherDay[];
  /** True when the weather is simulated (demo fields): the result says so. */
  weatherIsSimulated?: boolean;
  /** Local climate, to adjust the Kcb mid that caps Kcb from NDVI (FAO-56 Eq. 70). */
  climate?: CropClimate;
  /** Stand-in radiation when no measured day is available, MJ/m²/day; defaults to a stated assumption. */
  climatologicalRadiationMjPerM2Day?: number;
  /** How the field is farmed; absent means not known, taken as smallholder (the conservative class). */
  managementClass?: ManagementClass;
}

/** Low / expected / high dry-grain yield, per hectare and for the whole field. */
export interface YieldRange {
  lowTPerHa: number;
  expectedTPerHa: number;
  highTPerHa: number;
  lowTonnes: number;
  expectedTonnes: number;
  highTonnes: number;
}

export interface LightUseEfficiencyEstimate {
  /** Σ fAPAR·PAR over the days so far, MJ/m². */
  absorbedParSoFarMjPerM2: number;
  /** Σ fAPAR·PAR over the projected days, MJ/m². */
  absorbedParProjectedMjPerM2: number;
  /** Season biomass at the low end, mid-point and high end of the RUE range, g/m². */
  biomassGPerM2: { low: number; expected: number; high: number };
  /** Biomass of the days so far at the mid-point RUE, g/m². */
  biomassSoFarGPerM2: number;
  /** Biomass of the projected days at the mid-point RUE, g/m². */
  biomassProjectedGPerM2: number;
  yieldTPerHa: { low: number; expected: number; high: number };
}

export interface WaterProductivityEstimate {
  /** Σ Ks·(Kcb − Kc,min) over the days so far (≈ Σ Tr/ET₀: transpiration only, not soil evaporation). */
  transpirationRatioSumSoFar: number;
  /** Σ (Kcb − Kc,min) over the projected days. */
  transpirationRatioSumProjected: number;
  biomassSoFarGPerM2: number;
  biomassProjectedGPerM2: number;
  biomassGPerM2: number;
  yieldTPerHa: number;
  /** Σ Ks·(Kcb − Kc,min)·ET₀ over the days so far that have ET₀, mm: the crop transpiration this implies. */
  transpirationSoFarMm: number;
}

/** What holds the yield back most, as seen in this season's data. */
export type YieldLimit = 'water' | 'nitrogen' | 'canopy' | 'none';

export interface YieldLimitingFactor {
  factor: YieldLimit;
  /**
   * Share of the yield each factor takes away, 0–1: water from the water balance's Ks over the days so far
   * (transpiration-weighted), nitrogen from the soil-fertility scaling of the management class, canopy from how far
   * the fullest canopy seen fell short of a closed one (fAPAR 0.95).
   */
  lossShare: { water: number; nitrogen: number; canopy: number };
  /** One sentence a farmer reads. */
  explanation: string;
}

export interface YieldWeatherReport {
  simulated: boolean;
  /** Days so far without a usable radiation value; each was filled, not counted as zero. */
  missingRadiationDates: string[];
  /** Days so far without ET₀ (only the transpiration total needs it). */
  missingEt0Dates: string[];
  /** Radiation put in for each missing day, MJ/m²/day: the mean of the measured days so far. */
  gapFillRadiationMjPerM2Day: number | null;
  /** Radiation assumed for each projected day, MJ/m²/day; null when nothing is projected. */
  futureRadiationMjPerM2Day: number | null;
  futureRadiationBasis: 'last-30-days-mean' | 'climatological' | null;
}

export interface SeasonYieldEstimate {
  available: true;
  cropTypeId: string;
  cropName: string;
  plantingDate: string;
  today: string;
  /** Planting date + the catalogue's total season length − 1 (the last day of the late season). */
  maturityDate: string;
  fieldAreaHa: number;
  /** Dry grain (0 % moisture). */
  range: YieldRange;
  /** Moisture of the comparable range, % wet basis (12.5). */
  grainMoisturePct: number;
  /** The range as grain at `grainMoisturePct`, as farmers weigh and sell it. */
  rangeAtStandardMoisture: YieldRange;
  /** How the range was made, in plain words. */
  rangeMethod: string;
  managementClass: ManagementClass;
  limitingFactor: YieldLimitingFactor;
  /** First clear image with NDVI at or above the emergence threshold: the crop was up by then. */
  emergenceSeenOn: string;
  /** Where the season length comes from: the crop entry (variety class) and its FAO-56 Table 11 row. */
  seasonBasis: string;
  /** Added uncertainty, a fraction of yield (0.15 at harvest, more while the season is projected). */
  uncertaintyFraction: number;
  seasonLengthDays: number;
  daysSoFar: number;
  daysProjected: number;
  /** Days so far / season length, 0–1. */
  seasonShareObserved: number;
  imagesUsed: number;
  lastImageDate: string;
  lightUseEfficiency: LightUseEfficiencyEstimate;
  waterProductivity: WaterProductivityEstimate;
  weather: YieldWeatherReport;
  coefficients: YieldCoefficient[];
  /** Plain-language account of the method and where its numbers come from. */
  method: string;
  /** The brief's transferability warning; always shown with the range. */
  caveat: string;
  /** Things particular to this estimate a summary should repeat. */
  cautions: string[];
  /** The farmer's recorded harvest of this season, when there is one (added by the caller). */
  harvest?: HarvestComparison;
}

export interface NoYieldModel {
  available: false;
  reason: 'no-yield-model';
  cropTypeId: string;
  message: string;
}

/** What is missing: the planting date, a visible crop, or enough images. */
export type MissingYieldData = 'planting-date' | 'emergence' | 'images';

export interface NotEnoughYieldData {
  available: false;
  reason: 'not-enough-data';
  missing: MissingYieldData;
  message: string;
  /** First day worth looking again (YYYY-MM-DD); null when it waits on the farmer (planting date). */
  lookAgainOn: string | null;
}

export type SeasonYieldResult = SeasonYieldEstimate | NoYieldModel | NotEnoughYieldData;

// ---------------------------------------------------------------------------------------------
// Small pure helpers
// ---------------------------------------------------------------------------------------------

/** Calendar date of a season day (planting date = day 1). */
function dateOfSeasonDay(plantingDate: string, seasonDay: number): string {
  return addDays(plantingDate, seasonDay - 1);
}

function laterDate(a: string, b: string): string {
  return a >= b ? a : b;
}

/** fAPAR from NDVI, brief §4 ✔ (1.257·NDVI − 0.161), held within [0, 0.95] (✖ ceiling ours). */
export function fractionOfAbsorbedParFromNdvi(ndvi: number): number {
  const fapar = FAPAR_FROM_NDVI.slope * ndvi + FAPAR_FROM_NDVI.intercept;
  return Math.min(FAPAR_LIMITS.max, Math.max(FAPAR_LIMITS.min, fapar));
}

function isUsableNumber(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

/** One image reduced to what the two methods need, on its season day. */
interface CanopyKnot {
  seasonDay: number;
  fapar: number;
  /** Kcb − Kc,min: the transpiring part of the basal crop coefficient (≈ Tr/ET₀). */
  transpiration: number;
}

/** Linear interpolation between knots (sorted by day), flat after the last; the caller supplies a knot on day ≤ 1. */
function canopyOnDay(knots: readonly CanopyKnot[], seasonDay: number): { fapar: number; transpiration: number } {
  let previous = knots[0]!;
  for (const knot of knots) {
    if (knot.seasonDay === seasonDay) return knot;
    if (knot.seasonDay > seasonDay) {
      const t = (seasonDay - previous.seasonDay) / (knot.seasonDay - previous.seasonDay);
      return {
        fapar: previous.fapar + t * (knot.fapar - previous.fapar),
        transpiration: previous.transpiration + t * (knot.transpiration - previous.transpiration),
      };
    }
    previous = knot;
  }
  return previous;
}

/**
 * Share of the latest canopy on a projected day: 1 up to `anchorDay` (the end of mid-season, or yesterday when the
 * crop is already in its late season), then a straight line down to a third at maturity (✖ illustrative).
 */
function projectedCanopyShare(seasonDay: number, anchorDay: number, maturityDay: number): number {
  if (seasonDay <= anchorDay) return 1;
  return 1 - (1 - PROJECTED_CANOPY_SHARE_AT_MATURITY) * ((seasonDay - anchorDay) / (maturityDay - anchorDay));
}

// ---------------------------------------------------------------------------------------------
// Not-enough-data answers
// ---------------------------------------------------------------------------------------------

function notEnoughData(missing: MissingYieldData, message: string, lookAgainOn: string | null): NotEnoughYieldData {
  return { available: false, reason: 'not-enough-data', missing, message, lookAgainOn };
}

/** Sentinel-2 passes every 5 days; a week leaves room for one cloudy pass (✖ our rule of thumb). */
const LOOK_AGAIN_AFTER_DAYS = 7;

// ---------------------------------------------------------------------------------------------
// The estimate
// ---------------------------------------------------------------------------------------------

/**
 * Season yield estimate of one field as a low / expected / high range of dry grain, t/ha and tonnes for the field,
 * with the method, the coefficients and their sources, and the brief's transferability caveat. Returns
 * `no-yield-model` for crops without RUE / HI / WP* (tobacco among them) and `not-enough-data` before the crop
 * shows from space (no image with NDVI ≥ 0.3), with fewer than two usable images since planting, or without a
 * planting date. Radiation MJ/m²/day, ET₀ mm/day, biomass g/m² dry matter, yield t/ha dry grain.
 */
export function estimateSeasonYield(input: SeasonYieldInput): SeasonYieldResult {
  const crop = typeof input.crop === 'string' ? findCropType(input.crop) : input.crop;
  if (crop === undefined) {
    const id = input.crop as string;
    return {
      available: false,
      reason: 'no-yield-model',
      cropTypeId: id,
      message: `There is no yield model for an unknown crop type (${id}).`,
    };
  }
  const model = cropYieldModelFor(crop);
  const curve = cropCoefficientCurve(crop, input.climate);
  if (model === undefined || curve.kcb === null) {
    return { available: false, reason: 'no-yield-model', cropTypeId: crop.id, message: noYieldModelMessage(crop) };
  }
  if (!Number.isFinite(input.fieldAreaHa) || input.fieldAreaHa <= 0) {
    throw new RangeError(`Field area must be a positive number of hectares, got ${input.fieldAreaHa}`);
  }
  // Validates today's date even when the planting date is missing.
  seasonDayOn(input.today, input.today);

  const plantingDate = input.plantingDate ?? null;
  if (plantingDate === null || plantingDate === '') {
    return notEnoughData(
      'planting-date',
      'Add the planting date of this field: the yield estimate counts the season from it. The estimate appears once ' +
        'two clear satellite images since planting show the crop.',
      null,
    );
  }

  const ends = stageEndDays(curve);
  const seasonLengthDays = ends.lateSeason;
  const todaySeasonDay = seasonDayOn(plantingDate, input.today);
  const endOfInitialStage = dateOfSeasonDay(plantingDate, ends.initial);
  const inAWeek = addDays(input.today, LOOK_AGAIN_AFTER_DAYS);

  if (todaySeasonDay < 2) {
    const when = todaySeasonDay < 1 ? `is planted on ${formatDayMonth(plantingDate, input.today)}` : 'was planted today';
    return notEnoughData(
      'emergence',
      `This field ${when}. A yield estimate needs the crop to show from space; look again from ${formatDayMonth(laterDate(inAWeek, endOfInitialStage), input.today)}.`,
      laterDate(inAWeek, endOfInitialStage),
    );
  }

  // Images from the planting day to today (or maturity, after which the field is stubble, not canopy).
  const lastImageDay = Math.min(todaySeasonDay, seasonLengthDays);
  let invalidImages = 0;
  const ndviByDay = new Map<number, number[]>();
  for (const observation of input.ndviObservations) {
    if (!Number.isFinite(observation.meanNdvi)) {
      invalidImages += 1;
      continue;
    }
    if (observation.meanNdvi < -1 || observation.meanNdvi > 1) {
      throw new RangeError(`NDVI must be between −1 and 1, got ${observation.meanNdvi} on ${observation.date}`);
    }
    const seasonDay = seasonDayOn(plantingDate, observation.date);
    if (seasonDay < 1 || seasonDay > lastImageDay) continue;
    ndviByDay.set(seasonDay, [...(ndviByDay.get(seasonDay) ?? []), observation.meanNdvi]);
  }
  const images = [...ndviByDay.entries()]
    .map(([seasonDay, values]) => ({ seasonDay, ndvi: mean(values)! }))
    .sort((a, b) => a.seasonDay - b.seasonDay);

  if (images.length === 0) {
    return notEnoughData(
      'images',
      `No clear satellite image of this field since planting on ${formatDayMonth(plantingDate, input.today)}. The estimate needs ` +
        `at least ${MIN_IMAGES_SINCE_PLANTING}; look again from ${formatDayMonth(inAWeek, input.today)}.`,
      inAWeek,
    );
  }
  if (!images.some((image) => image.ndvi >= EMERGENCE_NDVI_THRESHOLD)) {
    const lookAgainOn = laterDate(inAWeek, endOfInitialStage);
    const longAfterPlanting = todaySeasonDay > ends.initial + 14;
    return notEnoughData(
      'emergence',
      `The crop does not show from space yet: no clear image since planting has a field NDVI of ${EMERGENCE_NDVI_THRESHOLD} ` +
        `or more (bare soil reads about 0.1–0.2). Look again from ${formatDayMonth(lookAgainOn, input.today)}.` +
        (longAfterPlanting ? ' If the crop came up weeks ago, check the planting date and the field boundary.' : ''),
      lookAgainOn,
    );
  }
  if (images.length < MIN_IMAGES_SINCE_PLANTING) {
    return notEnoughData(
      'images',
      `Only one clear satellite image of this field since planting; the estimate needs at least ${MIN_IMAGES_SINCE_PLANTING}. ` +
        `Sentinel-2 passes every 5 days, clouds permitting: look again from ${formatDayMonth(inAWeek, input.today)}.`,
      inAWeek,
    );
  }

  return estimateFromData({
    crop,
    model,
    kcbMid: curve.kcb.midSeason,
    kcbMin: curve.kcb.initial,
    plantingDate,
    today: input.today,
    todaySeasonDay,
    midSeasonEndDay: ends.midSeason,
    developmentEndDay: ends.development,
    seasonLengthDays,
    images,
    invalidImages,
    input,
  });
}

interface EstimateContext {
  crop: CropType;
  model: CropYieldModel;
  kcbMid: number;
  /** Kcb of bare soil with a dry surface (Table 17 Kcb ini): the evaporation part of Kcb, not transpiration. */
  kcbMin: number;
  plantingDate: string;
  today: string;
  todaySeasonDay: number;
  midSeasonEndDay: number;
  developmentEndDay: number;
  seasonLengthDays: number;
  images: { seasonDay: number; ndvi: number }[];
  invalidImages: number;
  input: SeasonYieldInput;
}

function scaleRange(range: YieldRange, factor: number): YieldRange {
  return {
    lowTPerHa: range.lowTPerHa * factor,
    expectedTPerHa: range.expectedTPerHa * factor,
    highTPerHa: range.highTPerHa * factor,
    lowTonnes: range.lowTonnes * factor,
    expectedTonnes: range.expectedTonnes * factor,
    highTonnes: range.highTonnes * factor,
  };
}

function estimateFromData(context: EstimateContext): SeasonYieldEstimate {
  const { crop, model, plantingDate, todaySeasonDay, seasonLengthDays, images, input } = context;
  const managementClass: ManagementClass = input.managementClass ?? 'smallholder';
  const managed = model.byManagement[managementClass];
  const climatologyFromCaller = input.climatologicalRadiationMjPerM2Day !== undefined;
  const climatologicalRadiation = input.climatologicalRadiationMjPerM2Day ?? DEFAULT_CLIMATOLOGICAL_RADIATION_MJ_PER_M2_DAY;
  if (!isUsableNumber(climatologicalRadiation)) {
    throw new RangeError(`Climatological radiation must be a non-negative number, got ${climatologicalRadiation}`);
  }

  // Canopy knots: bare soil on the planting day unless an image was taken that day, then every image. The
  // transpiring part of Kcb is what lies above the bare-soil evaporation Kc,min (FAO-56 Table 17 Kcb ini, Eq. 71).
  const knots: CanopyKnot[] = images.map((image) => ({
    seasonDay: image.seasonDay,
    fapar: fractionOfAbsorbedParFromNdvi(image.ndvi),
    transpiration: Math.max(0, basalCropCoefficientFromNdvi(image.ndvi, { kcbMid: context.kcbMid }).kcb - context.kcbMin),
  }));
  if (knots[0]!.seasonDay > 1) knots.unshift({ seasonDay: 1, fapar: 0, transpiration: 0 });
  const latest = knots[knots.length - 1]!;

  // Days so far: the planting day to yesterday, at most the whole season.
  const daysSoFar = Math.min(todaySeasonDay - 1, seasonLengthDays);
  const daysProjected = seasonLengthDays - daysSoFar;

  const weatherByDate = new Map<string, YieldWeatherDay>();
  for (const day of input.weather) weatherByDate.set(day.date, day);

  const measuredRadiation: (number | null)[] = [];
  const missingRadiationDates: string[] = [];
  const missingEt0Dates: string[] = [];
  for (let seasonDay = 1; seasonDay <= daysSoFar; seasonDay += 1) {
    const date = dateOfSeasonDay(plantingDate, seasonDay);
    const day = weatherByDate.get(date);
    const radiation = day?.shortwaveRadiationMjPerM2Day;
    measuredRadiation.push(isUsableNumber(radiation) ? radiation : null);
    if (!isUsableNumber(radiation)) missingRadiationDates.push(date);
    if (!isUsableNumber(day?.et0Mm)) missingEt0Dates.push(date);
  }
  const measured = measuredRadiation.filter((value): value is number => value !== null);
  const seasonMeanRadiation = mean(measured);
  const gapFillRadiation = missingRadiationDates.length === 0 ? null : (seasonMeanRadiation ?? climatologicalRadiation);

  const recentMeasured = measuredRadiation
    .slice(Math.max(0, daysSoFar - FUTURE_RADIATION_WINDOW_DAYS))
    .filter((value): value is number => value !== null);
  const recentMeanRadiation = mean(recentMeasured);
  const futureRadiation = daysProjected === 0 ? null : (recentMeanRadiation ?? climatologicalRadiation);
  const futureRadiationBasis =
    daysProjected === 0 ? null : recentMeanRadiation === null ? ('climatological' as const) : ('last-30-days-mean' as const);
  const climatologyUsed = futureRadiationBasis === 'climatological' || (gapFillRadiation !== null && seasonMeanRadiation === null);

  // Days so far.
  let absorbedParSoFar = 0;
  let transpirationRatioSoFar = 0;
  let unstressedTranspirationRatioSoFar = 0;
  let transpirationSoFarMm = 0;
  for (let seasonDay = 1; seasonDay <= daysSoFar; seasonDay += 1) {
    const canopy = canopyOnDay(knots, seasonDay);
    const radiation = measuredRadiation[seasonDay - 1] ?? gapFillRadiation!;
    const day = weatherByDate.get(dateOfSeasonDay(plantingDate, seasonDay));
    const ks = isUsableNumber(day?.waterStressCoefficient) ? Math.min(1, Math.max(0, day.waterStressCoefficient)) : 1;
    absorbedParSoFar += ks * canopy.fapar * PAR_FRACTION_OF_SHORTWAVE * radiation;
    transpirationRatioSoFar += ks * canopy.transpiration;
    unstressedTranspirationRatioSoFar += canopy.transpiration;
    if (isUsableNumber(day?.et0Mm)) transpirationSoFarMm += ks * canopy.transpiration * day.et0Mm;
  }

  // Projected days: today to maturity.
  const anchorDay = Math.max(context.midSeasonEndDay, daysSoFar);
  let absorbedParProjected = 0;
  let transpirationRatioProjected = 0;
  for (let seasonDay = daysSoFar + 1; seasonDay <= seasonLengthDays; seasonDay += 1) {
    const share = projectedCanopyShare(seasonDay, anchorDay, seasonLengthDays);
    absorbedParProjected += latest.fapar * share * PAR_FRACTION_OF_SHORTWAVE * futureRadiation!;
    transpirationRatioProjected += latest.transpiration * share;
  }

  // Method 1: light-use efficiency, RUE of the management class converted from a solar to a PAR basis.
  const rue = managed.rueGPerMjSolar;
  const rueMid = (rue.min + rue.max) / 2;
  const biomassAt = (rueGPerMjSolar: number) => (rueGPerMjSolar / PAR_FRACTION_OF_SHORTWAVE) * (absorbedParSoFar + absorbedParProjected);
  const lueBiomass = { low: biomassAt(rue.min), expected: biomassAt(rueMid), high: biomassAt(rue.max) };
  const toYield = (biomassGPerM2: number) => managed.harvestIndex * biomassGPerM2 * TONNES_PER_HA_PER_G_PER_M2;
  const lightUseEfficiency: LightUseEfficiencyEstimate = {
    absorbedParSoFarMjPerM2: absorbedParSoFar,
    absorbedParProjectedMjPerM2: absorbedParProjected,
    biomassGPerM2: lueBiomass,
    biomassSoFarGPerM2: (rueMid / PAR_FRACTION_OF_SHORTWAVE) * absorbedParSoFar,
    biomassProjectedGPerM2: (rueMid / PAR_FRACTION_OF_SHORTWAVE) * absorbedParProjected,
    yieldTPerHa: { low: toYield(lueBiomass.low), expected: toYield(lueBiomass.expected), high: toYield(lueBiomass.high) },
  };

  // Method 2: AquaCrop water productivity, WP* scaled for soil fertility.
  const waterProductivityGPerM2 = model.waterProductivityGPerM2 * managed.soilFertilityFactor;
  const wpBiomassSoFar = waterProductivityGPerM2 * transpirationRatioSoFar;
  const wpBiomassProjected = waterProductivityGPerM2 * transpirationRatioProjected;
  const waterProductivity: WaterProductivityEstimate = {
    transpirationRatioSumSoFar: transpirationRatioSoFar,
    transpirationRatioSumProjected: transpirationRatioProjected,
    biomassSoFarGPerM2: wpBiomassSoFar,
    biomassProjectedGPerM2: wpBiomassProjected,
    biomassGPerM2: wpBiomassSoFar + wpBiomassProjected,
    yieldTPerHa: toYield(wpBiomassSoFar + wpBiomassProjected),
    transpirationSoFarMm,
  };

  // Range: the two methods and the RUE ends, widened by the uncertainty of what is projected or filled in.
  const uncertainShare = (daysProjected + missingRadiationDates.length) / seasonLengthDays;
  const uncertaintyFraction = yieldUncertaintyFraction(uncertainShare);
  const expectedTPerHa = (lightUseEfficiency.yieldTPerHa.expected + waterProductivity.yieldTPerHa) / 2;
  const lowTPerHa = Math.min(lightUseEfficiency.yieldTPerHa.low, waterProductivity.yieldTPerHa) * (1 - uncertaintyFraction);
  const highTPerHa = Math.max(lightUseEfficiency.yieldTPerHa.high, waterProductivity.yieldTPerHa) * (1 + uncertaintyFraction);
  const range: YieldRange = {
    lowTPerHa,
    expectedTPerHa,
    highTPerHa,
    lowTonnes: lowTPerHa * input.fieldAreaHa,
    expectedTonnes: expectedTPerHa * input.fieldAreaHa,
    highTonnes: highTPerHa * input.fieldAreaHa,
  };
  const rangeAtStandardMoisture = scaleRange(range, grainAtMoisture(1));

  const weather: YieldWeatherReport = {
    simulated: input.weatherIsSimulated === true,
    missingRadiationDates,
    missingEt0Dates,
    gapFillRadiationMjPerM2Day: gapFillRadiation,
    futureRadiationMjPerM2Day: futureRadiation,
    futureRadiationBasis,
  };

  const limitingFactor = yieldLimitingFactor({
    managementClass,
    managed,
    waterLossShare: unstressedTranspirationRatioSoFar > 0 ? 1 - transpirationRatioSoFar / unstressedTranspirationRatioSoFar : 0,
    peakFapar: Math.max(...knots.map((knot) => knot.fapar)),
  });

  const lastImage = images[images.length - 1]!;
  const emergenceImage = images.find((image) => image.ndvi >= EMERGENCE_NDVI_THRESHOLD)!;
  const cautions = yieldCautions({
    context,
    daysSoFar,
    lastImageAgeDays: todaySeasonDay - lastImage.seasonDay,
    weather,
    lueYield: lightUseEfficiency.yieldTPerHa.expected,
    wpYield: waterProductivity.yieldTPerHa,
  });

  return {
    available: true,
    cropTypeId: crop.id,
    cropName: crop.name,
    plantingDate,
    today: context.today,
    maturityDate: dateOfSeasonDay(plantingDate, seasonLengthDays),
    fieldAreaHa: input.fieldAreaHa,
    range,
    grainMoisturePct: STANDARD_GRAIN_MOISTURE_PCT,
    rangeAtStandardMoisture,
    rangeMethod: yieldRangeMethodText(uncertaintyFraction, rue),
    managementClass,
    limitingFactor,
    emergenceSeenOn: dateOfSeasonDay(plantingDate, emergenceImage.seasonDay),
    seasonBasis: seasonBasisText(crop, seasonLengthDays),
    uncertaintyFraction,
    seasonLengthDays,
    daysSoFar,
    daysProjected,
    seasonShareObserved: daysSoFar / seasonLengthDays,
    imagesUsed: images.length,
    lastImageDate: dateOfSeasonDay(plantingDate, lastImage.seasonDay),
    lightUseEfficiency,
    waterProductivity,
    weather,
    coefficients: yieldCoefficientsUsed(model, managementClass, {
      kcbCeiling: context.kcbMid + 0.05,
      kcbMin: context.kcbMin,
      climatologyUsed,
      climatologicalRadiationMjPerM2Day: climatologicalRadiation,
      climatologyFromCaller,
    }),
    method: yieldMethodText({
      model,
      managed,
      managementClass,
      crop,
      seasonLengthDays,
      daysSoFar,
      images: images.length,
      weather,
      kcbMin: context.kcbMin,
    }),
    caveat: YIELD_TRANSFERABILITY_CAVEAT,
    cautions,
  };
}

// ---------------------------------------------------------------------------------------------
// Limiting factor
// ---------------------------------------------------------------------------------------------

const percent = (share: number) => `${Math.round(100 * share)} %`;

/**
 * The factor that takes the largest share of the yield, if any takes at least a tenth: water from the days so far
 * (Ks), nitrogen from the management class's soil-fertility scaling, canopy from the fullest canopy seen.
 */
function yieldLimitingFactor(args: {
  managementClass: ManagementClass;
  managed: ManagementCoefficients;
  waterLossShare: number;
  peakFapar: number;
}): YieldLimitingFactor {
  const lossShare = {
    water: Math.max(0, args.waterLossShare),
    nitrogen: 1 - args.managed.soilFertilityFactor,
    canopy: Math.max(0, 1 - args.peakFapar / FAPAR_LIMITS.max),
  };
  const [factor, share] = (Object.entries(lossShare) as [Exclude<YieldLimit, 'none'>, number][]).reduce((most, entry) =>
    entry[1] > most[1] ? entry : most,
  );
  if (share <= MATERIAL_YIELD_LOSS_SHARE) {
    return {
      factor: 'none',
      lossShare,
      explanation:
        'Nothing the estimate can see holds this crop back by more than a tenth: water, soil fertility and canopy are all near their best.',
    };
  }
  const explanation = {
    water:
      `Main limit, water: dry days so far cut the crop’s growth by about ${percent(share)} (FAO-56 water balance of this ` +
      'field); log irrigations and rain-gauge readings so the balance counts them.',
    nitrogen:
      args.managementClass === 'smallholder'
        ? `Main limit, nitrogen and soil fertility: a rain-fed or unrecorded field is assumed to grow about ${percent(share)} ` +
          'less than on a well-fertilised soil — an assumption for such fields, not a measurement of yours; if the field is ' +
          'irrigated, mark it so.'
        : `Main limit, nitrogen and soil fertility: even a fertilised field is assumed to lose about ${percent(share)} to ` +
          'nutrient shortfalls.',
    canopy:
      `Main limit, canopy: at its fullest the crop caught only about ${percent(1 - share)} of the sunlight a closed canopy ` +
      'would — look for gaps in the stand, weeds, pests or an early nutrient or water shortage.',
  }[factor];
  return { factor, lossShare, explanation };
}

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

/** Days since the last image after which "canopy unchanged since" is worth saying (our choice). */
const STALE_IMAGE_DAYS = 20;

/** The two methods disagree enough to say so when one is this many times the other (our choice). */
const METHOD_DISAGREEMENT_RATIO = 1.5;

function yieldCautions(args: {
  context: EstimateContext;
  daysSoFar: number;
  lastImageAgeDays: number;
  weather: YieldWeatherReport;
  lueYield: number;
  wpYield: number;
}): string[] {
  const { context, daysSoFar, lastImageAgeDays, weather } = args;
  const cautions: string[] = [];
  if (weather.simulated) {
    cautions.push(
      'The weather behind this estimate is simulated, not measured: it shows how the method works, not what this field will yield.',
    );
  }
  if (weather.missingRadiationDates.length > 0) {
    cautions.push(
      `Sunshine (radiation) data were missing on ${weather.missingRadiationDates.length} of the ${daysSoFar} days so far; ` +
        `those days were filled with ${weather.gapFillRadiationMjPerM2Day!.toFixed(1)} MJ/m²/day, not counted as zero, ` +
        'and they widen the range as much as projected days do.',
    );
  }
  if (weather.missingEt0Dates.length > 0) {
    cautions.push(
      `ET₀ was missing on ${weather.missingEt0Dates.length} of the ${daysSoFar} days so far. The water-productivity estimate ` +
        'does not need it (ET₀ cancels out of WP*·Σ Tr/ET₀); only the transpiration total leaves those days out.',
    );
  }
  if (context.todaySeasonDay <= context.developmentEndDay) {
    cautions.push(
      'The crop is still developing its canopy: the projection keeps the latest canopy instead of the fuller one still to ' +
        'come, so until mid-season the expected yield is more likely too low than too high.',
    );
  }
  if (daysSoFar < context.seasonLengthDays && lastImageAgeDays > STALE_IMAGE_DAYS) {
    cautions.push(`The latest clear image is ${lastImageAgeDays} days old; the canopy is assumed unchanged since then.`);
  }
  if (context.invalidImages > 0) {
    cautions.push(`${context.invalidImages} image(s) without a valid field NDVI were left out.`);
  }
  const ratio = Math.max(args.lueYield, args.wpYield) / Math.min(args.lueYield, args.wpYield);
  if (Number.isFinite(ratio) && ratio > METHOD_DISAGREEMENT_RATIO) {
    cautions.push(
      `The two methods disagree (light-use efficiency ${args.lueYield.toFixed(1)} t/ha, water productivity ` +
        `${args.wpYield.toFixed(1)} t/ha of dry grain); the range spans both.`,
    );
  }
  return cautions;
}

function seasonBasisText(crop: CropType, seasonLengthDays: number): string {
  const row = crop.sources[0]?.replace(/^Stage lengths: /, '') ?? 'FAO-56 Table 11';
  return (
    `${seasonLengthDays} days from planting to maturity for ${crop.variety ?? crop.name} (${row}); ` +
    'growth is counted from when the canopy shows, as the satellite sees bare soil before emergence.'
  );
}

function yieldRangeMethodText(uncertaintyFraction: number, rue: { min: number; max: number }): string {
  return (
    'The expected yield is the mean of two methods, light-use efficiency and water productivity. The low and high ends ' +
    `take the lower and higher of the two (light-use efficiency at ${rue.min} and ${rue.max} g/MJ) and widen them by ` +
    `±${Math.round(100 * uncertaintyFraction)} %: ${Math.round(100 * YIELD_UNCERTAINTY.atHarvest)} % with the whole ` +
    `season seen, plus ${Math.round(100 * YIELD_UNCERTAINTY.perProjectedShare)} % × the share of the season still ` +
    'projected or filled in for missing weather. That widening is our judgement, not fitted to harvests.'
  );
}

function yieldMethodText(args: {
  model: CropYieldModel;
  managed: ManagementCoefficients;
  managementClass: ManagementClass;
  crop: CropType;
  seasonLengthDays: number;
  daysSoFar: number;
  images: number;
  weather: YieldWeatherReport;
  kcbMin: number;
}): string {
  const { model, managed, crop, weather } = args;
  const percentObserved = Math.round((100 * args.daysSoFar) / args.seasonLengthDays);
  const classWords =
    args.managementClass === 'commercial' ? 'a commercial or irrigated field' : 'a smallholder, rain-fed or unrecorded field';
  const futureRadiation =
    weather.futureRadiationBasis === null
      ? 'The season is complete, so nothing is projected.'
      : `The remaining ${args.seasonLengthDays - args.daysSoFar} days to maturity are projected: the latest canopy is kept to ` +
        'the end of mid-season and then falls in a straight line to a third of itself at maturity (our assumption), under ' +
        `${weather.futureRadiationMjPerM2Day!.toFixed(1)} MJ/m²/day of sunshine (` +
        (weather.futureRadiationBasis === 'last-30-days-mean'
          ? 'the mean of the measured days in the last 30).'
          : 'an assumed typical value, as no measured day was available).');
  return [
    `Season yield of ${crop.name}, reported as dry grain and at ${STANDARD_GRAIN_MOISTURE_PCT} % moisture, from ${args.images} ` +
      `clear satellite image(s) and the daily weather since planting; ${percentObserved} % of the ${args.seasonLengthDays}-day ` +
      'season (FAO-56 Table 11 stage lengths of the crop and its maturity class) is measured.',
    `Coefficients for ${classWords}.`,
    'Light-use efficiency: each day the canopy absorbs a share fAPAR = 1.257·NDVI − 0.161 (held within 0–0.95) of the ' +
      `photosynthetically active radiation PAR = 0.48 × sunshine and turns it into dry matter at ${managed.rueGPerMjSolar.min}–` +
      `${managed.rueGPerMjSolar.max} g per MJ of intercepted sunshine (below the ${model.unstressedRueGPerMjSolar.min}–` +
      `${model.unstressedRueGPerMjSolar.max} g/MJ of an unstressed crop).`,
    `Water productivity (AquaCrop): dry matter = WP* × Σ Tr/ET₀ with WP* = ${model.waterProductivityGPerM2} g/m² scaled by ` +
      `${managed.soilFertilityFactor} for soil fertility; transpiration Tr/ET₀ is the basal crop coefficient from NDVI ` +
      `(Kcb = 1.44·NDVI − 0.10, Campos 2010) less the ${args.kcbMin} of it that is bare-soil evaporation (FAO-56 Table 17). ` +
      'On both, each day is cut by the water-stress coefficient Ks of the field’s FAO-56 water balance where there is one.',
    `Grain = harvest index ${managed.harvestIndex} × dry matter (the unstressed AquaCrop value is ${model.referenceHarvestIndex}); ` +
      `1 g/m² = 0.01 t/ha of dry grain, and dry grain ÷ ${(1 - STANDARD_GRAIN_MOISTURE_PCT / 100).toFixed(3)} is grain at ` +
      `${STANDARD_GRAIN_MOISTURE_PCT} % moisture.`,
    'The efficiency, harvest index and fertility numbers for each kind of farm are our calibration within published ranges, ' +
      'chosen so that typical seasons land in the yields reported for southern Africa; they have not been fitted to ' +
      'harvests in your district. Pests, weeds, hail and losses at harvest are not seen by the satellite.',
    'Between images NDVI-derived values are interpolated in a straight line and held flat after the last image; before the ' +
      'first image the canopy rises in a straight line from nothing on the planting day.',
    futureRadiation,
  ].join(' ');
}
