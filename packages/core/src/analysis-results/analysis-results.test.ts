import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { findCropType } from '../crops/crop-catalogue.ts';
import { adviseIrrigation, type IrrigationAdvice, type SoilWaterProperties, type WaterBalanceDay } from '../agronomy/fao56/index.ts';
import { recommendFertilizer, type FertilizerRecommendation } from '../agronomy/fertilizer/index.ts';
import { estimateSeasonYield, type SeasonYieldEstimate, type SeasonYieldResult } from '../agronomy/yield/index.ts';
import fertilizerResult from './fixtures/fertilizer-result.json';
import healthResult from './fixtures/health-result.json';
import irrigationScheduleResult from './fixtures/irrigation-schedule-result.json';
import irrigationWaterStressResult from './fixtures/irrigation-water-stress-result.json';
import yieldNeedsFieldDetails from './fixtures/yield-needs-field-details-result.json';
import yieldResult from './fixtures/yield-result.json';
import {
  analysisResultSchemas,
  fertilizerRecommendationSchema,
  irrigationAdviceSchema,
  seasonYieldEstimateSchema,
  soilWaterPropertiesSchema,
  waterBalanceDaySchema,
  yieldResultSchema,
  noYieldModelSchema,
  notEnoughYieldDataSchema,
  type AnalysisType,
} from './index.ts';

// The fixtures are results the server stored for a demo field (demo imagery, simulated weather), as the API returned them.
const storedResults: [AnalysisType, string, unknown][] = [
  ['health', 'a health reading with a problem zone', healthResult],
  ['irrigation', 'a water-stress report for a rain-fed field', irrigationWaterStressResult],
  ['irrigation', 'an irrigation schedule for an irrigated field', irrigationScheduleResult],
  ['yield', 'a yield range', yieldResult],
  ['yield', 'a field without a crop', yieldNeedsFieldDetails],
  ['fertilizer', 'a recommendation in the farmer’s products', fertilizerResult],
];

describe('analysis result schemas', () => {
  it.each(storedResults)('%s: %s passes, and the schema keeps every field of it', (type, _what, result) => {
    const parsed = analysisResultSchemas[type].safeParse(result);
    expect(parsed.error?.issues).toBeUndefined();
    // Unknown keys would be dropped by parsing: equality shows the schema describes the whole result.
    expect(parsed.data).toEqual(result);
  });

  const withoutField = (result: object, path: string[]) => {
    const copy = JSON.parse(JSON.stringify(result)) as Record<string, unknown>;
    let parent = copy;
    for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
    delete parent[path.at(-1)!];
    return copy;
  };
  const missing: [AnalysisType, object, string[]][] = [
    ['health', healthResult, ['latest']],
    ['health', healthResult, ['latest', 'ndvi', 'mean']],
    ['irrigation', irrigationWaterStressResult, ['advice']],
    ['irrigation', irrigationScheduleResult, ['waterBalance', 'rootZoneDepletionMm']],
    ['yield', yieldResult, ['range']],
    ['fertilizer', fertilizerResult, ['headline']],
  ];
  it.each(missing)('%s: a result without a required field (%#) fails', (type, result, path) => {
    const parsed = analysisResultSchemas[type].safeParse(withoutField(result, path));
    expect(parsed.success).toBe(false);
  });

  it('names the missing field in the issues', () => {
    const parsed = analysisResultSchemas.health.safeParse(withoutField(healthResult, ['latest', 'ndvi', 'mean']));
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ['latest', 'ndvi', 'mean'], code: 'invalid_type' })]);
  });

  it('fails a number that is not one (NaN stored as JSON is null)', () => {
    const broken = JSON.parse(JSON.stringify(yieldResult)) as typeof yieldResult;
    (broken.range as { expectedTPerHa: number | null }).expectedTPerHa = null;
    expect(yieldResultSchema.safeParse(broken).success).toBe(false);
  });
});

describe('what core computes fits the result schemas', () => {
  const maize = findCropType('maize-grain')!;
  const forecast = Array.from({ length: 7 }, (_, i) => ({ date: `2025-01-${String(10 + i).padStart(2, '0')}`, et0Mm: 6, rainMm: 0 }));

  it.each([true, false])('irrigation advice for an irrigated field: %s', (irrigated) => {
    const advice = adviseIrrigation({
      irrigated,
      crop: maize,
      plantingDate: '2024-11-20',
      today: '2025-01-10',
      rootZoneDepletionMm: 60,
      forecast,
    });
    expect(irrigationAdviceSchema.parse(advice)).toEqual(advice);
  });

  it('a yield estimate, and the two answers without one', () => {
    const weather = Array.from({ length: 60 }, (_, i) => ({
      date: new Date(Date.UTC(2024, 10, 20 + i)).toISOString().slice(0, 10),
      shortwaveRadiationMjPerM2Day: 20,
      et0Mm: 5,
    }));
    const input = {
      crop: maize,
      plantingDate: '2024-11-20',
      today: '2025-01-19',
      fieldAreaHa: 2,
      ndviObservations: [
        { date: '2024-12-10', meanNdvi: 0.3 },
        { date: '2024-12-30', meanNdvi: 0.6 },
        { date: '2025-01-15', meanNdvi: 0.75 },
      ],
      weather,
    };
    const estimate = estimateSeasonYield(input);
    expect(estimate.available).toBe(true);
    expect(seasonYieldEstimateSchema.parse(estimate)).toEqual(estimate);
    const tooEarly = estimateSeasonYield({ ...input, plantingDate: null });
    expect(notEnoughYieldDataSchema.parse(tooEarly)).toEqual(tooEarly);
    const noModel = estimateSeasonYield({ ...input, crop: 'tobacco' });
    expect(noYieldModelSchema.parse(noModel)).toEqual(noModel);
  });

  it('a fertilizer recommendation for a crop the engine does not advise on', () => {
    const none = recommendFertilizer({ cropTypeId: 'sunflower', today: '2025-01-10', daysAfterPlanting: 30, fieldAreaHectares: 1 });
    expect(none.status).toBe('no-recommendation');
    expect(fertilizerRecommendationSchema.parse(none)).toEqual(none);
  });
});

// The schemas and core's own types describe the same shapes: a field added to one and not the other fails `tsc`.
expectTypeOf<z.output<typeof irrigationAdviceSchema>>().toEqualTypeOf<IrrigationAdvice>();
expectTypeOf<z.output<typeof waterBalanceDaySchema>>().toEqualTypeOf<WaterBalanceDay>();
expectTypeOf<z.output<typeof soilWaterPropertiesSchema>>().toEqualTypeOf<SoilWaterProperties>();
expectTypeOf<z.output<typeof fertilizerRecommendationSchema>>().toEqualTypeOf<FertilizerRecommendation>();
// Yield fields added after results were first stored are optional in the schema (older rows lack them): every fresh
// result is storable, and the schema and the type still name the same fields.
expectTypeOf<SeasonYieldResult>().toExtend<
  z.output<typeof seasonYieldEstimateSchema> | z.output<typeof noYieldModelSchema> | z.output<typeof notEnoughYieldDataSchema>
>();
expectTypeOf<keyof z.output<typeof seasonYieldEstimateSchema>>().toEqualTypeOf<keyof SeasonYieldEstimate>();
