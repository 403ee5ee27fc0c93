import type { AnalysisType } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { analysisRuns } from './analysis-runs.ts';
import { newestByType, recentAnalysesQuery, type AnalysisSummary } from './api/analyses.ts';
import type { AdviceField } from './analysis-state.ts';

/**
 * A field's newest analysis of each type in any state, read from the server; each one queued or running that this
 * browser does not follow yet (the server started it: a new field's, a schedule's) gets its progress card.
 */
export function useRecentAnalyses(field: AdviceField): {
  newest: Partial<Record<AnalysisType, AnalysisSummary>>;
  isPending: boolean;
} {
  const recent = useQuery(recentAnalysesQuery(field.id));
  const newest = newestByType(recent.data ?? []);
  const running = Object.values(newest)
    .filter((row) => row.status === 'queued' || row.status === 'running')
    .map((row) => `${row.type}:${row.id}`)
    .join(',');
  useEffect(() => {
    for (const entry of running ? running.split(',') : []) {
      const [type, analysisId] = entry.split(':') as [AnalysisType, string];
      analysisRuns.adopt({ fieldId: field.id, fieldName: field.name, type, analysisId });
    }
  }, [running, field.id, field.name]);
  return { newest, isPending: recent.isPending };
}
