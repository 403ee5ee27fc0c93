import { z } from 'zod';
import { needsFieldDetailsSchema, resultDaySchema } from './common.ts';

const lowExpectedHigh = z.object({ low: z.number(), expected: z.number(), high: z.number() });

/** A yield range in t/ha and tonnes for the field, with its method and every coefficient (`SeasonYieldEstimate`). */
export const seasonYieldEstimateSchema = z.object({
  available: z.literal(true),
  cropTypeId: z.string(),
  cropName: z.string(),
  plantingDate: resultDaySchema,
  today: resultDaySchema,
  maturityDate: resultDaySchema,
  fieldAreaHa: z.number(),
  range: z.object({
    lowTPerHa: z.number(),
    expectedTPerHa: z.number(),
    highTPerHa: z.number(),
    lowTonnes: z.number(),
    expectedTonnes: z.number(),
    highTonnes: z.number(),
  }),
  uncertaintyFraction: z.number(),
  seasonLengthDays: z.number(),
  daysSoFar: z.number(),
  daysProjected: z.number(),
  seasonShareObserved: z.number(),
  imagesUsed: z.number(),
  lastImageDate: resultDaySchema,
  lightUseEfficiency: z.object({
    absorbedParSoFarMjPerM2: z.number(),
    absorbedParProjectedMjPerM2: z.number(),
    biomassGPerM2: lowExpectedHigh,
    biomassSoFarGPerM2: z.number(),
    biomassProjectedGPerM2: z.number(),
    yieldTPerHa: lowExpectedHigh,
  }),
  waterProductivity: z.object({
    transpirationRatioSumSoFar: z.number(),
    transpirationRatioSumProjected: z.number(),
    biomassSoFarGPerM2: z.number(),
    biomassProjectedGPerM2: z.number(),
    biomassGPerM2: z.number(),
    yieldTPerHa: z.number(),
    transpirationSoFarMm: z.number(),
  }),
  weather: z.object({
    simulated: z.boolean(),
    missingRadiationDates: z.array(resultDaySchema),
    missingEt0Dates: z.array(resultDaySchema),
    gapFillRadiationMjPerM2Day: z.number().nullable(),
    futureRadiationMjPerM2Day: z.number().nullable(),
    futureRadiationBasis: z.enum(['last-30-days-mean', 'climatological']).nullable(),
  }),
  coefficients: z.array(
    z.object({
      name: z.string(),
      value: z.number(),
      range: z.object({ min: z.number(), max: z.number() }).optional(),
      unit: z.string(),
      standing: z.enum(['sourced', 'partly-sourced', 'unverified']),
      mark: z.string(),
      source: z.string(),
    }),
  ),
  method: z.string(),
  caveat: z.string(),
  cautions: z.array(z.string()),
});

/** The crop has no yield model (`NoYieldModel`). */
export const noYieldModelSchema = z.object({
  available: z.literal(false),
  reason: z.literal('no-yield-model'),
  cropTypeId: z.string(),
  message: z.string(),
});

/** Too early or too few images: what is missing and when to look again (`NotEnoughYieldData`). */
export const notEnoughYieldDataSchema = z.object({
  available: z.literal(false),
  reason: z.literal('not-enough-data'),
  missing: z.enum(['planting-date', 'emergence', 'images']),
  message: z.string(),
  lookAgainOn: resultDaySchema.nullable(),
});

/** What a yield analysis stores (`unified-yield-analysis`). */
export const yieldResultSchema = z.union([
  seasonYieldEstimateSchema,
  noYieldModelSchema,
  notEnoughYieldDataSchema,
  needsFieldDetailsSchema,
]);
export type YieldResult = z.infer<typeof yieldResultSchema>;
