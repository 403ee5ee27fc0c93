import { z } from 'zod';
import { calendarDateSchema, idSchema, optionalText, pageQueryFields } from './common.ts';

export const soilNutrientUnits = ['ppm', '%'] as const;

const nutrient = (name: string) =>
  z
    .number({ message: `${name} must be a number.` })
    .min(0, `${name} cannot be negative.`)
    .max(1_000_000, `${name} is beyond any soil value.`);

const soilTestFields = {
  fieldId: idSchema,
  /** Plant-available N, P and K in `unit` (ppm = mg/kg). */
  nitrogen: nutrient('Nitrogen').nullish(),
  phosphorus: nutrient('Phosphorus').nullish(),
  potassium: nutrient('Potassium').nullish(),
  unit: z.enum(soilNutrientUnits, { message: 'The unit is ppm or %.' }),
  ph: z.number().min(0, 'pH is between 0 and 14.').max(14, 'pH is between 0 and 14.').nullish(),
  /** Organic matter, % of soil mass. */
  organicMatter: z.number().min(0, 'Organic matter is between 0 and 100 %.').max(100, 'Organic matter is between 0 and 100 %.').nullish(),
  /** Electrical conductivity, dS/m; above ~4 a soil is saline. */
  ec: z.number().min(0, 'EC cannot be negative.').max(200, 'EC above 200 dS/m is not a soil reading.').nullish(),
  sampleDate: calendarDateSchema,
  depthCm: z
    .number()
    .int('Depth is a whole number of centimetres.')
    .min(1, 'Depth is at least 1 cm.')
    .max(300, 'Depth is at most 300 cm.')
    .nullish(),
  lab: optionalText(120),
  notes: optionalText(2000),
};

interface SoilReadings {
  nitrogen?: number | null;
  phosphorus?: number | null;
  potassium?: number | null;
  unit?: string;
  ph?: number | null;
  organicMatter?: number | null;
  ec?: number | null;
}

const readingKeys = ['nitrogen', 'phosphorus', 'potassium', 'ph', 'organicMatter', 'ec'] as const;

/** A soil test must hold at least one reading, and percentages cannot pass 100. */
export function soilTestProblem(test: SoilReadings): { path: string; message: string } | null {
  if (readingKeys.every((key) => test[key] === undefined || test[key] === null)) {
    return { path: 'nitrogen', message: 'Enter at least one reading: N, P, K, pH, organic matter or EC.' };
  }
  if (test.unit === '%') {
    for (const key of ['nitrogen', 'phosphorus', 'potassium'] as const) {
      const value = test[key];
      if (value !== undefined && value !== null && value > 100) return { path: key, message: 'A percentage cannot pass 100 %.' };
    }
  }
  return null;
}

const checkReadings = (test: SoilReadings, ctx: z.RefinementCtx) => {
  const problem = soilTestProblem(test);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
};

export const soilTestCreateSchema = z
  .strictObject({ id: idSchema.optional(), ...soilTestFields, unit: soilTestFields.unit.default('ppm') })
  .superRefine(checkReadings);
export const soilTestUpdateSchema = z.strictObject(soilTestFields).partial();
export type SoilTestCreateInput = z.input<typeof soilTestCreateSchema>;
export const soilTestListQuerySchema = z.strictObject({ fieldId: idSchema.optional(), ...pageQueryFields });

export const soilTestSchema = z.object({
  id: z.string(),
  fieldId: z.string(),
  nitrogen: z.number().nullable(),
  phosphorus: z.number().nullable(),
  potassium: z.number().nullable(),
  unit: z.enum(soilNutrientUnits),
  ph: z.number().nullable(),
  organicMatter: z.number().nullable(),
  ec: z.number().nullable(),
  sampleDate: z.string(),
  depthCm: z.number().nullable(),
  lab: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type SoilTest = z.infer<typeof soilTestSchema>;
