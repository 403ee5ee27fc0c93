import { analysisTypes, type AnalysisStatus, type AnalysisType, type NeedsFieldDetails } from '@murimi/core';

/** The four analyses of spec §7 (the list lives in core, beside their result schemas). */
export { analysisTypes, type AnalysisStatus, type AnalysisType };

/** The slug of each type's run path. */
export const analysisSlugs: Record<AnalysisType, string> = {
  health: 'health-analysis',
  yield: 'unified-yield-analysis',
  irrigation: 'irrigation-recommendation',
  fertilizer: 'fertilizer-recommendation',
};

/** A type from its run-path slug (`health-analysis`) or its short name (`health`); null for anything else. */
export function analysisTypeOf(text: string): AnalysisType | null {
  const bySlug = analysisTypes.find((type) => analysisSlugs[type] === text);
  return bySlug ?? ((analysisTypes as readonly string[]).find((type) => type === text) as AnalysisType | undefined) ?? null;
}

/**
 * What an analysis produced: the answer, the sentence a farmer reads, and what it was made from. `Result` is
 * `unknown` until the answer has been checked against its type's schema (`runAnalysis`).
 */
export interface AnalysisOutcome<Result = unknown> {
  /** The day the analysis speaks for (YYYY-MM-DD): the last image's date, or today for weather-based advice. */
  analysisDate: string;
  /**
   * The newest satellite scene looked at, clear or not (YYYY-MM-DD): the daily schedule asks for imagery after it.
   * Absent when the analysis read no imagery.
   */
  newestSceneDate?: string | null;
  result: Result;
  summary: string;
  /** Scene ids, weather window, soil test id: enough to see later what the numbers came from. */
  inputs: Record<string, unknown>;
  /** True when demo imagery or simulated weather went into it; shown with every number. */
  simulated: boolean;
}

/** What an analysis says when the field lacks what the agronomy needs: completed, with what to add. */
export function needsFieldDetails(today: string, message: string): AnalysisOutcome<NeedsFieldDetails> {
  return { analysisDate: today, result: { status: 'needs-field-details', message }, summary: message, inputs: {}, simulated: false };
}
