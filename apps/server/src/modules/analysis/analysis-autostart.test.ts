import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { writeDemoCatalog } from '@murimi/earth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  registerAccount,
  squareBoundary,
  startTestApp,
  UNREACHABLE_SERVICES_ENV,
  type TestAccount,
  type TestApp,
} from '../../../test/harness.ts';
import { analysisFollowUpsJob } from './analysis-autostart.ts';

// A field saved with a crop and a planting date gets its advice without anyone pressing a button: health first, in
// the write's transaction, then irrigation, fertilizer and yield once health has ended.
const today = isoDay(new Date());
const plantingDate = addDays(today, -70);
const boundary = squareBoundary(4) as FieldBoundary;

interface Row {
  id: string;
  type: string;
  status: string;
  error: string | null;
  requested_at: string;
  finished_at: string | null;
}

let catalog: string;
let working: TestApp;
let idle: TestApp;

beforeAll(async () => {
  catalog = await mkdtemp(path.join(tmpdir(), 'murimi-autostart-imagery-'));
  await writeDemoCatalog({
    fields: [{ id: 'vlei', name: 'Vlei Block', crop: 'maize', plantingDate, boundary }],
    from: addDays(today, -90),
    to: today,
    directory: catalog,
  });
  const env = { IMAGERY_SOURCE: 'demo', DEMO_IMAGERY_DIR: catalog, WEATHER_SOURCE: 'simulated', ANALYSIS_AUTOSTART: 'true' };
  working = await startTestApp({ work: true, env });
  // No workers: what was queued stays queued, so a test can count it.
  idle = await startTestApp({ work: false, env });
}, 60_000);

afterAll(async () => {
  await working?.close();
  await idle?.close();
  await rm(catalog, { recursive: true, force: true });
});

async function newFarm(app: TestApp, account: TestAccount): Promise<string> {
  return (await as(account, app.app, { method: 'POST', url: '/api/farms', payload: { name: 'Chikomo Farm' } })).json().data.id;
}

async function createField(app: TestApp, account: TestAccount, extra: Record<string, unknown> = {}) {
  const farmId = await newFarm(app, account);
  const payload = { name: 'Vlei Block', farmId, boundary, cropType: 'maize-grain', plantingDate, irrigated: false, ...extra };
  return as(account, app.app, { method: 'POST', url: '/api/fields', payload });
}

async function history(app: TestApp, account: TestAccount, fieldId: string): Promise<Row[]> {
  return (await as(account, app.app, { method: 'GET', url: `/api/analysis/${fieldId}/history` })).json().data;
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, ms = 90_000): Promise<T> {
  for (let waited = 0; waited < ms; waited += 250) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} within ${ms / 1000} s`);
}

const ended = (row: Row) => row.status === 'completed' || row.status === 'failed';

describe('a new field with a crop and a planting date', () => {
  it('queues health with the write, then irrigation, fertilizer and yield once health has ended, and all complete', async () => {
    const farmer = await registerAccount(working.app);
    const created = await createField(working, farmer);
    expect(created.statusCode).toBe(201);
    const fieldId: string = created.json().data.id;

    // The answer came before any analysis ran: health alone is there, waiting or under way.
    const first = await history(working, farmer, fieldId);
    expect(first.map((row) => row.type)).toEqual(['health']);
    expect(first[0]!.status).toMatch(/^(queued|running|completed)$/);

    const rows = await waitFor('four analyses ended', async () => {
      const all = await history(working, farmer, fieldId);
      return all.length === 4 && all.every(ended) ? all : undefined;
    });
    for (const row of rows) expect([row.type, row.status, row.error]).toEqual([row.type, 'completed', null]);
    const health = rows.find((row) => row.type === 'health')!;
    const others = rows.filter((row) => row.type !== 'health');
    expect(others.map((row) => row.type).sort()).toEqual(['fertilizer', 'irrigation', 'yield']);
    // The others were asked for only once health had ended.
    for (const row of others) expect(Date.parse(row.requested_at)).toBeGreaterThanOrEqual(Date.parse(health.finished_at!));
    const latest = (await as(farmer, working.app, { method: 'GET', url: `/api/analysis/${fieldId}/latest-summaries` })).json().data;
    for (const type of ['health', 'irrigation', 'fertilizer', 'yield']) expect(latest[type]).not.toBeNull();

    // The follow-ups job sent again (a retry after its worker died) queues nothing more.
    const organisation = await working.ctx.database.db
      .selectFrom('fields')
      .select('orgId')
      .where('id', '=', fieldId)
      .executeTakeFirstOrThrow();
    await working.ctx.queue.send(analysisFollowUpsJob, { analysisId: health.id, fieldId, orgId: organisation.orgId });
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await history(working, farmer, fieldId)).toHaveLength(4);
  }, 120_000);

  it('still queues the others when health fails, and each failure keeps the server’s sentence', async () => {
    const down = await startTestApp({ work: true, env: { ...UNREACHABLE_SERVICES_ENV, ANALYSIS_AUTOSTART: 'true' } });
    try {
      const farmer = await registerAccount(down.app);
      const fieldId: string = (await createField(down, farmer)).json().data.id;
      const rows = await waitFor('four analyses failed', async () => {
        const all = await history(down, farmer, fieldId);
        return all.length === 4 && all.every(ended) ? all : undefined;
      });
      const errorOf = (type: string) => rows.find((row) => row.type === type)!.error;
      expect(rows.every((row) => row.status === 'failed')).toBe(true);
      expect(errorOf('health')).toMatch(/^Satellite imagery is unavailable right now/);
      expect(errorOf('irrigation')).toBe(
        'Weather is unavailable right now: the weather service could not be reached. Please try again in a few minutes.',
      );
    } finally {
      await down.close();
    }
  }, 120_000);
});

describe('queuing only what is due, once', () => {
  it('queues one health analysis for a create sent twice with the same client id', async () => {
    const farmer = await registerAccount(idle.app);
    const id = randomUUID();
    const farmId = await newFarm(idle, farmer);
    const payload = { id, name: 'Vlei Block', farmId, boundary, cropType: 'maize-grain', plantingDate };
    expect((await as(farmer, idle.app, { method: 'POST', url: '/api/fields', payload })).statusCode).toBe(201);
    expect((await as(farmer, idle.app, { method: 'POST', url: '/api/fields', payload })).statusCode).toBe(200);
    const rows = await history(idle, farmer, id);
    expect(rows.map((row) => [row.type, row.status])).toEqual([['health', 'queued']]);
  });

  it('queues nothing for a field without a crop or a planting date, and health once both are added', async () => {
    const farmer = await registerAccount(idle.app);
    const noCrop = (await createField(idle, farmer, { cropType: undefined })).json().data.id;
    const noDate = (await createField(idle, farmer, { plantingDate: undefined })).json().data.id;
    expect(await history(idle, farmer, noCrop)).toEqual([]);
    expect(await history(idle, farmer, noDate)).toEqual([]);

    const put = await as(farmer, idle.app, { method: 'PUT', url: `/api/fields/${noCrop}`, payload: { cropType: 'maize-grain' } });
    expect(put.statusCode).toBe(200);
    expect((await history(idle, farmer, noCrop)).map((row) => row.type)).toEqual(['health']);
  });

  it('queues for a new crop, planting date or boundary, not for a repeated update or a new name', async () => {
    const farmer = await registerAccount(idle.app);
    const fieldId: string = (await createField(idle, farmer)).json().data.id;
    const db = idle.ctx.database.db;
    const count = async () => (await history(idle, farmer, fieldId)).length;
    // Ends the queued one, as a worker would, so the next due change can queue another.
    const finishAll = () =>
      db.updateTable('analyses').set({ status: 'completed', finishedAt: new Date() }).where('fieldId', '=', fieldId).execute();
    const update = async (payload: Record<string, unknown>) =>
      expect((await as(farmer, idle.app, { method: 'PUT', url: `/api/fields/${fieldId}`, payload })).statusCode).toBe(200);

    expect(await count()).toBe(1);
    await finishAll();
    await update({ name: 'Vlei Block North' });
    await update({ cropType: 'maize-grain', plantingDate });
    expect(await count()).toBe(1);

    await update({ plantingDate: addDays(plantingDate, 3) });
    expect(await count()).toBe(2);
    // Still queued: the same change sent again, or another one, adds no second.
    await update({ plantingDate: addDays(plantingDate, 5) });
    expect(await count()).toBe(2);

    await finishAll();
    await update({ boundary: squareBoundary(5) });
    const rows = await history(idle, farmer, fieldId);
    expect(rows.map((row) => [row.type, row.status])[0]).toEqual(['health', 'queued']);
    expect(rows).toHaveLength(3);
  });

  it('queues health for each imported field with a crop and a planting date, once, and none for one without', async () => {
    const farmer = await registerAccount(idle.app);
    const farmId = await newFarm(idle, farmer);
    const withCrop = { id: randomUUID(), name: 'Imported Block', farmId, boundary, cropType: 'maize-grain', plantingDate };
    const withoutCrop = { id: randomUUID(), name: 'Imported Fallow', farmId, boundary: squareBoundary(3) };
    const payload = { fields: [withCrop, withoutCrop] };
    expect((await as(farmer, idle.app, { method: 'POST', url: '/api/fields/bulk', payload })).statusCode).toBe(201);
    expect((await history(idle, farmer, withCrop.id)).map((row) => [row.type, row.status])).toEqual([['health', 'queued']]);
    expect(await history(idle, farmer, withoutCrop.id)).toEqual([]);
    // The same import sent again (its answer lost) adds none.
    await as(farmer, idle.app, { method: 'POST', url: '/api/fields/bulk', payload });
    expect(await history(idle, farmer, withCrop.id)).toHaveLength(1);
  });

  it('stops a run that read the field before its boundary changed and starts another; a queued one is kept', async () => {
    const farmer = await registerAccount(idle.app);
    const fieldId: string = (await createField(idle, farmer)).json().data.id;
    const db = idle.ctx.database.db;
    const [queued] = await history(idle, farmer, fieldId);
    // A worker has taken it: it is reading the field as it is now.
    await db.updateTable('analyses').set({ status: 'running', startedAt: new Date() }).where('id', '=', queued!.id).execute();

    const put = await as(farmer, idle.app, { method: 'PUT', url: `/api/fields/${fieldId}`, payload: { boundary: squareBoundary(5) } });
    expect(put.statusCode).toBe(200);
    const rows = await history(idle, farmer, fieldId);
    expect(rows.map((row) => [row.type, row.status])).toEqual([
      ['health', 'queued'],
      ['health', 'cancelled'],
    ]);
    expect(rows[1]!.id).toBe(queued!.id);

    // While the new one is only queued, another change keeps it: it will read the field when it starts.
    await as(farmer, idle.app, { method: 'PUT', url: `/api/fields/${fieldId}`, payload: { boundary: squareBoundary(6) } });
    expect((await history(idle, farmer, fieldId)).map((row) => row.status)).toEqual(['queued', 'cancelled']);
  });

  it('is off when ANALYSIS_AUTOSTART is false', async () => {
    const off = await startTestApp({ work: false, env: { ANALYSIS_AUTOSTART: 'false' } });
    try {
      const farmer = await registerAccount(off.app);
      const fieldId = (await createField(off, farmer)).json().data.id;
      expect(await history(off, farmer, fieldId)).toEqual([]);
    } finally {
      await off.close();
    }
  });
});

describe('tenancy', () => {
  it('queues nothing when another organisation updates the field, and shows them none of its analyses', async () => {
    const farmer = await registerAccount(idle.app);
    const neighbour = await registerAccount(idle.app);
    const fieldId: string = (await createField(idle, farmer)).json().data.id;
    const put = await as(neighbour, idle.app, {
      method: 'PUT',
      url: `/api/fields/${fieldId}`,
      payload: { plantingDate: addDays(plantingDate, 7) },
    });
    expect(put.statusCode).toBe(404);
    expect(await history(idle, farmer, fieldId)).toHaveLength(1);
    expect((await as(neighbour, idle.app, { method: 'GET', url: `/api/analysis/${fieldId}/history` })).statusCode).toBe(404);
  });

  it('queues no follow-ups for an analysis named with another organisation', async () => {
    const farmer = await registerAccount(idle.app);
    const neighbour = await registerAccount(idle.app);
    const fieldId: string = (await createField(idle, farmer)).json().data.id;
    const neighbourField: string = (await createField(idle, neighbour)).json().data.id;
    const [health] = await history(idle, farmer, fieldId);
    const db = idle.ctx.database.db;
    const neighbourOrg = (await db.selectFrom('fields').select('orgId').where('id', '=', neighbourField).executeTakeFirstOrThrow()).orgId;
    const farmerOrg = (await db.selectFrom('fields').select('orgId').where('id', '=', fieldId).executeTakeFirstOrThrow()).orgId;
    const context = { ...idle.ctx, log: idle.app.log, attempt: { retryCount: 0, retryLimit: 3, isLast: false } };
    await analysisFollowUpsJob.handle({ analysisId: health!.id, fieldId, orgId: neighbourOrg }, context);
    await analysisFollowUpsJob.handle({ analysisId: health!.id, fieldId: neighbourField, orgId: neighbourOrg }, context);
    expect(await history(idle, farmer, fieldId)).toHaveLength(1);
    expect(await history(idle, neighbour, neighbourField)).toHaveLength(1);
    // Named with its own organisation it queues the three, and a second time none.
    await analysisFollowUpsJob.handle({ analysisId: health!.id, fieldId, orgId: farmerOrg }, context);
    await analysisFollowUpsJob.handle({ analysisId: health!.id, fieldId, orgId: farmerOrg }, context);
    expect((await history(idle, farmer, fieldId)).map((row) => row.type).sort()).toEqual(['fertilizer', 'health', 'irrigation', 'yield']);
  });
});
