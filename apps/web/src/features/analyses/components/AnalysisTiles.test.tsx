import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import fertilizerResult from '../../../../../../packages/core/src/analysis-results/fixtures/fertilizer-result.json';
import healthResult from '../../../../../../packages/core/src/analysis-results/fixtures/health-result.json';
import irrigationResult from '../../../../../../packages/core/src/analysis-results/fixtures/irrigation-schedule-result.json';
import { FieldAnalysisTiles } from './AnalysisTiles.tsx';

afterEach(() => vi.restoreAllMocks());

const FIELD = { id: '7c6f0f8e-0000-4000-8000-000000000001', name: 'Centre pivot' };
const ids = {
  health: 'a0000000-0000-4000-8000-000000000001',
  irrigation: 'a0000000-0000-4000-8000-000000000002',
  fertilizer: 'a0000000-0000-4000-8000-000000000003',
};

const summary = (type: keyof typeof ids) => ({
  id: ids[type],
  field_id: FIELD.id,
  type,
  status: 'completed',
  analysis_date: '2026-11-25',
  requested_at: '2026-11-25T06:00:00Z',
  started_at: '2026-11-25T06:00:01Z',
  finished_at: '2026-11-25T06:00:09Z',
  summary: `${type} summary`,
  simulated: true,
  error: null,
  stage: 'computing',
  stage_at: '2026-11-25T06:00:08Z',
});

function serve(results: Partial<Record<keyof typeof ids, unknown>>) {
  stubServer(({ path }) => {
    if (path === `/api/analysis/${FIELD.id}/latest-summaries`) {
      const data = { health: null, yield: null, irrigation: null, fertilizer: null } as Record<string, unknown>;
      for (const type of Object.keys(results) as (keyof typeof ids)[]) data[type] = summary(type);
      return { status: 200, body: { status: 'success', data } };
    }
    for (const type of Object.keys(results) as (keyof typeof ids)[])
      if (path === `/api/analysis/${FIELD.id}/${type}/${ids[type]}`)
        return { status: 200, body: { data: { ...summary(type), inputs: {}, result: results[type] } } };
    if (path.startsWith('/api/weather/forecast'))
      return {
        status: 200,
        body: {
          data: {
            source: 'simulated',
            stale: false,
            notice: null,
            days: [
              { date: '2026-11-25', temperatureMaxC: 29.4, temperatureMinC: 15.2, precipitationMm: 0, et0FaoMm: 5.1, source: 'simulated' },
            ],
          },
        },
      };
    return undefined;
  });
}

function renderTiles() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FieldAnalysisTiles field={FIELD} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the selected field's dashboard tiles", () => {
  it('invites a run of the crop health check when the field has no analysis at all', async () => {
    serve({});
    renderTiles();
    expect(await screen.findByText('No analyses of Centre pivot yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Check crop health' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Crop health' })).toBeNull();
  });

  it('gives each figure its unit, its date and "Simulated", with a link to its screen', async () => {
    serve({ health: healthResult, irrigation: irrigationResult, fertilizer: fertilizerResult });
    renderTiles();
    const health = await screen.findByRole('region', { name: 'Crop health' });
    await within(health).findByText('0.70');
    expect(health.textContent).toContain('mean NDVI (no unit, −1 to 1)');
    expect(health.textContent).toContain('Image of 25 Nov 2026');
    expect(within(health).getByText('Simulated')).toBeTruthy();
    expect(within(health).getByRole('link', { name: 'Open Crop Health' }).getAttribute('href')).toBe('/crop-health');

    const water = screen.getByRole('region', { name: 'Water' });
    await within(water).findByText('Irrigate on 26 Nov 2026');
    expect(within(water).getByText('30 mm')).toBeTruthy();
    expect(within(water).getByRole('link').getAttribute('href')).toBe('/irrigation');

    const fertilizer = screen.getByRole('region', { name: 'Fertilizer' });
    await within(fertilizer).findByText('N 37 · P₂O₅ 9 · K₂O 4 kg/ha');

    // Yield never ran: its tile says so and offers the run.
    const yieldTile = screen.getByRole('region', { name: 'Yield estimate' });
    expect(within(yieldTile).getByRole('button', { name: 'Estimate the yield' })).toBeTruthy();

    const weather = screen.getByRole('region', { name: "Today's weather" });
    await within(weather).findByText('29 °C / 15 °C');
    expect(weather.textContent).toContain('ET₀ 5.1 mm');
    expect(within(weather).getByText('Simulated')).toBeTruthy();
  });

  it('keeps a tile whose result it cannot read to itself: "Try again" there, the other tiles go on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // A health result without its latest image: the health tile cannot work out its figures.
    serve({ health: { ...healthResult, latest: undefined }, fertilizer: fertilizerResult });
    renderTiles();
    const health = await screen.findByRole('alert');
    expect(health.textContent).toContain('Crop health');
    expect(health.textContent).toContain('This part could not be shown.');
    expect(within(health).getByRole('button', { name: 'Try again' })).toBeTruthy();
    const fertilizer = screen.getByRole('region', { name: 'Fertilizer' });
    expect(await within(fertilizer).findByText('N 37 · P₂O₅ 9 · K₂O 4 kg/ha')).toBeTruthy();
  });
});
