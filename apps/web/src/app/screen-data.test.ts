import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onePage, stubServer } from '../lib/testing/fetch-stub.ts';
import { analysisQuery, latestSummariesQuery } from '../features/analyses/api/analyses.ts';
import { prefetchScreenData } from './screen-data.ts';

afterEach(() => vi.unstubAllGlobals());

const fieldId = '5f0c2a55-0000-4000-8000-000000000001';
const healthId = '7a1d2a55-0000-4000-8000-000000000002';
const scene = (date: string, usable: boolean) => ({
  date,
  datetime: `${date}T08:00:00Z`,
  sceneId: `S2_${date}`,
  source: 'sentinel-2',
  sceneCloudCoverPct: usable ? 3 : 90,
  clearShare: usable ? 1 : 0,
  usable,
  reason: usable ? null : 'too-cloudy',
  mean: usable ? 0.6 : null,
  p10: null,
  p90: null,
  simulated: false,
});

/** Answers each read after `delayMs`, so reads sent together are seen together before any answer. */
function slowServer(delayMs: number) {
  return stubServer(async ({ path }) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (path.startsWith('/api/fields?')) return onePage([]);
    if (path === '/api/public-config') return { status: 200, body: { basemap: null } };
    if (path === `/api/fields/${fieldId}/imagery?index=ndvi`)
      return {
        status: 200,
        body: {
          data: {
            fieldId,
            index: 'ndvi',
            from: '2026-10-01',
            to: '2026-11-28',
            simulated: false,
            imageVersion: 'kopje-v1',
            scenes: [scene('2026-11-10', true), scene('2026-11-20', false)],
          },
        },
      };
    if (path === `/api/analysis/${fieldId}/latest-summaries?results=health`)
      return {
        status: 200,
        body: { data: { health: { id: healthId } }, results: { health: { id: healthId, result: { kind: 'reading' } } } },
      };
    return { status: 200, body: { data: {} } };
  });
}

const paths = (sent: { path: string }[]) => sent.map((request) => request.path.split('?')[0]);

describe('the first reads of a screen, started as the app starts', () => {
  it('asks for everything Crop Health first shows together, then the image and the health check as soon as their keys are known', async () => {
    const sent = slowServer(20);
    const done = prefetchScreenData(new QueryClient(), '/crop-health', fieldId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Before any answer: the field list, the map's settings, the field, its scenes and its latest summaries.
    expect(paths(sent).sort()).toEqual(
      [
        '/api/fields',
        '/api/public-config',
        `/api/fields/${fieldId}`,
        `/api/fields/${fieldId}/imagery`,
        `/api/analysis/${fieldId}/latest-summaries`,
      ].sort(),
    );
    await done;
    // The latest usable scene's NDVI image within the season read, under the field's image version (which lets the
    // browser keep it for good); the health check came with the summaries.
    expect(sent.map((request) => request.path)).toContain(
      `/api/fields/${fieldId}/imagery/S2_2026-11-10/ndvi.png?from=2026-10-01&to=2026-11-28&v=kopje-v1`,
    );
    expect(paths(sent)).not.toContain(`/api/analysis/${fieldId}/health/${healthId}`);
  });

  it('asks the dashboard’s reads for the chosen field, the health check in the summaries’ answer, and only the lists when none is chosen', async () => {
    const sent = slowServer(1);
    const client = new QueryClient();
    const started = prefetchScreenData(client, '/dashboard/', fieldId);
    // The screen's own read of the summaries, sent while the first is under way, waits for it.
    const screenRead = client.fetchQuery(latestSummariesQuery(fieldId));
    await started;
    expect(await screenRead).toEqual({ health: { id: healthId } });
    expect(paths(sent).sort()).toEqual(['/api/farms', '/api/fields', `/api/analysis/${fieldId}/latest-summaries`].sort());
    // Each under the key its screen reads, so neither is asked for again.
    expect(client.getQueryData(latestSummariesQuery(fieldId).queryKey)).toEqual({ health: { id: healthId } });
    expect(client.getQueryData(analysisQuery(fieldId, 'health', healthId).queryKey)).toEqual({ id: healthId, result: { kind: 'reading' } });
    const none = slowServer(1);
    await prefetchScreenData(new QueryClient(), '/dashboard', null);
    expect(paths(none).sort()).toEqual(['/api/farms', '/api/fields']);
  });

  it('asks nothing for a screen it does not know, and leaves a failed read to the screen', async () => {
    const sent = slowServer(1);
    await prefetchScreenData(new QueryClient(), '/settings', fieldId);
    expect(sent).toEqual([]);
    stubServer(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'Server error.' } } }));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await expect(prefetchScreenData(client, '/crop-health', fieldId)).resolves.toBeUndefined();
  });
});
