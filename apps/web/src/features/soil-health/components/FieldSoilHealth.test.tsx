import type { FieldSummary } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onePage, stubServer } from '../../../lib/testing/fetch-stub.ts';
import { soilTest } from '../soil-test-fixture.ts';
import { FieldSoilHealth } from './FieldSoilHealth.tsx';

afterEach(() => vi.unstubAllGlobals());

const FIELD = {
  id: '7c6f0f8e-0000-4000-8000-000000000001',
  name: 'Chongwe maize',
  cropType: 'maize-grain',
} as FieldSummary;

function renderField(tests: unknown[]) {
  const sent = stubServer(({ path }) => (path.startsWith('/api/soil-tests?') ? onePage(tests) : undefined));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <FieldSoilHealth field={FIELD} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return sent;
}

describe("a field's soil health", () => {
  it('invites the first soil test of a field that has none, with a link to log it for this field', async () => {
    const sent = renderField([]);
    expect(await screen.findByText('No soil test for Chongwe maize yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log a soil test' }).getAttribute('href')).toBe(`/soil-tests/log?fieldId=${FIELD.id}`);
    expect(screen.queryByRole('meter')).toBeNull();
    expect(sent[0]!.path).toContain(`fieldId=${FIELD.id}`);
  });

  it('shows the newest test as gauges (the server sends newest first) and the older ones in the history', async () => {
    renderField([
      soilTest({ id: 'new', sampleDate: '2026-10-01', nitrogen: 18 }),
      soilTest({ id: 'old', sampleDate: '2025-10-01', nitrogen: 12 }),
    ]);
    const gauge = await screen.findByTestId('soil-gauge-nitrogen');
    expect(within(gauge).getByTestId('soil-gauge-value').textContent).toBe('18 ppm');
    expect(screen.getByRole('link', { name: 'Log a new soil test' }).getAttribute('href')).toBe(`/soil-tests/log?fieldId=${FIELD.id}`);
    expect(
      screen.getByText(
        'Nitrogen (N), 2 readings from 1 Oct 2025 to 1 Oct 2026: latest 18 ppm on 1 Oct 2026, lowest 12 ppm on 1 Oct 2025, highest 18 ppm on 1 Oct 2026.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('figure', { name: 'Nitrogen (N) in the soil tests of Chongwe maize' })).toBeTruthy();
  });
});
