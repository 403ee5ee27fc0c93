import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/client.ts';
import { openOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { cleanUpOldData } from './cleanup.ts';
import { queueWrite, queuedItems, resolveConflict } from './outbox.ts';
import type { SyncRequest } from './sync-actions.ts';
import { SyncEngine, UNREACHABLE_TRIES, type SyncDeps } from './sync-engine.ts';

let db: OfflineDb;
let dbCount = 0;

beforeEach(async () => {
  dbCount += 1;
  db = await openOfflineDb(`test-user-${dbCount}`);
});
afterEach(() => db.close());

const soilTest = (id: string, sampleDate = '2026-11-02') => ({ id, fieldId: 'f1', sampleDate, unit: 'ppm', nitrogen: 12 });

/** An engine whose server is `answer`, recording every request and every wait. */
function engineWith(answer: (request: SyncRequest, call: number) => unknown, extra: Partial<SyncDeps> = {}) {
  const requests: SyncRequest[] = [];
  const waits: number[] = [];
  const engine = new SyncEngine({
    db: async () => db,
    send: async (request) => {
      requests.push(request);
      return answer(request, requests.length);
    },
    withLock: (task) => task(),
    now: () => 0,
    sleep: async (ms) => void waits.push(ms),
    ...extra,
  });
  return { engine, requests, waits };
}

describe('the offline queue', () => {
  it('refuses an action it does not know, and keeps nothing', async () => {
    await expect(queueWrite(db, 'DELETE_EVERYTHING' as never, { id: 'x' })).rejects.toThrow(/Unknown offline action "DELETE_EVERYTHING"/);
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('keeps the write and the record as the form made it, and joins later edits to a create still waiting', async () => {
    await queueWrite(db, 'CREATE_FIELD', { id: 'field-1', farmId: 'farm-1', name: 'Block A', plantingDate: '2026-11-10' }, 10);
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-1', lastModified: 'x', changes: { name: 'Block A (north)' } }, 20);
    const items = await queuedItems(db);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ action: 'CREATE_FIELD', data: { name: 'Block A (north)', farmId: 'farm-1' }, state: 'pending' });
    expect(await db.fields.get('field-1')).toMatchObject({ farmId: 'farm-1', date: '2026-11-10', data: { name: 'Block A (north)' } });
  });

  it('joins two offline edits of a server record into one update based on the version the first one saw', async () => {
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-2', lastModified: 'v1', changes: { name: 'North' } }, 10);
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-2', lastModified: 'v1-seen-later', changes: { variety: 'SC 719' } }, 20);
    const [item] = await queuedItems(db);
    expect(item!.data).toEqual({ id: 'field-2', lastModified: 'v1', changes: { name: 'North', variety: 'SC 719' } });
  });
});

describe('sending the queue', () => {
  it('sends the writes oldest first and forgets each the server took, with its local copy', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('b'), 20);
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('a'), 10);
    const { engine, requests } = engineWith(() => ({ data: {} }));
    expect(await engine.sync()).toEqual({ status: 'done', sent: 2 });
    expect(requests.map((r) => [r.method, r.path, (r.body as { id: string }).id])).toEqual([
      ['POST', '/api/soil-tests', 'a'],
      ['POST', '/api/soil-tests', 'b'],
    ]);
    expect(await db.syncQueue.count()).toBe(0);
    expect(await db.soilTests.count()).toBe(0);
  });

  it('sends an update with the version it was based on', async () => {
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-3', lastModified: '2026-11-01T10:00:00.000Z', changes: { name: 'East' } });
    const { engine, requests } = engineWith(() => ({ data: {} }));
    await engine.sync();
    expect(requests).toEqual([{ method: 'PUT', path: '/api/fields/field-3', body: { name: 'East' }, basedOn: '2026-11-01T10:00:00.000Z' }]);
  });

  it('sends again a write whose answer was lost, without counting it as a failed attempt', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('lost'));
    const { engine, requests } = engineWith((_request, call) => {
      if (call <= 2) throw new ApiError(0, 'no answer');
      return { data: {} };
    });
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(requests).toHaveLength(3);
  });

  it('stops the pass when the server cannot be reached, keeping every write pending with no attempt counted', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('first'), 1);
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('second'), 2);
    const { engine, requests } = engineWith(() => {
      throw new ApiError(0, 'no answer');
    });
    expect(await engine.sync()).toEqual({ status: 'unreachable', sent: 0 });
    expect(requests).toHaveLength(UNREACHABLE_TRIES);
    expect((await queuedItems(db)).map((item) => [item.state, item.retryCount])).toEqual([
      ['pending', 0],
      ['pending', 0],
    ]);
  });

  it('tries a write the server fails 3 times, 1 s then 2 s apart, then shows it failed with the reason', async () => {
    await queueWrite(db, 'CREATE_RAIN_READING', { id: 'r1', fieldId: 'f1', readingDate: '2026-11-03', rainMm: 12 });
    const { engine, requests, waits } = engineWith(() => {
      throw new ApiError(503, 'Service temporarily unavailable.');
    });
    expect(await engine.sync()).toEqual({ status: 'done', sent: 0 });
    expect(requests).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
    expect(await db.syncQueue.get('r1')).toMatchObject({ state: 'failed', retryCount: 3, reason: 'Service temporarily unavailable.' });
    expect(await db.rainReadings.get('r1')).toBeDefined();
  });

  it('shows a refused write failed at once with the server reason, and goes on with the next', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('refused'), 1);
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('fine'), 2);
    const { engine, requests } = engineWith((request) => {
      if ((request.body as { id: string }).id === 'refused') throw new ApiError(400, 'The field was deleted.');
      return { data: {} };
    });
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(requests).toHaveLength(2);
    expect(await db.syncQueue.get('refused')).toMatchObject({ state: 'failed', reason: 'The field was deleted.' });
  });

  it('takes a conflict that already holds the change as sent: the first attempt landed, its answer was lost', async () => {
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-4', lastModified: 'v1', changes: { name: 'West', variety: null } });
    const { engine } = engineWith(() => {
      throw new ApiError(409, 'changed', 'RECORD_CHANGED', [], {
        current: { id: 'field-4', name: 'West', variety: null, lastModified: 'v2' },
      });
    });
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('keeps a real conflict with the server record, and sends again only what the person keeps, based on the server version', async () => {
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-5', lastModified: 'v1', changes: { name: 'Mine', variety: 'PAN 53' } });
    const current = { id: 'field-5', name: 'Theirs', variety: 'SC 403', lastModified: 'v2' };
    let conflict = true;
    const { engine, requests } = engineWith(() => {
      if (conflict) throw new ApiError(409, 'This record was changed since you opened it.', 'RECORD_CHANGED', [], { current });
      return { data: {} };
    });
    await engine.sync();
    const [item] = await queuedItems(db);
    expect(item).toMatchObject({ state: 'conflict', current });

    await resolveConflict(db, item!, { name: false, variety: true });
    conflict = false;
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(requests.at(-1)).toEqual({ method: 'PUT', path: '/api/fields/field-5', body: { variety: 'PAN 53' }, basedOn: 'v2' });
  });

  it('drops an offline edit when the person keeps the server version of everything', async () => {
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-6', lastModified: 'v1', changes: { name: 'Mine' } });
    await db.syncQueue.update('field-6:update', { state: 'conflict', current: { name: 'Theirs', lastModified: 'v2' } });
    await resolveConflict(db, (await queuedItems(db))[0]!, { name: false });
    expect(await db.syncQueue.count()).toBe(0);
    expect(await db.fields.count()).toBe(0);
  });

  it('stops at a refused session and drops nothing', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('kept'));
    const { engine } = engineWith(() => {
      throw new ApiError(401, 'Your session has expired. Please log in again.');
    });
    expect(await engine.sync()).toEqual({ status: 'signed-out', sent: 0 });
    expect(await db.syncQueue.get('kept')).toMatchObject({ state: 'pending', retryCount: 0 });
  });

  it('leaves the sending to the tab that holds the lock', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('other-tab'));
    const { engine, requests } = engineWith(() => ({ data: {} }), { withLock: async () => undefined });
    expect(await engine.sync()).toEqual({ status: 'busy' });
    expect(requests).toHaveLength(0);
  });

  it('runs one pass at a time in a tab: a second call joins the first', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('once'));
    const { engine, requests } = engineWith(() => ({ data: {} }));
    const [first, second] = await Promise.all([engine.sync(), engine.sync()]);
    expect(first).toEqual(second);
    expect(requests).toHaveLength(1);
  });
});

describe('old data on the device', () => {
  const day = 24 * 60 * 60_000;

  it('removes saved answers and forecasts older than 7 days, and never a write still waiting, however old', async () => {
    const now = 100 * day;
    await db.queryCache.bulkPut([
      { key: 'old', value: '{}', storedAt: now - 8 * day },
      { key: 'recent', value: '{}', storedAt: now - 6 * day },
    ]);
    await db.weather.put({ id: 'w', fieldId: 'f1', timestamp: now - 10 * day, data: {} });
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('unsent'), now - 30 * day);
    await db.soilTests.put({ id: 'orphan', fieldId: 'f1', lastModified: now - 9 * day, data: {} });

    expect(await cleanUpOldData(db, now)).toBe(3);
    expect((await db.queryCache.toArray()).map((entry) => entry.key)).toEqual(['recent']);
    expect(await db.weather.count()).toBe(0);
    expect(await db.syncQueue.get('unsent')).toBeDefined();
    expect((await db.soilTests.toArray()).map((record) => record.id)).toEqual(['unsent']);
  });
});
