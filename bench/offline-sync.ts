/**
 * Sending what a phone kept offline: the web app's own sync engine (`SyncEngine`, `queueWrite`, `apiRequest`) in
 * Node, with IndexedDB from fake-indexeddb, against the real server over HTTP on PostgreSQL (a database made for
 * the run and dropped after). A user registered through the API, one farm and field.
 *  (a) 1,000 soil tests queued, then one sync pass timed until the queue is empty;
 *      reference, same run: the same 1,000 POSTs sent one after another straight to the API (on a second field,
 *      half before the queue and half after);
 *      the ratio is what the queue costs over the bare requests. Goal: 1,000 in ≤ 30 s. The rows are counted
 *      through the API afterwards: exactly 1,000 on the field, each id once.
 *  (b) 10,000 soil tests queued and sent the same way (skipped with BENCH_QUICK=1 or `--quick`).
 *
 *   npm run bench:offline-sync   (DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test; a few minutes)
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { configureApiClient, apiRequest } from '../apps/web/src/lib/api/client.ts';
import { openOfflineDb, type OfflineDb } from '../apps/web/src/lib/offline-db.ts';
import { queueWrite } from '../apps/web/src/features/offline/outbox.ts';
import { SyncEngine, type SyncPassResult } from '../apps/web/src/features/offline/sync-engine.ts';
import { withScratchRuntime } from './support/scratch-runtime.ts';

const QUEUED_WRITES = 1000;
const LARGE_QUEUE_WRITES = 10_000;
const GOAL_SECONDS = 30;
const WARM_UP_WRITES = 200;
const quick = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');
/** The app gives up on an unanswered sync request after 20 s (sync-runtime.ts); the same here. */
const SYNC_REQUEST_TIMEOUT_MS = 20_000;

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

interface Session {
  token: string;
  userId: string;
}

async function postJson<T>(baseUrl: string, route: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(`${baseUrl}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Every soil test id of one field, read page by page through the API (500 a page, the most a page holds). */
async function soilTestIdsOf(baseUrl: string, token: string, fieldId: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ fieldId, limit: '500', ...(cursor ? { cursor } : {}) });
    const response = await fetch(`${baseUrl}/api/soil-tests?${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET /api/soil-tests: ${response.status} ${await response.text()}`);
    const page = (await response.json()) as { data: { id: string }[]; page: { nextCursor: string | null } };
    ids.push(...page.data.map((test) => test.id));
    cursor = page.page.nextCursor;
  } while (cursor);
  return ids;
}

/** A soil test as the app's form makes it, with its client id. */
const soilTest = (fieldId: string, index: number) => ({
  id: randomUUID(),
  fieldId,
  sampleDate: '2026-10-01',
  unit: 'ppm',
  nitrogen: 10 + (index % 30),
  phosphorus: 12,
  potassium: 140,
  ph: 5.8,
  organicMatter: null,
  ec: null,
  depthCm: 20,
  lab: null,
  notes: null,
});

/** The app's engine as sync-runtime.ts builds it, minus the browser's lock and toast: one process, one "tab". */
const engine = (db: OfflineDb) =>
  new SyncEngine({
    db: () => Promise.resolve(db),
    send: (request) =>
      apiRequest(request.method, request.path, request.body, { basedOn: request.basedOn, timeoutMs: SYNC_REQUEST_TIMEOUT_MS }),
    withLock: (task) => task(),
    now: () => Date.now(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });

/** Queues `count` soil tests (not timed), then times sync passes until nothing is pending. */
async function queueAndSync(
  db: OfflineDb,
  fieldId: string,
  count: number,
): Promise<{ ms: number; passes: SyncPassResult[]; ids: string[] }> {
  const ids: string[] = [];
  const start = Date.now();
  for (let i = 0; i < count; i++) {
    const test = soilTest(fieldId, i);
    ids.push(test.id);
    // Distinct times, as writes made one after another: the queue is sent oldest first.
    await queueWrite(db, 'CREATE_SOIL_TEST', test, start + i);
  }
  const sync = engine(db);
  const passes: SyncPassResult[] = [];
  const started = performance.now();
  do passes.push(await sync.sync());
  while ((await db.syncQueue.where('state').equals('pending').count()) > 0 && passes.length < 10);
  const ms = performance.now() - started;
  const left = await db.syncQueue.count();
  if (left > 0) throw new Error(`${left} writes still queued after ${passes.length} passes: ${JSON.stringify(passes)}`);
  return { ms, passes, ids };
}

/** Whether the field holds exactly `expected` (each once, nothing else); what differs, in words. */
function compareRows(expected: string[], stored: string[]): string | null {
  const counts = new Map<string, number>();
  for (const id of stored) counts.set(id, (counts.get(id) ?? 0) + 1);
  const missing = expected.filter((id) => !counts.has(id)).length;
  const doubled = [...counts.values()].filter((count) => count > 1).length;
  const expectedSet = new Set(expected);
  const unknown = stored.filter((id) => !expectedSet.has(id)).length;
  if (stored.length === expected.length && missing === 0 && doubled === 0 && unknown === 0) return null;
  return `${stored.length} rows: ${missing} missing, ${doubled} ids more than once, ${unknown} not queued`;
}

await withScratchRuntime('offline_sync', async (runtime) => {
  const baseUrl = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const registered = await postJson<{ access_token: string; user: { id: string } }>(baseUrl, '/api/auth/register', {
    email: 'offline-bench@example.org',
    password: 'bench-password-1',
    name: 'Bench Farmer',
    country: 'ZW',
  });
  const session: Session = { token: registered.access_token, userId: registered.user.id };
  const farm = await postJson<{ data: { id: string } }>(baseUrl, '/api/farms', { name: 'Bench farm' }, session.token);
  const newField = async (name: string, lng: number) =>
    (
      await postJson<{ data: { id: string } }>(
        baseUrl,
        '/api/fields',
        {
          name,
          farmId: farm.data.id,
          boundary: {
            type: 'Polygon',
            coordinates: [
              [
                [lng, -17.83],
                [lng + 0.005, -17.83],
                [lng + 0.005, -17.835],
                [lng, -17.835],
                [lng, -17.83],
              ],
            ],
          },
          cropType: 'maize-grain',
          plantingDate: '2026-11-15',
        },
        session.token,
      )
    ).data.id;
  const queuedField = await newField('Queued', 31.05);
  const directField = await newField('Direct', 31.06);
  const largeField = await newField('Large queue', 31.07);

  // The app's client sends relative paths, as a page does; in Node they are sent to the server's address.
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => nodeFetch(typeof input === 'string' && input.startsWith('/') ? `${baseUrl}${input}` : input, init);
  configureApiClient({ token: () => session.token, onUnauthorized: () => {} });

  // Warm-up: the first requests pay for connections, compiled queries and caches, for neither side.
  for (let i = 0; i < WARM_UP_WRITES; i++) await apiRequest('POST', '/api/soil-tests', soilTest(directField, i));

  // The reference in two halves, one before the queue and one after, so a machine that warms up or slows down
  // during the run weighs on both sides alike.
  const sendDirect = async (count: number) => {
    const tests = Array.from({ length: count }, (_, i) => soilTest(directField, i));
    const started = performance.now();
    for (const test of tests) await apiRequest('POST', '/api/soil-tests', test);
    return performance.now() - started;
  };
  let directMs = await sendDirect(QUEUED_WRITES / 2);
  const db = await openOfflineDb(session.userId);
  const queued = await queueAndSync(db, queuedField, QUEUED_WRITES);
  directMs += await sendDirect(QUEUED_WRITES / 2);
  const problem = compareRows(queued.ids, await soilTestIdsOf(baseUrl, session.token, queuedField));
  const met = queued.ms <= GOAL_SECONDS * 1000 && problem === null;

  console.log(`\nOffline queue → server, ${QUEUED_WRITES} soil tests, one after another over HTTP, PostgreSQL`);
  console.log(
    `  queue (SyncEngine, IndexedDB):  ${seconds(queued.ms)}  (${(queued.ms / QUEUED_WRITES).toFixed(2)} ms a write, passes ${queued.passes.map((pass) => pass.status).join(', ')})`,
  );
  console.log(`  reference (direct POSTs):       ${seconds(directMs)}  (${(directMs / QUEUED_WRITES).toFixed(2)} ms a write)`);
  console.log(`  ratio ${(queued.ms / directMs).toFixed(2)}`);
  console.log(`  rows on the field through the API: ${problem ?? `${QUEUED_WRITES}, each id once`}`);
  console.log(`  goal ${QUEUED_WRITES.toLocaleString('en')} in ≤ ${GOAL_SECONDS} s, none lost or doubled: ${met ? 'PASS' : 'FAIL'}`);

  if (!quick) {
    const large = await queueAndSync(db, largeField, LARGE_QUEUE_WRITES);
    const largeProblem = compareRows(large.ids, await soilTestIdsOf(baseUrl, session.token, largeField));
    console.log(
      `\n${LARGE_QUEUE_WRITES.toLocaleString('en')} soil tests queued: ${seconds(large.ms)} (${(large.ms / LARGE_QUEUE_WRITES).toFixed(2)} ms a write)`,
    );
    console.log(`  rows on the field through the API: ${largeProblem ?? `${LARGE_QUEUE_WRITES}, each id once`}`);
    if (largeProblem) process.exitCode = 1;
  }
  db.close();
  globalThis.fetch = nodeFetch;
  if (!met) process.exitCode = 1;
});
