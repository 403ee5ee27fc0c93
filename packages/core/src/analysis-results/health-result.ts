import { z } from 'zod';
import { resultDaySchema } from './common.ts';

/** Field statistics of one index on one image, rounded to three decimals; `pixelCount` counts the pixels read. */
export const fieldIndexStatisticsSchema = z.object({
  mean: z.number(),
  median: z.number(),
  p10: z.number(),
  p90: z.number(),
  std: z.number(),
  validFraction: z.number(),
  pixelCount: z.number(),
});

/** One image of the season: usable or why not (the imagery engine's reason, e.g. `too-cloudy`), and its mean NDVI. */
export const healthImageSchema = z.object({
  date: resultDaySchema,
  sceneId: z.string(),
  usable: z.boolean(),
  reason: z.string().nullable(),
  ndvi: z.number().nullable(),
});

export type HealthImage = z.infer<typeof healthImageSchema>;

/** Where a problem zone lies in the field: the compass direction of its centre from the field's centre, or `centre`. */
export const fieldDirections = [
  'north',
  'north-east',
  'east',
  'south-east',
  'south',
  'south-west',
  'west',
  'north-west',
  'centre',
] as const;

const polygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))),
});

/** Crop health from the latest clear image (spec §9 thresholds), with trend, anomaly, unevenness and problem zones. */
export const healthReadingSchema = z.object({
  status: z.enum(['healthy', 'moderate', 'bare-or-stressed']),
  /** True when the imagery is the demo catalogue's. */
  simulated: z.boolean(),
  /** The imagery source's id (`earth-search`, `simulated`). */
  source: z.string(),
  thresholds: z.object({
    ndviBareOrStressedBelow: z.number(),
    ndviHealthyFrom: z.number(),
    ndwiWaterStressBelow: z.number(),
  }),
  latest: z.object({
    date: resultDaySchema,
    sceneId: z.string(),
    clearFraction: z.number(),
    ndvi: fieldIndexStatisticsSchema,
    ndwi: fieldIndexStatisticsSchema.nullable(),
    ndre: fieldIndexStatisticsSchema.nullable(),
    /** Leaf area index, m²/m², with the method that gave it (ESA's network or the empirical relation). */
    lai: fieldIndexStatisticsSchema.extend({ method: z.string() }).nullable(),
  }),
  /** NDWI below the spec's threshold; null when the image had no NDWI. */
  waterStress: z.boolean().nullable(),
  trend: z.object({
    direction: z.enum(['improving', 'declining', 'stable', 'not-enough-images']),
    ndviChangePerWeek: z.number().nullable(),
    dates: z.array(resultDaySchema),
  }),
  anomaly: z.object({
    /** Latest NDVI minus the mean of earlier seasons at the same time of year; null without earlier images. */
    ndviDifference: z.number().nullable(),
    earlier: z.array(z.object({ season: z.string(), ndvi: z.number(), date: resultDaySchema })),
    note: z.string().nullable(),
  }),
  variability: z.object({
    ndviStd: z.number(),
    ndviP10: z.number(),
    ndviP90: z.number(),
    coefficientOfVariation: z.number().nullable(),
    uniformity: z.enum(['uniform', 'variable', 'patchy']).nullable(),
  }),
  problemZones: z.array(
    z.object({
      /** WGS 84 GeoJSON polygon of the zone. */
      polygon: polygonSchema,
      areaHa: z.number(),
      shareOfField: z.number(),
      meanNdvi: z.number().nullable(),
      direction: z.enum(fieldDirections),
    }),
  ),
  lastClearImage: z.object({ date: resultDaySchema, sceneId: z.string(), ageDays: z.number() }),
  history: z.array(healthImageSchema),
});

/** No clear image in the season window: what images there were, and why none could be used. */
export const noClearImageSchema = z.object({
  status: z.literal('no-clear-image'),
  simulated: z.boolean(),
  source: z.string(),
  history: z.array(healthImageSchema),
});

/** What a health analysis stores (`health-analysis`). */
export const healthResultSchema = z.discriminatedUnion('status', [healthReadingSchema, noClearImageSchema]);
export type HealthResult = z.infer<typeof healthResultSchema>;
export type HealthReading = z.infer<typeof healthReadingSchema>;
