import { z } from 'zod';
import { VISIT_PRIORITY_POINTS, type VisitPriorityPart } from '../agronomy/visit-priority.ts';
import { calendarDateSchema, idSchema, optionalText, pageQueryFields } from './common.ts';

const VISIT_PRIORITY_PART_NAMES = Object.keys(VISIT_PRIORITY_POINTS) as [VisitPriorityPart, ...VisitPriorityPart[]];

/**
 * A field visit: what an agronomist (or the farmer) saw walking the field on one day, with photos and the GPS point
 * where it was logged. It is a field record like a soil test: kept offline until sent, in the field's history, and
 * the latest one resets the field's "days since a visit" in the visit queue.
 */

/** The crop's stage as seen, in words a scout uses for maize, soybean and tobacco alike. */
export const CROP_STAGES_SEEN = ['not-planted', 'emergence', 'vegetative', 'flowering', 'grain-fill', 'mature', 'harvested'] as const;
export type CropStageSeen = (typeof CROP_STAGES_SEEN)[number];

export const WEED_PRESSURES = ['none', 'light', 'moderate', 'heavy'] as const;
export const WATER_STATUSES_SEEN = ['dry', 'adequate', 'waterlogged'] as const;

/** Photos per visit: enough to show a pest, a symptom and the stand, few enough to send over a slow connection. */
export const MAX_VISIT_PHOTOS = 3;
/**
 * A photo as sent, bytes of JPEG. The phone resizes to `VISIT_PHOTO_LONG_EDGE_PX` at quality 0.7 first, which gives
 * 100–300 KB for a field photo; 700 KB leaves room for a busy picture and refuses an unresized camera file (3–6 MB).
 */
export const MAX_VISIT_PHOTO_BYTES = 700 * 1024;
/** The long edge a photo is resized to on the phone: leaf lesions and larvae stay readable, the upload stays small. */
export const VISIT_PHOTO_LONG_EDGE_PX = 1280;
/** The most a pest count can be: larvae or damaged plants counted on one walk (FAO's W walk checks 100 plants). */
export const MAX_PEST_COUNT = 10_000;

/** Base64 text of at most `MAX_VISIT_PHOTO_BYTES` bytes (4 characters per 3 bytes). */
const MAX_PHOTO_BASE64_CHARACTERS = Math.ceil(MAX_VISIT_PHOTO_BYTES / 3) * 4;

export const visitPhotoUploadSchema = z.strictObject({
  id: idSchema,
  /** The JPEG, base64-encoded. */
  jpegBase64: z
    .string()
    .max(MAX_PHOTO_BASE64_CHARACTERS, `A photo can be at most ${MAX_VISIT_PHOTO_BYTES / 1024} KB; take it again or send it smaller.`)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'A photo must be sent as base64 text.'),
});
export type VisitPhotoUpload = z.infer<typeof visitPhotoUploadSchema>;

const observationFields = {
  cropStage: z.enum(CROP_STAGES_SEEN, { message: `Crop stage is one of: ${CROP_STAGES_SEEN.join(', ')}.` }).nullish(),
  /** The pest seen, as the scout names it (fall armyworm, stalk borer, aphids…); none when none was seen. */
  pestSeen: optionalText(80),
  /** How many were counted: larvae, or plants with fresh damage, on the walk. */
  pestCount: z
    .number({ message: 'The pest count must be a whole number.' })
    .int('The pest count must be a whole number.')
    .min(0, 'The pest count cannot be negative.')
    .max(MAX_PEST_COUNT, `A pest count above ${MAX_PEST_COUNT} is not one walk's count; check the number.`)
    .nullish(),
  diseaseSeen: optionalText(80),
  weeds: z.enum(WEED_PRESSURES, { message: `Weeds are one of: ${WEED_PRESSURES.join(', ')}.` }).nullish(),
  waterStatus: z.enum(WATER_STATUSES_SEEN, { message: `Water status is one of: ${WATER_STATUSES_SEEN.join(', ')}.` }).nullish(),
  notes: optionalText(2000),
};

/** Where the phone was when the visit was logged (WGS 84), with the accuracy it reported, m. */
export const visitLocationSchema = z.strictObject({
  latitude: z.number().min(-90, 'Latitude is between -90 and 90.').max(90, 'Latitude is between -90 and 90.'),
  longitude: z.number().min(-180, 'Longitude is between -180 and 180.').max(180, 'Longitude is between -180 and 180.'),
  accuracyM: z.number().min(0).max(100_000).nullish(),
});

const pestCountNeedsPest = (visit: { pestSeen?: string | null; pestCount?: number | null }, ctx: z.RefinementCtx) => {
  if ((visit.pestCount ?? 0) > 0 && !visit.pestSeen)
    ctx.addIssue({ code: 'custom', path: ['pestSeen'], message: 'Name the pest that was counted.' });
};

export const visitCreateSchema = z
  .strictObject({
    id: idSchema.optional(),
    fieldId: idSchema,
    visitDate: calendarDateSchema,
    ...observationFields,
    location: visitLocationSchema.nullish(),
    photos: z.array(visitPhotoUploadSchema).max(MAX_VISIT_PHOTOS, `A visit keeps at most ${MAX_VISIT_PHOTOS} photos.`).default([]),
  })
  .superRefine(pestCountNeedsPest);
export type VisitCreateInput = z.input<typeof visitCreateSchema>;

/** A visit's observations can be corrected; its field, day, place and photos are what was logged. */
export const visitUpdateSchema = z.strictObject(observationFields).partial();
export type VisitUpdateInput = z.input<typeof visitUpdateSchema>;
export const visitListQuerySchema = z.strictObject({ fieldId: idSchema.optional(), ...pageQueryFields });

export const visitSchema = z.object({
  id: z.string(),
  fieldId: z.string(),
  visitDate: z.string(),
  cropStage: z.enum(CROP_STAGES_SEEN).nullable(),
  pestSeen: z.string().nullable(),
  pestCount: z.number().nullable(),
  diseaseSeen: z.string().nullable(),
  weeds: z.enum(WEED_PRESSURES).nullable(),
  waterStatus: z.enum(WATER_STATUSES_SEEN).nullable(),
  notes: z.string().nullable(),
  location: z.object({ latitude: z.number(), longitude: z.number(), accuracyM: z.number().nullable() }).nullable(),
  /** The photos' ids, read at `/api/visits/:id/photos/:photoId` (JPEG). */
  photoIds: z.array(z.string()),
  /** Who logged it (their name as it is now); null when their account was deleted. */
  visitedBy: z.string().nullable(),
  createdAt: z.string(),
  lastModified: z.string(),
});
export type Visit = z.infer<typeof visitSchema>;

const waterStressSeenSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('now') }),
  z.object({ kind: z.literal('soon'), days: z.number() }),
  z.object({ kind: z.literal('canopy-dry') }),
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('unknown') }),
]);

/** One field of the visit queue: its place, its score and the parts the score is made of, with the facts behind them. */
export const visitQueueItemSchema = z.object({
  fieldId: z.string(),
  fieldName: z.string(),
  farmId: z.string(),
  farmName: z.string(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  cropType: z.string().nullable(),
  areaHa: z.number(),
  /** A point inside the field (WGS 84), for the map. */
  point: z.object({ latitude: z.number(), longitude: z.number() }),
  score: z.number(),
  parts: z.array(z.object({ part: z.enum(VISIT_PRIORITY_PART_NAMES), points: z.number(), maxPoints: z.number() })),
  facts: z.object({
    ndviChangePerWeek: z.number().nullable(),
    /** The day of the newest image the NDVI trend ends on. */
    imageDate: z.string().nullable(),
    water: waterStressSeenSchema,
    pestAlerts: z.object({ critical: z.number(), warning: z.number(), info: z.number() }),
    unresolvedAlerts: z.number(),
    daysSinceVisit: z.number().nullable(),
    lastVisitDate: z.string().nullable(),
  }),
  /** Some fact came from simulated imagery or weather (demo fields). */
  simulated: z.boolean(),
});
export type VisitQueueItem = z.infer<typeof visitQueueItemSchema>;

export const visitQueueQuerySchema = z.strictObject({
  groupId: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const visitQueueSchema = z.object({ data: z.array(visitQueueItemSchema), today: z.string(), fieldsRanked: z.number() });
export type VisitQueue = z.infer<typeof visitQueueSchema>;
