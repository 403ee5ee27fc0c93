import type { AnalysisView } from '@murimi/core';
import { describe, expect, it } from 'vitest';
import { analysisGap, type AdviceField } from './analysis-state.ts';

const planted: AdviceField = { id: 'f', name: 'Kwacha 3', cropType: 'maize-grain', plantingDate: '2026-10-01' };

const row = (status: AnalysisView['status'], requestedAt: string, extra: Partial<AnalysisView> = {}): AnalysisView => ({
  id: `${status}-${requestedAt}`,
  field_id: 'f',
  type: 'irrigation',
  status,
  analysis_date: null,
  requested_at: requestedAt,
  started_at: null,
  finished_at: null,
  summary: null,
  simulated: false,
  error: null,
  stage: null,
  stage_at: null,
  ...extra,
});

describe('why an analysis shows no result', () => {
  it('says it has not run yet for a field with its crop and planting date, never to add them', () => {
    expect(analysisGap(planted, 'irrigation', undefined, null)).toEqual({ kind: 'not-run' });
  });

  it('names the missing crop or planting date, and only where the screen knows them', () => {
    expect(analysisGap({ ...planted, cropType: null }, 'irrigation', undefined, null)).toEqual({ kind: 'no-crop' });
    expect(analysisGap({ ...planted, plantingDate: null }, 'yield', undefined, null)).toEqual({ kind: 'no-planting-date' });
    expect(analysisGap({ id: 'f', name: 'Kwacha 3' }, 'yield', undefined, null)).toEqual({ kind: 'not-run' });
    // Crop health reads the images whatever grows.
    expect(analysisGap({ ...planted, cropType: null }, 'health', undefined, null)).toEqual({ kind: 'not-run' });
  });

  it('says it is running, or that it failed with the server’s sentence', () => {
    expect(analysisGap(planted, 'irrigation', row('queued', '2026-11-25T10:00:00Z'), null)).toEqual({ kind: 'running' });
    const failed = row('failed', '2026-11-25T10:00:00Z', { error: 'Weather is unavailable right now.' });
    expect(analysisGap(planted, 'irrigation', failed, null)).toEqual({ kind: 'failed', message: 'Weather is unavailable right now.' });
  });

  it('keeps a failure older than the latest result out of it', () => {
    const latest = row('completed', '2026-11-25T11:00:00Z');
    expect(analysisGap(planted, 'irrigation', latest, latest)).toBeNull();
    const newerFailure = row('failed', '2026-11-25T12:00:00Z', { error: 'Weather is unavailable right now.' });
    expect(analysisGap(planted, 'irrigation', newerFailure, latest)).toMatchObject({ kind: 'failed' });
  });
});
