import 'fake-indexeddb/auto';
import type { FieldSummary } from '@murimi/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { switchOfflineDb, type OfflineDb } from '../../../lib/offline-db.ts';
import { onePage, stubServer, type SentRequest } from '../../../lib/testing/fetch-stub.ts';
import { savePack, writePackLimitMb } from '../pack-store.ts';
import { FakePackCache } from '../testing/fake-cache.ts';
import { FarmPackCard } from './FarmPackCard.tsx';

const TILES = 'https://tiles.example/{z}/{x}/{y}.jpg';
const farm = { id: 'farm-1', name: 'Chikomo Farm' };
const field: FieldSummary = {
  id: 'f1',
  name: 'Centre pivot',
  farmId: 'farm-1',
  size: 24,
  size_hectares: 24,
  bbox: { minLng: 31.1986, maxLng: 31.2038, minLat: -17.893, maxLat: -17.888 },
  centroid: [31.2012, -17.8905],
  cropType: 'maize-grain',
  variety: null,
  plantingDate: '2026-09-20',
  expectedHarvestDate: null,
  actualHarvestDate: null,
  soilTexture: null,
  irrigated: true,
  createdAt: '2026-09-01T00:00:00.000Z',
  lastModified: '2026-09-01T00:00:00.000Z',
};

let db: OfflineDb;
let cache: FakePackCache;
/** Tile answers wait for this gate, so the test sees the download while it runs. */
let openGate: () => void;
let gate: Promise<void>;

function server(satelliteTilesUrl: string | null, failingTile?: string): SentRequest[] {
  return stubServer(async ({ path }) => {
    if (path.startsWith('https://tiles.example/')) {
      await gate;
      return path === failingTile ? { status: 500 } : { status: 200, body: 'jpeg' };
    }
    const url = new URL(path, 'http://murimi.test');
    if (url.pathname === '/api/public-config')
      return { status: 200, body: { basemap: { satelliteTilesUrl, overlayTilesUrls: [], attribution: '' } } };
    if (url.pathname === '/api/fields' || url.pathname === '/api/farms') return onePage([field]);
    if (url.pathname === '/api/farms/farm-1') return { status: 200, body: { data: farm } };
    if (url.pathname === '/api/fields/f1') return { status: 200, body: { data: { ...field, boundary: {} } } };
    if (url.pathname.endsWith('/latest-summaries'))
      return { status: 200, body: { data: { health: null, irrigation: null, fertilizer: null, yield: null } } };
    if (url.pathname.endsWith('/imagery')) return { status: 200, body: { data: { from: '2026-09-20', to: '2026-11-20', scenes: [] } } };
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
  });
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return render(<FarmPackCard farm={farm} />, { wrapper });
}

const tileRequests = (sent: SentRequest[]) => sent.filter((request) => request.path.startsWith('https://tiles.example/'));

beforeEach(async () => {
  db = (await switchOfflineDb(`user-${crypto.randomUUID()}`))!;
  cache = new FakePackCache();
  vi.stubGlobal('caches', { open: () => Promise.resolve(cache) });
  gate = new Promise((resolve) => (openGate = resolve));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await switchOfflineDb(null);
});

describe('downloading a farm’s offline pack', () => {
  it('shows the tile count and estimate, then progress with Cancel, then what was kept and what is missing', async () => {
    const user = userEvent.setup();
    // The first tile of the plan (zoom 12) fails twice: kept as missing.
    const sent = server(TILES, 'https://tiles.example/12/2402/2254.jpg');
    renderCard();

    const plan = await screen.findByTestId('pack-plan');
    const [, tiles] = /^(\d+) map tiles around 1 field, about (\d+(\.\d)?) MB\.$/.exec(plan.textContent ?? '') ?? [];
    expect(Number(tiles)).toBeGreaterThan(50);
    expect(screen.getByText(/Limit for offline packs on this device: 100 MB\./)).toBeTruthy();
    expect(tileRequests(sent)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Download pack' }));
    const progress = await screen.findByRole('progressbar', { name: 'Downloading the offline pack' });
    expect(progress.getAttribute('max')).toBe(String(Number(tiles) + 1));
    expect(screen.getByRole('button', { name: 'Cancel download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download pack' })).toBeNull();
    // A few tiles at a time, not hundreds.
    await waitFor(() => expect(tileRequests(sent).length).toBe(4));

    openGate();
    const done = await screen.findByText(/^Pack ready: .* kept on this device\.$/, {}, { timeout: 5000 });
    expect(done.parentElement?.textContent).toContain('1 map tile could not be fetched and will show blank offline.');
    expect(tileRequests(sent)).toHaveLength(Number(tiles) + 1);
    expect(cache.entries.size).toBe(Number(tiles) - 1);
    expect(await screen.findByRole('button', { name: 'Update pack' })).toBeTruthy();
    expect(screen.getByTestId('saved-pack').textContent).toContain('1 map tile could not be fetched');
  });

  it('keeps the pack in the signed-in person’s own cache and asks the browser once to keep the site’s storage', async () => {
    const opened: string[] = [];
    vi.stubGlobal('caches', { open: (name: string) => (opened.push(name), Promise.resolve(cache)) });
    const storage = { persisted: vi.fn().mockResolvedValue(false), persist: vi.fn().mockResolvedValue(true) };
    Object.defineProperty(navigator, 'storage', { configurable: true, value: storage });
    try {
      const user = userEvent.setup();
      server(TILES);
      openGate();
      renderCard();
      await user.click(await screen.findByRole('button', { name: 'Download pack' }));
      await screen.findByText(/^Pack ready: .* kept on this device\.$/, {}, { timeout: 5000 });
      expect(new Set(opened)).toEqual(new Set([`murimi-field-packs-v1-${db.name.slice('murimi-'.length)}`]));
      await waitFor(() => expect(storage.persist).toHaveBeenCalledTimes(1));
    } finally {
      Reflect.deleteProperty(navigator, 'storage');
    }
  });

  it('says in a sentence when the phone has no room left for the pack, and keeps nothing of it', async () => {
    vi.spyOn(cache, 'put').mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const user = userEvent.setup();
    server(TILES);
    openGate();
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Download pack' }));
    expect(
      await screen.findByText(
        'The pack could not be downloaded: This phone’s storage is full, so Murimi could not keep this on it. Free some space (photos, videos or apps you no longer need) and try again. Changes already waiting to be sent stay on the phone.',
      ),
    ).toBeTruthy();
    expect(await db.documents.count()).toBe(0);
  });

  it('cancels: says nothing new was kept and leaves no tile behind', async () => {
    const user = userEvent.setup();
    const sent = server(TILES);
    renderCard();
    await user.click(await screen.findByRole('button', { name: 'Download pack' }));
    await waitFor(() => expect(tileRequests(sent).length).toBe(4));
    await user.click(screen.getByRole('button', { name: 'Cancel download' }));
    openGate();
    expect(await screen.findByText('Download cancelled. Nothing new was kept.')).toBeTruthy();
    expect(cache.entries.size).toBe(0);
    expect(tileRequests(sent).length).toBeLessThan(10);
    expect(await db.documents.count()).toBe(0);
    expect(screen.getByRole('button', { name: 'Download pack' })).toBeTruthy();
  });

  it('refuses a pack that would go over the limit and downloads nothing', async () => {
    await writePackLimitMb(db, 10);
    // Another farm's pack already takes 9.5 MB of the 10.
    await savePack(db, cache, {
      farmId: 'farm-2',
      farmName: 'Tiyende',
      downloadedAt: 1,
      fieldIds: [],
      tilesPlanned: 0,
      tilesMissing: 0,
      imagesMissing: 0,
      cachedUrls: [],
      bytes: { tiles: 9_500_000, images: 0, data: 0, total: 9_500_000 },
    });
    const sent = server(TILES);
    renderCard();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(
      /^This pack would take your offline packs to about \d+ MB, over your limit of 10 MB\. Nothing was downloaded\./,
    );
    const button = screen.getByRole('button', { name: 'Download pack' });
    expect(button).toHaveProperty('disabled', true);
    await userEvent.setup().click(button);
    expect(tileRequests(sent)).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says there are no tiles to keep when the server has no satellite map, and still keeps the fields', async () => {
    const user = userEvent.setup();
    const sent = server(null);
    renderCard();
    expect((await screen.findByTestId('pack-plan')).textContent).toBe(
      'No satellite map is set up on this server, so there are no map tiles to keep: the pack holds the boundary, analyses and crop health images of 1 field, under 0.1 MB.',
    );
    await user.click(screen.getByRole('button', { name: 'Download pack' }));
    expect(await screen.findByText(/^Pack ready: /)).toBeTruthy();
    expect(tileRequests(sent)).toHaveLength(0);
    expect(sent.some((request) => request.path === '/api/fields/f1')).toBe(true);
  });
});
