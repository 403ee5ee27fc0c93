import { z } from 'zod';
import { soilTextures } from '../schemas/field.ts';
import { needsFieldDetailsSchema, resultDaySchema } from './common.ts';

const growthStages = ['before-planting', 'initial', 'development', 'mid-season', 'late-season', 'after-harvest'] as const;

/** One day of the FAO-56 root-zone water balance (`WaterBalanceDay`), depths in mm. */
export const waterBalanceDaySchema = z.object({
  date: resultDaySchema,
  seasonDay: z.number(),
  stage: z.enum(growthStages),
  kc: z.number(),
  kcb: z.number().nullable(),
  et0Mm: z.number(),
  rainMm: z.number(),
  rainIgnoredMm: z.number(),
  runoffMm: z.number(),
  infiltratedRainMm: z.number(),
  irrigationMm: z.number(),
  rootDepthM: z.number(),
  totalAvailableWaterMm: z.number(),
  readilyAvailableWaterMm: z.number(),
  depletionFraction: z.number(),
  ks: z.number(),
  etcMm: z.number(),
  etcAdjMm: z.number(),
  deepPercolationMm: z.number(),
  rootZoneDepletionMm: z.number(),
});

const rangeM3PerM3 = z.tuple([z.number(), z.number()]).readonly();

/** The soil's water characteristics (FAO-56 Table 19) the balance used, and what was assumed (`SoilWaterProperties`). */
export const soilWaterPropertiesSchema = z.object({
  texture: z.enum(soilTextures),
  textureAssumed: z.boolean(),
  table19Row: z.object({
    name: z.string(),
    fieldCapacityM3PerM3: rangeM3PerM3,
    wiltingPointM3PerM3: rangeM3PerM3,
    availableWaterM3PerM3: rangeM3PerM3,
  }),
  rowSubstituted: z.boolean(),
  fieldCapacityM3PerM3: z.number(),
  wiltingPointM3PerM3: z.number(),
  availableWaterM3PerM3: z.number(),
  notes: z.array(z.string()),
});

const adviceReasonSchema = z.object({
  code: z.enum([
    'soil-assumption',
    'crop-caution',
    'no-crop-growing',
    'irrigate-when-readily-available-water-used',
    'enough-water-in-forecast',
    'depth-per-application',
    'depth-exceeds-depletion',
    'postpone-for-rain',
    'stress-today',
    'stress-expected',
    'no-stress-expected',
  ]),
  message: z.string(),
});

/** For an irrigated field: when to water and how much, or why not (`IrrigationSchedule`). */
export const irrigationScheduleSchema = z.object({
  kind: z.literal('irrigation-schedule'),
  status: z.enum(['irrigate', 'postpone', 'not-needed', 'no-crop-growing']),
  irrigationDate: resultDaySchema.nullable(),
  daysUntilIrrigation: z.number().nullable(),
  depthMm: z.number().nullable(),
  depletionAtIrrigationMm: z.number().nullable(),
  readilyAvailableWaterMm: z.number().nullable(),
  applicationsToRefill: z.number().nullable(),
  rainExpectedMm: z.number().nullable(),
  reasons: z.array(adviceReasonSchema),
  projection: z.array(waterBalanceDaySchema),
});

/** For a rain-fed field: water stress today and in the forecast (`WaterStressReport`). */
export const waterStressReportSchema = z.object({
  kind: z.literal('water-stress-report'),
  ksToday: z.number(),
  stressedToday: z.boolean(),
  daysUntilStress: z.number().nullable(),
  expectedStressDays: z.number(),
  forecastDays: z.number(),
  cropGrowing: z.boolean(),
  reasons: z.array(adviceReasonSchema),
  projection: z.array(waterBalanceDaySchema),
});

export const irrigationAdviceSchema = z.discriminatedUnion('kind', [irrigationScheduleSchema, waterStressReportSchema]);

/**
 * The balance from planting to yesterday in columns, one entry per day, oldest first: depths in mm to one decimal,
 * Ks (FAO-56 Eq. 84) to two. Columns rather than `waterBalanceDaySchema` rows keep a whole season (150 days) to a
 * few KB in every stored result.
 */
export const waterBalanceSeasonSchema = z.object({
  dates: z.array(resultDaySchema),
  /** Root-zone depletion at the end of the day, Dr (FAO-56 Eq. 85). */
  depletionMm: z.array(z.number()),
  readilyAvailableWaterMm: z.array(z.number()),
  totalAvailableWaterMm: z.array(z.number()),
  /** Rain on the day, before runoff (a gauge reading where one was logged). */
  rainMm: z.array(z.number()),
  irrigationMm: z.array(z.number()),
  /** The crop's water use under its conditions, ETc adj (FAO-56 Eq. 80). */
  etcAdjMm: z.array(z.number()),
  ks: z.array(z.number()),
});
export type WaterBalanceSeason = z.infer<typeof waterBalanceSeasonSchema>;

/** Irrigation advice with the season's water balance and the weather it was worked out on. */
export const irrigationAdviceResultSchema = z.object({
  advice: irrigationAdviceSchema,
  waterBalance: z.object({
    /** At the end of yesterday, mm (one decimal). */
    rootZoneDepletionMm: z.number(),
    totalAvailableWaterMm: z.number().nullable(),
    readilyAvailableWaterMm: z.number().nullable(),
    soil: soilWaterPropertiesSchema,
    /** The balance's last (up to) 14 days. */
    lastDays: z.array(waterBalanceDaySchema),
    /** The whole balance since planting; absent from results stored before it was kept. */
    season: waterBalanceSeasonSchema.optional(),
    assumptions: z.array(z.string()),
  }),
  weather: z.object({
    simulated: z.boolean(),
    /** The weather service was down and the last forecast kept was used. */
    stale: z.boolean(),
    /** Days whose figures had to be filled, in words. */
    gaps: z.array(z.string()),
  }),
});

/** What an irrigation analysis stores (`irrigation-recommendation`). */
export const irrigationResultSchema = z.union([irrigationAdviceResultSchema, needsFieldDetailsSchema]);
export type IrrigationResult = z.infer<typeof irrigationResultSchema>;
export type IrrigationAdviceResult = z.infer<typeof irrigationAdviceResultSchema>;
