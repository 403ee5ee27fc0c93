import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import healthResult from '../../../../../../packages/core/src/analysis-results/fixtures/health-result.json';
import { analysisKeys } from './analyses.ts';
import { analysisOverviewQuery, overlayImageQuery, useLatestResult } from './latest-results.ts';

afterEach(() => vi.unstubAllGlobals());

const FIELD = '7c6f0f8e-0000-4000-8000-000000000001';
const HEALTH_ID = '7c6f0f8e-0000-4000-8000-0000000000aa';
const summary = (type: string, id: string) => ({
  id,
  field_id: FIELD,
  type,
  status: 'completed',
  analysis_date: '2026-11-25',
  requested_at: '2026-11-25T06:00:00Z',
  started_at: '2026-11-25T06:00:01Z',
  finished_at: '2026-11-25T06:00:09Z',
  summary: 'Crop health: healthy.',
  simulated: true,
  error: null,
  stage: 'computing',
  stage_at: '2026-11-25T06:00:08Z',
});

function serve() {
  return stubServer(({ path }) => {
    if (path === `/api/analysis/${FIELD}/latest-summaries`)
      return {
        status: 200,
        body: { status: 'success', data: { health: summary('health', HEALTH_ID), yield: null, irrigation: null, fertilizer: null } },
      };
    if (path === `/api/analysis/${FIELD}/health/${HEALTH_ID}`)
      return { status: 200, body: { data: { ...summary('health', HEALTH_ID), inputs: {}, result: healthResult } } };
    return undefined;
  });
}

function wrapperWith(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('the latest result of an analysis type', () => {
  it('reads the newest completed analysis named by the latest summaries, with its result', async () => {
    const sent = serve();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useLatestResult(FIELD, 'health'), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(result.current.state).toBe('ready'));
    expect(result.current.summary?.id).toBe(HEALTH_ID);
    expect(result.current.result).toMatchObject({ status: 'healthy', latest: { date: '2026-11-25' } });
    expect(sent.map((request) => request.path)).toEqual([
      `/api/analysis/${FIELD}/latest-summaries`,
      `/api/analysis/${FIELD}/health/${HEALTH_ID}`,
    ]);
  });

  it('says "none" for a type never completed, without asking for any analysis', async () => {
    const sent = serve();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => [useLatestResult(FIELD, 'yield'), useLatestResult(FIELD, 'irrigation')] as const, {
      wrapper: wrapperWith(client),
    });
    await waitFor(() => expect(result.current.map((latest) => latest.state)).toEqual(['none', 'none']));
    // The tiles of one field share one latest-summaries request.
    expect(sent.map((request) => request.path)).toEqual([`/api/analysis/${FIELD}/latest-summaries`]);
  });

  it("keeps everything it shows under the keys a finished run refreshes (the field's analyses and imagery)", async () => {
    serve();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderHook(() => useLatestResult(FIELD, 'health'), { wrapper: wrapperWith(client) });
    await waitFor(() => expect(client.getQueryCache().findAll({ queryKey: analysisKeys.ofField(FIELD) })).toHaveLength(2));
    expect(overlayImageQuery(FIELD, 'S2SIM_36S-1_20261125_L2A', 'ndvi').queryKey.slice(0, 2)).toEqual(['imagery', FIELD]);
  });
});

describe('the farm overview and the NDVI image', () => {
  it('asks the overview once for all fields', async () => {
    const sent = stubServer(() => ({ status: 200, body: { data: [] } }));
    await new QueryClient().fetchQuery(analysisOverviewQuery());
    expect(sent.map((request) => request.path)).toEqual(['/api/analysis/overview']);
  });

  it('fetches the PNG through the API client as a Blob', async () => {
    const sent = stubServer(() => ({ status: 200, body: {} }));
    const blob = await new QueryClient().fetchQuery(overlayImageQuery(FIELD, 'S2SIM_36S-1_20261125_L2A', 'ndvi'));
    expect(blob).toBeInstanceOf(Blob);
    expect(sent.map((request) => request.path)).toEqual([`/api/fields/${FIELD}/imagery/S2SIM_36S-1_20261125_L2A/ndvi.png`]);
  });
});
