/**
 * Pest and disease alerts from daily weather: insect generations from degree-days (fall armyworm, maize stalk borer)
 * and infection weather for grey leaf spot and soybean rust.
 *
 * Degree-days count from the planting date, as if moths laid eggs on the crop as it came up: the first flight into a
 * young crop is the usual start of damage, but the real egg-laying date is not known, so the dates are a guide for
 * when to scout, not a count of the pest. A generation runs egg to egg: its moths emerge when the degree-days since
 * its eggs reach the egg-to-adult constant, and lay the next generation's eggs after the pre-oviposition days.
 *
 * The disease rules are stated for hourly data (hours of high humidity or leaf wetness at a temperature); the daily
 * series has each day's extremes only. Daily proxy, one assumption for both: humidity and temperature follow a sine
 * over the day, humidity highest when it is coolest (around dawn). Then
 *   - hours with RH ≥ x = 24·acos((2x − RHmax − RHmin)/(RHmax − RHmin))/π (24 when RHmin ≥ x, 0 when RHmax < x); in
 *     particular RH is at or above x for 12 h or more exactly when (RHmax + RHmin)/2 ≥ x;
 *   - those h humid hours are the ones around the coolest hour, and their mean temperature is the mean of the
 *     temperature sine over them: Tmean − A·sin(πh/24)/(πh/24), A = (Tmax − Tmin)/2 (the night's mean,
 *     Tmean − (Tmax − Tmin)/π, for h = 12; Tmin as h shrinks to 0).
 * Leaf wetness is taken as the hours with RH ≥ 90 %, a common stand-in where it is not measured (Sentelhas et al.
 * 2008). How sure: the hours and their temperature are estimates from two numbers a day; a cloudy night, fog or a
 * shower wets leaves longer than the humidity sine says, a windy one shorter.
 */
import type { CropType } from '../crops/crop-catalogue.ts';
import { cropGrowthStageOn, seasonDayOn } from '../agronomy/fao56/crop-coefficient.ts';
import { addDays } from '../dates.ts';
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
import { accumulateDegreeDays, type DegreeDayModel } from './degree-days.ts';
import type { AlertWeatherDay } from './weather-alerts.ts';

/** A development stage's lower threshold (°C) and thermal constant (°D). */
export interface StageRequirement {
  baseTemperatureC: number;
  degreeDays: number;
}

/**
 * Fall armyworm (Spodoptera frugiperda), South African population (Du Plessis, Schlemmer & Van den Berg 2020).
 *
 * - Egg-to-adult lower threshold 12.57 °C: from the paper's abstract. The paper gives each stage its own threshold
 *   too (egg 13.01, larva 12.12, pupa 13.06 °C); they are not used, because counting stage by stage needs each
 *   stage's thermal constant as well, and those could not be checked here: the whole development is counted with the
 *   egg-to-adult pair.
 * - Egg-to-adult constant 391 °D: quoted without being checked against the paper (its abstract, the part that could
 *   be read, stops before the constants). Kept, and said to be unchecked wherever it is shown.
 * - Upper cut-off 30 °C: development rose in a straight line with temperature from 18 to 30 °C and no longer at 32 °C.
 * - Pre-oviposition 3 days: eggs are laid two or three days after the moths mate (ARC Plant Health and Protection,
 *   fall armyworm life cycle); a laboratory study of an Egyptian population found ovaries maturing in 4.8 days at
 *   20 °C and 2.1 days at 30 °C. At the 20–25 °C means of a southern African summer 3 days is on the early side,
 *   which is the side a date to scout by should err on.
 */
export const FALL_ARMYWORM = {
  // Sweet corn is maize (Zea mays) to the pest.
  hostCrops: ['maize', 'sweet-corn', 'sorghum'],
  eggToAdult: { baseTemperatureC: 12.57, degreeDays: 391 } satisfies StageRequirement,
  upperCutoffC: 30,
  preOvipositionDays: 3,
  /** The 391 °D egg-to-adult constant is quoted without being checked against the paper; the thresholds were. */
  eggToAdultDegreeDaysChecked: false,
  source:
    'Du Plessis, Schlemmer & Van den Berg (2020), The effect of temperature on the development of Spodoptera frugiperda, Insects 11(4):228 (egg-to-adult base 12.57 °C, development linear from 18 to 30 °C); eggs laid 2–3 days after mating (ARC Plant Health and Protection); degree-days by the single-sine method',
} as const;

/**
 * Maize stalk borer (Busseola fusca): Glatz, du Plessis & Van den Berg (2017), Bull. Entomol. Res. 107:39–48.
 *
 * - Egg 10.36 °C / 99.50 °D and egg-to-adult 8.84 °C / 893.66 °D, from the abstract (larva 8.14 °C / 536.48 °D and
 *   pupa 8.99 °C / 246.25 °D are not needed here).
 * - Upper cut-off 26 °C: the study places the upper threshold for larval development between 26 and 30 °C, and the
 *   whole development took the same 52.6 days at 26 and at 30 °C, so it goes no faster above 26 °C: a day's hours
 *   above 26 °C count as 26 °C.
 * - Two generations a season, the larvae of the second mostly entering diapause in the stalks to pass the dry season
 *   (Smithers, observations of the borer in Southern Rhodesia; the science brief's ◐): so the moths that lay the second generation are the
 *   last flight alerted, and no third is counted.
 */
export const MAIZE_STALK_BORER = {
  // Sweet corn is maize (Zea mays) to the pest.
  hostCrops: ['maize', 'sweet-corn', 'sorghum'],
  egg: { baseTemperatureC: 10.36, degreeDays: 99.5 } satisfies StageRequirement,
  eggToAdult: { baseTemperatureC: 8.84, degreeDays: 893.66 } satisfies StageRequirement,
  upperCutoffC: 26,
  generationsPerSeason: 2,
  source:
    'Glatz, du Plessis & Van den Berg (2017), The effect of temperature on the development and reproduction of Busseola fusca, Bull. Entomol. Res. 107:39–48 (egg 10.36 °C / 99.5 °D, egg-to-adult 8.84 °C / 893.66 °D, no faster development above 26 °C); two generations a season, most of the second in diapause (Smithers, Southern Rhodesia); degree-days by the single-sine method',
} as const;

/**
 * Grey leaf spot infection weather: RH ≥ 90 % for 12 h or more on a day averaging 24–30 °C.
 *
 * In South Africa, Zambia and Zimbabwe the pathogen is Cercospora zeina, not C. zeae-maydis (Meisel et al. 2009, Eur.
 * J. Plant Pathol. 124:577). The limits were measured on C. zeae-maydis in the USA: the disease was where days had
 * 12–13 h of RH above 90 % (Rupe, Siegel & Hartman 1982, Phytopathology 72:1587), with the temperatures the same where
 * it was and where it was not; 24–30 °C is the band the disease models take as favourable (the science brief's
 * verified range; Beckman & Payne 1982, Phytopathology 72:810, saw germination and growth from somewhat cooler,
 * 22 °C, so the band errs towards fewer alerts). No limits measured on C. zeina were found; it grows more slowly than
 * C. zeae-maydis (Crous et al. 2006, Stud. Mycol. 55:189), so the alert says the limits are borrowed.
 */
export const GREY_LEAF_SPOT = {
  hostCrops: ['maize', 'sweet-corn'],
  humidityPct: 90,
  humidHours: 12,
  minTemperatureC: 24,
  maxTemperatureC: 30,
  source:
    'Grey leaf spot (Cercospora zeina in southern Africa: Meisel et al. 2009, Eur. J. Plant Pathol. 124:577): relative humidity 90 % or more for 12 h or more (Rupe, Siegel & Hartman 1982) at 24–30 °C, limits measured on Cercospora zeae-maydis',
} as const;

/** A dew period long enough to infect, for a band of temperature during the dew (°C, both ends included). */
export interface DewRoute {
  fromTemperatureC: number;
  toTemperatureC: number;
  minWetHours: number;
}

/**
 * Soybean rust (Phakopsora pachyrhizi): the shortest dew periods that infected, by the temperature during the dew
 * (Marchetti, Melching & Bromfield 1976, Phytopathology 66:461): 6 h at 20–25 °C, 8–10 h at 15–17.5 °C, no infection
 * above 27.5 °C. The cooler route takes 10 h, the length that infected across the whole 15–17.5 °C band, and is held
 * up to 20 °C (between the two bands tested, assumed to need no more than the cooler one). Above 25 °C no shortest dew
 * period was reported, so no route is taken there. Dew forms at night: the temperature compared is that of the wet
 * hours around dawn, not the day's mean.
 */
export const SOYBEAN_RUST = {
  hostCrops: ['soybean'],
  wetnessHumidityPct: 90,
  dewRoutes: [
    // The first band a temperature falls in applies: 20 °C itself takes the 6 h route.
    { fromTemperatureC: 20, toTemperatureC: 25, minWetHours: 6 },
    { fromTemperatureC: 15, toTemperatureC: 20, minWetHours: 10 },
  ] satisfies DewRoute[],
  source:
    'Marchetti, Melching & Bromfield (1976), Phytopathology 66:461: infection after 6 h of dew at 20–25 °C or 8–10 h at 15–17.5 °C (10 h taken, up to 20 °C), none above 27.5 °C; the temperature during the dew, at night',
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
  /**
   * The field's today when these rules last ran (YYYY-MM-DD), null when they never did. A generation reached on a day
   * no run saw (the server was down, the weather service failed) is alerted at the next run, late rather than never.
   */
  lastEvaluatedOn?: string | null;
}

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** Hours of the day with RH at or above `thresholdPct`, from the day's extremes on a sine (see above). */
export function hoursAtOrAboveHumidity(maxHumidityPct: number, minHumidityPct: number, thresholdPct: number): number {
  if (minHumidityPct >= thresholdPct) return 24;
  if (maxHumidityPct < thresholdPct) return 0;
  const cosine = (2 * thresholdPct - maxHumidityPct - minHumidityPct) / (maxHumidityPct - minHumidityPct);
  return (24 * Math.acos(Math.min(1, Math.max(-1, cosine)))) / Math.PI;
}

/**
 * Mean temperature (°C) of the `wetHours` around the coolest hour of a day on a sine between its extremes: the
 * temperature during a night's dew (see the module note). The minimum for a moment's dew, the day's mean for 24 h.
 */
export function wetPeriodTemperatureC(maxTemperatureC: number, minTemperatureC: number, wetHours: number): number {
  const mean = (maxTemperatureC + minTemperatureC) / 2;
  const amplitude = (maxTemperatureC - minTemperatureC) / 2;
  const halfAngle = (Math.PI * Math.min(24, Math.max(0, wetHours))) / 24;
  return halfAngle === 0 ? minTemperatureC : mean - (amplitude * Math.sin(halfAngle)) / halfAngle;
}

const hosts = (crop: PestAlertOptions['crop'], hostCrops: readonly string[]): boolean => crop !== null && hostCrops.includes(crop.crop);

/** The crop is in the ground on `date`: from planting to the end of its FAO-56 Table 11 stages. */
function inSeason(options: PestAlertOptions, date: string): boolean {
  if (!options.crop || !options.plantingDate) return false;
  const stage = cropGrowthStageOn(options.crop, seasonDayOn(options.plantingDate, date));
  return stage !== 'before-planting' && stage !== 'after-harvest';
}

/** One generation's moths emerging: the day, the day its eggs were laid and the degree-days between. */
interface GenerationEvent {
  generation: number;
  /** The day the degree-days since the eggs reach the constant. */
  date: string;
  /** The day this generation's eggs were laid (the planting date for the first). */
  eggDate: string;
  degreeDays: number;
  /** Days between the eggs and `date` without temperatures, counted as 0 °D. */
  missingDates: string[];
}

/**
 * The days each generation completes `degreeDays` since its eggs were laid: the first from the planting date, each
 * next one from `preOvipositionDays` after the one before emerged (egg to egg), at most `maxGenerations`.
 */
function generationEvents(
  options: PestAlertOptions,
  model: DegreeDayModel,
  degreeDays: number,
  preOvipositionDays: number,
  maxGenerations: number,
): GenerationEvent[] {
  const { days } = accumulateDegreeDays(options.days, options.plantingDate!, model);
  const events: GenerationEvent[] = [];
  let eggDate = options.plantingDate!;
  let sum = 0;
  let missingDates: string[] = [];
  for (const day of days) {
    if (events.length >= maxGenerations) break;
    if (day.date < eggDate) continue;
    sum += day.degreeDays;
    if (day.missing) missingDates.push(day.date);
    if (sum >= degreeDays) {
      events.push({ generation: events.length + 1, date: day.date, eggDate, degreeDays: sum, missingDates });
      eggDate = addDays(day.date, preOvipositionDays);
      sum = 0;
      missingDates = [];
    }
  }
  return events;
}

/**
 * Generations to tell now: those reached today or in the forecast, and those reached since the rules last ran (a day
 * no run saw is told late, once: the next run's last day is past it), while the crop is still in the ground.
 */
function toTell(options: PestAlertOptions, events: GenerationEvent[]): GenerationEvent[] {
  const last = options.lastEvaluatedOn;
  const from = last && last < options.today ? last : options.today;
  return events.filter((event) => event.date >= from && inSeason(options, event.date));
}

const missingCaveat = (missingDates: string[]): AlertCaveat[] =>
  missingDates.length === 0 ? [] : [caveat('alerts.caveats.missingTemperatureDays', { days: missingDates.length })];

const lateCaveat = (options: PestAlertOptions, date: string): AlertCaveat[] =>
  date < options.today ? [caveat('alerts.caveats.toldLate', { date })] : [];

const PLANTING_BIOFIX_CAVEAT = caveat('alerts.caveats.countedFromPlanting');

/**
 * Fall armyworm: moths of a generation may emerge when the degree-days since its eggs (base 12.57 °C, cut-off 30 °C)
 * reach the egg-to-adult constant (≈ 391 °D, not yet checked against the paper); they lay the next generation's eggs
 * three days later. No diapause: generations follow one another as long as the crop is in the ground.
 */
export function fallArmywormAlerts(options: PestAlertOptions): Alert[] {
  if (!options.plantingDate || !hosts(options.crop, FALL_ARMYWORM.hostCrops)) return [];
  const model = { baseTemperatureC: FALL_ARMYWORM.eggToAdult.baseTemperatureC, upperCutoffC: FALL_ARMYWORM.upperCutoffC };
  const events = generationEvents(
    options,
    model,
    FALL_ARMYWORM.eggToAdult.degreeDays,
    FALL_ARMYWORM.preOvipositionDays,
    Number.POSITIVE_INFINITY,
  );
  return toTell(options, events).map((event) => {
    const nextEggDate = addDays(event.date, FALL_ARMYWORM.preOvipositionDays);
    return buildAlert(options, {
      ruleId: 'fall-armyworm',
      severity: 'warning',
      messageKey: 'alerts.fallArmywormGeneration',
      params: { generation: event.generation, date: event.date, nextEggDate },
      actionKey: 'alerts.actions.scoutForFallArmyworm',
      firstDay: event.date,
      episodeName: `${options.plantingDate}:generation-${event.generation}`,
      evidence: {
        values: [
          { name: 'degreeDaysSinceEggs', value: round1(event.degreeDays), unit: '°D', date: event.date },
          { name: 'baseTemperature', value: model.baseTemperatureC, unit: '°C' },
          { name: 'upperCutoff', value: model.upperCutoffC, unit: '°C' },
          { name: 'eggToAdultDegreeDays', value: FALL_ARMYWORM.eggToAdult.degreeDays, unit: '°D' },
          { name: 'preOvipositionDays', value: FALL_ARMYWORM.preOvipositionDays, unit: 'days' },
          { name: 'generation', value: event.generation, unit: 'generation' },
        ],
        dates: [event.eggDate, event.date],
        source: FALL_ARMYWORM.source,
        dataSource: options.dataSource,
        caveats: [
          caveat('alerts.caveats.fallArmywormConstantUnchecked'),
          PLANTING_BIOFIX_CAVEAT,
          ...missingCaveat(event.missingDates),
          ...lateCaveat(options, event.date),
        ],
      },
    });
  });
}

/**
 * Maize stalk borer: first-generation larvae hatch when the degree-days since planting reach the egg constant
 * (10.36 °C base, 99.5 °D) — the time to treat the whorl, before larvae bore into the stem — and the moths that lay
 * the season's second and last generation may fly when the egg-to-adult sum (8.84 °C base) reaches 893.66 °D. Both
 * with the 26 °C cut-off.
 */
export function maizeStalkBorerAlerts(options: PestAlertOptions): Alert[] {
  if (!options.plantingDate || !hosts(options.crop, MAIZE_STALK_BORER.hostCrops)) return [];
  const stages = [
    { requirement: MAIZE_STALK_BORER.egg, messageKey: 'alerts.maizeStalkBorerHatch' as const, stage: 'hatch', maxGenerations: 1 },
    {
      requirement: MAIZE_STALK_BORER.eggToAdult,
      messageKey: 'alerts.maizeStalkBorerMoths' as const,
      stage: 'moths',
      // The moths of the last generation of the season lay no generation of their own before the dry season.
      maxGenerations: MAIZE_STALK_BORER.generationsPerSeason - 1,
    },
  ];
  return stages.flatMap(({ requirement, messageKey, stage, maxGenerations }) => {
    const model = { baseTemperatureC: requirement.baseTemperatureC, upperCutoffC: MAIZE_STALK_BORER.upperCutoffC };
    const events = generationEvents(options, model, requirement.degreeDays, 0, maxGenerations);
    return toTell(options, events).map((event) =>
      buildAlert(options, {
        ruleId: 'maize-stalk-borer',
        severity: 'warning',
        messageKey,
        params: { generation: event.generation, date: event.date, degreeDays: Math.round(event.degreeDays) },
        actionKey: 'alerts.actions.scoutForStalkBorer',
        firstDay: event.date,
        episodeName: `${options.plantingDate}:${stage}-${event.generation}`,
        evidence: {
          values: [
            { name: 'degreeDaysSincePlanting', value: round1(event.degreeDays), unit: '°D', date: event.date },
            { name: 'baseTemperature', value: model.baseTemperatureC, unit: '°C' },
            { name: 'upperCutoff', value: model.upperCutoffC, unit: '°C' },
            { name: 'thermalConstant', value: requirement.degreeDays, unit: '°D' },
            { name: 'generation', value: event.generation, unit: 'generation' },
          ],
          dates: [options.plantingDate!, event.date],
          source: MAIZE_STALK_BORER.source,
          dataSource: options.dataSource,
          caveats: [PLANTING_BIOFIX_CAVEAT, ...missingCaveat(event.missingDates), ...lateCaveat(options, event.date)],
        },
      }),
    );
  });
}

interface DiseaseDay {
  meanTemperatureC: number;
  humidHours: number;
  /** Mean temperature of the humid hours, around dawn (see the module note). */
  wetTemperatureC: number;
}

function diseaseDayOf(day: AlertWeatherDay, humidityPct: number): DiseaseDay | null {
  const { temperatureMaxC: tMax, temperatureMinC: tMin, relativeHumidityMaxPct: rhMax, relativeHumidityMinPct: rhMin } = day;
  if (!isNumber(tMax) || !isNumber(tMin) || !isNumber(rhMax) || !isNumber(rhMin)) return null;
  const humidHours = hoursAtOrAboveHumidity(rhMax, rhMin, humidityPct);
  return { meanTemperatureC: (tMax + tMin) / 2, humidHours, wetTemperatureC: wetPeriodTemperatureC(tMax, tMin, humidHours) };
}

/** Runs of favourable in-season days still running today or in the forecast. */
function diseaseEpisodes<Hit>(options: PestAlertOptions, favourable: (day: AlertWeatherDay) => Hit | null) {
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
        caveats: [caveat('alerts.caveats.humidHoursEstimated'), caveat('alerts.caveats.greyLeafSpotLimitsBorrowed')],
      },
    });
  });
}

/**
 * Soybean rust weather: a night whose estimated leaf wetness (RH ≥ 90 %) is long enough for the temperature during
 * it — 6 h at 20–25 °C, 10 h at 15–20 °C (Marchetti et al. 1976).
 */
export function soybeanRustAlerts(options: PestAlertOptions): Alert[] {
  if (!options.plantingDate || !hosts(options.crop, SOYBEAN_RUST.hostCrops)) return [];
  const rule = SOYBEAN_RUST;
  const episodes = diseaseEpisodes(options, (day) => {
    const disease = diseaseDayOf(day, rule.wetnessHumidityPct);
    if (!disease) return null;
    const route = rule.dewRoutes.find(
      ({ fromTemperatureC, toTemperatureC }) => disease.wetTemperatureC >= fromTemperatureC && disease.wetTemperatureC <= toTemperatureC,
    );
    return route && disease.humidHours >= route.minWetHours ? { ...disease, route } : null;
  });
  return episodes.map((episode) => {
    const first = episode.items[0]!;
    return buildAlert(options, {
      ruleId: 'soybean-rust',
      severity: 'warning',
      messageKey: 'alerts.soybeanRustDew',
      params: { wetHours: round1(first.hit.humidHours), wetTemperatureC: round1(first.hit.wetTemperatureC), date: first.item.date },
      actionKey: 'alerts.actions.scoutForSoybeanRust',
      firstDay: first.item.date,
      evidence: {
        values: episode.items.flatMap(({ item, hit }) => [
          { name: 'leafWetnessHours', value: round1(hit.humidHours), unit: 'h', date: item.date },
          { name: 'wetPeriodTemperature', value: round1(hit.wetTemperatureC), unit: '°C', date: item.date },
          { name: 'wetHoursNeeded', value: hit.route.minWetHours, unit: 'h', date: item.date },
        ]),
        dates: episode.items.map(({ item }) => item.date),
        source: `${rule.source}. ${LEAF_WETNESS_PROXY_SOURCE}`,
        dataSource: options.dataSource,
        caveats: [caveat('alerts.caveats.leafWetnessEstimated')],
      },
    });
  });
}
