import { apiExchange, configureApiClient } from '../../apps/web/src/lib/api/client.ts';
import type { OfflineDb } from '../../apps/web/src/lib/offline-db.ts';
import { SyncEngine, type SyncPassResult } from '../../apps/web/src/features/offline/sync-engine.ts';

/**
 * The web app's sync engine in Node, as `sync-runtime.ts` builds it minus the browser's lock and toast (one process,
 * one "tab"): requests go to `baseUrl` under the session of `personId`, relative paths as a page sends them.
 */
export function nodeSyncEngine(db: OfflineDb, baseUrl: string, session: { token: string; personId: string }): SyncEngine {
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => nodeFetch(typeof input === 'string' && input.startsWith('/') ? `${baseUrl}${input}` : input, init);
  configureApiClient({ token: () => session.token, person: () => session.personId, onUnauthorized: () => {} });
  return new SyncEngine({
    db: () => Promise.resolve(db),
    person: () => session.personId,
    send: (request, timeoutMs) =>
      apiExchange(request.method, request.path, request.body, { basedOn: request.basedOn, timeoutMs, asPerson: request.personId }),
    withLock: (task) => task(),
    now: () => performance.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
}

/** Sync passes until nothing is pending (as the app's 5 s poll would start them, without the wait); the passes' ends. */
export async function drain(engine: SyncEngine, db: OfflineDb, maxPasses = 200): Promise<SyncPassResult[]> {
  const passes: SyncPassResult[] = [];
  do passes.push(await engine.sync());
  while ((await db.syncQueue.where('state').equals('pending').count()) > 0 && passes.length < maxPasses);
  return passes;
}

/** Every id of a collection on one field, read page by page through the API (500 a page, the most a page holds). */
export async function storedIds(baseUrl: string, token: string, collection: string, fieldId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ fieldId, limit: '500', ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${baseUrl}${collection}?${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${collection}: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { data: { id: string }[]; page: { nextCursor: string | null } };
    ids.push(...page.data.map((record) => record.id));
    cursor = page.page.nextCursor;
  } while (cursor);
  return ids;
}

/** Whether `stored` holds exactly `expected` (each once, nothing else); what differs, in words. */
export function compareRows(expected: string[], stored: string[]): string | null {
  const counts = new Map<string, number>();
  for (const id of stored) counts.set(id, (counts.get(id) ?? 0) + 1);
  const missing = expected.filter((id) => !counts.has(id)).length;
  const doubled = [...counts.values()].filter((count) => count > 1).length;
  const expectedSet = new Set(expected);
  const unknown = stored.filter((id) => !expectedSet.has(id)).length;
  if (stored.length === expected.length && missing === 0 && doubled === 0 && unknown === 0) return null;
  return `${stored.length} rows: ${missing} missing, ${doubled} ids more than once, ${unknown} not queued`;
}

export async function postJson<T>(baseUrl: string, route: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
