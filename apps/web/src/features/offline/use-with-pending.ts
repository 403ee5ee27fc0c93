import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { LocalRecordTable } from '../../lib/offline-db.ts';
import { usePendingRecords, withPending, type WithSyncState } from './pending-records.ts';

/**
 * A list query with this device's unsent records of the same kind merged in (`withPending`): new ones first, edited
 * ones with their edits, each marked with `syncState`. A record made here carries only what its form gave: values
 * the server works out (a field's hectares, an application's kg of N) are missing until it is sent, and the lists
 * show them as "—".
 */
export function useWithPending<T extends { id: string }>(
  query: UseQueryResult<T[]>,
  table: LocalRecordTable,
  fieldId?: string,
): UseQueryResult<WithSyncState<T>[]> {
  const pending = usePendingRecords(table, fieldId);
  const data = useMemo(() => withPending(query.data, pending), [query.data, pending]);
  if (data === query.data) return query;
  // The query keeps its own state (loading, failed); only the list it holds gains the device's records.
  return { ...query, data } as UseQueryResult<WithSyncState<T>[]>;
}
