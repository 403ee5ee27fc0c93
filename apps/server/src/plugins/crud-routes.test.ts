import { addDays, isoDay, lastModifiedEtag, RECORD_CHANGED_MESSAGE } from '@murimi/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { newId } from '../../test/factories.ts';
import { RecordChangedError, updateOwned } from '../db/owned-records.ts';

// One rule for every update of an owned record: answers carry `ETag: "<lastModified>"`, and an update sent with it
// in `If-Match` is applied only to that version of the record (409 with the record as it is now otherwise).

const today = isoDay(new Date());
const plantingDate = addDays(today, -60);

let t: TestApp;
let farmer: TestAccount;
let stranger: TestAccount;
let farmId: string;
let fieldId: string;
/**
 * Rain readings allow one per field and day, and a field's irrigation adds up to at most 200 mm a day, so each record
 * of a test gets its own day.
 */
let daysBack = 0;

beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  stranger = await registerAccount(t.app);
  farmId = (await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Chikomo Farm' } })).json().data.id;
  fieldId = (
    await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { name: 'Vlei Block', farmId, boundary: squareBoundary(4), cropType: 'maize-grain', plantingDate, irrigated: true },
    })
  ).json().data.id;
});
afterAll(() => t?.close());
afterEach(() => {
  t.clock.offsetMs = 0;
});

interface Resource {
  path: string;
  /** The body of a new record (without its id). */
  create(): Record<string, unknown>;
  /** An edit; each `n` gives other values. */
  change(n: number): Record<string, unknown>;
}

const resources: Resource[] = [
  { path: '/api/farms', create: () => ({ name: 'Mhondoro Farm', district: 'Chegutu' }), change: (n) => ({ notes: `Borehole ${n}` }) },
  {
    path: '/api/fields',
    create: () => ({ name: 'Pivot 2', farmId, boundary: squareBoundary(3, [31.1, -17.8]) }),
    change: (n) => ({ name: `Pivot 2 (${n})` }),
  },
  {
    path: '/api/soil-tests',
    create: () => ({ fieldId, ph: 5.6, sampleDate: addDays(today, -10) }),
    change: (n) => ({ ph: 5.6 + n / 10 }),
  },
  {
    path: '/api/fertilizer-applications',
    create: () => ({
      fieldId,
      product: 'Compound D',
      nitrogenPct: 7,
      phosphatePct: 14,
      potashPct: 7,
      rateKgPerHa: 300,
      applicationDate: addDays(today, -20),
      method: 'banded',
    }),
    change: (n) => ({ rateKgPerHa: 300 + 10 * n }),
  },
  {
    path: '/api/irrigation-events',
    create: () => ({ fieldId, irrigationDate: addDays(today, -(daysBack += 1)), depthMm: 25, method: 'sprinkler' }),
    change: (n) => ({ depthMm: 25 + n }),
  },
  {
    path: '/api/rain-readings',
    create: () => ({ fieldId, readingDate: addDays(today, -(daysBack += 1)), rainMm: 12 }),
    change: (n) => ({ rainMm: 12 + n }),
  },
  {
    path: '/api/harvests',
    create: () => ({ fieldId, seasonLabel: '2025/26', harvestedTPerHa: 4.2, moisturePct: 12.5, harvestDate: addDays(today, -200) }),
    change: (n) => ({ harvestedTPerHa: 4.2 + n / 10 }),
  },
];

interface StoredRecord {
  id: string;
  lastModified: string;
  [key: string]: unknown;
}

describe.each(resources)('$path', (resource) => {
  const put = (account: TestAccount, id: string, payload: Record<string, unknown>, ifMatch?: string) =>
    as(account, t.app, {
      method: 'PUT',
      url: `${resource.path}/${id}`,
      payload,
      ...(ifMatch === undefined ? {} : { headers: { 'if-match': ifMatch } }),
    });
  const read = async (id: string) => {
    const response = await as(farmer, t.app, { method: 'GET', url: `${resource.path}/${id}` });
    expect(response.statusCode).toBe(200);
    return { record: response.json().data as StoredRecord, etag: response.headers.etag };
  };
  const create = async () => {
    const response = await as(farmer, t.app, { method: 'POST', url: resource.path, payload: { id: newId(), ...resource.create() } });
    expect(response.statusCode).toBe(201);
    return response.json().data as StoredRecord;
  };

  it('answers create, replayed create and read with the version as a strong ETag', async () => {
    const payload = { id: newId(), ...resource.create() };
    const created = await as(farmer, t.app, { method: 'POST', url: resource.path, payload });
    expect(created.statusCode).toBe(201);
    const record = created.json().data as StoredRecord;
    expect(record.lastModified).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(created.headers.etag).toBe(`"${record.lastModified}"`);
    const replayed = await as(farmer, t.app, { method: 'POST', url: resource.path, payload });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers.etag).toBe(lastModifiedEtag(record.lastModified));
    expect((await read(record.id)).etag).toBe(lastModifiedEtag(record.lastModified));
  });

  it('applies an update made on the current version and gives the record a new one', async () => {
    const record = await create();
    const updated = await put(farmer, record.id, resource.change(1), lastModifiedEtag(record.lastModified));
    expect(updated.statusCode).toBe(200);
    const saved = updated.json().data as StoredRecord;
    expect(saved).toMatchObject(resource.change(1));
    expect(saved.lastModified > record.lastModified).toBe(true);
    expect(updated.headers.etag).toBe(lastModifiedEtag(saved.lastModified));
    expect(await read(record.id)).toEqual({ record: saved, etag: lastModifiedEtag(saved.lastModified) });
  });

  it('refuses an update made on an older version with 409 and the record as it is now, changing nothing', async () => {
    const record = await create();
    const first = await put(farmer, record.id, resource.change(1), lastModifiedEtag(record.lastModified));
    expect(first.statusCode).toBe(200);
    const stale = await put(farmer, record.id, resource.change(2), lastModifiedEtag(record.lastModified));
    expect(stale.statusCode).toBe(409);
    const { record: now } = await read(record.id);
    expect(stale.json()).toEqual({ error: { code: 'RECORD_CHANGED', message: RECORD_CHANGED_MESSAGE, details: { current: now } } });
    expect(now).toEqual(first.json().data);
  });

  it('answers a replayed update (same body, same If-Match) with 409 whose record already holds the values sent', async () => {
    const record = await create();
    const send = () => put(farmer, record.id, resource.change(3), lastModifiedEtag(record.lastModified));
    const first = await send();
    expect(first.statusCode).toBe(200);
    const replay = await send();
    expect(replay.statusCode).toBe(409);
    expect(replay.json().error.details.current).toMatchObject(resource.change(3));
    expect(replay.json().error.details.current).toEqual(first.json().data);
  });

  it('lets exactly one of two updates made on the same version through, even sent at once', async () => {
    const record = await create();
    const answers = await Promise.all([4, 5].map((n) => put(farmer, record.id, resource.change(n), lastModifiedEtag(record.lastModified))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const saved = answers.find((a) => a.statusCode === 200)!.json().data;
    expect((await read(record.id)).record).toEqual(saved);
  });

  it('answers 404 for another organisation’s record, with or without its version, and changes nothing', async () => {
    const record = await create();
    const { record: before } = await read(record.id);
    for (const ifMatch of [lastModifiedEtag(record.lastModified), undefined]) {
      const response = await put(stranger, record.id, resource.change(6), ifMatch);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await read(record.id)).record).toEqual(before);
    const missing = await put(farmer, newId(), resource.change(6), lastModifiedEtag(record.lastModified));
    expect(missing.statusCode).toBe(404);
  });

  it.each([
    ['unquoted', (v: string) => v],
    ['weak', (v: string) => `W/"${v}"`],
    ['not an instant', () => '"last Tuesday"'],
    ['any version', () => '*'],
  ])('refuses an If-Match that is %s with 400, changing nothing', async (_, ifMatch) => {
    const record = await create();
    const response = await put(farmer, record.id, resource.change(7), ifMatch(record.lastModified));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'If-Match' }] });
    expect(response.json().error.message).toContain("If-Match must be the record's ETag");
    expect((await read(record.id)).record).toEqual(record);
  });

  it('without If-Match, lets the last write win', async () => {
    const record = await create();
    expect((await put(farmer, record.id, resource.change(8), lastModifiedEtag(record.lastModified))).statusCode).toBe(200);
    const blind = await put(farmer, record.id, resource.change(9));
    expect(blind.statusCode).toBe(200);
    expect((await read(record.id)).record).toMatchObject(resource.change(9));
  });

  it('moves lastModified forward on every update, even when saves come within a millisecond or the clock is behind', async () => {
    const record = await create();
    // An hour behind the stored version: each update must still give a later one than the last.
    t.clock.offsetMs = -3600_000;
    const versions = [record.lastModified];
    for (const n of [10, 11, 12]) {
      const response = await put(farmer, record.id, resource.change(n), lastModifiedEtag(versions.at(-1)!));
      expect(response.statusCode).toBe(200);
      versions.push(response.json().data.lastModified);
    }
    for (let i = 1; i < versions.length; i++) expect(Date.parse(versions[i]!) - Date.parse(versions[i - 1]!)).toBeGreaterThanOrEqual(1);
    // Sent at once, without If-Match: both land, one after the other, each a version of its own.
    const both = await Promise.all([13, 14].map((n) => put(farmer, record.id, resource.change(n))));
    const saved = both.map((r) => r.json().data.lastModified as string);
    expect(new Set([versions.at(-1), ...saved]).size).toBe(3);
  });
});

describe('fields', () => {
  it('keeps no boundary version from an edit refused as made on an older version', async () => {
    const created = await as(farmer, t.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { name: 'Pivot 3', farmId, boundary: squareBoundary(2, [31.2, -17.8]) },
    });
    const field = created.json().data as StoredRecord;
    const renamed = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/fields/${field.id}`,
      headers: { 'if-match': lastModifiedEtag(field.lastModified) },
      payload: { name: 'Pivot 3 East' },
    });
    expect(renamed.statusCode).toBe(200);
    const stale = await as(farmer, t.app, {
      method: 'PUT',
      url: `/api/fields/${field.id}`,
      headers: { 'if-match': lastModifiedEtag(field.lastModified) },
      payload: { boundary: squareBoundary(2.5, [31.2, -17.8]) },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.details.current.boundary).toEqual(field.boundary);
    const versions = await as(farmer, t.app, { method: 'GET', url: `/api/fields/${field.id}/boundary-versions` });
    expect(versions.json().data).toEqual([]);
  });
});

describe('updateOwned', () => {
  it('compares the version in the UPDATE itself: a row that moved on is refused and left as it is', async () => {
    const created = await as(farmer, t.app, { method: 'POST', url: '/api/farms', payload: { name: 'Nyamweda Farm' } });
    const farm = created.json().data as StoredRecord;
    const db = t.ctx.database.db;
    const now = t.ctx.now();
    const updated = await updateOwned(db, 'farms', farmer.orgId, farm.id, { notes: 'first' }, { now, ifLastModified: farm.lastModified });
    expect(updated?.notes).toBe('first');
    await expect(
      updateOwned(db, 'farms', farmer.orgId, farm.id, { notes: 'second' }, { now, ifLastModified: farm.lastModified }),
    ).rejects.toBeInstanceOf(RecordChangedError);
    const stored = await db.selectFrom('farms').selectAll().where('id', '=', farm.id).executeTakeFirstOrThrow();
    expect(stored).toEqual(updated);
    // Another organisation's row, or none: not found, whatever the version.
    for (const [orgId, id] of [
      [stranger.orgId, farm.id],
      [farmer.orgId, newId()],
    ] as const) {
      expect(await updateOwned(db, 'farms', orgId, id, { notes: 'third' }, { now, ifLastModified: farm.lastModified })).toBeUndefined();
    }
  });
});
