import type { WeekDigest } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubServer } from '../../../lib/testing/fetch-stub.ts';
import { ThisWeekCard } from './ThisWeekCard.tsx';

afterEach(() => vi.unstubAllGlobals());

const fieldId = '5f0c7a52-3f4e-4b8a-9c1d-2e3f4a5b6c7d';

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const { container } = render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ThisWeekCard />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return container;
}

const week: WeekDigest = {
  weekStart: '2026-11-23',
  fields: [
    {
      fieldId,
      fieldName: 'Vlei soybean',
      health: { status: 'healthy', ndvi: 0.63, date: '2026-11-26', previousNdvi: 0.58, previousDate: '2026-11-21', simulated: true },
      water: 'No water stress expected in the next 7 days.',
      openAlerts: 2,
    },
  ],
  actions: [{ fieldId, fieldName: 'Vlei soybean', text: 'Check lower leaves for rust pustules.', severity: 'warning' }],
  openAlerts: 2,
  simulated: true,
};

describe('the dashboard’s week', () => {
  it('shows each field’s health and its change, the water outlook, the actions and the open alerts', async () => {
    stubServer(({ path }) => (path === '/api/insights/this-week' ? { status: 200, body: { data: week } } : undefined));
    renderCard();
    const fields = await screen.findByRole('region', { name: 'Your fields' });
    expect(fields.textContent).toContain('NDVI 0.63 on Thu 26 Nov');
    expect(fields.textContent).toContain('up 0.05 since Sat 21 Nov');
    expect(fields.textContent).toContain('No water stress expected in the next 7 days.');
    expect(within(fields).getByRole('link', { name: '2 open alerts' }).getAttribute('href')).toBe(`/alerts?fieldId=${fieldId}`);
    const actions = screen.getByRole('region', { name: 'To do this week' });
    expect(actions.textContent).toContain('Warning');
    expect(actions.textContent).toContain('Vlei soybean: Check lower leaves for rust pustules.');
    // The week's open alerts lead to the alerts screen; each field's to the screen filtered to it.
    expect(screen.getAllByRole('link', { name: '2 open alerts' }).map((link) => link.getAttribute('href'))).toEqual([
      '/alerts',
      `/alerts?fieldId=${fieldId}`,
    ]);
    expect(screen.getByText(/simulated weather or satellite images/)).toBeTruthy();
  });

  it('says what will come when the week has nothing yet, and stays away while the server has no week to give', async () => {
    stubServer(({ path }) =>
      path === '/api/insights/this-week'
        ? { status: 200, body: { data: { weekStart: '2026-11-23', fields: [], actions: [], openAlerts: 0, simulated: false } } }
        : undefined,
    );
    renderCard();
    await screen.findByText('Nothing for this week yet');
    vi.unstubAllGlobals();

    stubServer(() => undefined);
    const container = renderCard();
    await waitFor(() => expect(container.textContent).toBe(''));
  });
});
