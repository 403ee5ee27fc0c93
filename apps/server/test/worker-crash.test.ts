import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, postgresUrl, registerAccount, squareBoundary, startTestApp, type TestApp } from './harness.ts';
import { oneFieldCatalog, sharedDatabaseEnv, startCommand, waitUntil } from './processes.ts';

// A worker process killed with SIGKILL in the middle of an analysis: its job expires, another worker takes it up,
// and the analysis completes once. Worker processes share one PostgreSQL (the embedded database is one process's).
const today = isoDay(new Date());
const plantingDate = addDays(today, -60);
const boundary = squareBoundary(4) as FieldBoundary;

let catalog: string;
let api: TestApp;
let env: Record<string, string>;
const workers: ChildProcess[] = [];

/** Starts `murimi worker` as its own process (stopped after the tests) and waits until it says it runs. */
async function startWorker(): Promise<ChildProcess> {
  const child = await startCommand('worker', 'worker is running', env);
  workers.push(child);
  return child;
}

async function analysisRow(id: string) {
  return api.ctx.database.db.selectFrom('analyses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe.runIf(postgresUrl)('a worker killed in the middle of an analysis (PostgreSQL)', () => {
  beforeAll(async () => {
    catalog = await oneFieldCatalog('murimi-crash-imagery-', { boundary, plantingDate, today });
    const settings = {
      IMAGERY_SOURCE: 'demo',
      DEMO_IMAGERY_DIR: catalog,
      WEATHER_SOURCE: 'simulated',
      // A job whose worker died is expired after 10 s, looked for every second, and tried again. (At 3 s the retry
      // itself, on a busy machine, outlived its job and was expired while it completed the analysis.)
      ANALYSIS_TIMEOUT_SECONDS: '10',
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
      ANALYSIS_RETRIES: '2',
    };
    api = await startTestApp({ work: false, env: settings });
    env = await sharedDatabaseEnv(api, settings, 'murimi-crash-data-');
  }, 60_000);

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await api?.close();
    await rm(catalog, { recursive: true, force: true });
  });

  it('retries the job on another worker and completes the analysis exactly once', async () => {
    const farmer = await registerAccount(api.app);
    const farmId = (await as(farmer, api.app, { method: 'POST', url: '/api/farms', payload: { name: 'Farm' } })).json().data.id;
    const fieldId = (
      await as(farmer, api.app, {
        method: 'POST',
        url: '/api/fields',
        payload: { name: 'Block', farmId, boundary, cropType: 'maize-grain', plantingDate, irrigated: false },
      })
    ).json().data.id;

    const first = await startWorker();
    const run = await as(farmer, api.app, { method: 'POST', url: `/api/analysis/${fieldId}/health-analysis/run`, payload: {} });
    const { id, job_id: jobId } = run.json().data;
    await waitUntil(
      'the worker to take the job',
      () => analysisRow(id),
      (row) => row.status === 'running',
      30_000,
    );
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect((await analysisRow(id)).status).toBe('running');

    await startWorker();
    const done = await waitUntil(
      'the analysis to complete',
      () => analysisRow(id),
      (row) => row.status !== 'running',
      90_000,
      250,
    );
    expect(done.status).toBe('completed');
    // Taken up twice (the killed try and the retry), completed once: one summary, one finish time.
    expect(done.attempts).toBe(2);
    expect(done.summary).toMatch(/^Crop health/);
    expect(await api.ctx.queue.getJobState('analysis-health', jobId)).toBe('completed');
    const summaries = (await as(farmer, api.app, { method: 'GET', url: `/api/analysis/${fieldId}/latest-summaries` })).json();
    expect(summaries.data.health.id).toBe(id);
    const history = (await as(farmer, api.app, { method: 'GET', url: `/api/analysis/${fieldId}/history` })).json();
    expect(history.data).toHaveLength(1);
  }, 180_000);
});
