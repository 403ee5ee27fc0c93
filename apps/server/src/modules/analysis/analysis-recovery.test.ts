import type { FieldBoundary } from '@murimi/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { STOPPED_UNEXPECTEDLY, recoverAnalyses } from './analysis-recovery.ts';
import { analysisJobs, analysisLongestRunSeconds } from './analysis.jobs.ts';
import { enqueueAnalysis } from './analysis.service.ts';

// What keeps an analysis from staying "queued" or "running" for ever, which would refuse every later run of its type
// on its field as already running: the row and its job written together, a sweep for rows whose job has stopped, and
// a guard that fails a row older than any analysis can take. No worker runs here, so jobs stay where a test puts them.
let app: TestApp;
let farmer: TestAccount;
const log = pino({ level: 'silent' });

async function newField(): Promise<string> {
  const farm = await as(farmer, app.app, { method: 'POST', url: '/api/farms', payload: { name: 'Mhondoro Farm' } });
  const field = await as(farmer, app.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name: 'River Block', farmId: farm.json().data.id, boundary: squareBoundary(4) as FieldBoundary, cropType: 'maize-grain' },
  });
  return field.json().data.id;
}

const runHealth = (fieldId: string) =>
  as(farmer, app.app, { method: 'POST', url: `/api/analysis/${fieldId}/health-analysis/run`, payload: {} });

const analysesOf = (fieldId: string) =>
  app.ctx.database.db.selectFrom('analyses').selectAll().where('fieldId', '=', fieldId).orderBy('requestedAt').execute();

const rowOf = (id: string) => app.ctx.database.db.selectFrom('analyses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Puts a job where pg-boss would leave it: ended in `state`, or (null) deleted. */
async function setJob(jobId: string, state: 'failed' | 'completed' | null) {
  if (state === null) await app.ctx.database.executeSql('delete from pgboss.job where id = $1', [jobId]);
  else await app.ctx.database.executeSql('update pgboss.job set state = $2, completed_on = now() where id = $1', [jobId, state]);
}

/** A run accepted by the API, then taken up by a try (as a worker's claim would), so the row is `running`. */
async function runningAnalysis(fieldId: string): Promise<{ id: string; jobId: string }> {
  const { id, job_id: jobId } = (await runHealth(fieldId)).json().data;
  await app.ctx.database.db
    .updateTable('analyses')
    .set({ status: 'running', attempts: 1, startedAt: new Date() })
    .where('id', '=', id)
    .execute();
  return { id, jobId };
}

beforeAll(async () => {
  app = await startTestApp({ work: false });
  farmer = await registerAccount(app.app);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('an analysis and its job are written together', () => {
  it('stores the row with the id of its queued job', async () => {
    const fieldId = await newField();
    const run = await runHealth(fieldId);
    expect(run.statusCode).toBe(202);
    const [row] = await analysesOf(fieldId);
    expect(row!.jobId).toBe(run.json().data.job_id);
    expect(await app.ctx.queue.getJobState(analysisJobs.health.name, row!.jobId!)).toBe('created');
  });

  it('leaves no row when the job cannot be queued, and keeps no job written before the failure', async () => {
    const fieldId = await newField();
    let writtenJobId: string | null = null;
    const failingQueue = {
      send: (async (job, payload, options) => {
        writtenJobId = await app.ctx.queue.send(job, payload, options);
        throw new Error('connection to the queue lost');
      }) as typeof app.ctx.queue.send,
      wake: () => {},
    };
    const request = { orgId: farmer.orgId, fieldId, type: 'health' as const, requestedBy: farmer.userId };
    await expect(enqueueAnalysis({ ...app.ctx, queue: failingQueue }, request)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Analyses cannot be started just now. Please try again in a minute.',
    });
    expect(await analysesOf(fieldId)).toEqual([]);
    expect(writtenJobId).toBeTruthy();
    expect(await app.ctx.queue.getJobState(analysisJobs.health.name, writtenJobId!)).toBeUndefined();
    // Nothing was left holding the field: the next run is accepted.
    expect((await runHealth(fieldId)).statusCode).toBe(202);
  });
});

describe('the recovery sweep', () => {
  it('fails a running analysis whose job failed (its worker died on the last try), and a new run is accepted', async () => {
    const fieldId = await newField();
    const { id, jobId } = await runningAnalysis(fieldId);
    expect((await runHealth(fieldId)).statusCode).toBe(409);
    await setJob(jobId, 'failed');

    const counts = await recoverAnalyses({ ...app.ctx, log });
    expect(counts.failed).toBeGreaterThanOrEqual(1);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', error: STOPPED_UNEXPECTEDLY, attempts: 1 });
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect((await runHealth(fieldId)).statusCode).toBe(202);
  });

  it('fails a running analysis whose job is gone, and one whose job completed without finishing it', async () => {
    const gone = await runningAnalysis(await newField());
    const completed = await runningAnalysis(await newField());
    await setJob(gone.jobId, null);
    await setJob(completed.jobId, 'completed');
    await recoverAnalyses({ ...app.ctx, log });
    expect(await rowOf(gone.id)).toMatchObject({ status: 'failed', error: STOPPED_UNEXPECTEDLY });
    expect(await rowOf(completed.id)).toMatchObject({ status: 'failed', error: STOPPED_UNEXPECTEDLY });
  });

  it('sends a queued analysis again when its job is gone before any try took it up', async () => {
    const fieldId = await newField();
    const { id, job_id: jobId } = (await runHealth(fieldId)).json().data;
    await setJob(jobId, null);

    await recoverAnalyses({ ...app.ctx, log });
    const row = await rowOf(id);
    expect(row.status).toBe('queued');
    expect(row.jobId).not.toBe(jobId);
    expect(await app.ctx.queue.getJobState(analysisJobs.health.name, row.jobId!)).toBe('created');
    // A second sweep finds the new job alive and changes nothing.
    await recoverAnalyses({ ...app.ctx, log });
    expect((await rowOf(id)).jobId).toBe(row.jobId);
  });

  it('fails a queued analysis whose job failed before any try took it up (it is not sent round again)', async () => {
    const fieldId = await newField();
    const { id, job_id: jobId } = (await runHealth(fieldId)).json().data;
    await setJob(jobId, 'failed');
    await recoverAnalyses({ ...app.ctx, log });
    expect(await rowOf(id)).toMatchObject({ status: 'failed', error: STOPPED_UNEXPECTEDLY, jobId });
  });

  it('leaves analyses whose job is waiting or running alone', async () => {
    const queued = (await runHealth(await newField())).json().data;
    const running = await runningAnalysis(await newField());
    await app.ctx.database.executeSql("update pgboss.job set state = 'active', started_on = now() where id = $1", [running.jobId]);
    await recoverAnalyses({ ...app.ctx, log });
    expect(await rowOf(queued.id)).toMatchObject({ status: 'queued', jobId: queued.job_id });
    expect(await rowOf(running.id)).toMatchObject({ status: 'running', jobId: running.jobId });
  });

  it('sends a queued analysis stored without a job once it is a minute old, not before', async () => {
    const fieldIds = [await newField(), await newField()];
    const now = new Date();
    const [old, fresh] = await Promise.all(
      [120_000, 10_000].map((ageMs, index) =>
        app.ctx.database.db
          .insertInto('analyses')
          .values({
            orgId: farmer.orgId,
            fieldId: fieldIds[index]!,
            type: 'yield',
            status: 'queued',
            requestedAt: new Date(now.getTime() - ageMs),
          })
          .returning('id')
          .executeTakeFirstOrThrow(),
      ),
    );
    await recoverAnalyses({ ...app.ctx, log }, now);
    const oldRow = await rowOf(old!.id);
    expect(oldRow.status).toBe('queued');
    expect(await app.ctx.queue.getJobState(analysisJobs.yield.name, oldRow.jobId!)).toBe('created');
    expect(await rowOf(fresh!.id)).toMatchObject({ status: 'queued', jobId: null });
  });
});

describe('the "already running" guard', () => {
  it('refuses a second run while the first can still be working, and accepts one once the first is older than any analysis can take', async () => {
    const fieldId = await newField();
    const first = (await runHealth(fieldId)).json().data;
    await app.ctx.database.db.updateTable('analyses').set({ status: 'running', attempts: 1 }).where('id', '=', first.id).execute();
    const longestRunMs = analysisLongestRunSeconds(app.ctx.config) * 1000;

    app.clock.offsetMs = longestRunMs - 60_000;
    const early = await runHealth(fieldId);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('CONFLICT');

    app.clock.offsetMs = longestRunMs + 60_000;
    try {
      const late = await runHealth(fieldId);
      expect(late.statusCode).toBe(202);
      const stuck = await rowOf(first.id);
      expect(stuck.status).toBe('failed');
      expect(stuck.error).toMatch(/^The analysis did not finish within \d+ minutes and was stopped\. Please run it again\.$/);
      expect((await rowOf(late.json().data.id)).status).toBe('queued');
    } finally {
      app.clock.offsetMs = 0;
    }
  });

  it('gives an analysis at least every try at its timeout, the maintenance that notices it, and the retry waits', () => {
    // Defaults: 3 tries × (300 s + 120 s) + 10 s × (2 + 4) of backoff at its largest.
    expect(analysisLongestRunSeconds({ analysisRetries: 2, analysisTimeoutSeconds: 300, jobMaintenanceIntervalSeconds: 120 })).toBe(1320);
    expect(analysisLongestRunSeconds({ analysisRetries: 0, analysisTimeoutSeconds: 3, jobMaintenanceIntervalSeconds: 1 })).toBe(4);
  });
});
