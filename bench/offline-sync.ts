/**
 * Sending what a phone kept offline, on a clean line: the web app's own sync engine (`SyncEngine`, `queueWrite`, the
 * API client) in Node, with IndexedDB from fake-indexeddb, against the real server over HTTP on PostgreSQL (a
 * database made for the run and dropped after). A user registered through the API, one farm and two fields.
 *   10,000 soil tests queued (not timed), then sync passes timed until the queue is empty (creates go in batches, a
 *   few requests at once); reference, same run: the same 10,000 POSTs sent one after another straight to the API
 *   (on the other field, half before the queue and half after, so a machine that warms up or slows down weighs on
 *   both sides alike). The ratio is what the queue costs over the bare requests. Goal: 10,000 in ≤ 60 s. The rows
 *   are counted through the API afterwards: exactly 10,000 on the field, each id once.
 *
 *   npm run bench:offline-sync   (--quick: 1,000; DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { apiRequest } from '../apps/web/src/lib/api/client.ts';
import { openOfflineDb } from '../apps/web/src/lib/offline-db.ts';
import { queueWrite } from '../apps/web/src/features/offline/outbox.ts';
import { plannedFieldBoundary } from '../e2e/support/offline-queue.ts';
import { compareRows, drain, nodeSyncEngine, postJson, seconds, storedIds } from './support/offline-queue-run.ts';
import { withScratchRuntime } from './support/scratch-runtime.ts';

const quick = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');
const QUEUED_WRITES = quick ? 1000 : 10_000;
const GOAL_SECONDS = 60;
const WARM_UP_WRITES = 200;

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

await withScratchRuntime('offline_sync', async (runtime) => {
  const baseUrl = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const registered = await postJson<{ access_token: string; user: { id: string } }>(baseUrl, '/api/auth/register', {
    email: 'offline-bench@example.org',
    password: 'bench-password-1',
    name: 'Bench Farmer',
    country: 'ZW',
  });
  const token = registered.access_token;
  const farm = await postJson<{ data: { id: string } }>(baseUrl, '/api/farms', { name: 'Bench farm' }, token);
  const newField = async (name: string, index: number) =>
    (
      await postJson<{ data: { id: string } }>(
        baseUrl,
        '/api/fields',
        { name, farmId: farm.data.id, boundary: plannedFieldBoundary(index), cropType: 'maize-grain', plantingDate: '2026-11-15' },
        token,
      )
    ).data.id;
  const queuedField = await newField('Queued', 0);
  const directField = await newField('Direct', 1);

  const db = await openOfflineDb(registered.user.id);
  const engine = nodeSyncEngine(db, baseUrl, { token, personId: registered.user.id });

  // Warm-up: the first requests pay for connections, compiled queries and caches, for neither side.
  for (let i = 0; i < WARM_UP_WRITES; i++) await apiRequest('POST', '/api/soil-tests', soilTest(directField, i));

  const sendDirect = async (count: number) => {
    const tests = Array.from({ length: count }, (_, i) => soilTest(directField, i));
    const started = performance.now();
    for (const test of tests) await apiRequest('POST', '/api/soil-tests', test);
    return performance.now() - started;
  };
  let directMs = await sendDirect(QUEUED_WRITES / 2);

  const ids: string[] = [];
  const madeAt = Date.now();
  await db.transaction('rw', db.syncQueue, db.soilTests, async () => {
    for (let i = 0; i < QUEUED_WRITES; i++) {
      const test = soilTest(queuedField, i);
      ids.push(test.id);
      await queueWrite(db, 'CREATE_SOIL_TEST', test, madeAt + i);
    }
  });
  const started = performance.now();
  const passes = await drain(engine, db);
  const queueMs = performance.now() - started;
  const left = await db.syncQueue.count();

  directMs += await sendDirect(QUEUED_WRITES / 2);
  const problem =
    left > 0 ? `${left} writes still queued` : compareRows(ids, await storedIds(baseUrl, token, '/api/soil-tests', queuedField));
  const met = queueMs <= GOAL_SECONDS * 1000 && problem === null;

  console.log(`\nOffline queue → server, ${QUEUED_WRITES.toLocaleString('en')} soil tests over HTTP, PostgreSQL, clean line`);
  console.log(
    `  queue (SyncEngine, IndexedDB, batches):  ${seconds(queueMs)}  (${(queueMs / QUEUED_WRITES).toFixed(2)} ms a write, passes: ${passes.map((pass) => pass.status).join(', ')})`,
  );
  console.log(`  reference (the same POSTs, direct):      ${seconds(directMs)}  (${(directMs / QUEUED_WRITES).toFixed(2)} ms a write)`);
  console.log(`  ratio queue / direct ${(queueMs / directMs).toFixed(2)}`);
  console.log(`  rows on the field through the API: ${problem ?? `${QUEUED_WRITES.toLocaleString('en')}, each id once`}`);
  console.log(`  goal ${QUEUED_WRITES.toLocaleString('en')} in ≤ ${GOAL_SECONDS} s, none lost or doubled: ${met ? 'PASS' : 'FAIL'}`);
  db.close();
  if (!met) process.exitCode = 1;
});
