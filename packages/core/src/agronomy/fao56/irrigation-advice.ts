/**
 * Irrigation advice from today's root-zone depletion and the weather forecast (FAO-56 chapter 8, "Forecasting or
 * allocating irrigations", with the product spec's rules):
 *   - irrigated field: the day the depletion first reaches the readily available water (RAW), the depth to apply
 *     (spec: 20–30 mm per application), postponed when more than 10 mm of rain is expected within 48 hours (spec);
 *   - rain-fed field: no schedule, a water-stress report (Ks today, days until stress, stress days in the forecast);
 *     the crop is called short of water only when the stress is material (`MATERIAL_WATER_STRESS_KS`).
 *
 * The forecast is run through the same daily balance as the past (`simulateRootZoneWaterBalance`) with only the
 * irrigation already recorded, so rain and runoff are handled the same way in both.
 */
import type { CropType } from '../../crops/crop-catalogue.ts';
import { formatDayMonth } from '../../dates.ts';
import { cropCoefficientCurve, cropGrowthStageOn, seasonDayOn, type CropClimate } from './crop-coefficient.ts';
import type { RootDepthRangeEnd, SoilTextureClass } from './root-zone.ts';
import { simulateRootZoneWaterBalance, type DailyWaterInput, type WaterBalanceDay } from './water-balance.ts';

/** Spec: irrigate 20–30 mm per application. */
export const IRRIGATION_DEPTH_PER_APPLICATION_MM = { min: 20, max: 30 } as const;

/** Spec: delay irrigation if more than 10 mm of rain is expected within 48 hours. */
export const POSTPONE_RAIN_THRESHOLD_MM = 10;
/** The 48 hours, as forecast days: the planned irrigation day and the day after it. */
export const POSTPONE_RAIN_WINDOW_DAYS = 2;

/** Forecast days looked at. */
export const IRRIGATION_FORECAST_DAYS = 7;

/**
 * Water stress counts as material — "short of water" — when FAO-56's Ks (Eq. 84) falls below 0.9: the crop can take
 * up less than 90 % of the water it would from a well-watered root zone. Ks starts to fall as soon as the depletion
 * passes RAW, and just past it (Ks 0.99) the shortfall is smaller than the error of the balance itself — the soil's
 * water-holding range alone (FAO-56 Table 19) moves RAW by several millimetres. A 10 % shortfall is where yield
 * starts to suffer noticeably: FAO Irrigation and Drainage Paper 33 (Doorenbos & Kassam 1979) gives maize a yield
 * response factor Ky of 1.25, so a 10 % cut in crop water use held over the season costs about 12 % of the yield.
 * The threshold itself is our choice on those grounds, not a published limit.
 */
export const MATERIAL_WATER_STRESS_KS = 0.9;

export type IrrigationAdviceReasonCode =
  | 'soil-assumption'
  | 'crop-caution'
  | 'no-crop-growing'
  | 'irrigate-when-readily-available-water-used'
  | 'enough-water-in-forecast'
  | 'depth-per-application'
  | 'depth-exceeds-depletion'
  | 'postpone-for-rain'
  | 'stress-today'
  | 'stress-expected'
  | 'no-stress-expected';

/** One reason, with a stable code for translation and a plain-language English sentence for a summary. */
export interface IrrigationAdviceReason {
  code: IrrigationAdviceReasonCode;
  message: string;
}

export interface IrrigationAdviceOptions {
  /** The field's `irrigated` flag: false gives a water-stress report instead of a schedule. */
  irrigated: boolean;
  crop: CropType;
  /** YYYY-MM-DD. */
  plantingDate: string;
  soilTexture?: SoilTextureClass | null;
  /** YYYY-MM-DD; the caller's clock (core never reads one). */
  today: string;
  /** Root-zone depletion at the start of today (the balance's end-of-yesterday value), mm. */
  rootZoneDepletionMm: number;
  /**
   * Daily forecast starting today, consecutive; days after the first seven are ignored. Irrigation on a day is water
   * the farmer recorded as given (today's watering), never a plan.
   */
  forecast: readonly DailyWaterInput[];
  climate?: CropClimate;
  rootDepthRangeEnd?: RootDepthRangeEnd;
  runoffCurveNumber?: number | 'none';
}

export interface IrrigationSchedule {
  kind: 'irrigation-schedule';
  /**
   * `irrigate`: water on `irrigationDate`; `postpone`: it would be due then but rain is coming; `not-needed`: the
   * depletion stays within RAW through the forecast; `no-crop-growing`: today is before planting or after harvest.
   */
  status: 'irrigate' | 'postpone' | 'not-needed' | 'no-crop-growing';
  /** The first forecast day whose end-of-day depletion reaches RAW; null when none does. */
  irrigationDate: string | null;
  /** 0 = today. */
  daysUntilIrrigation: number | null;
  /** Depth of one application, mm: the depletion on that day held within 20–30 mm (spec). */
  depthMm: number | null;
  /** Projected depletion at the end of the irrigation day, before watering, mm. */
  depletionAtIrrigationMm: number | null;
  /** RAW on the irrigation day, mm. */
  readilyAvailableWaterMm: number | null;
  /** Applications of at most 30 mm that would bring the root zone back to field capacity. */
  applicationsToRefill: number | null;
  /** Rain forecast over the 48-hour window from the irrigation day, mm. */
  rainExpectedMm: number | null;
  reasons: IrrigationAdviceReason[];
  /** The forecast run through the water balance without irrigation. */
  projection: WaterBalanceDay[];
}

export interface WaterStressReport {
  kind: 'water-stress-report';
  /** FAO-56 Eq. 84 Ks today (1 = no stress, 0 = wilting point); 1 when no crop is growing. */
  ksToday: number;
  /** Material stress today: Ks below `MATERIAL_WATER_STRESS_KS`. */
  stressedToday: boolean;
  /** Days from today to the first forecast day with material stress (0 = today); null when none. */
  daysUntilStress: number | null;
  /** Forecast days with material stress (Ks below `MATERIAL_WATER_STRESS_KS`). */
  expectedStressDays: number;
  forecastDays: number;
  cropGrowing: boolean;
  reasons: IrrigationAdviceReason[];
  projection: WaterBalanceDay[];
}

export type IrrigationAdvice = IrrigationSchedule | WaterStressReport;

const mm = (value: number) => `${Math.round(value)} mm`;
const percent = (share: number) => `${Math.round(share * 100)} %`;
const inDays = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);
const isGrowing = (day: Pick<WaterBalanceDay, 'stage'>) => day.stage !== 'before-planting' && day.stage !== 'after-harvest';
const isMateriallyStressed = (day: WaterBalanceDay) => isGrowing(day) && day.ks < MATERIAL_WATER_STRESS_KS;

function forecastFromToday(options: IrrigationAdviceOptions): DailyWaterInput[] {
  const days = options.forecast.filter((day) => day.date >= options.today).slice(0, IRRIGATION_FORECAST_DAYS);
  if (days[0]?.date !== options.today) {
    throw new RangeError(`The forecast must start on today's date (${options.today}); it starts on ${days[0]?.date ?? 'no day'}`);
  }
  // Advice is what happens if the farmer does nothing more: irrigation already recorded for a day (watering done this
  // morning) counts, and none is planned.
  return days.map(({ date, et0Mm, rainMm, irrigationMm }) => ({ date, et0Mm, rainMm, ...(irrigationMm ? { irrigationMm } : {}) }));
}

/** Irrigation schedule for an irrigated field, or a water-stress report for a rain-fed one. */
export function adviseIrrigation(options: IrrigationAdviceOptions): IrrigationAdvice {
  const balance = simulateRootZoneWaterBalance({
    crop: options.crop,
    plantingDate: options.plantingDate,
    soilTexture: options.soilTexture,
    days: forecastFromToday(options),
    initialDepletionMm: options.rootZoneDepletionMm,
    climate: options.climate,
    rootDepthRangeEnd: options.rootDepthRangeEnd,
    runoffCurveNumber: options.runoffCurveNumber,
  });
  const assumptions: IrrigationAdviceReason[] = [
    ...balance.soil.notes.map((message) => ({ code: 'soil-assumption' as const, message })),
    ...balance.curve.cautions.map((message) => ({ code: 'crop-caution' as const, message })),
  ];
  const context = { options, projection: balance.days, soilName: balance.soil.texture.replaceAll('-', ' '), assumptions };
  return options.irrigated ? irrigationSchedule(context) : waterStressReport(context);
}

interface AdviceContext {
  options: IrrigationAdviceOptions;
  projection: WaterBalanceDay[];
  soilName: string;
  assumptions: IrrigationAdviceReason[];
}

function noCropReason(options: IrrigationAdviceOptions): IrrigationAdviceReason {
  const stage = cropGrowthStageOn(cropCoefficientCurve(options.crop), seasonDayOn(options.plantingDate, options.today));
  const planted = formatDayMonth(options.plantingDate, options.today);
  return {
    code: 'no-crop-growing',
    message:
      stage === 'before-planting'
        ? `Nothing to advise yet: the ${options.crop.name.toLowerCase()} is planted on ${planted}.`
        : `Nothing to advise: the ${options.crop.name.toLowerCase()} season (planted ${planted}) is over.`,
  };
}

function irrigationSchedule({ options, projection, soilName, assumptions }: AdviceContext): IrrigationSchedule {
  const day = (date: string) => formatDayMonth(date, options.today);
  const empty = {
    kind: 'irrigation-schedule',
    irrigationDate: null,
    daysUntilIrrigation: null,
    depthMm: null,
    depletionAtIrrigationMm: null,
    readilyAvailableWaterMm: null,
    applicationsToRefill: null,
    rainExpectedMm: null,
    projection,
  } as const;

  if (!projection.some(isGrowing)) {
    return { ...empty, status: 'no-crop-growing', reasons: [noCropReason(options), ...assumptions] };
  }

  // FAO-56 ch. 8: "irrigations should be applied before or at the moment when the readily available soil water is
  // depleted (Dr,i ≤ RAW)" — so the day to water is the first whose end-of-day depletion reaches RAW.
  const dueIndex = projection.findIndex((day) => isGrowing(day) && day.rootZoneDepletionMm >= day.readilyAvailableWaterMm);
  if (dueIndex === -1) {
    const last = projection[projection.length - 1] as WaterBalanceDay;
    return {
      ...empty,
      status: 'not-needed',
      reasons: [
        {
          code: 'enough-water-in-forecast',
          message:
            `No irrigation needed in the next ${projection.length} days: by ${day(last.date)} the soil is expected to be ` +
            `${mm(last.rootZoneDepletionMm)} short of full, within the ${mm(last.readilyAvailableWaterMm)} the crop can use ` +
            `without stress on this ${soilName}.`,
        },
        ...assumptions,
      ],
    };
  }

  const due = projection[dueIndex] as WaterBalanceDay;
  const { min, max } = IRRIGATION_DEPTH_PER_APPLICATION_MM;
  const depletionMm = due.rootZoneDepletionMm;
  // Spec: 20–30 mm per application. One application brings the depletion back towards zero; more than 30 mm short
  // takes several, and less than 20 mm short still gets the spec's minimum (the surplus drains below the roots).
  const depthMm = Math.round(Math.min(max, Math.max(min, depletionMm)));
  const applicationsToRefill = Math.max(1, Math.ceil(depletionMm / max));
  const rainWindow = projection.slice(dueIndex, dueIndex + POSTPONE_RAIN_WINDOW_DAYS);
  const rainExpectedMm = rainWindow.reduce((sum, day) => sum + day.rainMm, 0);
  const postpone = rainExpectedMm > POSTPONE_RAIN_THRESHOLD_MM;

  const reasons: IrrigationAdviceReason[] = [
    {
      code: 'irrigate-when-readily-available-water-used',
      message:
        `Irrigation is due ${inDays(dueIndex)} (${day(due.date)}): the soil will be ${mm(depletionMm)} short of full, past the ` +
        `${mm(due.readilyAvailableWaterMm)} the crop can use from this ${soilName} before it starts to suffer.`,
    },
    {
      code: 'depth-per-application',
      message:
        applicationsToRefill > 1
          ? `Apply ${mm(depthMm)} (${min}–${max} mm per application, common irrigation advice); about ${applicationsToRefill} applications would refill the root zone.`
          : `Apply ${mm(depthMm)} (${min}–${max} mm per application, common irrigation advice).`,
    },
  ];
  if (depletionMm < min) {
    reasons.push({
      code: 'depth-exceeds-depletion',
      message: `The roots are still shallow: only ${mm(depletionMm)} is missing, so part of a ${mm(min)} application will drain below them.`,
    });
  }
  if (postpone) {
    const lastRainDay = rainWindow[rainWindow.length - 1] as WaterBalanceDay;
    reasons.unshift({
      code: 'postpone-for-rain',
      message:
        `Hold off: ${mm(rainExpectedMm)} of rain is forecast from ${day(due.date)} to ${day(lastRainDay.date)}, and common advice is to ` +
        `wait when more than ${mm(POSTPONE_RAIN_THRESHOLD_MM)} is expected within 48 hours. Check again after the rain.`,
    });
  }

  return {
    ...empty,
    status: postpone ? 'postpone' : 'irrigate',
    irrigationDate: due.date,
    daysUntilIrrigation: dueIndex,
    depthMm,
    depletionAtIrrigationMm: depletionMm,
    readilyAvailableWaterMm: due.readilyAvailableWaterMm,
    applicationsToRefill,
    rainExpectedMm,
    reasons: [...reasons, ...assumptions],
  };
}

function waterStressReport({ options, projection, soilName, assumptions }: AdviceContext): WaterStressReport {
  const growing = projection.filter(isGrowing);
  const today = projection[0] as WaterBalanceDay;
  const base = { kind: 'water-stress-report', forecastDays: projection.length, projection } as const;
  if (growing.length === 0) {
    return {
      ...base,
      ksToday: 1,
      stressedToday: false,
      daysUntilStress: null,
      expectedStressDays: 0,
      cropGrowing: false,
      reasons: [noCropReason(options), ...assumptions],
    };
  }

  const ksToday = isGrowing(today) ? today.ks : 1;
  const stressedToday = isMateriallyStressed(today);
  const stressIndex = projection.findIndex(isMateriallyStressed);
  const expectedStressDays = projection.filter(isMateriallyStressed).length;
  const reasons: IrrigationAdviceReason[] = [];
  const uptake = (ks: number, only: boolean) =>
    `the crop can take up ${only ? 'only ' : ''}about ${percent(ks)} of the water it needs (FAO-56 Ks ${ks.toFixed(2)})`;
  const materialNote = `we say short of water below ${percent(MATERIAL_WATER_STRESS_KS)}`;

  if (stressedToday) {
    reasons.push({
      code: 'stress-today',
      message: `The crop is short of water today: the soil is ${mm(options.rootZoneDepletionMm)} short of full on this ${soilName}, so ${uptake(ksToday, true)}.`,
    });
  }
  if (stressIndex === -1) {
    const mild = isGrowing(today) && ksToday < 1;
    reasons.push({
      code: 'no-stress-expected',
      message: mild
        ? `No real water stress expected in the next ${projection.length} days with the forecast rain. The soil has dried a little past ` +
          `the easy water, so ${uptake(ksToday, false)}; ${materialNote}.`
        : `No water stress expected in the next ${projection.length} days with the forecast rain.`,
    });
  } else if (stressIndex > 0 || expectedStressDays > 1) {
    const first = projection[stressIndex] as WaterBalanceDay;
    reasons.push({
      code: 'stress-expected',
      message:
        `Water stress expected from ${formatDayMonth(first.date, options.today)} (${inDays(stressIndex)}) unless more rain falls than forecast: ` +
        `${expectedStressDays} of the next ${projection.length} days below ${percent(MATERIAL_WATER_STRESS_KS)} of the water the crop needs.`,
    });
  }

  return {
    ...base,
    ksToday,
    stressedToday,
    daysUntilStress: stressIndex === -1 ? null : stressIndex,
    expectedStressDays,
    cropGrowing: true,
    reasons: [...reasons, ...assumptions],
  };
}
