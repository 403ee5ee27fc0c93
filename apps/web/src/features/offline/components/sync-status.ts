import { useSyncExternalStore } from 'react';
import type { SyncQueueItem } from '../../../lib/offline-db.ts';
import { useConnection, type ConnectionState } from '../../connection/use-connection.ts';
import { queuedItems } from '../outbox.ts';
import { syncEngine } from '../sync-runtime.ts';
import { useLiveQuery } from '../use-live-query.ts';

/** What the header's indicator says (spec §4): Offline, Syncing..., N pending, or Online. */
export type IndicatorState = 'offline' | 'syncing' | 'pending' | 'online';

export interface SyncStatus {
  connection: ConnectionState;
  syncing: boolean;
  /** Every queued write, oldest first. */
  items: SyncQueueItem[];
  /** Writes to be sent, with those waiting for the record they belong to. */
  pending: SyncQueueItem[];
  failed: SyncQueueItem[];
  conflicts: SyncQueueItem[];
  /** Edits of records deleted on the server meanwhile: add again, or discard. */
  deleted: SyncQueueItem[];
}

/** Offline wins (nothing can be sent), then a pass under way, then writes waiting; else Online. */
export function indicatorState(status: Pick<SyncStatus, 'connection' | 'syncing' | 'pending'>): IndicatorState {
  if (status.connection === 'offline') return 'offline';
  if (status.syncing) return 'syncing';
  if (status.pending.length > 0) return 'pending';
  return 'online';
}

const NO_ITEMS: SyncQueueItem[] = [];
const subscribeToEngine = (listener: () => void) => syncEngine.subscribe(listener);
const readSyncing = () => syncEngine.syncing;

/** The queue of this person's device, live across tabs, with the connection and whether a pass runs. */
export function useSyncStatus(): SyncStatus {
  const connection = useConnection();
  const syncing = useSyncExternalStore(subscribeToEngine, readSyncing, () => false);
  const items = useLiveQuery((db) => queuedItems(db), [], NO_ITEMS);
  return {
    connection,
    syncing,
    items,
    pending: items.filter((item) => item.state === 'pending' || item.state === 'waiting'),
    failed: items.filter((item) => item.state === 'failed'),
    conflicts: items.filter((item) => item.state === 'conflict'),
    deleted: items.filter((item) => item.state === 'deleted'),
  };
}
