import type { AnalysisType } from '@murimi/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { analysisRuns } from './analysis-runs.ts';
import { newestByType, recentAnalysesQuery, type AnalysisSummary } from './api/analyses.ts';
import type { AdviceField } from './analysis-state.ts';

/** An analysis that failed this recently, unseen, still gets its card. */
const JUST_ENDED_MS = 60_000;

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
  const now = recent.dataUpdatedAt;
  // Queued or running, or failed moments ago (between two looks): each gets its card. One that completed unseen (a
  // schedule's, the demo's) shows in its tile; a card for it would only cover the screen.
  const live = Object.values(newest).filter(
    (row) =>
      row.status === 'queued' ||
      row.status === 'running' ||
      (row.status === 'failed' && row.finished_at !== null && now - Date.parse(row.finished_at) < JUST_ENDED_MS),
  );
  const key = live.map((row) => `${row.id}:${row.status}`).join(',');
  useEffect(() => {
    for (const row of live) {
      analysisRuns.adopt({
        fieldId: field.id,
        fieldName: field.name,
        type: row.type,
        analysisId: row.id,
        status: row.status,
        error: row.error,
      });
    }
    // `key` names what `live` holds.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, field.id, field.name]);
  return { newest, isPending: recent.isPending };
}
