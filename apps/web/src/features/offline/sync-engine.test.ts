import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/client.ts';
import { openOfflineDb, type OfflineDb, type SyncQueueItem } from '../../lib/offline-db.ts';
import { cleanUpOldData } from './cleanup.ts';
import { addAgain, answerRecordsBeforePlanting, discardWrite, queueWrite, queuedItems, resolveConflict } from './outbox.ts';
import type { SyncRequest } from './sync-actions.ts';
import { BATCH_SIZE, RoundTripTimer, SyncEngine, UNREACHABLE_TRIES, type SyncAnswer, type SyncDeps } from './sync-engine.ts';
import { withLock } from './sync-runtime.ts';
import { fakeSyncServer, type Fate } from './testing/fake-sync-server.ts';

let db: OfflineDb;
let dbCount = 0;
const person = () => db.name.slice('murimi-'.length);

beforeEach(async () => {
  dbCount += 1;
  db = await openOfflineDb(`test-user-${dbCount}`);
});
afterEach(() => db.close());

const soilTest = (id: string, fieldId = 'f1') => ({ id, fieldId, sampleDate: '2026-11-02', unit: 'ppm', nitrogen: 12 });
const field = (id: string, name = 'Block A') => ({ id, farmId: 'farm-1', name, plantingDate: '2026-11-10', irrigated: false });

/** An engine whose server is `answer`, recording every request and every wait. */
function engineWith(answer: (request: SyncRequest, call: number) => SyncAnswer | Promise<SyncAnswer>, extra: Partial<SyncDeps> = {}) {
  const requests: SyncRequest[] = [];
  const waits: number[] = [];
  const engine = new SyncEngine({
    db: async () => db,
    person,
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

/** An engine in front of the in-memory API, with the same waits recorded. */
function engineOn(server: ReturnType<typeof fakeSyncServer>, extra: Partial<SyncDeps> = {}) {
  return engineWith((request) => server.send(request), extra);
}

/** Each batch item answered as created. */
const batchCreated = (request: SyncRequest) => ({
  status: 200,
  body: {
    results: (request.body as { items: { id: string }[] }).items.map((item) => ({
      id: item.id,
      status: 201,
      data: { ...item, lastModified: 'v1' },
    })),
  },
});

/** A promise the test settles: a request held on the way until `release()`. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((resolve) => (release = resolve));
  return { opened, release };
}

/** Waits until `check` holds, letting IndexedDB and the engine run between looks. */
async function until(check: () => boolean | Promise<boolean>) {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error('the condition never held');
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
    expect(items[0]).toMatchObject({
      action: 'CREATE_FIELD',
      data: { name: 'Block A (north)', farmId: 'farm-1' },
      state: 'pending',
      revision: 2,
    });
    expect(await db.fields.get('field-1')).toMatchObject({ farmId: 'farm-1', date: '2026-11-10', data: { name: 'Block A (north)' } });
  });

  it('joins two offline edits of a server record into one update based on the version the first one saw', async () => {
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-2', lastModified: 'v1', changes: { name: 'North' } }, 10);
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-2', lastModified: 'v1-seen-later', changes: { variety: 'SC 719' } }, 20);
    const [item] = await queuedItems(db);
    expect(item!.data).toEqual({ id: 'field-2', lastModified: 'v1', changes: { name: 'North', variety: 'SC 719' } });
  });

  it('keeps each write with the person whose database it is in', async () => {
    const item = await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('mine'));
    expect(item.personId).toBe(person());
  });

  it('moves a version 1 queue to version 2 in its old order, at revision 1, as the database owner’s writes', async () => {
    const name = `murimi-upgrade-${dbCount}`;
    const old = new Dexie(name);
    old
      .version(1)
      .stores({ syncQueue: 'id, action, timestamp, state', soilTests: 'id, fieldId, date', fields: 'id, farmId, lastModified' });
    const v1 = (id: string, timestamp: number, extra: object = {}) => ({
      id,
      action: 'CREATE_SOIL_TEST',
      data: soilTest(id),
      timestamp,
      retryCount: 0,
      maxRetries: 3,
      state: 'pending',
      ...extra,
    });
    await old.table('syncQueue').bulkPut([
      v1('b-later', 20),
      v1('a-earlier', 10),
      // A conflict the old version kept without the server's record: asked again rather than settled on nothing.
      v1('c-conflict', 30, { action: 'UPDATE_FIELD', data: { id: 'c', lastModified: 'v1', changes: { name: 'X' } }, state: 'conflict' }),
    ]);
    old.close();
    const upgraded = await openOfflineDb(name.slice('murimi-'.length));
    const items = await queuedItems(upgraded);
    expect(items.map((item) => [item.id, item.sequence, item.revision, item.personId, item.state])).toEqual([
      ['a-earlier', 1, 1, `upgrade-${dbCount}`, 'pending'],
      ['b-later', 2, 1, `upgrade-${dbCount}`, 'pending'],
      ['c-conflict', 3, 1, `upgrade-${dbCount}`, 'pending'],
    ]);
    upgraded.close();
  });
});

describe('sending the queue', () => {
  it('sends the creates of a kind together, in the order they were made, and forgets each the server took, with its local copy', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('b'), 20);
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('a'), 10);
    const { engine, requests } = engineWith(batchCreated);
    expect(await engine.sync()).toEqual({ status: 'done', sent: 2 });
    expect(requests.map((r) => [r.method, r.path, (r.body as { items: { id: string }[] }).items.map((item) => item.id)])).toEqual([
      ['POST', '/api/soil-tests/batch', ['b', 'a']],
    ]);
    expect(await db.syncQueue.count()).toBe(0);
    expect(await db.soilTests.count()).toBe(0);
  });

  it(`sends at most ${BATCH_SIZE} creates a request, and several requests at once`, async () => {
    await db.transaction('rw', db.syncQueue, db.soilTests, async () => {
      for (let i = 0; i < 2 * BATCH_SIZE + 1; i++) await queueWrite(db, 'CREATE_SOIL_TEST', soilTest(`t${i}`));
    });
    let underWay = 0;
    let mostAtOnce = 0;
    const { engine, requests } = engineWith(async (request) => {
      underWay += 1;
      mostAtOnce = Math.max(mostAtOnce, underWay);
      await new Promise((resolve) => setTimeout(resolve, 5));
      underWay -= 1;
      return batchCreated(request);
    });
    expect(await engine.sync()).toEqual({ status: 'done', sent: 2 * BATCH_SIZE + 1 });
    expect(requests.map((request) => (request.body as { items: unknown[] }).items.length)).toEqual([BATCH_SIZE, BATCH_SIZE, 1]);
    expect(mostAtOnce).toBe(3);
  });

  it('sends an update with the version it was based on', async () => {
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-3', lastModified: '2026-11-01T10:00:00.000Z', changes: { name: 'East' } });
    const { engine, requests } = engineWith(() => ({ status: 200, body: { data: {} } }));
    await engine.sync();
    expect(requests).toEqual([
      { method: 'PUT', path: '/api/fields/field-3', body: { name: 'East' }, basedOn: '2026-11-01T10:00:00.000Z', personId: person() },
    ]);
  });

  it('keeps the order writes were made in when the phone clock is set back: a soil test never goes before its field', async () => {
    await queueWrite(db, 'CREATE_FIELD', field('field-z'), 50_000);
    // The clock was corrected backwards by a minute between the two saves.
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('soil-a', 'field-z'), 50_000 - 60_000);
    expect((await queuedItems(db)).map((item) => item.id)).toEqual(['field-z', 'soil-a']);
    const server = fakeSyncServer();
    const { engine, requests } = engineOn(server);
    expect(await engine.sync()).toEqual({ status: 'done', sent: 2 });
    expect(requests.map((request) => request.path)).toEqual(['/api/fields', '/api/soil-tests/batch']);
    expect(server.records.has('soil-a')).toBe(true);
  });

  it('sends again a write whose answer was lost, without counting it as a failed attempt', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('lost'));
    const { engine, requests } = engineWith((request, call) => {
      if (call <= 2) throw new ApiError(0, 'no answer');
      return batchCreated(request);
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

  it('shows a refused item of a batch failed with the server reason, and takes the others', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('refused'), 1);
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('fine'), 2);
    const { engine, requests } = engineWith((request) => {
      const items = (request.body as { items: { id: string }[] }).items;
      return {
        status: 200,
        body: {
          results: items.map((item) =>
            item.id === 'refused'
              ? { id: item.id, status: 400, error: { code: 'VALIDATION_FAILED', message: 'The sample date cannot be in the future.' } }
              : { id: item.id, status: 201, data: { ...item, lastModified: 'v1' } },
          ),
        },
      };
    });
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(requests).toHaveLength(1);
    expect(await db.syncQueue.get('refused')).toMatchObject({ state: 'failed', reason: 'The sample date cannot be in the future.' });
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
      return { status: 200, body: { data: {} } };
    });
    await engine.sync();
    const [item] = await queuedItems(db);
    expect(item).toMatchObject({ state: 'conflict', current });

    await resolveConflict(db, item!, { name: false, variety: true });
    conflict = false;
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(requests.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/fields/field-5',
      body: { variety: 'PAN 53' },
      basedOn: 'v2',
      personId: person(),
    });
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
});

describe('an edit made while its write is on the way', () => {
  it('an edit made while its create is in flight is sent after it, not lost', async () => {
    await queueWrite(db, 'CREATE_FIELD', field('field-7', 'Vlei'));
    const held = gate();
    const server = fakeSyncServer({ before: (request) => (request.method === 'POST' ? held.opened : Promise.resolve()) });
    const { engine } = engineOn(server);
    const pass = engine.sync();
    await until(() => server.requests.length === 1);
    // The farmer renames the field while its create is on the way.
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-7', lastModified: 'none-yet', changes: { name: 'Vlei North' } });
    held.release();
    expect(await pass).toEqual({ status: 'done', sent: 1 });
    expect(server.requests.map((request) => request.method)).toEqual(['POST', 'PUT']);
    expect(server.records.get('field-7')).toMatchObject({ name: 'Vlei North', plantingDate: '2026-11-10' });
    expect(await db.syncQueue.count()).toBe(0);
    expect(await db.fields.count()).toBe(0);
  });

  it('an edit made while an update is in flight is sent after it, on the version the server returned', async () => {
    const held = gate();
    let holding = true;
    const server = fakeSyncServer({ before: () => (holding ? held.opened : Promise.resolve()) });
    server.records.set('field-8', { ...field('field-8', 'Dam'), lastModified: 'v0' });
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-8', lastModified: 'v0', changes: { name: 'Dam East' } });
    const { engine } = engineOn(server);
    const pass = engine.sync();
    await until(() => server.requests.length === 1);
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-8', lastModified: 'v0', changes: { variety: 'SC 727' } });
    holding = false;
    held.release();
    expect(await pass).toEqual({ status: 'done', sent: 1 });
    const [first, second] = server.requests;
    expect(first).toMatchObject({ method: 'PUT', body: { name: 'Dam East' }, basedOn: 'v0' });
    // Only the newer change, on the version the first answer carried.
    expect(second).toMatchObject({ method: 'PUT', body: { variety: 'SC 727' } });
    expect(second!.basedOn).not.toBe('v0');
    expect(server.records.get('field-8')).toMatchObject({ name: 'Dam East', variety: 'SC 727' });
    expect(server.applied.updates).toBe(2);
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('a create whose answer was lost and was then edited sends the edit as an update on the stored version', async () => {
    await queueWrite(db, 'CREATE_FIELD', field('field-9', 'Kopje'));
    let posts = 0;
    const server = fakeSyncServer({ fate: (request) => (request.method === 'POST' && (posts += 1) === 1 ? 'lose-answer' : 'deliver') });
    const { engine } = engineOn(server, {
      // While the engine waits to try again, the farmer renames the field: the rename joins the create still queued.
      sleep: async () => {
        if (posts === 1)
          await queueWrite(db, 'UPDATE_FIELD', { id: 'field-9', lastModified: 'none-yet', changes: { name: 'Kopje Block' } });
      },
    });
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(server.requests.map((request) => request.method)).toEqual(['POST', 'POST', 'PUT']);
    expect(server.requests[2]).toMatchObject({ body: { name: 'Kopje Block' } });
    expect(server.records.get('field-9')).toMatchObject({ name: 'Kopje Block' });
    expect(server.applied).toEqual({ creates: 1, replays: 1, updates: 1 });
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('an update whose answer was lost and that was edited again is not taken for someone else’s change', async () => {
    const server = fakeSyncServer({
      fate: (request) => (request.method === 'PUT' && server.applied.updates === 0 ? 'lose-answer' : 'deliver'),
    });
    server.records.set('field-10', { ...field('field-10', 'River'), lastModified: 'v0' });
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-10', lastModified: 'v0', changes: { name: 'River Bend' } });
    let edited = false;
    const { engine } = engineOn(server, {
      sleep: async () => {
        if (edited) return;
        edited = true;
        await queueWrite(db, 'UPDATE_FIELD', { id: 'field-10', lastModified: 'v0', changes: { soilTexture: 'sandy-loam' } });
      },
    });
    // The first PUT lands unheard; the second (both changes, on v0) is refused with the record holding the first.
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(server.requests.map((request) => request.body)).toEqual([
      { name: 'River Bend' },
      { name: 'River Bend', soilTexture: 'sandy-loam' },
      { soilTexture: 'sandy-loam' },
    ]);
    expect(server.records.get('field-10')).toMatchObject({ name: 'River Bend', soilTexture: 'sandy-loam' });
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('is still known for this device’s own after many more attempts went unheard, each edited again', async () => {
    // The first PUT lands unheard; the next six are lost on the way, and the farmer saves the field before each: the
    // same name once more, then five new names.
    let puts = 0;
    const server = fakeSyncServer({
      fate: (request) => {
        if (request.method !== 'PUT') return 'deliver';
        puts += 1;
        return puts === 1 ? 'lose-answer' : puts <= 7 ? 'lose-request' : 'deliver';
      },
    });
    server.records.set('field-11', { ...field('field-11', 'Vlei'), lastModified: 'v0' });
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-11', lastModified: 'v0', changes: { name: 'Vlei 1' } });
    let edits = 1;
    const { engine } = engineOn(server, {
      sleep: async () => {
        if (edits >= 7) return;
        edits += 1;
        await queueWrite(db, 'UPDATE_FIELD', { id: 'field-11', lastModified: 'v0', changes: { name: `Vlei ${edits === 2 ? 1 : edits}` } });
      },
    });
    while ((await db.syncQueue.where('state').equals('pending').count()) > 0) await engine.sync();
    // The eighth PUT, on v0, is refused with the record holding "Vlei 1": that is this device's, and the last name goes on it.
    expect(server.records.get('field-11')).toMatchObject({ name: 'Vlei 7' });
    expect(await db.syncQueue.toArray()).toEqual([]);
  });
});

describe('an edit based on a version this device itself replaced', () => {
  it('is sent on the newer version, not shown as someone else’s change', async () => {
    const server = fakeSyncServer();
    server.records.set('field-16', { ...field('field-16', 'Hill'), lastModified: 'v0' });
    const { engine } = engineOn(server);
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-16', lastModified: 'v0', changes: { name: 'Hill Top' } });
    await engine.sync();
    // The form was opened before that save landed: the next edit is based on v0 still.
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-16', lastModified: 'v0', changes: { name: 'Hill Top East' } });
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(server.records.get('field-16')).toMatchObject({ name: 'Hill Top East' });
    expect(await db.syncQueue.count()).toBe(0);
  });
});

describe('an edit based on the version before one this device made unheard', () => {
  it('is sent on the newer version, not shown as someone else’s change', async () => {
    let puts = 0;
    const server = fakeSyncServer({ fate: (request) => (request.method === 'PUT' && (puts += 1) === 1 ? 'lose-answer' : 'deliver') });
    server.records.set('field-17', { ...field('field-17', 'Dip'), lastModified: 'v0' });
    const { engine } = engineOn(server);
    // Lands, its answer lost; tried again, refused with the record holding it: done, on a version never heard.
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-17', lastModified: 'v0', changes: { name: 'Dip Tank' } });
    await engine.sync();
    expect(await db.syncQueue.count()).toBe(0);
    // The form still held v0 when the next edit was made.
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-17', lastModified: 'v0', changes: { name: 'Dip Tank East' } });
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(server.records.get('field-17')).toMatchObject({ name: 'Dip Tank East' });
    expect(await db.syncQueue.count()).toBe(0);
  });
});

describe('a field whose create failed', () => {
  const refusingFields = (refuse: () => boolean) => {
    const server = fakeSyncServer();
    const send = async (request: SyncRequest) => {
      if (request.path === '/api/fields' && refuse()) {
        server.requests.push(request);
        throw new ApiError(400, 'The boundary crosses itself.', 'VALIDATION_FAILED');
      }
      return server.send(request);
    };
    return { server, send };
  };

  it('holds its soil tests as waiting for it instead of sending them to be refused, and sends them after it once it is edited and sent', async () => {
    await queueWrite(db, 'CREATE_FIELD', field('field-11', 'Vlei'));
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('soil-1', 'field-11'));
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('soil-2', 'field-11'));
    let refuse = true;
    const { server, send } = refusingFields(() => refuse);
    const { engine } = engineWith(send);
    await engine.sync();
    expect(server.requests.map((request) => request.path)).toEqual(['/api/fields']);
    expect((await queuedItems(db)).map((item) => [item.id, item.state, item.waitingFor ?? item.reason])).toEqual([
      ['field-11', 'failed', 'The boundary crosses itself.'],
      ['soil-1', 'waiting', 'field-11'],
      ['soil-2', 'waiting', 'field-11'],
    ]);

    // Editing the failed field sends it again with the new values; its soil tests follow it.
    refuse = false;
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-11', lastModified: 'none-yet', changes: { name: 'Vlei (redrawn)' } });
    expect(await db.syncQueue.get('field-11')).toMatchObject({ state: 'pending', retryCount: 0 });
    expect(await engine.sync()).toEqual({ status: 'done', sent: 3 });
    expect(server.requests.slice(1).map((request) => request.path)).toEqual(['/api/fields', '/api/soil-tests/batch']);
    expect(server.records.get('field-11')).toMatchObject({ name: 'Vlei (redrawn)' });
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('takes the writes waiting for it away with it when it is discarded', async () => {
    await queueWrite(db, 'CREATE_FIELD', field('field-12'));
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('soil-3', 'field-12'));
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('other-field', 'f-elsewhere'));
    const { send } = refusingFields(() => true);
    await engineWith(send).engine.sync();
    await discardWrite(db, (await db.syncQueue.get('field-12'))!);
    expect((await queuedItems(db)).map((item) => item.id)).toEqual(['other-field']);
    expect(await db.soilTests.get('soil-3')).toBeUndefined();
  });
});

describe('a record deleted on the server while it was edited here', () => {
  it('is offered to be added again, and added again it goes as a create with the person’s changes, under its id', async () => {
    const seen = {
      ...field('field-13', 'Old Block'),
      boundary: { type: 'Polygon', coordinates: [] },
      size_hectares: 2,
      lastModified: 'v0',
    };
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-13', lastModified: 'v0', changes: { name: 'New Block' }, seen });
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('soil-4', 'field-13'));
    const server = fakeSyncServer();
    const { engine } = engineOn(server);
    await engine.sync();
    const [update, soil] = await queuedItems(db);
    expect(update).toMatchObject({ state: 'deleted', reason: 'Field not found.' });
    expect(soil).toMatchObject({ state: 'waiting', waitingFor: 'field-13' });

    await addAgain(db, update!);
    expect(await engine.sync()).toEqual({ status: 'done', sent: 2 });
    expect(server.records.get('field-13')).toMatchObject({ id: 'field-13', name: 'New Block', farmId: 'farm-1', boundary: seen.boundary });
    expect(server.records.get('field-13')).not.toHaveProperty('size_hectares', 2);
    expect(server.records.get('soil-4')).toMatchObject({ fieldId: 'field-13' });
  });

  it('a conflict whose refusal carried no record reads it, and never sends If-Match "undefined"', async () => {
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-14', lastModified: 'v1', changes: { name: 'Mine' } });
    const current = { id: 'field-14', name: 'Theirs', lastModified: 'v2' };
    let refuse = true;
    const { engine, requests } = engineWith((request) => {
      if (request.method === 'GET') return { status: 200, body: { data: current } };
      if (refuse) throw new ApiError(409, 'changed', 'RECORD_CHANGED');
      return { status: 200, body: { data: { ...current, name: 'Mine', lastModified: 'v3' } } };
    });
    await engine.sync();
    expect(requests.map((request) => request.method)).toEqual(['PUT', 'GET']);
    const [item] = await queuedItems(db);
    expect(item).toMatchObject({ state: 'conflict', current });
    await resolveConflict(db, item!, { name: true });
    refuse = false;
    await engine.sync();
    expect(requests.at(-1)).toMatchObject({ method: 'PUT', basedOn: 'v2' });
  });

  it('a conflict kept without the server record (an older queue) is asked again on its own version, not "undefined"', async () => {
    await queueWrite(db, 'UPDATE_FIELD', { id: 'field-15', lastModified: 'v1', changes: { name: 'Mine' } });
    await db.syncQueue.update('field-15:update', { state: 'conflict' });
    await resolveConflict(db, (await db.syncQueue.get('field-15:update'))!, { name: true });
    const { engine, requests } = engineWith(() => ({ status: 200, body: { data: { id: 'field-15', name: 'Mine', lastModified: 'v2' } } }));
    await engine.sync();
    expect(requests.map((request) => request.basedOn)).toEqual(['v1']);
  });
});

describe('a later planting date made offline over water already logged', () => {
  const move = { id: 'f1', lastModified: 'v1', changes: { plantingDate: '2026-11-20' } };
  const asked = () => {
    throw new ApiError(
      409,
      '2 irrigations logged on this field from 2026-11-12 to 2026-11-15 would fall before the new planting date (2026-11-20). Keep them as records before the season, or delete them, and save again.',
      'RECORDS_BEFORE_PLANTING',
    );
  };

  it('is kept with the server’s question, and goes again with the person’s answer', async () => {
    await queueWrite(db, 'UPDATE_FIELD', move);
    const first = engineWith(asked);
    expect(await first.engine.sync()).toEqual({ status: 'done', sent: 0 });
    expect(first.requests).toHaveLength(1);
    expect(await db.syncQueue.get('f1:update')).toMatchObject({ state: 'failed', errorCode: 'RECORDS_BEFORE_PLANTING' });

    await answerRecordsBeforePlanting(db, 'f1:update', 'keep');
    const second = engineWith((request) => ({
      status: 200,
      body: { data: { id: 'f1', ...(request.body as object), lastModified: 'v2' } },
    }));
    expect(await second.engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(second.requests[0]).toMatchObject({
      method: 'PUT',
      basedOn: 'v1',
      body: { plantingDate: '2026-11-20', waterRecordsBeforePlanting: 'keep' },
    });
    expect(await queuedItems(db)).toEqual([]);
  });

  it('asks again after a further edit: an answer given for one planting date does not stand for another', async () => {
    await queueWrite(db, 'UPDATE_FIELD', move);
    await engineWith(asked).engine.sync();
    await answerRecordsBeforePlanting(db, 'f1:update', 'delete');
    await queueWrite(db, 'UPDATE_FIELD', { ...move, changes: { plantingDate: '2026-12-01' } });
    const { engine, requests } = engineWith(asked);
    await engine.sync();
    expect(requests[0]!.body).toEqual({ plantingDate: '2026-12-01' });
  });
});

describe('what is sent and by whom', () => {
  it('never sends a write under another person’s session', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('theirs'));
    const { engine, requests } = engineWith(batchCreated, { person: () => 'someone-else' });
    expect(await engine.sync()).toEqual({ status: 'signed-out', sent: 0 });
    expect(requests).toEqual([]);
    expect(await db.syncQueue.get('theirs')).toMatchObject({ state: 'pending' });
  });

  it('shows a write of a kind this version does not know as not sent, and sends the rest', async () => {
    const unknown: SyncQueueItem = {
      id: 'from-a-newer-version',
      action: 'DELETE_EVERYTHING' as never,
      data: { id: 'x' },
      sequence: 0,
      revision: 1,
      personId: person(),
      timestamp: 1,
      retryCount: 0,
      maxRetries: 3,
      state: 'pending',
    };
    await db.syncQueue.put(unknown);
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('after-it'));
    const { engine, requests } = engineWith(batchCreated);
    expect(await engine.sync()).toEqual({ status: 'done', sent: 1 });
    expect(requests).toHaveLength(1);
    expect(await db.syncQueue.get('from-a-newer-version')).toMatchObject({ state: 'failed', reasonCode: 'UNKNOWN_ACTION' });
  });
});

describe('one pass at a time', () => {
  it('runs one pass at a time in a tab: a second call while one runs joins it, a call after it starts another', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('once'));
    const held = gate();
    let passes = 0;
    const { engine, requests } = engineWith(
      async (request) => {
        await held.opened;
        return batchCreated(request);
      },
      {
        withLock: (task) => {
          passes += 1;
          return task();
        },
      },
    );
    const first = engine.sync();
    await until(() => requests.length === 1);
    const second = engine.sync();
    expect(second).toBe(first);
    held.release();
    await first;
    expect(passes).toBe(1);
    await engine.sync();
    expect(passes).toBe(2);
    expect(requests).toHaveLength(1);
  });

  it('leaves the sending to the tab that holds the lock', async () => {
    await queueWrite(db, 'CREATE_SOIL_TEST', soilTest('other-tab'));
    const locks = inMemoryLocks();
    const held = gate();
    const server = fakeSyncServer({ before: () => held.opened });
    server.records.set('f1', { id: 'f1', lastModified: 'v0' });
    const tab = () =>
      new SyncEngine({
        db: async () => db,
        person,
        send: (request) => server.send(request),
        withLock: (task) => withLock(task, locks),
        now: () => 0,
        sleep: async () => {},
      });
    const [first, second] = [tab(), tab()];
    const firstPass = first.sync();
    await until(() => server.requests.length === 1);
    expect(await second.sync()).toEqual({ status: 'busy' });
    held.release();
    expect(await firstPass).toEqual({ status: 'done', sent: 1 });
    expect(server.requests).toHaveLength(1);
    expect(await second.sync()).toEqual({ status: 'done', sent: 0 });
  });
});

describe('a bad line, many writes and edits while they travel', () => {
  it('loses nothing, applies nothing twice, and ends with every last value typed', async () => {
    let seed = 7;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const fate = (): Fate => {
      const roll = random();
      return roll < 0.3 ? 'lose-request' : roll < 0.6 ? 'lose-answer' : 'deliver';
    };
    const server = fakeSyncServer({ fate });
    const fields = Array.from({ length: 6 }, (_, i) => `field-${i}`);
    for (const id of fields) await queueWrite(db, 'CREATE_FIELD', field(id, `Field ${id}`));
    const soilIds: string[] = [];
    for (let i = 0; i < 300; i++) {
      soilIds.push(`soil-${i}`);
      await queueWrite(db, 'CREATE_SOIL_TEST', soilTest(`soil-${i}`, fields[i % fields.length]));
    }
    const lastName = new Map<string, string>();
    let edits = 0;
    const edit = async () => {
      const id = fields[Math.floor(random() * fields.length)]!;
      const name = `Field ${id} edit ${(edits += 1)}`;
      lastName.set(id, name);
      const basedOn = server.records.get(id)?.lastModified ?? 'none-yet';
      await queueWrite(db, 'UPDATE_FIELD', { id, lastModified: basedOn, changes: { name } });
    };
    const { engine } = engineOn(server, {
      // Edits land while requests are on the way: each wait after a lost request is a moment the farmer types.
      sleep: async () => {
        if (random() < 0.5) await edit();
      },
    });
    for (let pass = 0; pass < 60 && (await db.syncQueue.count()) > 0; pass++) {
      await engine.sync();
      if (pass < 20) await edit();
    }
    expect(await queuedItems(db)).toEqual([]);
    for (const id of soilIds) expect(server.records.has(id)).toBe(true);
    expect(server.applied.creates).toBe(fields.length + soilIds.length);
    for (const [id, name] of lastName) expect(server.records.get(id)!.name).toBe(name);
    expect(edits).toBeGreaterThan(20);
  });
});

/** The browser's Web Locks as far as the sync uses them: one holder a name, `ifAvailable` answering null when held. */
function inMemoryLocks(): LockManager {
  const held = new Set<string>();
  return {
    request: async (name: string, options: LockOptions, callback: (lock: Lock | null) => unknown) => {
      if (options.ifAvailable && held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name, mode: 'exclusive' });
      } finally {
        held.delete(name);
      }
    },
    query: async () => ({}),
  } as LockManager;
}

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

describe('timeouts fitted to the line', () => {
  it('waits 20 s before any answer, then four times the slowest recent answer, between 4 s and 30 s, in whole milliseconds', () => {
    const timer = new RoundTripTimer();
    expect(timer.timeoutMs()).toBe(20_000);
    timer.record(120.4);
    expect(timer.timeoutMs()).toBe(4000);
    timer.record(1812.37);
    expect(timer.timeoutMs()).toBe(7249);
    timer.record(9000);
    expect(timer.timeoutMs()).toBe(30_000);
    for (let i = 0; i < 20; i++) timer.record(1500);
    expect(timer.timeoutMs()).toBe(6000);
    // A visit's photos (~900 KB) get time to upload at 16 KB/s on top of the round trip.
    expect(timer.timeoutMs(900_000)).toBe(6000 + 56_250);
  });
});
