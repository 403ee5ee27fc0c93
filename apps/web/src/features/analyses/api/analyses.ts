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
