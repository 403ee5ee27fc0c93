import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchOfflineDb, type OfflineDb } from '../../../lib/offline-db.ts';
import { readPackLimitMb, savePack, type FieldPack } from '../pack-store.ts';
import { FakePackCache } from '../testing/fake-cache.ts';
import { FieldPacksSettings } from './FieldPacksSettings.tsx';

let db: OfflineDb;
let cache: FakePackCache;
beforeEach(async () => {
  db = (await switchOfflineDb(`user-${crypto.randomUUID()}`))!;
  cache = new FakePackCache();
  vi.stubGlobal('caches', { open: () => Promise.resolve(cache) });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await switchOfflineDb(null);
});

const pack = (farmId: string, farmName: string, cachedUrls: string[], tilesMissing: number): FieldPack => ({
  farmId,
  farmName,
  downloadedAt: Date.parse('2026-11-20T10:00:00Z'),
  fieldIds: [],
  tilesPlanned: cachedUrls.length + tilesMissing,
  tilesMissing,
  imagesMissing: 0,
  cachedUrls,
  bytes: { tiles: 23_000_000, images: 100_000, data: 200_000, total: 23_300_000 },
});

describe('the offline packs in Settings', () => {
  it('lists each pack with its size, date and missing tiles; Delete keeps the tiles another pack shares', async () => {
    for (const url of ['https://t/1', 'https://t/2', 'https://t/3']) await cache.put(url, new Response('tile'));
    await savePack(db, cache, pack('farm-a', 'Chikomo Farm', ['https://t/1', 'https://t/2'], 3));
    await savePack(db, cache, pack('farm-b', 'Tiyende', ['https://t/2', 'https://t/3'], 0));
    const user = userEvent.setup();
    render(<FieldPacksSettings />, { wrapper: MemoryRouter });

    const remove = await screen.findByRole('button', { name: 'Delete the pack of Chikomo Farm' });
    expect(screen.getAllByText('23 MB')).toHaveLength(2);
    expect(screen.getByText('3 tiles')).toBeTruthy();
    expect(screen.getByText('Packs on this device: 47 MB of 100 MB.')).toBeTruthy();

    await user.click(remove);
    await waitFor(() => expect(screen.queryByText('Chikomo Farm')).toBeNull());
    expect(cache.urls()).toEqual(['https://t/2', 'https://t/3']);

    await user.click(screen.getByRole('button', { name: 'Delete the pack of Tiyende' }));
    expect(await screen.findByText('No offline packs on this device')).toBeTruthy();
    expect(screen.getByText(/Map View and Crop Health work in the field without signal/)).toBeTruthy();
    expect(cache.urls()).toEqual([]);
  });

  it('changes the storage limit, refusing what is not a whole number of MB from 10 to 5000', async () => {
    const user = userEvent.setup();
    render(<FieldPacksSettings />, { wrapper: MemoryRouter });
    const input = await screen.findByLabelText('Storage limit for offline packs (MB)');
    expect((input as HTMLInputElement).value).toBe('100');
    await user.clear(input);
    await user.type(input, '5');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a whole number of megabytes from 10 to 5000.');
    expect(await readPackLimitMb(db)).toBe(100);

    await user.clear(input);
    await user.type(input, '250');
    await user.click(screen.getByRole('button', { name: 'Save limit' }));
    await waitFor(async () => expect(await readPackLimitMb(db)).toBe(250));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
