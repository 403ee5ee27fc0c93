import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { writeDemoCatalog } from '@murimi/earth';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import type { AnalysisType } from './analysis-types.ts';
import { queueDailyIrrigation, queueHealthForNewImagery } from './analysis-schedule.ts';

// The daily schedules, called as their cron jobs would call them (the queue does not run jobs here).
const today = new Date();
const boundary = squareBoundary(3) as FieldBoundary;

let catalog: string;
let app: TestApp;
let farmer: TestAccount;
let planted: string;
let notPlanted: string;
let context: JobContext;
let addField: (payload: object) => Promise<string>;

beforeAll(async () => {
  catalog = await mkdtemp(path.join(tmpdir(), 'murimi-schedule-imagery-'));
  const plantingDate = addDays(isoDay(today), -40);
  await writeDemoCatalog({
    fields: [{ id: 'a', name: 'A', crop: 'maize', plantingDate, boundary }],
    from: addDays(isoDay(today), -45),
    to: isoDay(today),
    directory: catalog,
  });
  app = await startTestApp({ env: { IMAGERY_SOURCE: 'demo', DEMO_IMAGERY_DIR: catalog } });
  farmer = await registerAccount(app.app);
  const farmId = (await as(farmer, app.app, { method: 'POST', url: '/api/farms', payload: { name: 'Farm' } })).json().data.id;
  addField = async (payload: object) => {
    const response = await as(farmer, app.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { farmId, boundary, irrigated: true, ...payload },
    });
    expect(response.statusCode).toBe(201);
    return response.json().data.id as string;
  };
  planted = await addField({ name: 'Planted', cropType: 'maize-grain', plantingDate });
  notPlanted = await addField({ name: 'Not planted yet', cropType: 'maize-grain' });
  context = {
    database: app.ctx.database,
    config: app.ctx.config,
    log: pino({ level: 'silent' }),
    attempt: { retryCount: 0, retryLimit: 0, isLast: true },
    queue: app.ctx.queue,
  };
}, 60_000);

afterAll(async () => {
  await app?.close();
  await rm(catalog, { recursive: true, force: true });
});

const analysesOf = (fieldId: string, type: AnalysisType) =>
  app.ctx.database.db.selectFrom('analyses').selectAll().where('fieldId', '=', fieldId).where('type', '=', type).execute();

describe('the daily health schedule', () => {
  it('queues a health analysis for a field in season with new scenes, none for an unplanted field, and none twice', async () => {
    expect(await queueHealthForNewImagery(context, today)).toBe(1);
    const [queued] = await analysesOf(planted, 'health');
    expect(queued).toMatchObject({ status: 'queued', requestedBy: null });
    expect(await analysesOf(notPlanted, 'health')).toEqual([]);
    // Still queued: not queued again.
    expect(await queueHealthForNewImagery(context, today)).toBe(0);
  });

  it('does not queue again once the last analysis has seen the latest scene, and does when a newer one comes', async () => {
    await app.ctx.database.db
      .updateTable('analyses')
      .set({ status: 'completed', analysisDate: isoDay(today), finishedAt: today })
      .where('fieldId', '=', planted)
      .execute();
    expect(await queueHealthForNewImagery(context, today)).toBe(0);
    // The last analysis saw the scenes up to ten days ago: those since are new.
    await app.ctx.database.db
      .updateTable('analyses')
      .set({ analysisDate: addDays(isoDay(today), -10) })
      .where('fieldId', '=', planted)
      .execute();
    expect(await queueHealthForNewImagery(context, today)).toBe(1);
  });
});

describe('the daily irrigation schedule', () => {
  it('queues irrigation advice for each field in season with a crop, once', async () => {
    expect(await queueDailyIrrigation(context, today)).toBe(1);
    expect(await analysesOf(planted, 'irrigation')).toHaveLength(1);
    expect(await analysesOf(notPlanted, 'irrigation')).toEqual([]);
    expect(await queueDailyIrrigation(context, today)).toBe(0);
  });
});

describe('the season the schedules go by', () => {
  it('skips a field planted years ago with no harvest date, and keeps one whose recorded harvest is still ahead', async () => {
    const longAgo = addDays(isoDay(today), -3 * 365);
    const seasonOver = await addField({ name: 'Planted three years ago', cropType: 'maize-grain', plantingDate: longAgo });
    // Planted longer ago than any crop's season, but the farmer has recorded a harvest still to come: in season.
    const harvestAhead = await addField({
      name: 'Harvest ahead',
      cropType: 'sugarcane-virgin',
      plantingDate: addDays(isoDay(today), -500),
      actualHarvestDate: addDays(isoDay(today), 30),
    });

    expect(await queueDailyIrrigation(context, today)).toBe(1);
    expect(await analysesOf(seasonOver, 'irrigation')).toEqual([]);
    expect(await analysesOf(harvestAhead, 'irrigation')).toHaveLength(1);

    expect(await queueHealthForNewImagery(context, today)).toBe(1);
    expect(await analysesOf(seasonOver, 'health')).toEqual([]);
    expect(await analysesOf(harvestAhead, 'health')).toHaveLength(1);
  });
});
