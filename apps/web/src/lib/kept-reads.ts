import { hashKey, type QueryKey } from '@tanstack/react-query';

/**
 * Reads kept on the device (`queryCache`, written by the query persister in `app/query-persister.ts`) are stored under
 * this prefix and the query's hash: a field pack lists the keys of the reads it holds, so they live as long as it.
 */
export const KEPT_READ_PREFIX = 'tanstack-query';

/** The `queryCache` key of a query's kept read (TanStack's query hash, as the persister names it). */
export const keptReadKey = (queryKey: QueryKey): string => `${KEPT_READ_PREFIX}-${hashKey(queryKey)}`;
