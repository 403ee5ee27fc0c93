import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_POLL_MS, analysisQuery, type AnalysisDetail, type AnalysisStatus } from './analyses.ts';

const FIELD = '7c6f0f8e-0000-4000-8000-000000000001';
const ANALYSIS = '7c6f0f8e-0000-4000-8000-000000000002';

/** How long the one-analysis query waits before asking again, once it holds an analysis in `status`. */
function pollAfter(status: AnalysisStatus): number | false | undefined {
  const client = new QueryClient();
  const options = analysisQuery(FIELD, 'health', ANALYSIS);
  client.setQueryData(options.queryKey, { id: ANALYSIS, status } as AnalysisDetail<'health'>);
  const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true })!;
  const interval = options.refetchInterval;
  return typeof interval === 'function' ? interval(query as never) : interval;
}

describe('one analysis, polled while it runs', () => {
  it('asks again every 5 s while queued or running, and stops once it has ended', () => {
    expect(pollAfter('queued')).toBe(ANALYSIS_POLL_MS);
    expect(pollAfter('running')).toBe(ANALYSIS_POLL_MS);
    expect(pollAfter('completed')).toBe(false);
    expect(pollAfter('failed')).toBe(false);
    expect(pollAfter('cancelled')).toBe(false);
  });

  it('keys each analysis under its field, beside the field’s latest summaries', () => {
    expect(analysisQuery(FIELD, 'health', ANALYSIS).queryKey).toEqual(['analyses', FIELD, 'health', ANALYSIS]);
  });
});
