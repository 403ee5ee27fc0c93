import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { vi } from 'vitest';
import { configureApiClient } from '../../../lib/api/client.ts';
import { switchOfflineDb, type OfflineDb, type SyncQueueItem } from '../../../lib/offline-db.ts';
import { session } from '../../auth/session.ts';
import { signedInPerson } from '../sync-runtime.ts';
import { fieldsQuery } from '../../fields/api/fields.ts';

/** Component tests' offline database: a fresh one per test (fake IndexedDB), opened as the signed-in person's. */
export async function openTestDb(): Promise<OfflineDb> {
  return (await switchOfflineDb(`test-${crypto.randomUUID()}`))!;
}

let sequenceCounter = 0;

/** A queued write as the outbox keeps it; a soil test on Block A sampled on 12 Nov 2026 unless told otherwise. */
export function queueItem(overrides: Partial<SyncQueueItem> = {}): SyncQueueItem {
  // A create's body carries the record's client id, which is also the write's id.
  const id = overrides.id ?? crypto.randomUUID();
  return {
    id,
    action: 'CREATE_SOIL_TEST',
    data: { id, fieldId: 'field-a', sampleDate: '2026-11-12', nitrogen: 12, unit: 'ppm' },
    sequence: (sequenceCounter += 1),
    revision: 1,
    personId: TEST_PERSON,
    timestamp: Date.now() - 2 * 60 * 60_000,
    retryCount: 0,
    maxRetries: 3,
    state: 'pending',
    ...overrides,
  };
}

/** The person the fixtures' writes belong to. */
export const TEST_PERSON = 'test-person';

/**
 * Signs the fixtures' person in as far as sending needs: the session says who is signed in and the API client sends
 * their token (the engine sends a person's writes under their session only). Undone by `vi.restoreAllMocks()`.
 */
export function signInTestPerson(): void {
  vi.spyOn(session, 'getState').mockReturnValue({
    status: 'signed-in',
    token: 'test-token',
    claims: { userId: TEST_PERSON, email: 'test@example.org', name: 'Test', expiresAtMs: Date.now() + 3_600_000 },
  });
  configureApiClient({ token: () => 'test-token', person: signedInPerson, onUnauthorized: () => {} });
}

/** Sets `navigator.onLine` and tells the page, as the browser does when the connection goes or comes back. */
export function setDeviceOnline(online: boolean): void {
  if (online) Reflect.deleteProperty(navigator, 'onLine');
  else Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

/** A query client that already knows the person's fields (Block A), so screens name them without the network. */
export function TestQueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => {
    const made = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    made.setQueryData(fieldsQuery().queryKey, [{ id: 'field-a', name: 'Block A' }] as never);
    return made;
  });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
