import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { writeDemoCatalog } from '@murimi/earth';
import type { KyselyPlugin } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { followUpsOf } from './analysis-autostart.ts';
import type { AnalysisType } from './analysis-types.ts';
import type { ScheduleBatch } from './analysis-schedule.batches.ts';
import { fanOutSchedule, runScheduleBatch, scheduleBatchJobs, type DailySchedule } from './analysis-schedule.ts';
import { sceneSearches } from './imagery.ts';

// The daily schedules, called as the queue would call their jobs (the queue does not run jobs here).
const today = new Date();
const day = isoDay(today);
const boundary = squareBoundary(3) as FieldBoundary;
const wholePlatform = { day, from: null, until: null };

let catalog: string;
let app: TestApp;
let context: JobContext;
/** Each organisation's fields by name. */
const fields: Record<'a' | 'b' | 'c', Record<string, string>> = { a: {}, b: {}, c: {} };
/** The fields each schedule should reach, by organisation. */
let inSeason: Record<DailySchedule, Record<'a' | 'b' | 'c', string[]>>;

async function addFields(account: TestAccount, wanted: Record<string, object>): Promise<Record<string, string>> {
  const farmId = (await as(account, app.app, { method: 'POST', url: '/api/farms', payload: { name: 'Farm' } })).json().data.id;
  const ids: Record<string, string> = {};
  for (const [name, payload] of Object.entries(wanted)) {
    const response = await as(account, app.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { farmId, boundary, irrigated: true, name, ...payload },
    });
    expect(response.statusCode).toBe(201);
    ids[name] = response.json().data.id as string;
  }
  return ids;
}

beforeAll(async () => {
  catalog = await mkdtemp(path.join(tmpdir(), 'murimi-schedule-imagery-'));
  const planted = addDays(day, -40);
  await writeDemoCatalog({
    fields: [{ id: 'a', name: 'A', crop: 'maize', plantingDate: planted, boundary }],
    from: addDays(day, -45),
    to: day,
    directory: catalog,
  });
  app = await startTestApp({ env: { IMAGERY_SOURCE: 'demo', DEMO_IMAGERY_DIR: catalog } });
  const [a, b, c] = [await registerAccount(app.app), await registerAccount(app.app), await registerAccount(app.app)];
  const maize = { cropType: 'maize-grain', plantingDate: planted };
  fields.a = await addFields(a, {
    planted: maize,
    // Planted longer ago than any crop's season, but the farmer has recorded a harvest still to come: in season.
    harvestAhead: { cropType: 'sugarcane-virgin', plantingDate: addDays(day, -500), actualHarvestDate: addDays(day, 30) },
    // In season for a health check; irrigation advice needs a crop.
    noCrop: { plantingDate: addDays(day, -20) },
    notPlanted: { cropType: 'maize-grain' },
    plantedThreeYearsAgo: { cropType: 'maize-grain', plantingDate: addDays(day, -3 * 365) },
  });
  fields.b = await addFields(b, { first: maize, second: maize });
  fields.c = await addFields(c, { first: maize, second: maize });
  inSeason = {
    'new-imagery': {
      a: [fields.a.planted!, fields.a.harvestAhead!, fields.a.noCrop!],
      b: Object.values(fields.b),
      c: Object.values(fields.c),
    },
    'daily-irrigation': { a: [fields.a.planted!, fields.a.harvestAhead!], b: Object.values(fields.b), c: Object.values(fields.c) },
  };
  context = {
    database: app.ctx.database,
    config: app.ctx.config,
    log: pino({ level: 'silent' }),
    attempt: { retryCount: 0, retryLimit: 0, isLast: true },
    queue: app.ctx.queue,
    now: () => today,
  };
}, 60_000);

afterAll(async () => {
  await app?.close();
  await rm(catalog, { recursive: true, force: true });
});

const fieldsWithAnalyses = async (type: AnalysisType) =>
  (await app.ctx.database.db.selectFrom('analyses').select('fieldId').where('type', '=', type).execute()).map((row) => row.fieldId).sort();

/** The batch jobs the fan-out has sent (the queue is not worked here, so they wait in pg-boss). */
async function sentBatches(schedule: DailySchedule) {
  const { rows } = await app.ctx.database.executeSql(
    'select data, singleton_key from pgboss.job where name = $1 order by created_on, singleton_key',
    [scheduleBatchJobs[schedule].name],
  );
  return rows as { data: ScheduleBatch & { day: string }; singleton_key: string }[];
}

/** A context whose database counts the select statements sent through it. */
function countingSelects(): { context: JobContext; selects: () => number } {
  let selects = 0;
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => {
      if (node.kind === 'SelectQueryNode') selects++;
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return {
    context: { ...context, database: { ...context.database, db: context.database.db.withPlugin(counter) } },
    selects: () => selects,
  };
}

const sorted = (ids: string[]) => [...ids].sort();

describe('the daily irrigation schedule', () => {
  it('fans out one batch job per organisation when no two fit in a batch, and none again the same day', async () => {
    // Three in season with a crop at most per organisation, batches of three: no two organisations share one.
    expect(await fanOutSchedule(context, 'daily-irrigation', 3)).toBe(3);
    const sent = await sentBatches('daily-irrigation');
    expect(sent).toHaveLength(3);
    for (const job of sent) expect(job.singleton_key.startsWith(`${day}:`)).toBe(true);
    // The fan-out itself queues no analysis.
    expect(await fieldsWithAnalyses('irrigation')).toEqual([]);

    // Restarted the same day: the same batches, already sent.
    expect(await fanOutSchedule(context, 'daily-irrigation', 3)).toBe(0);
    expect(await sentBatches('daily-irrigation')).toHaveLength(3);
  });

  it("runs each batch job for one organisation's fields in season with a crop, never another organisation's", async () => {
    const reached: string[][] = [];
    for (const { data } of await sentBatches('daily-irrigation')) {
      const before = await fieldsWithAnalyses('irrigation');
      const { queued, failed } = await runScheduleBatch(context, 'daily-irrigation', data);
      const added = (await fieldsWithAnalyses('irrigation')).filter((fieldId) => !before.includes(fieldId));
      expect(failed).toEqual([]);
      expect(queued).toBe(added.length);
      reached.push(added);
    }
    const { a, b, c } = inSeason['daily-irrigation'];
    expect(reached.map(sorted).sort()).toEqual([sorted(a), sorted(b), sorted(c)].sort());
    // Not planted, planted three years ago with no harvest date, no crop: none.
    expect(await fieldsWithAnalyses('irrigation')).toEqual(sorted([...a, ...b, ...c]));
  });

  it('decides with one query and queues nothing when run again the same day, even once the advice is done', async () => {
    const counting = countingSelects();
    expect(await runScheduleBatch(counting.context, 'daily-irrigation', wholePlatform)).toEqual({ queued: 0, failed: [] });
    await app.ctx.database.db
      .updateTable('analyses')
      .set({ status: 'completed', finishedAt: today })
      .where('type', '=', 'irrigation')
      .execute();
    expect(await runScheduleBatch(counting.context, 'daily-irrigation', wholePlatform)).toEqual({ queued: 0, failed: [] });
    expect(counting.selects()).toBe(2);
    expect(await fieldsWithAnalyses('irrigation')).toHaveLength(6);
    // Irrigation advice is the whole of its schedule's run: nothing follows it.
    const irrigation = await app.ctx.database.db.selectFrom('analyses').select('inputs').where('type', '=', 'irrigation').execute();
    expect(irrigation.map((row) => followUpsOf(row.inputs))).toEqual(irrigation.map(() => []));
  });
});

describe('the daily health schedule', () => {
  const all = () => Object.values(inSeason['new-imagery']).flat();

  it('queues a health check for every field in season with scenes, deciding with one query, and none twice the same day', async () => {
    const counting = countingSelects();
    sceneSearches.clear();
    const searchesBefore = { ...sceneSearches.counts };
    expect(await runScheduleBatch(counting.context, 'new-imagery', wholePlatform)).toEqual({ queued: 7, failed: [] });
    expect(counting.selects()).toBe(1);
    // The 7 fields lie in one 0.1° cell: the catalogue is asked once per month their checks start in (one or two),
    // and the other fields reuse its answer.
    const searches = sceneSearches.counts.searches - searchesBefore.searches;
    expect(searches).toBeLessThanOrEqual(2);
    expect(sceneSearches.counts.reused - searchesBefore.reused).toBe(7 - searches);
    expect(await fieldsWithAnalyses('health')).toEqual(sorted(all()));
    const health = await app.ctx.database.db
      .selectFrom('analyses')
      .selectAll()
      .where('fieldId', '=', fields.a.planted!)
      .where('type', '=', 'health')
      .executeTakeFirstOrThrow();
    expect(health).toMatchObject({ status: 'queued', requestedBy: null });
    // The fertilizer advice follows a field's health check when it has a crop; a field without one gets none.
    expect(followUpsOf(health.inputs)).toEqual(['fertilizer']);
    const noCropHealth = await app.ctx.database.db
      .selectFrom('analyses')
      .select('inputs')
      .where('fieldId', '=', fields.a.noCrop!)
      .where('type', '=', 'health')
      .executeTakeFirstOrThrow();
    expect(followUpsOf(noCropHealth.inputs)).toEqual([]);

    // Run again the same day, still queued or done: nothing new.
    expect(await runScheduleBatch(counting.context, 'new-imagery', wholePlatform)).toEqual({ queued: 0, failed: [] });
    await app.ctx.database.db
      .updateTable('analyses')
      .set({ status: 'completed', analysisDate: addDays(day, -10), finishedAt: today })
      .where('type', '=', 'health')
      .execute();
    expect(await runScheduleBatch(counting.context, 'new-imagery', wholePlatform)).toEqual({ queued: 0, failed: [] });
    expect(counting.selects()).toBe(3);
  });

  it('through a cloudy spell queues one health check per field, not one a day', async () => {
    // The catalogue has scenes every five days up to today. Each field's last analysis found its last clear scene ten
    // days ago and looked at the two since, cloudy over the field: it speaks for ten days ago and saw up to today.
    const lastClear = addDays(day, -10);
    const completeQueued = (newestSceneDate: string, on: Date) =>
      app.ctx.database.db
        .updateTable('analyses')
        .set({ status: 'completed', analysisDate: lastClear, newestSceneDate, finishedAt: on })
        .where('type', '=', 'health')
        .where('status', 'in', ['queued', 'running'])
        .execute();
    await completeQueued(day, today);
    await app.ctx.database.db.updateTable('analyses').set({ newestSceneDate: day }).where('type', '=', 'health').execute();
    // Organisation b's fields were last analysed before the scene of five days ago: that one is new to them.
    await app.ctx.database.db
      .updateTable('analyses')
      .set({ newestSceneDate: lastClear })
      .where('type', '=', 'health')
      .where('fieldId', 'in', inSeason['new-imagery'].b)
      .execute();
    const before = (await fieldsWithAnalyses('health')).length;
    const queuedByDay: number[] = [];
    for (let after = 1; after <= 5; after++) {
      const on = new Date(today.getTime() + after * 86_400_000);
      const { queued, failed } = await runScheduleBatch({ ...context, now: () => on }, 'new-imagery', {
        day: isoDay(on),
        from: null,
        until: null,
      });
      expect(failed).toEqual([]);
      queuedByDay.push(queued);
      // The analysis reads the same cloudy scenes: still no clear image since ten days ago, and nothing newer seen.
      await completeQueued(day, on);
    }
    expect(queuedByDay).toEqual([2, 0, 0, 0, 0]);
    expect((await fieldsWithAnalyses('health')).length - before).toBe(2);
  });

  it('goes on past a field that fails, and fails its job afterwards so the queue tries the batch again', async () => {
    await app.ctx.database.db.deleteFrom('analyses').where('type', '=', 'health').execute();
    // A boundary no analysis can read (a circle without its radius).
    await app.ctx.database.db
      .updateTable('fields')
      .set({ boundary: JSON.stringify({ type: 'Point', coordinates: [31.05, -17.83] }) })
      .where('id', '=', fields.a.planted!)
      .execute();
    await expect(scheduleBatchJobs['new-imagery'].handle(wholePlatform, context)).rejects.toThrow(/1 fields of the batch failed/);
    expect(await fieldsWithAnalyses('health')).toEqual(sorted(all().filter((id) => id !== fields.a.planted)));
  });
});
