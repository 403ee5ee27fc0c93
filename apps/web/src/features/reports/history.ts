import type { AnalysisStatus, AnalysisType } from '@murimi/core';
import type { BadgeTone } from '../../components/ui/Badge.tsx';
import type { AnalysisSummary } from '../analyses/api/analyses.ts';

/** What the history can be narrowed to; null is "all". */
export interface HistoryFilter {
  type: AnalysisType | null;
  status: AnalysisStatus | null;
}

/** The day an analysis speaks for, else the day it was asked for (YYYY-MM-DD). */
export const analysisDay = (analysis: AnalysisSummary): string => analysis.analysis_date ?? analysis.requested_at.slice(0, 10);

/** The analyses that pass the filter, newest request first. Pure: the list from the API is left as it is. */
export function filterHistory(analyses: readonly AnalysisSummary[], filter: HistoryFilter): AnalysisSummary[] {
  return analyses
    .filter(
      (analysis) =>
        (filter.type === null || analysis.type === filter.type) && (filter.status === null || analysis.status === filter.status),
    )
    .sort((a, b) => b.requested_at.localeCompare(a.requested_at));
}

/** A status's tint: done is good, failed or cancelled call for a look, the rest is information. */
export function statusTone(status: AnalysisStatus): BadgeTone {
  if (status === 'completed') return 'good';
  if (status === 'failed' || status === 'cancelled') return 'warning';
  return 'info';
}
