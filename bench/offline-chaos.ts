/**
 * The offline queue through a very bad line, at scale: 10,000 queued writes (new fields, then soil tests, fertilizer
 * applications, irrigations and rain readings on those fields and two the server already has) sent by the web app's
 * own sync engine in Node (fake-indexeddb) through the chaos proxy of the browser tests, in front of the real server
 * on PostgreSQL. The proxy loses 30 % of the requests, loses 30 % of the answers after the server stored the write,
 * and holds back 30 % for 0.2–1.5 s. While the queue drains, the farmer keeps editing field names (every 150 ms, as
 * the app's edit form does: read the field, save the change through `queueWrite`), so edits join creates and updates
 * that are on their way.
 *
 * Checked through the API afterwards: every write stored exactly once (0 lost, 0 applied twice), every field's name
 * the last one typed. Printed: the proxy's counts (requests lost, answers lost, delayed, writes that reached the
 * server more than once — the duplicates the server had to recognise), rows stored, values compared, and the time.
 * Goal: drained in ≤ 10 minutes.
 *
 *   npm run bench:offline-chaos   (--quick: 1,000 writes; DATABASE_URL defaults to postgres://postgres@127.0.0.1:5432/test)
 */
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { openOfflineDb } from '../apps/web/src/lib/offline-db.ts';
import { queueWrite } from '../apps/web/src/features/offline/outbox.ts';
import { HARSH_CHAOS, startChaosProxy } from '../e2e/support/chaos-proxy.ts';
import { PLANNED_COLLECTIONS, plannedFieldBoundary, plannedWrites, PLAN_PLANTING_DATE } from '../e2e/support/offline-queue.ts';
import { compareRows, drain, nodeSyncEngine, postJson, seconds, storedIds } from './support/offline-queue-run.ts';
import { withScratchRuntime } from './support/scratch-runtime.ts';

const quick = process.env.BENCH_QUICK === '1' || process.argv.includes('--quick');
const QUEUED_WRITES = quick ? 1000 : 10_000;
const NEW_FIELDS = quick ? 4 : 38;
const GOAL_MINUTES = 10;
const EDIT_EVERY_MS = 150;

await withScratchRuntime('offline_chaos', async (runtime) => {
  const serverUrl = await runtime.app.listen({ port: 0, host: '127.0.0.1' });
  const proxy = await startChaosProxy(serverUrl, { seed: 24, shares: HARSH_CHAOS });
  const registered = await postJson<{ access_token: string; user: { id: string } }>(serverUrl, '/api/auth/register', {
    email: 'offline-chaos@example.org',
    password: 'bench-password-1',
    name: 'Bench Farmer',
    country: 'ZW',
  });
  const token = registered.access_token;
  const personId = registered.user.id;
  const farmId = (await postJson<{ data: { id: string } }>(serverUrl, '/api/farms', { name: 'Chaos farm' }, token)).data.id;
  const existingFieldIds: string[] = [];
  for (const index of [100, 101]) {
    const field = await postJson<{ data: { id: string } }>(
      serverUrl,
      '/api/fields',
      {
        name: `Existing ${index}`,
        farmId,
        boundary: plannedFieldBoundary(index),
        cropType: 'maize-grain',
        plantingDate: PLAN_PLANTING_DATE,
      },
      token,
    );
    existingFieldIds.push(field.data.id);
  }

  const db = await openOfflineDb(personId);
  const { writes, newFieldIds } = plannedWrites({
    count: QUEUED_WRITES,
    newFields: NEW_FIELDS,
    farmId,
    existingFieldIds,
    newId: randomUUID,
  });
  const madeAt = Date.now();
  await db.transaction(
    'rw',
    [db.syncQueue, db.fields, db.soilTests, db.fertilizerApplications, db.irrigationEvents, db.rainReadings],
    async () => {
      for (const [index, write] of writes.entries()) await queueWrite(db, write.action, write.data, madeAt + index);
    },
  );

  // The farmer, editing field names while the queue drains, as the edit form does: the field as the server has it
  // now (404 while its create is still on the way: the edit then joins the create), and the change queued.
  const fieldIds = [...newFieldIds, ...existingFieldIds];
  const lastName = new Map<string, string>();
  let edits = 0;
  let editing = true;
  const editor = (async () => {
    while (editing) {
      await new Promise((resolve) => setTimeout(resolve, EDIT_EVERY_MS));
      if (!editing) break;
      const id = fieldIds[edits % fieldIds.length]!;
      const read = await fetch(`${proxy.url}/api/fields/${id}`, { headers: { authorization: `Bearer ${token}` } });
      const seen = read.ok ? ((await read.json()) as { data: Record<string, unknown> }).data : undefined;
      const name = `Field ${(edits % fieldIds.length) + 1}, edit ${edits + 1}`;
      await queueWrite(db, 'UPDATE_FIELD', { id, ...(seen ? { lastModified: seen.lastModified, seen } : {}), changes: { name } });
      lastName.set(id, name);
      edits += 1;
    }
  })();

  const engine = nodeSyncEngine(db, proxy.url, { token, personId });
  const started = performance.now();
  // Passes as the app's 5 s poll and 'online' event start them, without waiting the 5 s: editing stops once the
  // creates are through, and the last passes send the last edits.
  const passes = [];
  while (performance.now() - started < GOAL_MINUTES * 60_000) {
    passes.push(await engine.sync());
    const pendingCreates = await db.syncQueue.filter((item) => item.state === 'pending' && item.action !== 'UPDATE_FIELD').count();
    if (pendingCreates === 0) editing = false;
    if (!editing && (await db.syncQueue.where('state').equals('pending').count()) === 0) break;
  }
  editing = false;
  await editor;
  passes.push(...(await drain(engine, db, 50)));
  const drainMs = performance.now() - started;

  const left = await db.syncQueue.toArray();
  const problems: string[] = [];
  if (left.length > 0)
    problems.push(
      `${left.length} writes still queued: ${JSON.stringify(left.slice(0, 3).map((item) => [item.action, item.state, item.reason]))}`,
    );
  let rows = 0;
  for (const [action, collection] of Object.entries(PLANNED_COLLECTIONS)) {
    const expectedByField = new Map<string, string[]>();
    for (const write of writes.filter((planned) => planned.action === action)) {
      const fieldId = write.data.fieldId as string;
      expectedByField.set(fieldId, [...(expectedByField.get(fieldId) ?? []), write.data.id as string]);
    }
    for (const [fieldId, expected] of expectedByField) {
      const stored = await storedIds(serverUrl, token, collection, fieldId);
      rows += stored.length;
      const problem = compareRows(expected, stored);
      if (problem) problems.push(`${collection} on ${fieldId}: ${problem}`);
    }
  }
  let namesCompared = 0;
  for (const id of fieldIds) {
    const response = await fetch(`${serverUrl}/api/fields/${id}`, { headers: { authorization: `Bearer ${token}` } });
    const stored = response.ok ? ((await response.json()) as { data: { name: string } }).data : null;
    if (!stored) problems.push(`field ${id} not stored`);
    else if (lastName.has(id)) {
      namesCompared += 1;
      if (stored.name !== lastName.get(id)) problems.push(`field ${id}: "${stored.name}", last typed "${lastName.get(id)}"`);
    }
  }
  rows += newFieldIds.length - problems.filter((problem) => problem.endsWith('not stored')).length;
  const resent = [...proxy.arrivals.entries()].filter(([key, count]) => key.startsWith('POST') && count > 1).length;
  const met = problems.length === 0 && drainMs <= GOAL_MINUTES * 60_000;

  console.log(
    `\nOffline queue through a bad line: ${QUEUED_WRITES.toLocaleString('en')} writes, ${edits} field edits made while it drained`,
  );
  console.log(
    `  proxy: ${proxy.counts.writes.toLocaleString('en')} write requests, ${proxy.counts.droppedRequests} lost before the server, ` +
      `${proxy.counts.droppedResponses} answers lost after it stored them, ${proxy.counts.delayed} delayed`,
  );
  console.log(`  creates that reached the server more than once (duplicates it recognised by client id): ${resent.toLocaleString('en')}`);
  console.log(
    `  rows stored through the API: ${rows.toLocaleString('en')} of ${QUEUED_WRITES.toLocaleString('en')}; field names compared with the last typed: ${namesCompared}`,
  );
  console.log(
    `  drained in ${seconds(drainMs)} over ${passes.length} passes (${passes.filter((pass) => pass.status === 'unreachable').length} ended by the line)`,
  );
  for (const problem of problems.slice(0, 20)) console.log(`  PROBLEM ${problem}`);
  console.log(`  goal: 0 lost, 0 applied twice, every last value, in ≤ ${GOAL_MINUTES} min: ${met ? 'PASS' : 'FAIL'}`);
  db.close();
  await proxy.close();
  if (!met) process.exitCode = 1;
});
