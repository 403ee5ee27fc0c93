import { describe, expect, it } from 'vitest';
import type { AnalysisSummary } from '../analyses/api/analyses.ts';
import { analysisDay, filterHistory, statusTone } from './history.ts';

const analysis = (id: string, over: Partial<AnalysisSummary>): AnalysisSummary => ({
  id,
  field_id: 'f1',
  type: 'health',
  status: 'completed',
  analysis_date: null,
  requested_at: '2026-01-01T08:00:00.000Z',
  started_at: null,
  finished_at: null,
  summary: null,
  simulated: false,
  error: null,
  stage: null,
  stage_at: null,
  ...over,
});

const list = [
  analysis('old-health', { requested_at: '2026-01-01T08:00:00.000Z' }),
  analysis('new-yield', { type: 'yield', requested_at: '2026-03-01T08:00:00.000Z' }),
  analysis('failed-water', { type: 'irrigation', status: 'failed', requested_at: '2026-02-01T08:00:00.000Z' }),
];

describe('filterHistory', () => {
  it('keeps every analysis, newest request first, without a filter', () => {
    expect(filterHistory(list, { type: null, status: null }).map((a) => a.id)).toEqual(['new-yield', 'failed-water', 'old-health']);
  });

  it('narrows to one type and one status, together', () => {
    expect(filterHistory(list, { type: 'irrigation', status: null }).map((a) => a.id)).toEqual(['failed-water']);
    expect(filterHistory(list, { type: null, status: 'completed' }).map((a) => a.id)).toEqual(['new-yield', 'old-health']);
    expect(filterHistory(list, { type: 'irrigation', status: 'completed' })).toEqual([]);
  });

  it('does not reorder the list it was given', () => {
    filterHistory(list, { type: null, status: null });
    expect(list[0]!.id).toBe('old-health');
  });
});

describe('analysisDay', () => {
  it('is the day the analysis speaks for, else the day it was asked for', () => {
    expect(analysisDay(analysis('a', { analysis_date: '2026-02-03' }))).toBe('2026-02-03');
    expect(analysisDay(analysis('a', { requested_at: '2026-02-05T23:00:00.000Z' }))).toBe('2026-02-05');
  });
});

describe('statusTone', () => {
  it('marks completed as good and failed or cancelled as a warning', () => {
    expect(statusTone('completed')).toBe('good');
    expect(statusTone('failed')).toBe('warning');
    expect(statusTone('cancelled')).toBe('warning');
    expect(statusTone('running')).toBe('info');
  });
});
