import { z } from 'zod';
import { analysisViewSchema } from './analysis-view.ts';
import { fertilizerResultSchema } from './fertilizer-result.ts';
import { healthResultSchema } from './health-result.ts';
import { irrigationResultSchema } from './irrigation-result.ts';
import { yieldResultSchema } from './yield-result.ts';

const detailOf = <Type extends string, Result extends z.ZodType>(type: Type, result: Result) =>
  analysisViewSchema.extend({ type: z.literal(type), inputs: z.unknown(), result: result.nullable() });

/**
 * One analysis in full as the API answers it (`GET /api/analysis/{field}/{type}/{id}`): the result is checked against
 * its own type's schema as it is read, so a stored result that no longer matches what the app reads is an error the
 * server logs, never a silent pass.
 */
export const analysisDetailSchema = z.discriminatedUnion('type', [
  detailOf('health', healthResultSchema),
  detailOf('yield', yieldResultSchema),
  detailOf('irrigation', irrigationResultSchema),
  detailOf('fertilizer', fertilizerResultSchema),
]);
