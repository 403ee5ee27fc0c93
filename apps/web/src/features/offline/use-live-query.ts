import { useEffect, useState, useSyncExternalStore } from 'react';
import { liveQueryFunction, offlineDb, onOfflineDbChange, type OfflineDb } from '../../lib/offline-db.ts';

/** The signed-in person's offline database, following sign-in and sign-out. */
export function useOfflineDb(): OfflineDb | null {
  return useSyncExternalStore(onOfflineDbChange, offlineDb, () => null);
}

/**
 * The answer of `read` on the person's offline database, kept up to date as the data changes in this tab or another
 * (Dexie's live queries). `fallback` while nothing is read yet or nobody is signed in.
 */
export function useLiveQuery<T>(read: (db: OfflineDb) => Promise<T>, deps: unknown[], fallback: T): T {
  const db = useOfflineDb();
  const [value, setValue] = useState<{ db: OfflineDb | null; value: T }>({ db: null, value: fallback });
  useEffect(() => {
    const liveQuery = liveQueryFunction();
    if (!db || !liveQuery) return;
    const subscription = liveQuery(() => read(db)).subscribe({
      next: (next) => setValue({ db, value: next }),
      error: () => setValue({ db, value: fallback }),
    });
    return () => subscription.unsubscribe();
    // `read` and `fallback` are written inline by callers; `deps` says when the question changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [db, ...deps]);
  return value.db === db && db ? value.value : fallback;
}
