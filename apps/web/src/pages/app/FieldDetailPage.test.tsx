import type { Field } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { onePage, stubServer } from '../../lib/testing/fetch-stub.ts';
import { openTestDb } from '../../features/offline/components/queue-fixtures.tsx';
import { queueWrite } from '../../features/offline/outbox.ts';
import FieldDetailPage from './FieldDetailPage.tsx';

const FIELD_ID = '5b2a9c1e-0000-4000-8000-000000000007';

/** The field as the form made it offline: no hectares, dates or version, which the server gives. */
const madeOffline = {
  id: FIELD_ID,
  farmId: 'farm-1',
  name: 'River plot',
  cropType: 'maize-grain',
  plantingDate: '2026-11-10',
  irrigated: false,
};

const onServer: Field = {
  ...madeOffline,
  size: 2.5,
  size_hectares: 2.5,
  bbox: { minLng: 28, minLat: -15, maxLng: 28.01, maxLat: -14.99 },
  centroid: [28.005, -14.995],
  variety: null,
  expectedHarvestDate: null,
  actualHarvestDate: null,
  soilTexture: null,
  createdAt: '2026-11-12T08:00:00.000Z',
  lastModified: '2026-11-12T08:00:00.000Z',
  boundary: null,
};

let db: OfflineDb;
let serverHasField = false;
beforeEach(async () => {
  db = await openTestDb();
  serverHasField = false;
  stubServer(({ path }) => {
    if (path === `/api/fields/${FIELD_ID}`) return serverHasField ? { status: 200, body: { data: onServer } } : undefined;
    if (path.startsWith('/api/farms')) return onePage([{ id: 'farm-1', name: 'Chikomba' }]);
    // The server answers "not found" for the records of a field it does not have.
    if (path.startsWith('/api/soil-tests') || path.startsWith('/api/fertilizer-applications'))
      return serverHasField ? onePage([]) : undefined;
    return undefined;
  });
});
afterEach(async () => {
  await switchOfflineDb(null);
  vi.unstubAllGlobals();
});

function openFieldPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[`/fields/${FIELD_ID}`]}>
        <Routes>
          <Route path="/fields/:fieldId" element={<FieldDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Whether `text` is ever on the page from now on, however briefly. */
function watchFor(text: string): { seen: boolean } {
  const watch = { seen: false };
  const look = () => void (watch.seen ||= document.body.textContent.includes(text));
  const observer = new MutationObserver(look);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  observers.push(observer);
  return watch;
}
const observers: MutationObserver[] = [];
afterEach(() => observers.splice(0).forEach((observer) => observer.disconnect()));

describe('the page of a field made on this device and not sent yet', () => {
  it('shows the device\'s copy, marked as waiting to sync, instead of "not found"', async () => {
    await queueWrite(db, 'CREATE_FIELD', madeOffline);
    await queueWrite(db, 'CREATE_SOIL_TEST', { id: 'test-1', fieldId: FIELD_ID, sampleDate: '2026-11-12', unit: 'ppm', ph: 5.4 });
    openFieldPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'River plot' })).toBeTruthy();
    // The field and the soil test logged for it, both waiting; the server's "not found" of its records is not shown.
    await waitFor(() => expect(screen.getAllByText('Waiting to sync')).toHaveLength(2));
    expect(screen.getByText('No fertilizer applications for this field yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Field not found')).toBeNull();
    // Nothing the server has to undo: no delete or edit of a field it has not got, no analyses it cannot run.
    expect(screen.queryByRole('button', { name: 'Delete field' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit field' })).toBeNull();
    // Its hectares are measured by the server.
    expect(document.body.textContent).not.toMatch(/undefined|NaN|— ha/);
  });

  it('shows the server\'s field once it has been sent, without "not found" in between', async () => {
    await queueWrite(db, 'CREATE_FIELD', madeOffline);
    openFieldPage();
    await screen.findByText('Waiting to sync');
    const notFound = watchFor('Field not found');
    // Sent: the server has it and the device forgets its copy.
    serverHasField = true;
    await db.transaction('rw', db.syncQueue, db.fields, async () => {
      await db.syncQueue.delete(FIELD_ID);
      await db.fields.delete(FIELD_ID);
    });
    expect(await screen.findByText('2.5 ha (6.18 acres)')).toBeTruthy();
    expect(screen.queryByText('Waiting to sync')).toBeNull();
    expect(notFound.seen).toBe(false);
    expect(screen.getByRole('button', { name: 'Delete field' })).toBeTruthy();
  });

  it('shows a change made here and not sent yet, marked as the lists mark it, on the field the server has', async () => {
    serverHasField = true;
    await queueWrite(db, 'UPDATE_FIELD', { id: FIELD_ID, lastModified: onServer.lastModified, changes: { name: 'River plot (north)' } });
    openFieldPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'River plot (north)' })).toBeTruthy();
    expect(screen.getByText('Waiting to sync')).toBeTruthy();
    expect(screen.getByText('2.5 ha (6.18 acres)')).toBeTruthy();
  });

  it('still says "not found" of a field neither the server nor this device has', async () => {
    openFieldPage();
    expect(await screen.findByText('Field not found')).toBeTruthy();
  });
});
