import type { AnalysisType } from '@murimi/core';
import { useSyncExternalStore } from 'react';
import { analysisRuns, type AnalysisRun } from './analysis-runs.ts';

/** Every run this browser waits on or has just finished, in the order they were started. */
export const useAnalysisRuns = (): readonly AnalysisRun[] => useSyncExternalStore(analysisRuns.subscribe, analysisRuns.getState);

/** The run of one field and type, if there is one. */
export function useAnalysisRun(fieldId: string | undefined, type: AnalysisType): AnalysisRun | undefined {
  return useAnalysisRuns().find((run) => run.fieldId === fieldId && run.type === type);
}

/** Where a finished analysis's result is shown: crop health on its screen, the others on the field's page. */
export const resultPath = (fieldId: string, type: AnalysisType) => (type === 'health' ? '/crop-health' : `/fields/${fieldId}`);
