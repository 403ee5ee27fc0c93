import type { z } from 'zod';
import type { AnalysisType } from './common.ts';
import { fertilizerResultSchema, type FertilizerResult } from './fertilizer-result.ts';
import { healthResultSchema, type HealthResult } from './health-result.ts';
import { irrigationResultSchema, type IrrigationResult } from './irrigation-result.ts';
import { yieldResultSchema, type YieldResult } from './yield-result.ts';

export * from './analysis-detail.ts';
export * from './analysis-view.ts';
export * from './common.ts';
export * from './fertilizer-result.ts';
export * from './health-result.ts';
export * from './irrigation-result.ts';
export * from './yield-result.ts';

/** The result each analysis type stores and the API returns. */
export interface AnalysisResults {
  health: HealthResult;
  yield: YieldResult;
  irrigation: IrrigationResult;
  fertilizer: FertilizerResult;
}
export type AnalysisResult<Type extends AnalysisType = AnalysisType> = AnalysisResults[Type];

/**
 * The schema of each type's result: the server checks a result against it before storing it, so what the API
 * returns is what these types say.
 */
export const analysisResultSchemas: { [Type in AnalysisType]: z.ZodType<AnalysisResults[Type]> } = {
  health: healthResultSchema,
  yield: yieldResultSchema,
  irrigation: irrigationResultSchema,
  fertilizer: fertilizerResultSchema,
};
