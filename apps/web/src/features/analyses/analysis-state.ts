import type { AnalysisType } from '@murimi/core';
import type { AnalysisSummary } from './api/analyses.ts';

/** What a field's screens know of it to say why an analysis has no result. */
export interface AdviceField {
  id: string;
  name: string;
  /** Left out where the screen does not know them: the reason is then never "add the crop". */
  cropType?: string | null;
  plantingDate?: string | null;
}

/**
 * Why a type shows no (newer) result: it is running, it failed (with the server's sentence), the field lacks its
 * crop or its planting date, or it has simply not run yet. `null`: the latest result is the newest there is.
 */
export type AnalysisGap =
  | { kind: 'running' }
  | { kind: 'failed'; message: string }
  | { kind: 'no-crop' }
  | { kind: 'no-planting-date' }
  | { kind: 'not-run' }
  | null;

/**
 * The gap of one type, from its newest analysis in any state (`newest`) and its newest completed one (`latest`).
 * A failure older than the latest result is history, not the state of the field.
 */
export function analysisGap(
  field: AdviceField,
  type: AnalysisType,
  newest: AnalysisSummary | undefined,
  latest: AnalysisSummary | null | undefined,
): AnalysisGap {
  if (newest && (newest.status === 'queued' || newest.status === 'running')) return { kind: 'running' };
  const newerThanLatest = newest && (!latest || Date.parse(newest.requested_at) > Date.parse(latest.requested_at));
  if (newest?.status === 'failed' && newerThanLatest) return { kind: 'failed', message: newest.error ?? '' };
  if (latest) return null;
  // Crop health reads the images whatever grows; the others need the crop and how far it has grown.
  if (type !== 'health' && field.cropType === null) return { kind: 'no-crop' };
  if (type !== 'health' && field.plantingDate === null) return { kind: 'no-planting-date' };
  return { kind: 'not-run' };
}
