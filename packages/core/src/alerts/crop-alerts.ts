/**
 * Crop alerts from imagery readings and the FAO-56 root-zone water balance: a drop in NDVI, water stress, nitrogen
 * shortage and irrigation coming due. Imagery episodes run over consecutive usable readings and are current while they
 * include the latest one; water-balance episodes run over consecutive days (see `alert.ts`).
 */
import { NDRE_SUFFICIENCY_THRESHOLD } from '../agronomy/fertilizer/coefficients.ts';
import { cropGrowthStageOn, seasonDayOn, type CropGrowthStage } from '../agronomy/fao56/crop-coefficient.ts';
import {
  IRRIGATION_DEPTH_PER_APPLICATION_MM,
  IRRIGATION_FORECAST_DAYS,
  MATERIAL_WATER_STRESS_KS,
  POSTPONE_RAIN_THRESHOLD_MM,
  POSTPONE_RAIN_WINDOW_DAYS,
} from '../agronomy/fao56/irrigation-advice.ts';
import type { WaterBalanceDay } from '../agronomy/fao56/water-balance.ts';
import type { CropType } from '../crops/crop-catalogue.ts';
import { addDays } from '../dates.ts';
import { LEGENDS } from '../index-legends.ts';
import {
  buildAlert,
  caveat,
  consecutiveDays,
  episodesOf,
  round1,
  round2,
  sortedByDate,
  withOverrides,
  type Alert,
  type AlertCaveat,
  type AlertContext,
  type Episode,
} from './alert.ts';

/** One field-mean index value from one scene; `usable` as the imagery engine judged it (clear enough, inside the scene). */
export interface IndexReading {
  /** YYYY-MM-DD of the scene. */
  date: string;
  value: number | null;
  usable: boolean;
}

/**
 * NDRE reading, with the sufficiency index (field NDRE ÷ reference NDRE) when a reference was available, and the
 * same image's mean NDVI when known (how much of the ground the crop covers).
 */
export interface NdreIndexReading extends IndexReading {
  sufficiencyIndex?: number | null;
  ndvi?: number | null;
}

/**
 * Canopy cover below which a field's NDRE speaks of the soil between the plants more than of their leaves: red-edge
 * indices are read for nitrogen once the canopy is near closed, and a young crop's low NDRE is bare ground. The line
 * is the spec's "healthy" NDVI class edge (0.5), our choice, not a calibrated limit; the sufficiency index, which
 * compares the field with its own best part, is read at any cover outside the initial stage.
 */
export const NDRE_CANOPY_NDVI_FROM = LEGENDS.ndvi.classes[1].to;

/**
 * Defaults, each from the number core already names: the spec §9 guides as the legends' class edges (NDWI below
 * −0.2 water stress, NDRE below 0.3 nitrogen deficiency) and the fertilizer engine's sufficiency-index threshold
 * (0.95). The NDVI drop of 0.1 between consecutive usable images is the product's alert rule.
 */
export const CROP_ALERT_THRESHOLDS = {
  ndviDrop: 0.1,
  ndwiWaterStress: LEGENDS.ndmi.classes[0].to,
  ndreNitrogenDeficiency: LEGENDS.ndre.classes[0].to,
  ndreSufficiencyIndex: NDRE_SUFFICIENCY_THRESHOLD.value,
};

export type CropAlertThresholds = typeof CROP_ALERT_THRESHOLDS;

export const CROP_ALERT_SOURCES = {
  ndviDrop:
    'Product alert rule: NDVI falling by 0.1 or more between consecutive clear images, outside the late (senescence) stage of FAO-56 Table 11',
  waterStressDepletion:
    'FAO-56 (Allen et al. 1998) Eq. 84: water stress once the root-zone depletion passes the readily available water (RAW)',
  waterStressNdwi: 'Product guide (spec §9): NDWI (NIR−SWIR, Gao 1996) below −0.2 means water stress',
  nitrogen: `Product guide (spec §9): NDRE below 0.3 means nitrogen deficiency; NDRE sufficiency index below 0.95 (${NDRE_SUFFICIENCY_THRESHOLD.source})`,
  irrigationDue:
    'FAO-56 (Allen et al. 1998) chapter 8: irrigate when the root-zone depletion reaches RAW; spec §9: 20–30 mm per application, delay if over 10 mm of rain is expected within 48 h',
} as const;

/** The crop and its planting date, to tell the growth stage (FAO-56 Table 11 lengths from the catalogue). */
export interface CropSeason {
  crop: Pick<CropType, 'stageLengthsDays'> | null;
  /** YYYY-MM-DD, or null when not recorded. */
  plantingDate: string | null;
}

export interface ImageryAlertOptions extends AlertContext, CropSeason {
  /** Names the imagery: `earth-search`, `landsat`, `simulated`. */
  dataSource: string;
  thresholds?: Partial<CropAlertThresholds>;
}

/** The growth stage on a date, or null when crop or planting date is unknown. */
function stageOn(season: CropSeason, date: string): CropGrowthStage | null {
  if (!season.crop || !season.plantingDate) return null;
  return cropGrowthStageOn(season.crop, seasonDayOn(season.plantingDate, date));
}

/**
 * Senescence (the late-season stage) and the days with no crop in the ground: there a falling NDVI or a low NDRE is
 * the crop ripening or bare soil, not a problem.
 */
const NOT_A_GROWING_CROP: readonly CropGrowthStage[] = ['late-season', 'after-harvest', 'before-planting'];

const stageCaveats = (stage: CropGrowthStage | null): AlertCaveat[] =>
  stage === null ? [caveat('alerts.caveats.growthStageUnknown')] : [];

/** Usable readings with a number, oldest first. */
const usableReadings = <R extends IndexReading>(readings: readonly R[]): (R & { value: number })[] =>
  sortedByDate(readings).filter((reading): reading is R & { value: number } => reading.usable && Number.isFinite(reading.value));

/** Episodes still running: those that end with the latest item (usable reading, or balance day up to today). */
function episodesEndingWith<Item extends { date: string }, Hit>(
  episodes: Episode<Item, Hit>[],
  latest: Item | undefined,
): Episode<Item, Hit>[] {
  return latest === undefined ? [] : episodes.filter((episode) => episode.items.at(-1)!.item === latest);
}

/**
 * NDVI drop: NDVI falling by `ndviDrop` (0.1) or more from one usable reading to the next, on a date outside
 * senescence. Consecutive falling readings are one episode, starting on the first lower reading.
 */
export function ndviDropAlerts(options: ImageryAlertOptions & { readings: readonly IndexReading[] }): Alert[] {
  const thresholds = withOverrides(CROP_ALERT_THRESHOLDS, options.thresholds);
  const readings = usableReadings(options.readings);
  const episodes = episodesOf(readings, (reading, index) => {
    const before = readings[index - 1];
    if (before === undefined) return null;
    const stage = stageOn(options, reading.date);
    if (stage !== null && NOT_A_GROWING_CROP.includes(stage)) return null;
    // A float difference such as 0.6 − 0.5 is 0.0999…; compare at the readings' own precision.
    const drop = round2(before.value - reading.value);
    return drop >= thresholds.ndviDrop ? { before, drop, stage } : null;
  });
  return episodesEndingWith(episodes, readings.at(-1)).map((episode) => {
    const first = episode.items[0]!;
    const last = episode.items.at(-1)!;
    const before = first.hit.before;
    const totalDrop = round2(before.value - last.item.value);
    return buildAlert(options, {
      ruleId: 'ndvi-drop',
      severity: 'warning',
      messageKey: 'alerts.ndviDrop',
      params: {
        ndviDrop: totalDrop,
        ndviBefore: round2(before.value),
        beforeDate: before.date,
        ndviAfter: round2(last.item.value),
        afterDate: last.item.date,
      },
      actionKey: 'alerts.actions.scoutField',
      firstDay: first.item.date,
      evidence: {
        values: [
          { name: 'ndvi', value: before.value, unit: 'index', date: before.date },
          ...episode.items.map(({ item }) => ({ name: 'ndvi', value: item.value, unit: 'index', date: item.date })),
          { name: 'ndviDrop', value: totalDrop, unit: 'index' },
          { name: 'ndviDropThreshold', value: thresholds.ndviDrop, unit: 'index' },
        ],
        dates: [before.date, ...episode.items.map(({ item }) => item.date)],
        source: CROP_ALERT_SOURCES.ndviDrop,
        dataSource: options.dataSource,
        caveats: stageCaveats(last.hit.stage),
      },
    });
  });
}

/** Water stress from imagery: NDWI (the NIR−SWIR form) below `ndwiWaterStress` (−0.2) on consecutive usable readings. */
export function ndwiWaterStressAlerts(options: ImageryAlertOptions & { readings: readonly IndexReading[] }): Alert[] {
  const thresholds = withOverrides(CROP_ALERT_THRESHOLDS, options.thresholds);
  const readings = usableReadings(options.readings);
  const episodes = episodesOf(readings, (reading) => (reading.value < thresholds.ndwiWaterStress ? reading.value : null));
  return episodesEndingWith(episodes, readings.at(-1)).map((episode) => {
    const first = episode.items[0]!;
    const driest = episode.items.reduce((a, b) => (b.hit < a.hit ? b : a));
    return buildAlert(options, {
      ruleId: 'water-stress-ndwi',
      severity: 'warning',
      messageKey: 'alerts.waterStressNdwi',
      params: { ndwi: round2(driest.hit), date: driest.item.date, threshold: thresholds.ndwiWaterStress },
      actionKey: 'alerts.actions.checkSoilMoisture',
      firstDay: first.item.date,
      evidence: {
        values: [
          ...episode.items.map(({ item }) => ({ name: 'ndwi', value: item.value, unit: 'index', date: item.date })),
          { name: 'ndwiThreshold', value: thresholds.ndwiWaterStress, unit: 'index' },
        ],
        dates: episode.items.map(({ item }) => item.date),
        source: CROP_ALERT_SOURCES.waterStressNdwi,
        dataSource: options.dataSource,
        caveats: [],
      },
    });
  });
}

/**
 * Nitrogen: NDRE below `ndreNitrogenDeficiency` (0.3) or a sufficiency index below `ndreSufficiencyIndex` (0.95) on
 * consecutive usable readings, outside senescence (ripening leaves lose chlorophyll whatever the nitrogen).
 */
export function nitrogenAlerts(options: ImageryAlertOptions & { readings: readonly NdreIndexReading[] }): Alert[] {
  const thresholds = withOverrides(CROP_ALERT_THRESHOLDS, options.thresholds);
  const readings = usableReadings(options.readings);
  const episodes = episodesOf(readings, (reading) => {
    const stage = stageOn(options, reading.date);
    // In the initial stage (under about 10 % ground cover, FAO-56 Table 11) the image sees soil, not leaves.
    if (stage !== null && (NOT_A_GROWING_CROP.includes(stage) || stage === 'initial')) return null;
    const openCanopy = typeof reading.ndvi === 'number' && reading.ndvi < NDRE_CANOPY_NDVI_FROM;
    const lowNdre = !openCanopy && reading.value < thresholds.ndreNitrogenDeficiency;
    const index = reading.sufficiencyIndex;
    const lowSufficiency = typeof index === 'number' && Number.isFinite(index) && index < thresholds.ndreSufficiencyIndex;
    return lowNdre || lowSufficiency ? { lowNdre, lowSufficiency, stage } : null;
  });
  return episodesEndingWith(episodes, readings.at(-1)).map((episode) => {
    const first = episode.items[0]!;
    const latest = episode.items.at(-1)!;
    const byNdre = latest.hit.lowNdre;
    const caveats = [
      ...stageCaveats(latest.hit.stage),
      caveat('alerts.caveats.otherCausesOfLowNdre'),
      ...(latest.hit.lowSufficiency ? [caveat('alerts.caveats.sufficiencyNotCalibrated')] : []),
    ];
    return buildAlert(options, {
      ruleId: 'nitrogen',
      severity: 'warning',
      messageKey: byNdre ? 'alerts.nitrogenNdre' : 'alerts.nitrogenSufficiency',
      params: byNdre
        ? { ndre: round2(latest.item.value), date: latest.item.date, threshold: thresholds.ndreNitrogenDeficiency }
        : { sufficiencyIndex: round2(latest.item.sufficiencyIndex!), date: latest.item.date, threshold: thresholds.ndreSufficiencyIndex },
      actionKey: 'alerts.actions.checkNitrogen',
      firstDay: first.item.date,
      evidence: {
        values: [
          ...episode.items.flatMap(({ item }) => [
            { name: 'ndre', value: item.value, unit: 'index', date: item.date },
            ...(typeof item.sufficiencyIndex === 'number'
              ? [{ name: 'sufficiencyIndex', value: item.sufficiencyIndex, unit: 'ratio', date: item.date }]
              : []),
          ]),
          { name: 'ndreThreshold', value: thresholds.ndreNitrogenDeficiency, unit: 'index' },
          { name: 'sufficiencyIndexThreshold', value: thresholds.ndreSufficiencyIndex, unit: 'ratio' },
        ],
        dates: episode.items.map(({ item }) => item.date),
        source: CROP_ALERT_SOURCES.nitrogen,
        dataSource: options.dataSource,
        caveats,
      },
    });
  });
}

/**
 * Ks below which water stress is critical: the crop gets under 70 % of the water it needs. With maize's yield response
 * factor Ky 1.25 (FAO Irrigation and Drainage Paper 33, Doorenbos & Kassam 1979), a 30 % cut in water use that lasts
 * costs over a third of the yield; at such a shortfall leaves roll by midday. The line is our choice on those grounds.
 */
export const SEVERE_WATER_STRESS_KS = 0.7;

/** The water-balance numbers the rules read, as `simulateRootZoneWaterBalance` gives them per day. */
export type AlertWaterBalanceDay = Pick<
  WaterBalanceDay,
  'date' | 'stage' | 'rootZoneDepletionMm' | 'readilyAvailableWaterMm' | 'totalAvailableWaterMm' | 'ks' | 'rainMm'
>;

export interface WaterBalanceAlertOptions extends AlertContext {
  /** Balance days, oldest first: the recent past up to today, and for irrigation the forecast days after it. */
  days: readonly AlertWaterBalanceDay[];
  /** Names the weather behind the balance: `Open-Meteo forecast`, `simulated`. */
  dataSource: string;
}

const growing = (day: AlertWaterBalanceDay) => day.stage !== 'before-planting' && day.stage !== 'after-harvest';

/**
 * Water stress from the balance: depletion above RAW (FAO-56 Eq. 84, Ks below 1) on consecutive days up to today;
 * graded by how short of water the crop is: info while Ks stays at 0.9 or more (it has begun on the harder-to-get water;
 * the irrigation advice does not yet call this stress), a warning below `MATERIAL_WATER_STRESS_KS` (0.9, where the advice
 * says "short of water"), critical below `SEVERE_WATER_STRESS_KS`.
 */
export function depletionWaterStressAlerts(options: WaterBalanceAlertOptions): Alert[] {
  const days = sortedByDate(options.days).filter((day) => day.date <= options.today);
  const latest = days.at(-1);
  const episodes = episodesOf(
    days,
    (day) => (growing(day) && day.rootZoneDepletionMm > day.readilyAvailableWaterMm ? day : null),
    consecutiveDays,
  );
  return episodesEndingWith(episodes, latest).map((episode) => {
    const now = episode.items.at(-1)!.item;
    return buildAlert(options, {
      ruleId: 'water-stress-depletion',
      severity: now.ks < SEVERE_WATER_STRESS_KS ? 'critical' : now.ks < MATERIAL_WATER_STRESS_KS ? 'warning' : 'info',
      messageKey: 'alerts.waterStressDepletion',
      params: {
        depletionMm: round1(now.rootZoneDepletionMm),
        readilyAvailableWaterMm: round1(now.readilyAvailableWaterMm),
        date: now.date,
      },
      actionKey: 'alerts.actions.checkSoilMoisture',
      firstDay: episode.items[0]!.item.date,
      evidence: {
        values: [
          { name: 'rootZoneDepletion', value: round1(now.rootZoneDepletionMm), unit: 'mm', date: now.date },
          { name: 'readilyAvailableWater', value: round1(now.readilyAvailableWaterMm), unit: 'mm', date: now.date },
          { name: 'totalAvailableWater', value: round1(now.totalAvailableWaterMm), unit: 'mm', date: now.date },
          { name: 'ks', value: round2(now.ks), unit: 'ratio', date: now.date },
        ],
        dates: episode.items.map(({ item }) => item.date),
        source: CROP_ALERT_SOURCES.waterStressDepletion,
        dataSource: options.dataSource,
        caveats: [],
      },
    });
  });
}

/**
 * Irrigation due: the depletion reaches RAW on a day from today to the end of the forecast (`forecastDays`, 7 by
 * default, as the irrigation advice reads). The depth is the depletion held within 20–30 mm (spec); with more than
 * 10 mm of rain expected over that day and the next the advice is to hold off (spec), and the alert drops to info.
 * For irrigated fields; a rain-fed field has water-stress alerts instead.
 */
export function irrigationDueAlerts(options: WaterBalanceAlertOptions & { forecastDays?: number }): Alert[] {
  const forecastDays = options.forecastDays ?? IRRIGATION_FORECAST_DAYS;
  const lastForecastDay = addDays(options.today, forecastDays - 1);
  const all = sortedByDate(options.days);
  const days = all.filter((day) => day.date <= lastForecastDay);
  const episodes = episodesOf(
    days,
    (day) => (growing(day) && day.rootZoneDepletionMm >= day.readilyAvailableWaterMm ? day : null),
    consecutiveDays,
  );
  return episodes
    .filter((episode) => episode.items.at(-1)!.item.date >= options.today)
    .map((episode) => {
      const due = episode.items.find(({ item }) => item.date >= options.today)!.item;
      const lastRainDay = addDays(due.date, POSTPONE_RAIN_WINDOW_DAYS - 1);
      const rainExpectedMm = all.filter((day) => day.date >= due.date && day.date <= lastRainDay).reduce((sum, day) => sum + day.rainMm, 0);
      const postpone = rainExpectedMm > POSTPONE_RAIN_THRESHOLD_MM;
      const { min, max } = IRRIGATION_DEPTH_PER_APPLICATION_MM;
      const depthMm = Math.round(Math.min(max, Math.max(min, due.rootZoneDepletionMm)));
      const firstDay = episode.items[0]!.item.date;
      const alert = buildAlert(options, {
        ruleId: 'irrigation-due',
        severity: postpone || due.date > options.today ? 'info' : 'warning',
        messageKey: 'alerts.irrigationDue',
        params: {
          date: due.date,
          depletionMm: round1(due.rootZoneDepletionMm),
          readilyAvailableWaterMm: round1(due.readilyAvailableWaterMm),
          depthMm,
          rainExpectedMm: round1(rainExpectedMm),
        },
        actionKey: postpone ? 'alerts.actions.postponeIrrigationForRain' : 'alerts.actions.irrigate',
        firstDay,
        evidence: {
          values: [
            { name: 'rootZoneDepletion', value: round1(due.rootZoneDepletionMm), unit: 'mm', date: due.date },
            { name: 'readilyAvailableWater', value: round1(due.readilyAvailableWaterMm), unit: 'mm', date: due.date },
            { name: 'totalAvailableWater', value: round1(due.totalAvailableWaterMm), unit: 'mm', date: due.date },
            { name: 'irrigationDepth', value: depthMm, unit: 'mm' },
            { name: 'rainExpected48h', value: round1(rainExpectedMm), unit: 'mm', date: due.date },
          ],
          dates: episode.items.map(({ item }) => item.date),
          source: CROP_ALERT_SOURCES.irrigationDue,
          dataSource: options.dataSource,
          caveats: [],
        },
      });
      // The day to act is the first due day from today on (today itself when the root zone crossed RAW earlier).
      return { ...alert, date: due.date };
    });
}
