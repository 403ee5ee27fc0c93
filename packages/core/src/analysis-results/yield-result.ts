import { z } from 'zod';
import { needsFieldDetailsSchema, resultDaySchema } from './common.ts';

const lowExpectedHigh = z.object({ low: z.number(), expected: z.number(), high: z.number() });

const yieldRangeSchema = z.object({
  lowTPerHa: z.number(),
  expectedTPerHa: z.number(),
  highTPerHa: z.number(),
  lowTonnes: z.number(),
  expectedTonnes: z.number(),
  highTonnes: z.number(),
});

/** The farmer's recorded harvest of the same season, beside the estimate (`HarvestComparison`). */
export const harvestComparisonSchema = z.object({
  harvestId: z.string(),
  harvestDate: resultDaySchema,
  /** As weighed, t/ha, at `moisturePct`. */
  harvestedTPerHa: z.number(),
  moisturePct: z.number(),
  /** The harvest brought to the estimate's standard moisture (12.5 %), t/ha. */
  harvestedTPerHaAtStandardMoisture: z.number(),
  /** Where the harvest falls against the estimated range at standard moisture. */
  position: z.enum(['below', 'within', 'above']),
  /** (harvest − expected) / expected, at the same moisture. */
  differenceFromExpectedShare: z.number(),
});

/** A yield range in t/ha and tonnes for the field, with its method and every coefficient (`SeasonYieldEstimate`). */
export const seasonYieldEstimateSchema = z.object({
  available: z.literal(true),
  cropTypeId: z.string(),
  cropName: z.string(),
  plantingDate: resultDaySchema,
  today: resultDaySchema,
  maturityDate: resultDaySchema,
  fieldAreaHa: z.number(),
  /** Dry grain. */
  range: yieldRangeSchema,
  // Added with the calibrated model; results stored before it have none of these.
  grainMoisturePct: z.number().optional(),
  rangeAtStandardMoisture: yieldRangeSchema.optional(),
  rangeMethod: z.string().optional(),
  managementClass: z.enum(['commercial', 'smallholder']).optional(),
  limitingFactor: z
    .object({
      factor: z.enum(['water', 'nitrogen', 'canopy', 'none']),
      lossShare: z.object({ water: z.number(), nitrogen: z.number(), canopy: z.number() }),
      explanation: z.string(),
    })
    .optional(),
  emergenceSeenOn: resultDaySchema.optional(),
  seasonBasis: z.string().optional(),
  harvest: harvestComparisonSchema.optional(),
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
