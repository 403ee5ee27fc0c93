import { z } from 'zod';
import { findCropType } from '../crops/crop-catalogue.ts';
import { cropGroupSchema } from '../crops/crop-type-schema.ts';
import { codedIssueParams } from '../errors.ts';
import { measureFieldBoundary, type FieldBoundary, type MeasuredBoundary } from '../geometry/field-boundary.ts';
import { calendarDateSchema, idSchema, optionalText, pageQueryFields, requiredText } from './common.ts';
import { fieldListViews, soilTextures, waterRecordsBeforePlantingChoices } from './field-choices.ts';

export * from './field-choices.ts';

export const soilTextureSchema = z.enum(soilTextures, { message: `Choose one of: ${soilTextures.join(', ')}.` });

const positionSchema = z.tuple([z.number(), z.number()], { message: 'A position is [longitude, latitude].' });

const polygonSchema = z.strictObject({
  type: z.literal('Polygon'),
  coordinates: z
    .array(z.array(positionSchema).min(3, 'A field boundary needs at least three corners.').max(5_001))
    .min(1, 'A field boundary needs at least three corners.')
    .max(100, 'A field may have at most 99 holes.'),
});

const circleSchema = z.strictObject({
  type: z.literal('Point'),
  coordinates: positionSchema,
  properties: z.strictObject({
    radius: z.number().positive('A circular field needs a radius in metres greater than 0.'),
    circle: z.literal(true),
  }),
});

/**
 * A field boundary as the map editor gives it (spec §3 Geometry): a GeoJSON Polygon, or a circle as a Point
 * with `properties.radius` in metres. Parsing closes open rings and measures the area; a boundary that
 * crosses itself, leaves the map, or is under 0.5 ha or over 10,000 ha fails with a message for the farmer.
 */
export const fieldBoundarySchema = z
  .discriminatedUnion('type', [polygonSchema, circleSchema], {
    message: 'The boundary must be a GeoJSON Polygon, or a Point with properties.radius for a circle.',
  })
  .transform((boundary, ctx): MeasuredBoundary => {
    const result = measureFieldBoundary(boundary as FieldBoundary);
    if (!result.ok) {
      ctx.addIssue({ code: 'custom', message: result.problem.message, params: codedIssueParams(result.problem) });
      return z.NEVER;
    }
    return result.value;
  });

export const cropTypeIdSchema = z
  .string()
  .refine((id) => findCropType(id) !== undefined, 'Unknown crop type: choose one from the crop list.');

const fieldFields = {
  name: requiredText('Field name', 120),
  farmId: idSchema,
  boundary: fieldBoundarySchema,
  cropType: cropTypeIdSchema.nullish(),
  variety: optionalText(120),
  plantingDate: calendarDateSchema.nullish(),
  expectedHarvestDate: calendarDateSchema.nullish(),
  actualHarvestDate: calendarDateSchema.nullish(),
  soilTexture: soilTextureSchema.nullish(),
  irrigated: z.boolean(),
};

export interface FieldDates {
  plantingDate?: string | null;
  expectedHarvestDate?: string | null;
  actualHarvestDate?: string | null;
}

/** Harvest cannot come before planting; returns the key and message of the first date out of order. */
export function fieldDateProblem(dates: FieldDates): { path: keyof FieldDates; message: string } | null {
  const { plantingDate, expectedHarvestDate, actualHarvestDate } = dates;
  if (plantingDate && expectedHarvestDate && expectedHarvestDate <= plantingDate) {
    return { path: 'expectedHarvestDate', message: 'The expected harvest date must be after the planting date.' };
  }
  if (plantingDate && actualHarvestDate && actualHarvestDate <= plantingDate) {
    return { path: 'actualHarvestDate', message: 'The harvest date must be after the planting date.' };
  }
  return null;
}

const checkDates = (dates: FieldDates, ctx: z.RefinementCtx) => {
  const problem = fieldDateProblem(dates);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
};

export const fieldCreateSchema = z
  .strictObject({ id: idSchema.optional(), ...fieldFields, irrigated: fieldFields.irrigated.default(false) })
  .superRefine(checkDates);

export const fieldUpdateSchema = z
  .strictObject({
    ...fieldFields,
    waterRecordsBeforePlanting: z.enum(waterRecordsBeforePlantingChoices, { message: 'Choose keep or delete.' }),
  })
  .partial()
  .superRefine(checkDates);
export type FieldUpdateInput = z.input<typeof fieldUpdateSchema>;

/** One water record a new planting date would leave before planting, as the 409 names it. */
export interface WaterRecordBeforePlanting {
  kind: 'irrigation' | 'rain';
  id: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The irrigation's depth or the day's rain, mm. */
  amountMm: number;
}

/** The `details` of a 409 `RECORDS_BEFORE_PLANTING`: the new planting date and the records before it (the first 50). */
export interface RecordsBeforePlantingDetails {
  plantingDate: string;
  irrigations: number;
  rainReadings: number;
  records: WaterRecordBeforePlanting[];
}
export type FieldCreateInput = z.input<typeof fieldCreateSchema>;
export type FieldCreate = z.output<typeof fieldCreateSchema>;
export type FieldUpdate = z.output<typeof fieldUpdateSchema>;

export const fieldListQuerySchema = z.strictObject({
  farmId: idSchema.optional(),
  view: z.enum(fieldListViews, { message: `view is ${fieldListViews.join(' or ')}.` }).default('summary'),
  ...pageQueryFields,
});

/** A field in lists: everything but its boundary. */
export const fieldSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  farmId: z.string(),
  /** Hectares, as `size_hectares` (the spec reads both names). */
  size: z.number(),
  size_hectares: z.number(),
  bbox: z.object({ minLng: z.number(), minLat: z.number(), maxLng: z.number(), maxLat: z.number() }),
  /** The centre of the field's area, [longitude, latitude]. */
  centroid: z.tuple([z.number(), z.number()]),
  cropType: z.string().nullable(),
  variety: z.string().nullable(),
  plantingDate: z.string().nullable(),
  expectedHarvestDate: z.string().nullable(),
  actualHarvestDate: z.string().nullable(),
  soilTexture: soilTextureSchema.nullable(),
  irrigated: z.boolean(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type FieldSummary = z.infer<typeof fieldSummarySchema>;

/**
 * A field as a point on Map View: its label (name, hectares), colour (crop), marker (centroid) and the box the map
 * fits to. Online the server puts these points into the map's tiles; offline the map makes them from a kept list.
 */
export const fieldPointSchema = fieldSummarySchema.pick({
  id: true,
  name: true,
  size_hectares: true,
  bbox: true,
  centroid: true,
  cropType: true,
});
export type FieldPoint = z.infer<typeof fieldPointSchema>;

/**
 * What Map View shows beside its tiles, for every field the person reaches: how many, their hectares, the box around
 * them (the map's opening fit; null without fields), the crop groups present (the legend), and the field-list
 * version the tiles are asked at, so an edit refreshes both.
 */
export const fieldMapSummarySchema = z.object({
  count: z.number().int(),
  size_hectares: z.number(),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).nullable(),
  cropGroups: z.array(cropGroupSchema),
  version: z.number().int(),
});
export type FieldMapSummary = z.infer<typeof fieldMapSummarySchema>;

/** A field on the overview map: the summary and its boundary simplified for drawing (circles as they are). */
export const fieldOnMapSchema = fieldSummarySchema.extend({ mapBoundary: z.unknown() });
export type FieldOnMap = z.infer<typeof fieldOnMapSchema>;

/** One field with its full boundary, as read, created or updated by id. */
export const fieldSchema = fieldSummarySchema.extend({ boundary: z.unknown() });
export type Field = z.infer<typeof fieldSchema>;
