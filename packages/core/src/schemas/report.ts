import { z } from 'zod';
import { idSchema } from './common.ts';

/**
 * A report: a PDF of a field (its facts, analyses and records of the season) or of a farm (a summary page, then each
 * field), or a programme's pack (a ZIP of every farm's PDF with a CSV and an XLSX of every field, for its managers),
 * written on the server as a job. It is kept `REPORT_KEEP_DAYS` (a setting) and then deleted.
 */
export const REPORT_KINDS = ['field', 'farm', 'programme'] as const;
export const REPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled', 'expired'] as const;
/** The steps of writing a report a person waiting on it understands: a pack writes its farms, then its summary. */
export const REPORT_STAGES = ['gathering', 'writing', 'farms', 'summary'] as const;

export const reportRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    /** Chosen by the browser, so that a request sent again after a lost answer makes one report. */
    id: idSchema.optional(),
    kind: z.literal('field'),
    fieldId: idSchema,
  }),
  z.strictObject({ id: idSchema.optional(), kind: z.literal('farm'), farmId: idSchema }),
  /** Every farm of the organisation, or of one group. */
  z.strictObject({ id: idSchema.optional(), kind: z.literal('programme'), groupId: idSchema.optional() }),
]);
export type ReportRequest = z.infer<typeof reportRequestSchema>;

export const reportSchema = z.object({
  id: idSchema,
  kind: z.enum(REPORT_KINDS),
  fieldId: idSchema.nullable(),
  /** Null for a programme's pack. */
  farmId: idSchema.nullable(),
  groupId: idSchema.nullable(),
  /** "Field report: Block A (Chikomo Farm)". */
  title: z.string(),
  status: z.enum(REPORT_STATUSES),
  stage: z.enum(REPORT_STAGES).nullable(),
  /** A pack's progress: farms written of its farms. */
  farmsDone: z.number().int().nullable(),
  farmsTotal: z.number().int().nullable(),
  /** Why it failed, in words. */
  error: z.string().nullable(),
  fileBytes: z.number().int().nullable(),
  /** Simulated imagery or weather went into it (the demo): the PDF says so on every page that uses them. */
  simulated: z.boolean(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
  /** When the file is deleted; a download after it answers 410. */
  expiresAt: z.iso.datetime(),
});
export type Report = z.infer<typeof reportSchema>;
