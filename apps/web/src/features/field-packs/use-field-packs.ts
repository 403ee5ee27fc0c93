import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { apiResponse } from '../../lib/api/client.ts';
import { offlineDb, onOfflineDbChange, type OfflineDb } from '../../lib/offline-db.ts';
import { keepStorageOnDevice } from '../offline/device-storage.ts';
import { downloadPack, type PackPlan, type PackProgress } from './download-pack.ts';
import { openPackCache } from './pack-cache.ts';
import { deletePack, listPacks, readPackLimitMb, writePackLimitMb, type FieldPack } from './pack-store.ts';

/** The signed-in person's offline database, once open; null before and where the browser keeps nothing. */
export const usePackDb = (): OfflineDb | null => useSyncExternalStore(onOfflineDbChange, offlineDb, () => null);

/** Cache Storage exists only in a secure context (https, or localhost). */
export const packCacheAvailable = () => typeof caches !== 'undefined';

// Every change to the packs or their limit made in this tab: the lists and estimates read again.
let packVersion = 0;
const packListeners = new Set<() => void>();
function packsChanged() {
  packVersion += 1;
  for (const listener of packListeners) listener();
}
const subscribePacks = (listener: () => void) => {
  packListeners.add(listener);
  return () => packListeners.delete(listener);
};
const usePackVersion = () =>
  useSyncExternalStore(
    subscribePacks,
    () => packVersion,
    () => packVersion,
  );

export interface PacksState {
  packs: FieldPack[] | null;
  limitMb: number | null;
}

/** The packs on this device (newest first) and the storage limit; null while they are read. */
export function usePacks(db: OfflineDb | null): PacksState {
  const version = usePackVersion();
  const [state, setState] = useState<PacksState & { db: OfflineDb | null; version: number }>({
    packs: null,
    limitMb: null,
    db: null,
    version: -1,
  });
  useEffect(() => {
    if (!db) return;
    let cancelled = false;
    void Promise.all([listPacks(db), readPackLimitMb(db)]).then(([packs, limitMb]) => {
      if (!cancelled) setState({ packs, limitMb, db, version });
    });
    return () => {
      cancelled = true;
    };
  }, [db, version]);
  // What was read for another database (someone else signed in) is not shown.
  return state.db === db ? state : { packs: null, limitMb: null };
}

export async function removePack(db: OfflineDb, farmId: string): Promise<void> {
  await deletePack(db, await openPackCache(db), farmId);
  packsChanged();
}

export async function savePackLimit(db: OfflineDb, limitMb: number): Promise<void> {
  await writePackLimitMb(db, limitMb);
  packsChanged();
}

export type DownloadState =
  | { phase: 'idle' }
  | { phase: 'downloading'; progress: PackProgress }
  | { phase: 'done'; pack: FieldPack }
  | { phase: 'cancelled' }
  | { phase: 'failed'; error: unknown };

/**
 * One farm's download: start, progress, cancel, and how it ended. Leaving the screen cancels it (the files it
 * fetched so far and no pack lists are removed again).
 */
export function usePackDownload(db: OfflineDb | null) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<DownloadState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (plan: PackPlan) => {
      if (!db || controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      setState({ phase: 'downloading', progress: { done: 0, total: plan.fields.length + plan.tileUrls.length } });
      try {
        const outcome = await downloadPack(
          plan,
          {
            db,
            cache: await openPackCache(db),
            queryClient,
            // Tile servers are other origins: no cookies, and CORS as the map itself asks.
            fetchTile: (url, signal) => fetch(url, { mode: 'cors', credentials: 'omit', signal }),
            fetchApi: apiResponse,
            origin: window.location.origin,
            now: Date.now,
          },
          {
            signal: abort.signal,
            onProgress: (progress) => {
              if (!abort.signal.aborted) setState({ phase: 'downloading', progress });
            },
          },
        );
        setState(outcome.status === 'done' ? { phase: 'done', pack: outcome.pack } : { phase: 'cancelled' });
        if (outcome.status === 'done') {
          packsChanged();
          // A pack is worth keeping when the phone runs short of space: ask the browser not to evict the site's data.
          void keepStorageOnDevice();
        }
      } catch (error) {
        setState({ phase: 'failed', error });
      } finally {
        controller.current = null;
      }
    },
    [db, queryClient],
  );
  const cancel = useCallback(() => controller.current?.abort(), []);
  return { state, start, cancel };
}
