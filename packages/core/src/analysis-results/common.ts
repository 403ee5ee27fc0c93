import { z } from 'zod';

export { analysisTypes, type AnalysisType } from './analysis-types.ts';

/** A day as results write it: YYYY-MM-DD. */
export const resultDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A day is written YYYY-MM-DD.');

/**
 * What an analysis answers, completed, when the field lacks what its agronomy needs (a crop, a planting date, a
 * current season): the sentence says what to add.
 */
export const needsFieldDetailsSchema = z.object({
  status: z.literal('needs-field-details'),
  message: z.string(),
});
export type NeedsFieldDetails = z.infer<typeof needsFieldDetailsSchema>;
