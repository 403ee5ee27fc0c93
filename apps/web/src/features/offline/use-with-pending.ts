import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { LocalRecordTable } from '../../lib/offline-db.ts';
import { usePendingRecord, usePendingRecords, withPending, type RecordsOf, type WithSyncState } from './pending-records.ts';

/**
 * A list query with this device's unsent records of the same kind merged in (`withPending`): new ones first, edited
 * ones with their edits, each marked with `syncState`. A record made here carries only what its form gave: values
 * the server works out (a field's hectares, an application's kg of N) are missing until it is sent, and the lists
 * show them as "—".
 */
export function useWithPending<T extends { id: string }>(
  query: UseQueryResult<T[]>,
  table: LocalRecordTable,
  of?: RecordsOf,
): UseQueryResult<WithSyncState<T>[]> {
  const pending = usePendingRecords(table, of);
  const data = useMemo(() => withPending(query.data, pending), [query.data, pending]);
  if (data === query.data) return query;
  // The query keeps its own state (loading, failed); only the list it holds gains the device's records.
  return { ...query, data } as UseQueryResult<WithSyncState<T>[]>;
}

/**
 * A list query of the records of something the server does not have yet (a field made on this device): whatever it
 * answers ("not found", or nothing offline), the server holds none of them, so the list is only the device's.
 */
export function noneOnServer<T>(query: UseQueryResult<T[]>): UseQueryResult<T[]> {
  return answeredWith<T[]>(query, NONE);
}
const NONE: never[] = [];

/** The query as if it had answered `data`: what the device knows stands in for the server's answer or failure. */
function answeredWith<T>(query: UseQueryResult<unknown>, data: T): UseQueryResult<T> {
  return {
    ...query,
    data,
    status: 'success',
    isSuccess: true,
    isPending: false,
    isLoading: false,
    isError: false,
    isLoadingError: false,
    isRefetchError: false,
    error: null,
  } as UseQueryResult<T>;
}

/** One record as a detail screen shows it: `onlyOnThisDevice` when the server does not have it yet. */
export type WithDeviceCopy<T> = WithSyncState<T> & { onlyOnThisDevice?: true };

/**
 * A detail query (one record) with this device's unsent write of it, as the lists show it (`useWithPending`): a
 * record made here and not sent yet is the device's copy, marked with its `syncState` and `onlyOnThisDevice`, instead
 * of the server's "not found"; a record edited here shows its edits. Once the create has been sent the server's record
 * takes its place: a "not found" answered before that is out of date, so it is asked again and shown as loading.
 */
export function useWithPendingRecord<T extends { id: string }>(
  query: UseQueryResult<T>,
  table: LocalRecordTable,
  id: string,
): UseQueryResult<WithDeviceCopy<T>> {
  const device = usePendingRecord(table, id);
  const created = device.pending?.kind === 'create' ? device.pending : undefined;
  const failuresBeforeSend = useFailuresBeforeSend(created !== undefined, device.read, query);
  const outOfDate = failuresBeforeSend !== undefined && query.isError && query.errorUpdateCount <= failuresBeforeSend;
  const { pending } = device;
  if (query.data !== undefined) {
    if (pending?.kind !== 'update') return query;
    return { ...query, data: { ...query.data, ...(pending.record.data as Partial<T>), syncState: pending.state } } as UseQueryResult<
      WithDeviceCopy<T>
    >;
  }
  if (created) return answeredWith(query, { ...(created.record.data as unknown as T), syncState: created.state, onlyOnThisDevice: true });
  // Until the device has answered (or the server after the send), the record is still being read.
  if (!device.read || outOfDate)
    return {
      ...query,
      status: 'pending',
      fetchStatus: 'fetching',
      isPending: true,
      isLoading: true,
      isFetching: true,
      isError: false,
      isLoadingError: false,
      isRefetchError: false,
      error: null,
    } as UseQueryResult<WithDeviceCopy<T>>;
  return query;
}

/**
 * How many failures the query had answered when the device's create of the record shown left the queue (sent, or
 * discarded), worked out while rendering so that a failure from before it never shows; the record is asked for again
 * then.
 */
function useFailuresBeforeSend(queued: boolean, read: boolean, query: UseQueryResult<unknown>): number | undefined {
  const [wasQueued, setWasQueued] = useState(false);
  const [failuresBefore, setFailuresBefore] = useState<number>();
  if (queued && !wasQueued) setWasQueued(true);
  if (!queued && read && wasQueued) {
    setWasQueued(false);
    setFailuresBefore(query.errorUpdateCount);
  }
  const { refetch } = query;
  useEffect(() => {
    if (failuresBefore !== undefined) void refetch();
  }, [failuresBefore, refetch]);
  return failuresBefore;
}
