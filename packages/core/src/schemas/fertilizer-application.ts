import { z } from 'zod';
import { calendarDateSchema, idSchema, optionalText, pageQueryFields, requiredText } from './common.ts';

export const applicationMethods = [
  'broadcast',
  'banded',
  'top-dress',
  'side-dress',
  'fertigation',
  'foliar',
  'incorporated',
  'other',
] as const;

const gradePct = (name: string) =>
  z
    .number({ message: `${name} must be a number.` })
    .min(0, `${name} cannot be negative.`)
    .max(100, `${name} cannot pass 100 %.`);

const applicationFields = {
  fieldId: idSchema,
  /** Product as sold, e.g. "Urea", "Compound D", "AN". */
  product: requiredText('Product', 120),
  /** Grade on the bag: N, P₂O₅ and K₂O as % of product mass (e.g. Compound D is 7-14-7). */
  nitrogenPct: gradePct('N'),
  phosphatePct: gradePct('P₂O₅'),
  potashPct: gradePct('K₂O'),
  /** Product applied, kg per hectare. */
  rateKgPerHa: z
    .number({ message: 'Rate must be a number.' })
    .positive('Rate must be more than 0 kg/ha.')
    .max(5_000, 'Rate above 5,000 kg/ha is not a field application.'),
  applicationDate: calendarDateSchema,
  method: z.enum(applicationMethods, { message: `Choose a method: ${applicationMethods.join(', ')}.` }),
  notes: optionalText(2000),
};

interface Grade {
  nitrogenPct?: number;
  phosphatePct?: number;
  potashPct?: number;
}

/** N + P₂O₅ + K₂O cannot exceed the whole bag. */
export function gradeProblem(grade: Grade): { path: string; message: string } | null {
  const total = (grade.nitrogenPct ?? 0) + (grade.phosphatePct ?? 0) + (grade.potashPct ?? 0);
  return total > 100 ? { path: 'nitrogenPct', message: 'N + P₂O₅ + K₂O cannot add up to more than 100 %.' } : null;
}

const checkGrade = (grade: Grade, ctx: z.RefinementCtx) => {
  const problem = gradeProblem(grade);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
};

export const fertilizerApplicationCreateSchema = z.strictObject({ id: idSchema.optional(), ...applicationFields }).superRefine(checkGrade);
export const fertilizerApplicationUpdateSchema = z.strictObject(applicationFields).partial().superRefine(checkGrade);
export type FertilizerApplicationCreateInput = z.input<typeof fertilizerApplicationCreateSchema>;
export const fertilizerApplicationListQuerySchema = z.strictObject({ fieldId: idSchema.optional(), ...pageQueryFields });

export const fertilizerApplicationSchema = z.object({
  id: z.string(),
  fieldId: z.string(),
  product: z.string(),
  nitrogenPct: z.number(),
  phosphatePct: z.number(),
  potashPct: z.number(),
  rateKgPerHa: z.number(),
  /** Nutrients this application delivered, kg/ha: rate × grade. */
  nitrogenKgPerHa: z.number(),
  phosphateKgPerHa: z.number(),
  potashKgPerHa: z.number(),
  applicationDate: z.string(),
  method: z.enum(applicationMethods),
  notes: z.string().nullable(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type FertilizerApplication = z.infer<typeof fertilizerApplicationSchema>;
