import { experimental_createQueryPersister, type AsyncStorage, type PersistedQuery } from '@tanstack/query-persist-client-core';
import {
  notifyManager,
  onlineManager,
  type Query,
  type QueryClient,
  type QueryFunctionContext,
  type QueryKey,
} from '@tanstack/react-query';
import { readsHeldByPacks } from '../features/field-packs/pack-store.ts';
import { isKeptReadExpired } from '../features/offline/cleanup.ts';
import { ApiError } from '../lib/api/client.ts';
import { KEPT_READ_PREFIX } from '../lib/kept-reads.ts';
import { offlineDb, offlineDbNow } from '../lib/offline-db.ts';

/** Raise when the shape of a kept answer changes, so an older copy is dropped rather than misread. */
const OFFLINE_READ_FORMAT = '1';

const isOffline = () => (typeof navigator !== 'undefined' && !navigator.onLine) || !onlineManager.isOnline();

/** A request that got no answer at all (no connection, or one that carries nothing), as the API client reports it. */
const gotNoAnswer = (error: unknown) => error instanceof ApiError && error.status === 0;

/**
 * The kept copy of a read. Every API read is kept on the device per query (its key is the path and parameters), so a
 * screen opened before opens again offline, with the time it was read: for 7 days (spec §9 old-data cleanup), and a
 * read a field pack holds for as long as the pack (`isKeptReadExpired`). Online, a read does not wait for the database
 * to open (it opens after the page's load event): until it has, the network answers alone. Offline the kept copy is
 * all there is, so it opens the database at once and waits for it.
 */
async function keptCopy(key: string): Promise<string | null> {
  const db = isOffline() ? await offlineDbNow() : offlineDb();
  const entry = await db?.queryCache.get(key);
  if (!db || !entry) return null;
  // The packs are read only for a copy past 7 days; an expired one is left for the clean-up to remove.
  const expired = isKeptReadExpired(entry, new Set()) && isKeptReadExpired(entry, await readsHeldByPacks(db));
  return expired ? null : entry.value;
}

/**
 * The signed-in person's `queryCache` table; with nobody signed in nothing is kept or read. An answer is kept as soon
 * as it arrives: the database is opened for it then, not after the page's load event, so a reload (or the phone
 * dropping the page) just after a screen showed its data does not lose it.
 */
const storage: AsyncStorage<string> = {
  getItem: keptCopy,
  setItem: async (key, value) => {
    await (await offlineDbNow())?.queryCache.put({ key, value, storedAt: Date.now() });
  },
  removeItem: async (key) => {
    await (await offlineDbNow())?.queryCache.delete(key);
  },
  entries: async () => ((await (await offlineDbNow())?.queryCache.toArray()) ?? []).map((entry) => [entry.key, entry.value]),
};

const persister = experimental_createQueryPersister<string>({
  storage,
  prefix: KEPT_READ_PREFIX,
  // How long a copy lives is decided by `keptCopy` (7 days, or as long as a pack holds it), not by its age alone.
  maxAge: Infinity,
  buster: OFFLINE_READ_FORMAT,
  // Images (a Blob) and anything a query marks `meta: { keepOffline: false }` stay in memory only.
  filters: { predicate: (query) => query.meta?.keepOffline !== false },
});

/**
 * The reads' persister. Offline, a query that already holds an answer (restored from the device, or read earlier) is
 * not asked of the network: the request could only fail, and the failure would turn a screen that has its data into
 * an error. It answers with what it holds and keeps that answer's age (so it stays stale, and is asked again when the
 * connection returns); with nothing held, the device's copy is looked for and the network asked once
 * (`networkMode: 'offlineFirst'`), as before. It never waits for the network: a write's refresh of its lists (awaited
 * by the write) must end offline too.
 */
export const queryPersister = {
  ...persister,
  persisterFn: async <T, TQueryKey extends QueryKey>(
    queryFn: (context: QueryFunctionContext<TQueryKey>) => T | Promise<T>,
    context: QueryFunctionContext<TQueryKey>,
    query: Query,
  ): Promise<T> => {
    const { data, dataUpdatedAt } = query.state;
    if (data === undefined || !isOffline()) {
      try {
        return await persister.persisterFn(queryFn, context, query);
      } catch (error) {
        if (data === undefined && gotNoAnswer(error)) await showKeptCopy(query);
        throw error;
      }
    }
    // Answering marks the data as read now: put back when it was really read, as the persister does after a restore.
    notifyManager.schedule(() => query.setState({ dataUpdatedAt }));
    return data as T;
  },
};

/**
 * A read with nothing in memory that got no answer, though the browser said it was online: a phone on a signal that
 * carries no data, a Wi-Fi with no way out, or a page whose browser has not noticed yet (it tells late on a slow
 * phone). The device's copy was not looked for then (online, a read does not wait for the database to open): it is
 * now, waiting for the database. Found, the screen shows it with its age and the failure beside it (as when a
 * refetch fails), instead of an error with nothing.
 */
async function showKeptCopy(query: Query): Promise<void> {
  if (query.meta?.keepOffline === false) return;
  await offlineDbNow();
  const copy = await keptCopy(`${KEPT_READ_PREFIX}-${query.queryHash}`);
  const kept = copy === null ? null : (JSON.parse(copy) as PersistedQuery);
  // A copy of an older format, or an answer that arrived meanwhile, stays as it is.
  if (!kept?.state.dataUpdatedAt || kept.buster !== OFFLINE_READ_FORMAT || query.state.data !== undefined) return;
  query.setState({ data: kept.state.data, dataUpdatedAt: kept.state.dataUpdatedAt, status: 'success' });
}

/**
 * A write's answer put straight into the cache (`setQueryData`, e.g. saved settings) is kept on the device too. The
 * persister keeps only what a query function read, so a reload would otherwise restore the copy from before the
 * write, and, being younger than the query's stale time, show it without asking the server.
 */
export function keepWrittenAnswers(client: QueryClient): void {
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !event.action.manual) return;
    if (event.query.meta?.keepOffline === false) return;
    void queryPersister.persistQuery(event.query);
  });
}
