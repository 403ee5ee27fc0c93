import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import fertilizerResult from '../../../../../../packages/core/src/analysis-results/fixtures/fertilizer-result.json';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import type { AnalysisSummary } from '../../analyses/api/analyses.ts';
import { AnalysisHistory } from './AnalysisHistory.tsx';

afterEach(() => vi.unstubAllGlobals());

const FIELD_ID = '7c6f0f8e-0000-4000-8000-000000000001';

const analysis = (id: string, over: Partial<AnalysisSummary>): AnalysisSummary => ({
  id,
  field_id: FIELD_ID,
  type: 'fertilizer',
  status: 'completed',
  analysis_date: '2026-11-20',
  requested_at: '2026-11-20T08:00:00.000Z',
  started_at: null,
  finished_at: null,
  summary: 'Apply now — N top-dress: 81 kg/ha Urea.',
  simulated: true,
  error: null,
  stage: null,
  stage_at: null,
  ...over,
});

const HISTORY = [
  analysis('fert-new', {}),
  analysis('water-failed', {
    type: 'irrigation',
    status: 'failed',
    analysis_date: null,
    requested_at: '2026-11-10T08:00:00.000Z',
    summary: null,
    simulated: false,
    error: 'The weather service could not be reached.',
  }),
];

function renderHistory() {
  const sent = stubServer(({ path }) => {
    if (path.startsWith(`/api/analysis/${FIELD_ID}/history?`)) return { status: 200, body: { data: HISTORY } };
    if (path === `/api/analysis/${FIELD_ID}/fertilizer/fert-new`)
      return { status: 200, body: { data: { ...HISTORY[0], inputs: {}, result: fertilizerResult } } };
    return undefined;
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AnalysisHistory fieldId={FIELD_ID} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

describe('the analysis history', () => {
  it('lists every analysis with its status and the simulated mark, and narrows by status', async () => {
    renderHistory();
    const list = await screen.findByTestId('analysis-history');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Completed')).toBeTruthy();
    expect(within(rows[0]!).getByText('Simulated')).toBeTruthy();
    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).queryByText('Simulated')).toBeNull();
    expect(within(rows[1]!).getByText('The weather service could not be reached.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'failed' } });
    expect(within(screen.getByTestId('analysis-history')).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText('1 analysis')).toBeTruthy();
  });

  it('opens a past result with its sentence and the nutrients still needed in kg/ha', async () => {
    const sent = renderHistory();
    fireEvent.click(await screen.findByRole('button', { name: 'Open the fertilizer advice of 20 Nov 2026' }));
    const detail = await screen.findByTestId('analysis-detail');
    expect(await within(detail).findByText('N still needed')).toBeTruthy();
    expect(within(detail).getByText('Apply now — N top-dress: 81 kg/ha Urea.')).toBeTruthy();
    const n = fertilizerResult.stillNeeded.nitrogenKgPerHa;
    expect(within(detail).getByText(`${Math.round(n)} kg/ha`)).toBeTruthy();
    expect(sent.some((request) => request.path === `/api/analysis/${FIELD_ID}/fertilizer/fert-new`)).toBe(true);
  });
});
