import { z } from 'zod';
import { analysisTypes, type AnalysisType } from './common.ts';
import type { AnalysisResult } from './index.ts';

/** Where an analysis is in its life (spec §4): queued and running can still change; the others are final. */
export const analysisStatuses = ['queued', 'running', 'completed', 'failed', 'cancelled'] as const;
export type AnalysisStatus = (typeof analysisStatuses)[number];

/** The steps of an analysis a person waiting on it understands, in the order they usually come. */
export const analysisStages = ['loading-field', 'searching-imagery', 'reading-imagery', 'reading-weather', 'computing'] as const;
export type AnalysisStage = (typeof analysisStages)[number];

/** An analysis as the API shows it; `analysis_date` as spec §3 names it in the latest summaries. */
export const analysisViewSchema = z.object({
  id: z.string(),
  field_id: z.string(),
  type: z.enum(analysisTypes),
  status: z.enum(analysisStatuses),
  /** The day the analysis speaks for (YYYY-MM-DD). */
  analysis_date: z.string().nullable(),
  requested_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** The sentence a farmer reads. */
  summary: z.string().nullable(),
  /** True when demo imagery or simulated weather went into it; shown with every number. */
  simulated: z.boolean(),
  /** What went wrong, in the spec's words, when it failed. */
  error: z.string().nullable(),
  /** The step a running analysis last reported, and when; kept after it ends. */
  stage: z.enum(analysisStages).nullable(),
  stage_at: z.string().nullable(),
});
export type AnalysisView = z.infer<typeof analysisViewSchema>;

/** One analysis in full: what it was made from and, once completed, its result as its type's schema describes it. */
export interface AnalysisDetail<Type extends AnalysisType = AnalysisType> extends AnalysisView {
  type: Type;
  inputs: unknown;
  /** Checked against the type's schema when it was stored; null until the analysis completes. */
  result: AnalysisResult<Type> | null;
}

/**
 * A field's newest completed health analysis, as the farm totals need it (`GET /api/analysis/overview`): a handful
 * of numbers, never the result.
 */
export interface FieldHealthOverview {
  field_id: string;
  /** Hectares, as the field list gives them. */
  size_hectares: number;
  /** Null when no health analysis of the field has completed. */
  health: {
    analysis_id: string;
    /** `healthy`, `moderate`, `bare-or-stressed`, or `no-clear-image` when the season had no usable image. */
    status: string;
    /** Mean NDVI of the field on the latest clear image (unitless, −1 to 1); null without a clear image. */
    ndvi: number | null;
    /** The day of that image (YYYY-MM-DD), or the day the analysis speaks for without one. */
    date: string | null;
    /** Demo imagery or simulated weather went into it. */
    simulated: boolean;
  } | null;
}
