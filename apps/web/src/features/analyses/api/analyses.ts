import type { AnalysisDetail, AnalysisStatus, AnalysisType, AnalysisView } from '@murimi/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/client.ts';

/** An analysis as the API shows it: its state and the sentence a farmer reads. */
export type AnalysisSummary = AnalysisView;
export type { AnalysisDetail, AnalysisStatus };

/** The newest completed analysis of each type for a field; null for a type never completed. */
export type LatestSummaries = Record<AnalysisType, AnalysisSummary | null>;

/** How often the screens ask again while an analysis runs (spec: every 5 s). */
export const ANALYSIS_POLL_MS = 5_000;

/** Queued or running: the answer can still change, so the screen keeps asking. */
export const analysisInProgress = (status: AnalysisStatus | undefined) => status === 'queued' || status === 'running';

/** Every analysis query of a field starts with `analyses` and the field, so a new run can refresh them all. */
export const analysisKeys = {
  ofField: (fieldId: string) => ['analyses', fieldId] as const,
  latestSummaries: (fieldId: string) => ['analyses', fieldId, 'latest-summaries'] as const,
  recent: (fieldId: string) => ['analyses', fieldId, 'recent'] as const,
  one: (fieldId: string, type: AnalysisType, id: string) => ['analyses', fieldId, type, id] as const,
};

/** The newest completed summary of each analysis type for a field. */
export const latestSummariesQuery = (fieldId: string) =>
  queryOptions({
    queryKey: analysisKeys.latestSummaries(fieldId),
    queryFn: async () => (await api.get<{ data: LatestSummaries }>(`/api/analysis/${fieldId}/latest-summaries`)).data,
  });

/** One analysis; asked again every 5 s while it is queued or running, and no more once it has ended. */
export const analysisQuery = <Type extends AnalysisType>(fieldId: string, type: Type, id: string) =>
  queryOptions({
    queryKey: analysisKeys.one(fieldId, type, id),
    queryFn: async () => (await api.get<{ data: AnalysisDetail<Type> }>(`/api/analysis/${fieldId}/${type}/${id}`)).data,
    refetchInterval: (query) => (analysisInProgress(query.state.data?.status) ? ANALYSIS_POLL_MS : false),
  });

/** How many of a field's newest analyses are read to find each type's newest. */
const RECENT_ANALYSES = 20;
/** After an analysis ends the server may queue the next ones (a new field's): keep looking this long. */
const FOLLOW_UPS_WINDOW_MS = 30_000;

/** The newest analysis of each type among `rows` (newest first), whatever its state. */
export function newestByType(rows: readonly AnalysisSummary[]): Partial<Record<AnalysisType, AnalysisSummary>> {
  const newest: Partial<Record<AnalysisType, AnalysisSummary>> = {};
  for (const row of rows) newest[row.type] ??= row;
  return newest;
}

/** Whether the recent list can still change by itself: one is queued or running, or one ended moments ago. */
export function recentStillMoving(rows: readonly AnalysisSummary[] | undefined, nowMs: number): boolean {
  return (rows ?? []).some(
    (row) => analysisInProgress(row.status) || (row.finished_at !== null && nowMs - Date.parse(row.finished_at) < FOLLOW_UPS_WINDOW_MS),
  );
}

/**
 * A field's newest analyses in any state (its history's first rows): what the server queued by itself, what runs, and
 * what failed and why. Asked again every 5 s while one is queued or running or has just ended.
 */
export const recentAnalysesQuery = (fieldId: string) =>
  queryOptions({
    queryKey: analysisKeys.recent(fieldId),
    queryFn: async () => (await api.get<{ data: AnalysisSummary[] }>(`/api/analysis/${fieldId}/history?limit=${RECENT_ANALYSES}`)).data,
    refetchInterval: (query) => (recentStillMoving(query.state.data, Date.now()) ? ANALYSIS_POLL_MS : false),
  });
