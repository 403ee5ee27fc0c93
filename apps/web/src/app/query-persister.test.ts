import 'fake-indexeddb/auto';
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api/client.ts';
import { deletePack, savePack } from '../features/field-packs/pack-store.ts';
import { FakePackCache } from '../features/field-packs/testing/fake-cache.ts';
import { packRecord } from '../features/field-packs/testing/pack-record.ts';
import { keptReadKey } from '../lib/kept-reads.ts';
import { offlineDb, switchOfflineDb } from '../lib/offline-db.ts';
import { createQueryClient } from './query-client.ts';

const network = { onLine: true };
let users = 0;

beforeEach(async () => {
  vi.stubGlobal('navigator', network);
  network.onLine = true;
  users += 1;
  await switchOfflineDb(`persister-${users}`);
});
afterEach(async () => {
  await switchOfflineDb(null);
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

const fieldsRead = { queryKey: ['fields'], staleTime: 0 };
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('reads kept on the device', () => {
  it('opens offline with what was read online, and when it was read', async () => {
    const online = createQueryClient();
    const readAt = Date.now();
    await online.fetchQuery({ ...fieldsRead, queryFn: async () => [{ id: 'f1', name: 'Block A' }] });
    await settle();

    // A reload with no network: a new client, memory empty, the request fails at once.
    network.onLine = false;
    const offline = createQueryClient();
    const unreachable = vi.fn(async () => {
      throw new ApiError(0, 'Unable to connect to the server.');
    });
    const data = await offline.fetchQuery({ ...fieldsRead, queryFn: unreachable });
    expect(data).toEqual([{ id: 'f1', name: 'Block A' }]);
    await settle();
    const state = offline.getQueryState(['fields'])!;
    expect(state.data).toEqual([{ id: 'f1', name: 'Block A' }]);
    expect(state.dataUpdatedAt).toBeGreaterThanOrEqual(readAt);
    expect(state.dataUpdatedAt).toBeLessThan(Date.now());
  });

  it('offline, a screen restored from its kept copy keeps it, with its age, instead of failing; it asks again once back online', async () => {
    const online = createQueryClient();
    await online.fetchQuery({ ...fieldsRead, queryFn: async () => [{ id: 'f1', name: 'Block A' }] });
    await settle();
    const readAt = online.getQueryState(['fields'])!.dataUpdatedAt;

    network.onLine = false;
    onlineManager.setOnline(false);
    const offline = createQueryClient();
    // As the app's provider does: the client follows the connection (a screen's reads go again when it returns).
    offline.mount();
    const server = vi.fn(async () => {
      if (!network.onLine) throw new ApiError(0, 'Unable to connect to the server.');
      return [{ id: 'f1', name: 'Block A, north' }];
    });
    // A screen reading it (an observer), as a page does: the copy is restored, and the stale copy is not asked for.
    const unsubscribe = new QueryObserver(offline, { ...fieldsRead, queryFn: server }).subscribe(() => {});
    await settle();
    const state = offline.getQueryState(['fields'])!;
    expect(state.status).toBe('success');
    expect(state.error).toBeNull();
    expect(state.dataUpdatedAt).toBe(readAt);
    expect(server).not.toHaveBeenCalled();

    // A screen opened again offline with the answer in memory does not turn it into an error either, and a write's
    // refresh of the list (which the write waits for) ends at once.
    const refreshed = await Promise.race([
      offline.invalidateQueries({ queryKey: ['fields'] }).then(() => 'refreshed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1000)),
    ]);
    expect(refreshed).toBe('refreshed');
    await settle();
    expect(offline.getQueryState(['fields'])).toMatchObject({ status: 'success', dataUpdatedAt: readAt });
    expect(server).not.toHaveBeenCalled();

    network.onLine = true;
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(offline.getQueryData(['fields'])).toEqual([{ id: 'f1', name: 'Block A, north' }]));
    unsubscribe();
    offline.unmount();
  });

  it('keeps an answer as soon as it arrives, without waiting for the page’s load event to open the database', async () => {
    // A slow phone: the page is still loading when the screen's first answer comes back, and is reloaded before it ends.
    vi.stubGlobal('document', { readyState: 'loading' });
    vi.stubGlobal('window', { addEventListener: () => undefined });
    const opened = switchOfflineDb(`persister-${users}-loading`);
    const client = createQueryClient();
    await client.fetchQuery({ ...fieldsRead, queryFn: async () => [{ id: 'f1', name: 'Block A' }] });
    const db = await Promise.race([opened, new Promise<null>((resolve) => setTimeout(() => resolve(null), 2000))]);
    expect(db).not.toBeNull();
    await vi.waitFor(async () => expect(await db!.queryCache.get(keptReadKey(['fields']))).toBeDefined());
  });

  it('a read the network leaves unanswered while the browser says online shows the kept copy, with its age, even before the database has opened', async () => {
    const online = createQueryClient();
    await online.fetchQuery({ ...fieldsRead, queryFn: async () => [{ id: 'f1', name: 'Block A' }] });
    await settle();
    const readAt = online.getQueryState(['fields'])!.dataUpdatedAt;

    // Reloaded on a slow phone with a signal that carries nothing: the page is still loading (so the database waits for
    // its load event), the browser still says online, and the request gets no answer.
    await switchOfflineDb(null);
    vi.stubGlobal('document', { readyState: 'loading' });
    vi.stubGlobal('window', { addEventListener: () => undefined });
    void switchOfflineDb(`persister-${users}`);
    const reloaded = createQueryClient();
    const noAnswer = new ApiError(0, 'Unable to connect to the server.');
    await expect(
      reloaded.fetchQuery({
        ...fieldsRead,
        retry: false,
        queryFn: async () => {
          throw noAnswer;
        },
      }),
    ).rejects.toBe(noAnswer);
    // The screen has the device's copy and when it was read, beside the failure (so it says how old the copy is).
    expect(reloaded.getQueryState(['fields'])).toMatchObject({
      data: [{ id: 'f1', name: 'Block A' }],
      dataUpdatedAt: readAt,
      status: 'error',
      error: noAnswer,
    });
  });

  it('offline with nothing kept, fails at once with the connection error instead of waiting', async () => {
    network.onLine = false;
    const client = createQueryClient();
    await expect(
      client.fetchQuery({
        queryKey: ['never-read'],
        queryFn: async () => {
          throw new ApiError(0, 'Unable to connect to the server.');
        },
      }),
    ).rejects.toMatchObject({ status: 0 });
  });

  it('keeps nothing a query marks to stay in memory (an image)', async () => {
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['image'], queryFn: async () => 'pixels', meta: { keepOffline: false } });
    await client.fetchQuery({ queryKey: ['kept'], queryFn: async () => 'text' });
    await settle();
    const keys = (await offlineDb()!.queryCache.toArray()).map((entry) => entry.key);
    expect(keys.some((key) => key.includes('kept'))).toBe(true);
    expect(keys.some((key) => key.includes('image'))).toBe(false);
  });

  it('keeps the answer of a write put in the cache, so a reload does not bring back the copy from before it', async () => {
    const before = createQueryClient();
    const settings = { queryKey: ['notification-settings'], staleTime: 5 * 60_000 };
    await before.fetchQuery({ ...settings, queryFn: async () => ({ smsPerDay: 5 }) });
    await settle();
    before.setQueryData(['notification-settings'], { smsPerDay: 8 });
    await settle();

    // A reload: the kept copy is younger than the stale time, so it is shown without asking the server.
    const after = createQueryClient();
    const server = vi.fn(async () => ({ smsPerDay: 8 }));
    expect(await after.fetchQuery({ ...settings, queryFn: server })).toEqual({ smsPerDay: 8 });
  });

  it('opens a field pack’s screens offline after the 7 days other kept reads live, and only while the pack is kept', async () => {
    const online = createQueryClient();
    const packRead = { queryKey: ['farms', 'farm-1', 'fields'], staleTime: 0 };
    const otherRead = { queryKey: ['alerts'], staleTime: 0 };
    await online.fetchQuery({ ...packRead, queryFn: async () => [{ id: 'f1', name: 'Centre pivot' }] });
    await online.fetchQuery({ ...otherRead, queryFn: async () => [{ id: 'a1' }] });
    await settle();
    const db = offlineDb()!;
    await savePack(db, new FakePackCache(), packRecord('farm-1', [], { readKeys: [keptReadKey(packRead.queryKey)] }));
    // Ten days go by with no signal: both copies were read and stored ten days ago.
    const tenDaysAgo = Date.now() - 10 * 24 * 60 * 60_000;
    for (const entry of await db.queryCache.toArray()) {
      const kept = JSON.parse(entry.value) as { state: { dataUpdatedAt: number } };
      kept.state.dataUpdatedAt = tenDaysAgo;
      await db.queryCache.put({ key: entry.key, value: JSON.stringify(kept), storedAt: tenDaysAgo });
    }

    network.onLine = false;
    const unreachable = async () => {
      throw new ApiError(0, 'Unable to connect to the server.');
    };
    const offline = createQueryClient();
    expect(await offline.fetchQuery({ ...packRead, queryFn: unreachable })).toEqual([{ id: 'f1', name: 'Centre pivot' }]);
    await expect(offline.fetchQuery({ ...otherRead, queryFn: unreachable })).rejects.toMatchObject({ status: 0 });

    await deletePack(db, new FakePackCache(), 'farm-1');
    const afterDelete = createQueryClient();
    await expect(afterDelete.fetchQuery({ ...packRead, queryFn: unreachable })).rejects.toMatchObject({ status: 0 });
  });
});
