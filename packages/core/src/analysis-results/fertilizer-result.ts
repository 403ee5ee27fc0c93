import { z } from 'zod';
import { needsFieldDetailsSchema, resultDaySchema } from './common.ts';

const sourceStanding = z.enum(['sourced', 'partly-sourced', 'unverified']);
const nutrientLevel = z.enum(['low', 'medium', 'high']);
const unratedReason = z.enum(['not-measured', 'unit-not-ppm']).nullable();

/** N, P₂O₅ and K₂O, kg/ha (`NutrientAmounts`). */
export const nutrientAmountsSchema = z.object({
  nitrogenKgPerHa: z.number(),
  phosphateKgPerHa: z.number(),
  potashKgPerHa: z.number(),
});

/** Days after planting, both ends included (`DayWindow`). */
const dayWindowSchema = z.object({ fromDay: z.number(), toDay: z.number() });

const soilTestAssessmentSchema = z.object({
  state: z.enum(['missing', 'current', 'old']),
  sampleDate: resultDaySchema.nullable(),
  ageDays: z.number().nullable(),
  rating: z
    .object({
      nitrogen: nutrientLevel.nullable(),
      phosphorus: nutrientLevel.nullable(),
      potassium: nutrientLevel.nullable(),
      ph: z.enum(['acidic', 'optimal', 'alkaline']).nullable(),
      unrated: z.object({ nitrogen: unratedReason, phosphorus: unratedReason, potassium: unratedReason }),
    })
    .nullable(),
  explanation: z.array(z.string()),
});

const nutrientAdviceSchema = z.object({
  nutrient: z.enum(['nitrogen', 'phosphate', 'potash']),
  label: z.string(),
  approach: z.enum([
    'yield-goal',
    'removal',
    'legume-starter-only',
    'quality-limited',
    'build-up-and-maintenance',
    'maintenance',
    'draw-down',
    'maintenance-no-soil-test',
  ]),
  soilLevel: nutrientLevel.nullable(),
  needKgPerHa: z.number(),
  maintenanceKgPerHa: z.number(),
  buildUpKgPerHa: z.number(),
  credits: z.array(z.object({ source: z.string(), nitrogenKgPerHa: z.number() })),
  creditsKgPerHa: z.number(),
  appliedKgPerHa: z.number(),
  stillNeededKgPerHa: z.number(),
  reasoning: z.array(z.string()),
});

const suppressionRule = z.enum([
  'heavy-rain-forecast',
  'waterlogging',
  'too-late-in-season',
  'nitrogen-applied-recently',
  'no-recent-clear-image',
]);

/** A rule holding an application back, and when to look again (`Suppression`). */
export const suppressionSchema = z.object({
  suppressed: z.literal(true),
  rule: suppressionRule,
  reason: z.string(),
  lookAgainAfter: z.object({ date: resultDaySchema.nullable(), condition: z.string() }),
  appliesTo: z.enum(['all-applications', 'nitrogen-top-dress', 'ndre-top-up']),
  standing: sourceStanding,
  source: z.string(),
});

const suppressionClearSchema = z.object({
  suppressed: z.literal(false),
  rule: suppressionRule,
  checked: z.boolean(),
  note: z.string(),
});

const productPlanSchema = z.object({
  lines: z.array(
    z.object({
      product: z.object({
        id: z.string(),
        name: z.string(),
        nitrogenPct: z.number(),
        phosphatePct: z.number(),
        potashPct: z.number(),
        gradeSource: z.string(),
      }),
      rateKgPerHa: z.number(),
      supplies: nutrientAmountsSchema,
      quantity: z.object({
        rateKgPerHa: z.number(),
        fieldAreaHectares: z.number(),
        fieldKg: z.number(),
        bagMassKg: z.number(),
        bagsExact: z.number(),
        bagsToBuy: z.number(),
        leftoverKg: z.number(),
        summary: z.string(),
      }),
      purpose: z.string(),
    }),
  ),
  supplied: nutrientAmountsSchema,
  shortfalls: z.array(z.string()),
  notes: z.array(z.string()),
});

/** One application of the season: when, what it supplies, in which products and bags, and what holds it back. */
export const fertilizerEventSchema = z.object({
  kind: z.enum(['basal', 'top-dress', 'ndre-top-up']),
  label: z.string(),
  window: dayWindowSchema,
  windowDates: z.object({ from: resultDaySchema, to: resultDaySchema }).nullable(),
  timing: z.enum(['upcoming', 'due-now', 'late', 'missed']),
  action: z.enum(['apply-now', 'hold', 'wait']),
  nutrients: nutrientAmountsSchema,
  plan: productPlanSchema.nullable(),
  suppressions: z.array(suppressionSchema),
  explanation: z.array(z.string()),
});

/** The fertilizer engine's answer (`FertilizerRecommendation`). */
export const fertilizerRecommendationSchema = z.object({
  status: z.enum(['recommendation', 'no-recommendation']),
  cropTypeId: z.string(),
  cropName: z.string().nullable(),
  profile: z.enum(['maize', 'soybean', 'tobacco', 'wheat', 'dry-bean']).nullable(),
  headline: z.string(),
  targetYield: z.object({ tonnesPerHa: z.number(), isDefault: z.boolean(), explanation: z.string() }).nullable(),
  daysAfterPlanting: z.number().nullable(),
  plantingDate: resultDaySchema.nullable(),
  soilTest: soilTestAssessmentSchema.nullable(),
  nutrients: z.object({ nitrogen: nutrientAdviceSchema, phosphate: nutrientAdviceSchema, potash: nutrientAdviceSchema }).nullable(),
  stillNeeded: nutrientAmountsSchema,
  timeline: z
    .object({
      basal: dayWindowSchema,
      topDresses: z.array(dayWindowSchema),
      lateSeasonStartDay: z.number(),
      lateSeasonLabel: z.string(),
      explanation: z.array(z.string()),
    })
    .nullable(),
  events: z.array(fertilizerEventSchema),
  ndre: z
    .object({
      sufficiencyIndex: z.number(),
      threshold: z.number(),
      topDressSuggested: z.boolean(),
      explanation: z.string(),
      standing: sourceStanding,
    })
    .nullable(),
  ruleChecks: z.array(z.discriminatedUnion('suppressed', [suppressionSchema, suppressionClearSchema])),
  suppressions: z.array(suppressionSchema),
  notes: z.array(z.string()),
  assumptions: z.array(z.string()),
});

/** The recommendation and whose products it is worked out in. */
export const fertilizerAdviceResultSchema = fertilizerRecommendationSchema.extend({
  /** `by the farmer`, or the default products used when the farmer named none. */
  productsChosen: z.string(),
});

/** What a fertilizer analysis stores (`fertilizer-recommendation`). */
export const fertilizerResultSchema = z.union([fertilizerAdviceResultSchema, needsFieldDetailsSchema]);
export type FertilizerResult = z.infer<typeof fertilizerResultSchema>;
export type FertilizerAdviceResult = z.infer<typeof fertilizerAdviceResultSchema>;
