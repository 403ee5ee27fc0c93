import type { FieldSummary } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDb } from '../../features/offline/components/queue-fixtures.tsx';
import { queueWrite } from '../../features/offline/outbox.ts';
import { switchOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { onePage, stubServer } from '../../lib/testing/fetch-stub.ts';
import DashboardPage from './DashboardPage.tsx';

const onServer = {
  id: 'field-a',
  farmId: 'farm-1',
  name: 'Block A',
  size: 2,
  size_hectares: 2,
  bbox: { minLng: 28, minLat: -15, maxLng: 28.01, maxLat: -14.99 },
  centroid: [28.005, -14.995],
  cropType: 'maize-grain',
  variety: null,
  plantingDate: '2026-11-01',
  expectedHarvestDate: null,
  actualHarvestDate: null,
  soilTexture: null,
  irrigated: false,
  createdAt: '2026-11-01T08:00:00.000Z',
  lastModified: '2026-11-01T08:00:00.000Z',
} satisfies FieldSummary;

let db: OfflineDb;
beforeEach(async () => {
  db = await openTestDb();
  stubServer(({ path }) => {
    if (path.startsWith('/api/fields?') || path === '/api/fields') return onePage([onServer]);
    if (path.startsWith('/api/farms')) return onePage([{ id: 'farm-1', name: 'Chikomba', fieldCount: 1, totalHectares: 2 }]);
    return undefined;
  });
});
afterEach(async () => {
  await switchOfflineDb(null);
  vi.unstubAllGlobals();
});

function openDashboard() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The dashboard's tile of one figure, by its label. */
const tile = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!;

describe("the dashboard's counts of fields", () => {
  it('count a field made on this device and not sent yet, as My Fields lists it, and say it is waiting to sync', async () => {
    await queueWrite(db, 'CREATE_FIELD', { id: 'field-new', farmId: 'farm-1', name: 'River plot', irrigated: false });
    openDashboard();
    await screen.findByText('(1 waiting to sync)', { selector: 'dd' });
    expect(within(tile('Fields')).getByText('2')).toBeTruthy();
    // Its hectares are measured by the server: the total is of the fields it has.
    expect(tile('Total area').textContent).toMatch(/^Total area2(\.0)? ha$/);
    // Each card reads the device on its own, so the farms card may answer a moment later.
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Chikomba/ }).textContent).toMatch(/2 fields · 2(\.0)? ha\(1 waiting to sync\)$/),
    );
  });

  it('count only the fields on the server when nothing is waiting, with no note', async () => {
    openDashboard();
    expect(await screen.findByText('Fields', { selector: 'dt' })).toBeTruthy();
    expect(within(tile('Fields')).getByText('1')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Chikomba/ }).textContent).toMatch(/1 field · 2(\.0)? ha$/);
    expect(screen.queryByText(/waiting to sync/)).toBeNull();
  });

  it('say a first field made offline is saved on the phone and waiting, and open it, instead of asking to set one up', async () => {
    stubServer(({ path }) => {
      if (path.startsWith('/api/fields')) return onePage([]);
      if (path.startsWith('/api/farms')) return onePage([{ id: 'farm-1', name: 'Chikomba', fieldCount: 0, totalHectares: 0 }]);
      return undefined;
    });
    await queueWrite(db, 'CREATE_FIELD', { id: 'field-new', farmId: 'farm-1', name: 'River plot', irrigated: false });
    openDashboard();
    expect(await screen.findByText('Your new field is saved on this phone')).toBeTruthy();
    expect(screen.getByText(/It will be sent when the phone is back online/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open River plot' }).getAttribute('href')).toBe('/fields/field-new');
    expect(screen.queryByText('Set up your first field')).toBeNull();
  });

  it('ask to set up a first field when there is none, here or on the server', async () => {
    stubServer(({ path }) => {
      if (path.startsWith('/api/fields')) return onePage([]);
      if (path.startsWith('/api/farms')) return onePage([]);
      return undefined;
    });
    openDashboard();
    expect(await screen.findByText('Set up your first field')).toBeTruthy();
  });
});

describe('the dashboard of a viewer', () => {
  it("says a funder sees a programme's totals only, instead of a load error, when the farms are refused to their role", async () => {
    const refused = { status: 403, body: { error: { code: 'FORBIDDEN', message: 'Your role in this organisation does not allow this.' } } };
    stubServer(({ path }) => (path.startsWith('/api/farms') || path.startsWith('/api/fields') ? refused : undefined));
    openDashboard();
    await screen.findByText('You view this organisation as a funder');
    expect(screen.queryByText('This could not be loaded.')).toBeNull();
    expect(screen.getByRole('link', { name: "See the programme's figures" }).getAttribute('href')).toBe('/programme');
  });
});
