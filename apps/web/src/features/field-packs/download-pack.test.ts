import 'fake-indexeddb/auto';
import type { FieldSummary } from '@murimi/core';
import { experimental_createQueryPersister, type AsyncStorage } from '@tanstack/query-persist-client-core';
import { QueryClient, queryOptions } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keptReadKey } from '../../lib/kept-reads.ts';
import { openOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { onePage, stubServer } from '../../lib/testing/fetch-stub.ts';
import { sceneImagePath } from '../crop-health/api/imagery.ts';
import { downloadPack, planPack, readFresh, type PackDownloadDeps } from './download-pack.ts';
import { deletePack, FIELD_PACK_TYPE, listPacks, readPackLimitMb, savePack, writePackLimitMb } from './pack-store.ts';
import { FakePackCache } from './testing/fake-cache.ts';
import { packRecord } from './testing/pack-record.ts';

const ORIGIN = 'http://murimi.test';
const TILES = 'https://tiles.example/{z}/{x}/{y}.jpg';
const basemap = { satelliteTilesUrl: TILES, overlayTilesUrls: [], attribution: '' };

const field = (id: string, farmId: string, west: number): FieldSummary => ({
  id,
  name: `Field ${id}`,
  farmId,
  size: 4,
  size_hectares: 4,
  bbox: { minLng: west, maxLng: west + 0.002, minLat: -17.9, maxLat: -17.898 },
  centroid: [west + 0.001, -17.899],
  cropType: 'maize-grain',
  variety: null,
  plantingDate: '2026-10-01',
  expectedHarvestDate: null,
  actualHarvestDate: null,
  soilTexture: null,
  irrigated: false,
  createdAt: '2026-10-01T00:00:00.000Z',
  lastModified: '2026-10-01T00:00:00.000Z',
});

const scene = (date: string, usable: boolean) => ({
  date,
  datetime: `${date}T08:00:00Z`,
  sceneId: `S2_${date}`,
  source: 'simulated',
  sceneCloudCoverPct: 3,
  clearShare: usable ? 1 : 0.1,
  usable,
  reason: usable ? null : 'too-cloudy',
  mean: 0.6,
  p10: 0.5,
  p90: 0.7,
  simulated: true,
});

/** The API of one farm with one field: a health analysis and a season of two scenes, the latest usable one last. */
function stubApi(fields: FieldSummary[]) {
  return stubServer(({ path }) => {
    const url = new URL(path, ORIGIN);
    if (url.pathname === '/api/public-config') return { status: 200, body: { productName: 'Murimi', basemap } };
    if (url.pathname === '/api/fields' || url.pathname === '/api/farms') return onePage(url.pathname === '/api/farms' ? [] : fields);
    if (url.pathname.startsWith('/api/farms/')) return { status: 200, body: { data: { id: 'farm-1', name: 'Chikomo Farm' } } };
    const one = /^\/api\/fields\/([^/]+)$/.exec(url.pathname);
    if (one) return { status: 200, body: { data: { ...fields.find((f) => f.id === one[1]), boundary: { type: 'Polygon' } } } };
    if (url.pathname.endsWith('/latest-summaries'))
      return { status: 200, body: { data: { health: { id: 'health-1' }, irrigation: null, fertilizer: null, yield: null } } };
    if (url.pathname.includes('/health/'))
      return { status: 200, body: { data: { id: 'health-1', status: 'completed', result: { status: 'no-clear-image', history: [] } } } };
    if (url.pathname.endsWith('/imagery')) {
      const index = url.searchParams.get('index');
      return {
        status: 200,
        body: {
          data: {
            index,
            from: '2026-10-01',
            to: '2026-11-20',
            simulated: true,
            scenes: [scene('2026-11-01', false), scene('2026-11-11', true)],
          },
        },
      };
    }
    return undefined;
  });
}

let db: OfflineDb;
let cache: FakePackCache;
beforeEach(async () => {
  db = await openOfflineDb(`test-${crypto.randomUUID()}`);
  cache = new FakePackCache(ORIGIN);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  db.close();
  await db.delete();
});

function deps(overrides: Partial<PackDownloadDeps> = {}): PackDownloadDeps {
  return {
    db,
    cache,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    fetchTile: () => Promise.resolve(new Response(new Uint8Array(1000), { status: 200, headers: { 'content-type': 'image/jpeg' } })),
    fetchApi: () =>
      Promise.resolve(
        new Response(new Uint8Array(300), { status: 200, headers: { 'content-type': 'image/png', 'x-image-corners': '[]' } }),
      ),
    origin: ORIGIN,
    now: () => Date.parse('2026-11-20T10:00:00Z'),
    ...overrides,
  };
}

const pack = (farmId: string, cachedUrls: string[]) => packRecord(farmId, cachedUrls);

describe('field packs on the device', () => {
  it('deletes a pack with the files only it used, keeping the tiles a neighbouring farm’s pack shares', async () => {
    for (const url of ['https://t/1', 'https://t/2', 'https://t/3']) await cache.put(url, new Response('tile'));
    await savePack(db, cache, pack('farm-a', ['https://t/1', 'https://t/2']));
    await savePack(db, cache, pack('farm-b', ['https://t/2', 'https://t/3']));

    await deletePack(db, cache, 'farm-a');
    expect(cache.urls()).toEqual(['https://t/2', 'https://t/3']);
    expect((await listPacks(db)).map((p) => p.farmId)).toEqual(['farm-b']);
    expect(await db.documents.where('type').equals(FIELD_PACK_TYPE).count()).toBe(1);

    await deletePack(db, cache, 'farm-b');
    expect(cache.urls()).toEqual([]);
  });

  it('keeps the size limit in the person’s settings, 100 MB until changed', async () => {
    expect(await readPackLimitMb(db)).toBe(100);
    await writePackLimitMb(db, 250);
    expect(await readPackLimitMb(db)).toBe(250);
    expect(await db.userSettings.get('fieldPacks.limitMb')).toEqual({ key: 'fieldPacks.limitMb', value: 250 });
  });
});

describe('downloading a field pack', () => {
  it('keeps tiles, index images and API answers, retries a failed tile once and counts it missing after', async () => {
    const fields = [field('f1', 'farm-1', 31.2)];
    stubApi(fields);
    const plan = planPack({ id: 'farm-1', name: 'Chikomo Farm' }, fields, basemap);
    expect(plan.tileUrls.length).toBeGreaterThan(20);
    const broken = plan.tileUrls[3]!;
    const flaky = plan.tileUrls[5]!;
    const tries = new Map<string, number>();
    const fetchTile = vi.fn((url: string, _signal: AbortSignal) => {
      tries.set(url, (tries.get(url) ?? 0) + 1);
      if (url === broken) return Promise.reject(new TypeError('Failed to fetch'));
      if (url === flaky && tries.get(url) === 1) return Promise.resolve(new Response('busy', { status: 503 }));
      return Promise.resolve(new Response(new Uint8Array(1000), { status: 200 }));
    });
    let inFlight = 0;
    let mostInFlight = 0;
    const counting = async (url: string, signal: AbortSignal) => {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 1));
      inFlight -= 1;
      return fetchTile(url, signal);
    };
    const progress: number[] = [];
    // Cache writes that take a while, as real ones do, so the four downloads' byte counts interleave.
    cache = new FakePackCache(ORIGIN, 2);
    const d = deps({ fetchTile: counting });

    const outcome = await downloadPack(plan, d, { signal: new AbortController().signal, onProgress: (p) => progress.push(p.done) });
    if (outcome.status !== 'done') throw new Error('not done');
    const kept = outcome.pack;

    expect(tries.get(broken)).toBe(2);
    expect(tries.get(flaky)).toBe(2);
    expect(kept.tilesMissing).toBe(1);
    expect(kept.tilesPlanned).toBe(plan.tileUrls.length);
    expect(mostInFlight).toBeLessThanOrEqual(4);
    expect(progress.at(-1)).toBe(plan.tileUrls.length + 1);
    expect(await cache.match(broken)).toBeUndefined();
    expect(await cache.match(flaky)).toBeDefined();
    // One image per index, on the latest usable scene, under the path Crop Health asks for.
    const ndvi = new URL(sceneImagePath('f1', 'S2_2026-11-11', 'ndvi', { from: '2026-10-01', to: '2026-11-20' }), ORIGIN).href;
    expect(ndvi).toBe('http://murimi.test/api/fields/f1/imagery/S2_2026-11-11/ndvi.png?from=2026-10-01&to=2026-11-20');
    expect(await cache.match(ndvi)).toBeDefined();
    expect((await cache.match(ndvi))!.headers.get('x-image-corners')).toBe('[]');
    expect(kept.cachedUrls).toHaveLength(plan.tileUrls.length - 1 + 4);
    expect(kept.bytes.tiles).toBe((plan.tileUrls.length - 1) * 1000);
    expect(kept.bytes.images).toBe(4 * 300);
    expect(kept.bytes.data).toBeGreaterThan(1000);
    expect(kept.bytes.total).toBe(kept.bytes.tiles + kept.bytes.images + kept.bytes.data);
    // The screens' reads are in the query client, so its persister keeps them for offline use.
    expect(d.queryClient.getQueryData(['fields', 'map'])).toHaveLength(1);
    expect(d.queryClient.getQueryData(['analyses', 'f1', 'latest-summaries'])).toMatchObject({ health: { id: 'health-1' } });
    expect(d.queryClient.getQueryData(['imagery', 'f1', 'ndvi', 'scenes'])).toMatchObject({ from: '2026-10-01' });
    expect(await listPacks(db)).toEqual([kept]);
    // It lists the reads its screens open with, so they are kept as long as the pack.
    expect(kept.readKeys).toEqual(
      expect.arrayContaining([
        keptReadKey(['fields', 'map']),
        keptReadKey(['farms', 'farm-1']),
        keptReadKey(['analyses', 'f1', 'latest-summaries']),
        keptReadKey(['imagery', 'f1', 'ndvi', 'scenes']),
      ]),
    );
    expect(new Set(kept.readKeys).size).toBe(d.queryClient.getQueryCache().getAll().length);
  });

  it('fetches no tile and says so in the plan when no satellite imagery is configured', async () => {
    const fields = [field('f1', 'farm-1', 31.2)];
    stubApi(fields);
    const plan = planPack({ id: 'farm-1', name: 'Chikomo Farm' }, fields, { ...basemap, satelliteTilesUrl: null });
    expect(plan).toMatchObject({ hasImagery: false, tileUrls: [] });
    const fetchTile = vi.fn();
    const outcome = await downloadPack(plan, deps({ fetchTile }), { signal: new AbortController().signal });
    expect(fetchTile).not.toHaveBeenCalled();
    expect(outcome.status === 'done' && outcome.pack.cachedUrls).toHaveLength(4);
  });

  it('stops on cancel: no record, and the files it added leave the cache while another pack’s stay', async () => {
    const fields = [field('f1', 'farm-1', 31.2)];
    stubApi(fields);
    const plan = planPack({ id: 'farm-1', name: 'Chikomo Farm' }, fields, basemap);
    const shared = plan.tileUrls[0]!;
    await cache.put(shared, new Response('tile of the neighbours'));
    await savePack(db, cache, pack('farm-2', [shared]));

    const controller = new AbortController();
    let fetched = 0;
    const fetchTile = () => {
      fetched += 1;
      if (fetched === 10) controller.abort();
      return Promise.resolve(new Response(new Uint8Array(1000), { status: 200 }));
    };
    const outcome = await downloadPack(plan, deps({ fetchTile }), { signal: controller.signal });

    expect(outcome).toEqual({ status: 'cancelled' });
    expect(fetched).toBeLessThan(plan.tileUrls.length);
    expect(cache.urls()).toEqual([shared]);
    expect((await listPacks(db)).map((p) => p.farmId)).toEqual(['farm-2']);
  });

  it('replaces a farm’s earlier pack and lets go of the files the new one no longer needs', async () => {
    const fields = [field('f1', 'farm-1', 31.2)];
    stubApi(fields);
    await cache.put('https://tiles.example/old', new Response('old tile'));
    await savePack(db, cache, pack('farm-1', ['https://tiles.example/old']));
    const plan = planPack({ id: 'farm-1', name: 'Chikomo Farm' }, fields, basemap);
    await downloadPack(plan, deps(), { signal: new AbortController().signal });
    expect(await cache.match('https://tiles.example/old')).toBeUndefined();
    expect(await listPacks(db)).toHaveLength(1);
  });
});

describe('reading for a pack through a persisting query client', () => {
  it('asks the server and stores its answer, even when the device holds an older copy the persister would restore', async () => {
    const stored = new Map<string, string>();
    const storage: AsyncStorage<string> = {
      getItem: (key) => Promise.resolve(stored.get(key) ?? null),
      setItem: (key, value) => void stored.set(key, value),
      removeItem: (key) => void stored.delete(key),
    };
    const persister = experimental_createQueryPersister<string>({ storage, maxAge: 7 * 86_400_000 });
    const options = () => queryOptions({ queryKey: ['fields', 'map'], queryFn: () => Promise.resolve(answer) });
    let answer = 'last week';
    const lastWeek = new QueryClient({ defaultOptions: { queries: { persister: persister.persisterFn } } });
    await lastWeek.fetchQuery(options());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([...stored.values()][0]).toContain('last week');

    // A new visit: nothing in memory. A plain fetch would get last week's copy back from the device.
    answer = 'today';
    const plain = new QueryClient({ defaultOptions: { queries: { persister: persister.persisterFn } } });
    expect(await plain.fetchQuery({ ...options(), staleTime: 0 })).toBe('last week');

    const client = new QueryClient({ defaultOptions: { queries: { persister: persister.persisterFn } } });
    expect(await readFresh(client, options())).toBe('today');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stored.size).toBe(1);
    expect([...stored.values()][0]).toContain('today');
  });
});
