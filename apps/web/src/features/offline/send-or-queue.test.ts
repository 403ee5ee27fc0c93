import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/client.ts';
import { switchOfflineDb, type OfflineDb } from '../../lib/offline-db.ts';
import { queuedItems, queueWrite } from './outbox.ts';
import { isQueued, sendOrQueue, syncEngine } from './sync-runtime.ts';

const network = { onLine: true };
let db: OfflineDb;
let users = 0;

beforeEach(async () => {
  vi.stubGlobal('navigator', network);
  network.onLine = true;
  users += 1;
  db = (await switchOfflineDb(`send-or-queue-${users}`))!;
  // The engine is not under test here: keep it from sending what these tests queue.
  vi.spyOn(syncEngine, 'sync').mockResolvedValue({ status: 'busy' });
});
afterEach(async () => {
  await switchOfflineDb(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const test = { id: 't1', fieldId: 'f1', sampleDate: '2026-11-02', unit: 'ppm', ph: 5.6 };

describe('an offline-capable write', () => {
  it('online with nothing waiting, is sent at once and answers as the server did; nothing is kept', async () => {
    const direct = vi.fn().mockResolvedValue({ ...test, lastModified: 'v1' });
    const answer = await sendOrQueue('CREATE_SOIL_TEST', test, direct);
    expect(answer).toEqual({ ...test, lastModified: 'v1' });
    expect(isQueued(answer)).toBe(false);
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('online, shows the server refusal to the form and keeps nothing', async () => {
    const direct = vi.fn().mockRejectedValue(new ApiError(400, 'Please check your input and try again.'));
    await expect(sendOrQueue('CREATE_SOIL_TEST', test, direct)).rejects.toThrow('Please check your input');
    expect(await db.syncQueue.count()).toBe(0);
  });

  it('offline, is kept without trying the network, and answers at once marked pending', async () => {
    network.onLine = false;
    const direct = vi.fn();
    const answer = await sendOrQueue('CREATE_SOIL_TEST', test, direct);
    expect(direct).not.toHaveBeenCalled();
    expect(answer).toEqual({ ...test, syncState: 'pending' });
    expect(await db.syncQueue.get('t1')).toMatchObject({ action: 'CREATE_SOIL_TEST', state: 'pending', data: test });
    expect(await db.soilTests.get('t1')).toMatchObject({ fieldId: 'f1', date: '2026-11-02' });
  });

  it('is kept when the server gives no answer, so a write made as the signal drops is not lost', async () => {
    const direct = vi.fn().mockRejectedValue(new ApiError(0, 'Unable to connect to the server.'));
    expect(isQueued(await sendOrQueue('CREATE_SOIL_TEST', test, direct))).toBe(true);
    expect(await db.syncQueue.count()).toBe(1);
  });

  it('waits behind earlier writes still queued, so a soil test never lands before the field it belongs to, whatever the clock says', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.UTC(2026, 10, 2, 10, 0));
    // An id that sorts after the soil test's, and a clock set back an hour before the soil test is saved: neither
    // the time nor the id may decide the order.
    await queueWrite(db, 'CREATE_FIELD', { id: 'z-field', farmId: 'farm-1', name: 'Block A' });
    vi.setSystemTime(Date.UTC(2026, 10, 2, 9, 0));
    const direct = vi.fn();
    expect(isQueued(await sendOrQueue('CREATE_SOIL_TEST', { ...test, id: 'a-test', fieldId: 'z-field' }, direct))).toBe(true);
    vi.useRealTimers();
    expect(direct).not.toHaveBeenCalled();
    expect((await queuedItems(db)).map((item) => item.action)).toEqual(['CREATE_FIELD', 'CREATE_SOIL_TEST']);
  });

  it('keeps a soil test for a field whose create failed, to follow that field, instead of sending it to be refused', async () => {
    await queueWrite(db, 'CREATE_FIELD', { id: 'f1', farmId: 'farm-1', name: 'Block A' });
    await db.syncQueue.update('f1', { state: 'failed', reason: 'The boundary crosses itself.' });
    const direct = vi.fn();
    expect(isQueued(await sendOrQueue('CREATE_SOIL_TEST', test, direct))).toBe(true);
    expect(direct).not.toHaveBeenCalled();
  });

  it('joins an edit of a field whose create failed to that create, which goes again with the new values', async () => {
    await queueWrite(db, 'CREATE_FIELD', { id: 'f1', farmId: 'farm-1', name: 'Block A' });
    await db.syncQueue.update('f1', { state: 'failed', reason: 'The boundary crosses itself.' });
    const direct = vi.fn();
    await sendOrQueue('UPDATE_FIELD', { id: 'f1', lastModified: 'none', changes: { name: 'Block A2' } }, direct);
    expect(direct).not.toHaveBeenCalled();
    expect(await queuedItems(db)).toEqual([
      expect.objectContaining({ id: 'f1', state: 'pending', data: expect.objectContaining({ name: 'Block A2' }) }),
    ]);
  });

  it('answers an update kept offline with the record id and its changes', async () => {
    network.onLine = false;
    const answer = await sendOrQueue('UPDATE_FIELD', { id: 'f9', lastModified: 'v3', changes: { name: 'East' } }, vi.fn());
    expect(answer).toEqual({ id: 'f9', name: 'East', syncState: 'pending' });
  });
});
