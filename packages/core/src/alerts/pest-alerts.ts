/**
 * Pest and disease alerts from daily weather: insect generations from degree-days since planting (fall armyworm,
 * maize stalk borer) and infection weather for grey leaf spot and soybean rust.
 *
 * Degree-days count from the planting date, as if moths laid eggs on the crop as it came up: the first flight into a
 * young crop is the usual start of damage, but the real egg-laying date is not known, so the dates are a guide for
 * when to scout, not a count of the pest.
 *
 * The disease rules are stated for hourly data (hours of high humidity or leaf wetness at a temperature); the daily
 * series has each day's extremes only. Daily proxy, one assumption for both: humidity and temperature follow a sine
 * over the day, humidity highest when it is coolest (before dawn). Then
 *   - hours with RH ≥ x = 24·acos((2x − RHmax − RHmin)/(RHmax − RHmin))/π (24 when RHmin ≥ x, 0 when RHmax < x); in
 *     particular RH is at or above x for 12 h or more exactly when (RHmax + RHmin)/2 ≥ x;
 *   - the mean of the cooler half of the day (the night) = Tmean − (Tmax − Tmin)/π, Tmean = (Tmax + Tmin)/2.
 * Leaf wetness is taken as the hours with RH ≥ 90 %, a common stand-in where it is not measured (Sentelhas et al.
 * 2008). The temperature of a wet or humid spell is taken as the day's mean.
 */
import type { CropType } from '../crops/crop-catalogue.ts';
import { cropGrowthStageOn, seasonDayOn } from '../agronomy/fao56/crop-coefficient.ts';
import {
  buildAlert,
  caveat,
  consecutiveDays,
  episodesOf,
  round1,
  sortedByDate,
  type Alert,
  type AlertCaveat,
  type AlertContext,
} from './alert.ts';
import { accumulateDegreeDays, PEST_UPPER_CUTOFF_C, type DegreeDayModel } from './degree-days.ts';
import type { AlertWeatherDay } from './weather-alerts.ts';

/** A development stage's lower threshold (°C) and thermal constant (°D). */
export interface StageRequirement {
  baseTemperatureC: number;
  degreeDays: number;
}

/** Fall armyworm (Spodoptera frugiperda), South African population. */
export const FALL_ARMYWORM = {
  // Sweet corn is maize (Zea mays) to the pest.
  hostCrops: ['maize', 'sweet-corn', 'sorghum'],
  stages: {
    egg: { baseTemperatureC: 13.01 },
    larva: { baseTemperatureC: 12.12 },
    pupa: { baseTemperatureC: 13.06 },
  },
  eggToAdult: { baseTemperatureC: 12.57, degreeDays: 391 } satisfies StageRequirement,
  /** The 391 °D egg-to-adult constant is quoted without being checked against the paper; the thresholds were. */
  eggToAdultDegreeDaysChecked: false,
  source:
    'Du Plessis, Schlemmer & Van den Berg (2020), The effect of temperature on the development of Spodoptera frugiperda, Insects 11(4):228 (egg-to-adult base 12.57 °C)',
} as const;

/** Maize stalk borer (Busseola fusca): lower thresholds and thermal constants of each stage. */
export const MAIZE_STALK_BORER = {
  // Sweet corn is maize (Zea mays) to the pest.
  hostCrops: ['maize', 'sweet-corn', 'sorghum'],
  egg: { baseTemperatureC: 10.36, degreeDays: 99.5 } satisfies StageRequirement,
  larva: { baseTemperatureC: 8.14, degreeDays: 536.5 } satisfies StageRequirement,
  pupa: { baseTemperatureC: 8.99, degreeDays: 246.3 } satisfies StageRequirement,
  eggToAdult: { baseTemperatureC: 8.84, degreeDays: 893.7 } satisfies StageRequirement,
  source:
    'Glatz (2017), development thresholds and degree-days of Busseola fusca stages (egg 10.36 °C / 99.5 °D, egg-to-adult 8.84 °C / 893.7 °D)',
} as const;

/** Grey leaf spot (Cercospora zeae-maydis) infection weather: RH ≥ 90 % for 12 h or more at 24–30 °C. */
export const GREY_LEAF_SPOT = {
  hostCrops: ['maize', 'sweet-corn'],
  humidityPct: 90,
  humidHours: 12,
  minTemperatureC: 24,
  maxTemperatureC: 30,
  source:
    'Extension rule of thumb for grey leaf spot of maize (Cercospora zeae-maydis), not yet checked against a named field study: relative humidity 90 % or more for 12 h or more at 24–30 °C',
} as const;

/** Soybean rust (Phakopsora pachyrhizi): at least 6 h of leaf wetness at 20–25 °C; nights averaging under 14 °C suppress it. */
export const SOYBEAN_RUST = {
  hostCrops: ['soybean'],
  wetnessHumidityPct: 90,
  wetHours: 6,
  minTemperatureC: 20,
  maxTemperatureC: 25,
  suppressingNightMeanC: 14,
  source:
    'Marchetti, Melching & Bromfield (1976), Phytopathology 66:461 (6 h of dew at 20–25 °C, the shortest that infects); nights averaging under 14 °C suppress infection',
} as const;

export const LEAF_WETNESS_PROXY_SOURCE = 'Leaf wetness taken as hours with RH ≥ 90 % (Sentelhas et al. 2008)';

export interface PestAlertOptions extends AlertContext {
  crop: Pick<CropType, 'crop' | 'stageLengthsDays'> | null;
  /** YYYY-MM-DD; without it there is nothing to count from and no season to watch. */
  plantingDate: string | null;
  /** Daily weather from the planting date through the forecast. */
  days: readonly AlertWeatherDay[];
  /** Names the data: `Open-Meteo forecast`, `simulated`. */
  dataSource: string;
}

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** Hours of the day with RH at or above `thresholdPct`, from the day's extremes on a sine (see above). */
export function hoursAtOrAboveHumidity(maxHumidityPct: number, minHumidityPct: number, thresholdPct: number): number {
  if (minHumidityPct >= thresholdPct) return 24;
  if (maxHumidityPct < thresholdPct) return 0;
  const cosine = (2 * thresholdPct - maxHumidityPct - minHumidityPct) / (maxHumidityPct - minHumidityPct);
  return (24 * Math.acos(Math.min(1, Math.max(-1, cosine)))) / Math.PI;
}

/** Mean temperature of the cooler half of the day (the night) on a sine between the extremes, °C. */
export function nightMeanTemperatureC(maxTemperatureC: number, minTemperatureC: number): number {
  return (maxTemperatureC + minTemperatureC) / 2 - (maxTemperatureC - minTemperatureC) / Math.PI;
}

const hosts = (crop: PestAlertOptions['crop'], hostCrops: readonly string[]): boolean => crop !== null && hostCrops.includes(crop.crop);

/** The crop is in the ground on `date`: from planting to the end of its FAO-56 Table 11 stages. */
function inSeason(options: PestAlertOptions, date: string): boolean {
  if (!options.crop || !options.plantingDate) return false;
  const stage = cropGrowthStageOn(options.crop, seasonDayOn(options.plantingDate, date));
  return stage !== 'before-planting' && stage !== 'after-harvest';
}

/** Days on which the running degree-day sum passes each multiple of `degreeDays`: generation 1, 2, … */
function generationDays(
  options: PestAlertOptions,
  model: DegreeDayModel,
  degreeDays: number,
  maxGenerations = Number.POSITIVE_INFINITY,
): { generation: number; date: string; cumulativeDegreeDays: number; missingDates: string[] }[] {
  const accumulation = accumulateDegreeDays(options.days, options.plantingDate!, model);
  const events: { generation: number; date: string; cumulativeDegreeDays: number; missingDates: string[] }[] = [];
  let generations = 0;
  for (const day of accumulation.days) {
    const reached = Math.floor(day.cumulativeDegreeDays / degreeDays);
    if (reached > generations && reached <= maxGenerations) {
      const missingDates = accumulation.missingDates.filter((date) => date <= day.date);
      events.push({ generation: reached, date: day.date, cumulativeDegreeDays: day.cumulativeDegreeDays, missingDates });
    }
    generations = reached;
  }
  // Events that fall today or in the forecast, while the crop is still in the ground; past ones were alerted then.
  return events.filter((event) => event.date >= options.today && inSeason(options, event.date));
}

const missingCaveat = (missingDates: string[]): AlertCaveat[] =>
  missingDates.length === 0 ? [] : [caveat('alerts.caveats.missingTemperatureDays', { days: missingDates.length })];

const PLANTING_BIOFIX_CAVEAT = caveat('alerts.caveats.countedFromPlanting');

/**
 * Fall armyworm: a generation of moths may emerge each time the degree-days since planting (base 12.57 °C, cut-off
 * 30 °C) pass a multiple of the egg-to-adult constant (≈ 391 °D, not yet checked against the paper).
 */
export function fallArmywormAlerts(options: PestAlertOptions): Alert[] {
  if (!options.plantingDate || !hosts(options.crop, FALL_ARMYWORM.hostCrops)) return [];
  const model = { baseTemperatureC: FALL_ARMYWORM.eggToAdult.baseTemperatureC, upperCutoffC: PEST_UPPER_CUTOFF_C };
  return generationDays(options, model, FALL_ARMYWORM.eggToAdult.degreeDays).map((event) =>
    buildAlert(options, {
      ruleId: 'fall-armyworm',
      severity: 'warning',
      messageKey: 'alerts.fallArmyworm',
      params: { generation: event.generation, date: event.date, degreeDays: Math.round(event.cumulativeDegreeDays) },
      actionKey: 'alerts.actions.scoutForFallArmyworm',
      firstDay: event.date,
      episodeName: `${options.plantingDate}:generation-${event.generation}`,
      evidence: {
        values: [
          { name: 'degreeDaysSincePlanting', value: round1(event.cumulativeDegreeDays), unit: '°D', date: event.date },
          { name: 'baseTemperature', value: model.baseTemperatureC, unit: '°C' },
          { name: 'upperCutoff', value: model.upperCutoffC, unit: '°C' },
          { name: 'eggToAdultDegreeDays', value: FALL_ARMYWORM.eggToAdult.degreeDays, unit: '°D' },
          { name: 'generation', value: event.generation, unit: 'generation' },
        ],
        dates: [options.plantingDate!, event.date],
        source: FALL_ARMYWORM.source,
        dataSource: options.dataSource,
        caveats: [caveat('alerts.caveats.fallArmywormConstantUnchecked'), PLANTING_BIOFIX_CAVEAT, ...missingCaveat(event.missingDates)],
      },
    }),
  );
}

/**
 * Maize stalk borer: first-generation larvae hatch when the degree-days since planting reach the egg constant
 * (10.36 °C base, 99.5 °D) — the time to treat the whorl, before larvae bore into the stem — and a new generation of
 * moths may fly each time the egg-to-adult sum (8.84 °C base) passes a multiple of 893.7 °D.
 */
export function maizeStalkBorerAlerts(options: PestAlertOptions): Alert[] {
  if (!options.plantingDate || !hosts(options.crop, MAIZE_STALK_BORER.hostCrops)) return [];
  const stages = [
    { requirement: MAIZE_STALK_BORER.egg, messageKey: 'alerts.maizeStalkBorerHatch' as const, maxGenerations: 1, stage: 'hatch' },
    {
      requirement: MAIZE_STALK_BORER.eggToAdult,
      messageKey: 'alerts.maizeStalkBorerMoths' as const,
      maxGenerations: Number.POSITIVE_INFINITY,
      stage: 'moths',
    },
  ];
  return stages.flatMap(({ requirement, messageKey, maxGenerations, stage }) => {
    const model = { baseTemperatureC: requirement.baseTemperatureC, upperCutoffC: PEST_UPPER_CUTOFF_C };
    return generationDays(options, model, requirement.degreeDays, maxGenerations).map((event) =>
      buildAlert(options, {
        ruleId: 'maize-stalk-borer',
        severity: 'warning',
        messageKey,
        params: { generation: event.generation, date: event.date, degreeDays: Math.round(event.cumulativeDegreeDays) },
        actionKey: 'alerts.actions.scoutForStalkBorer',
        firstDay: event.date,
        episodeName: `${options.plantingDate}:${stage}-${event.generation}`,
        evidence: {
          values: [
            { name: 'degreeDaysSincePlanting', value: round1(event.cumulativeDegreeDays), unit: '°D', date: event.date },
            { name: 'baseTemperature', value: model.baseTemperatureC, unit: '°C' },
            { name: 'upperCutoff', value: model.upperCutoffC, unit: '°C' },
            { name: 'thermalConstant', value: requirement.degreeDays, unit: '°D' },
            { name: 'generation', value: event.generation, unit: 'generation' },
          ],
          dates: [options.plantingDate!, event.date],
          source: MAIZE_STALK_BORER.source,
          dataSource: options.dataSource,
          caveats: [PLANTING_BIOFIX_CAVEAT, ...missingCaveat(event.missingDates)],
        },
      }),
    );
  });
}

interface DiseaseDay {
  meanTemperatureC: number;
  nightMeanTemperatureC: number;
  humidHours: number;
}

function diseaseDayOf(day: AlertWeatherDay, humidityPct: number): DiseaseDay | null {
  const { temperatureMaxC: tMax, temperatureMinC: tMin, relativeHumidityMaxPct: rhMax, relativeHumidityMinPct: rhMin } = day;
  if (!isNumber(tMax) || !isNumber(tMin) || !isNumber(rhMax) || !isNumber(rhMin)) return null;
  return {
    meanTemperatureC: (tMax + tMin) / 2,
    nightMeanTemperatureC: nightMeanTemperatureC(tMax, tMin),
    humidHours: hoursAtOrAboveHumidity(rhMax, rhMin, humidityPct),
  };
}

/** Runs of favourable in-season days still running today or in the forecast. */
function diseaseEpisodes(options: PestAlertOptions, favourable: (day: AlertWeatherDay) => DiseaseDay | null) {
  const days = sortedByDate(options.days);
  return episodesOf(days, (day) => (inSeason(options, day.date) ? favourable(day) : null), consecutiveDays).filter(
    (episode) => episode.items.at(-1)!.item.date >= options.today,
  );
}

/**
 * Grey leaf spot weather on maize: a day with an estimated 12 h or more at RH ≥ 90 % (RHmax and RHmin averaging
 * 90 % or more) and a mean temperature of 24–30 °C.
 */
export function greyLeafSpotAlerts(options: PestAlertOptions): Alert[] {
  if (!options.plantingDate || !hosts(options.crop, GREY_LEAF_SPOT.hostCrops)) return [];
  const rule = GREY_LEAF_SPOT;
  const episodes = diseaseEpisodes(options, (day) => {
    const disease = diseaseDayOf(day, rule.humidityPct);
    if (!disease) return null;
    const warm = disease.meanTemperatureC >= rule.minTemperatureC && disease.meanTemperatureC <= rule.maxTemperatureC;
    return warm && disease.humidHours >= rule.humidHours ? disease : null;
  });
  return episodes.map((episode) => {
    const first = episode.items[0]!;
    return buildAlert(options, {
      ruleId: 'grey-leaf-spot',
      severity: 'warning',
      messageKey: 'alerts.greyLeafSpot',
      params: { humidHours: round1(first.hit.humidHours), meanTemperatureC: round1(first.hit.meanTemperatureC), date: first.item.date },
      actionKey: 'alerts.actions.scoutForGreyLeafSpot',
      firstDay: first.item.date,
      evidence: {
        values: episode.items.flatMap(({ item, hit }) => [
          { name: 'hoursAtOrAbove90PctHumidity', value: round1(hit.humidHours), unit: 'h', date: item.date },
          { name: 'meanTemperature', value: round1(hit.meanTemperatureC), unit: '°C', date: item.date },
        ]),
        dates: episode.items.map(({ item }) => item.date),
        source: `${rule.source}. Hours estimated from the day’s humidity extremes`,
        dataSource: options.dataSource,
        caveats: [caveat('alerts.caveats.humidHoursEstimated')],
      },
    });
  });
}

/**
 * Soybean rust weather: a day with an estimated 6 h or more of leaf wetness (RH ≥ 90 %) at a mean of 20–25 °C, unless
 * the night averages under 14 °C, which suppresses infection.
 */
export function soybeanRustAlerts(options: PestAlertOptions): Alert[] {
  if (!options.plantingDate || !hosts(options.crop, SOYBEAN_RUST.hostCrops)) return [];
  const rule = SOYBEAN_RUST;
  const episodes = diseaseEpisodes(options, (day) => {
    const disease = diseaseDayOf(day, rule.wetnessHumidityPct);
    if (!disease) return null;
    const mild = disease.meanTemperatureC >= rule.minTemperatureC && disease.meanTemperatureC <= rule.maxTemperatureC;
    const suppressed = disease.nightMeanTemperatureC < rule.suppressingNightMeanC;
    return mild && !suppressed && disease.humidHours >= rule.wetHours ? disease : null;
  });
  return episodes.map((episode) => {
    const first = episode.items[0]!;
    return buildAlert(options, {
      ruleId: 'soybean-rust',
      severity: 'warning',
      messageKey: 'alerts.soybeanRust',
      params: { wetHours: round1(first.hit.humidHours), meanTemperatureC: round1(first.hit.meanTemperatureC), date: first.item.date },
      actionKey: 'alerts.actions.scoutForSoybeanRust',
      firstDay: first.item.date,
      evidence: {
        values: episode.items.flatMap(({ item, hit }) => [
          { name: 'leafWetnessHours', value: round1(hit.humidHours), unit: 'h', date: item.date },
          { name: 'meanTemperature', value: round1(hit.meanTemperatureC), unit: '°C', date: item.date },
          { name: 'nightMeanTemperature', value: round1(hit.nightMeanTemperatureC), unit: '°C', date: item.date },
        ]),
        dates: episode.items.map(({ item }) => item.date),
        source: `${rule.source}. ${LEAF_WETNESS_PROXY_SOURCE}`,
        dataSource: options.dataSource,
        caveats: [caveat('alerts.caveats.leafWetnessEstimated')],
      },
    });
  });
}
