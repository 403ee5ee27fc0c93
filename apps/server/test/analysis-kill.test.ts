import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOPPED_UNEXPECTEDLY } from '../src/modules/analysis/analysis-recovery.ts';
import {
  as,
  postgresUrl,
  registerAccount,
  squareBoundary,
  startTestApp,
  TEST_JWT_SECRET,
  type TestAccount,
  type TestApp,
} from './harness.ts';
import { ended, freePort, oneFieldCatalog, startCommand, stopProcesses, waitUntil } from './processes.ts';

// Processes killed with SIGKILL at the two moments that used to leave an analysis "queued" or "running" for good,
// refusing every later run of its type on its field as already running: the server between storing the analysis
// and queueing its job, and a worker on the job's last try. Processes share one PostgreSQL (the embedded database
// belongs to one process). TESTING_CRASH_AT makes each process kill itself at the exact step.
const today = isoDay(new Date());
const plantingDate = addDays(today, -60);
const boundary = squareBoundary(4) as FieldBoundary;

let catalog: string;
let api: TestApp;
let farmer: TestAccount;
let env: Record<string, string>;
const children: ChildProcess[] = [];

/** Starts `murimi <command>` as its own process (stopped after the tests) and waits until it prints `ready`. */
async function start(command: 'serve' | 'worker', ready: string, extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  const child = await startCommand(command, ready, { ...env, ...extraEnv });
  children.push(child);
  return child;
}

async function newField(): Promise<string> {
  const farmId = (await as(farmer, api.app, { method: 'POST', url: '/api/farms', payload: { name: 'Farm' } })).json().data.id;
  const field = await as(farmer, api.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name: 'Block', farmId, boundary, cropType: 'maize-grain', plantingDate, irrigated: false },
  });
  return field.json().data.id;
}

const analysesOf = (fieldId: string) =>
  api.ctx.database.db.selectFrom('analyses').selectAll().where('fieldId', '=', fieldId).orderBy('requestedAt').execute();

describe.runIf(postgresUrl)('processes killed around an analysis (PostgreSQL)', () => {
  beforeAll(async () => {
    catalog = await oneFieldCatalog('murimi-kill-imagery-', { boundary, plantingDate, today });
    const settings = {
      IMAGERY_SOURCE: 'demo',
      DEMO_IMAGERY_DIR: catalog,
      WEATHER_SOURCE: 'simulated',
      // One try only, so the killed try is the last: its job expires after 10 s, noticed within a second. (At 3 s
      // a health analysis on a busy machine outlived its own job and failed.)
      ANALYSIS_RETRIES: '0',
      ANALYSIS_TIMEOUT_SECONDS: '10',
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
    };
    // The first process to create the queues fixes their retry policy: this one, with the settings above.
    api = await startTestApp({ work: false, env: settings });
    farmer = await registerAccount(api.app);
    env = {
      ...settings,
      DATABASE_URL: api.ctx.config.databaseUrl!,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      WEB_DIST_DIR: path.join(tmpdir(), 'murimi-no-web-build'),
      DATA_DIR: await mkdtemp(path.join(tmpdir(), 'murimi-kill-data-')),
    };
  }, 60_000);

  afterAll(async () => {
    await stopProcesses(children, 'SIGKILL');
    await api?.close();
    await rm(catalog, { recursive: true, force: true });
  });

  it('a server killed between storing an analysis and queueing its job keeps neither, and the next run is accepted', async () => {
    const fieldId = await newField();
    const port = await freePort();
    const runUrl = `http://127.0.0.1:${port}/api/analysis/${fieldId}/health-analysis/run`;
    const post = () => fetch(runUrl, { method: 'POST', headers: { ...farmer.headers, 'content-type': 'application/json' }, body: '{}' });

    const doomed = await start('serve', 'is ready at', { PORT: String(port), TESTING_CRASH_AT: 'analysis-stored' });
    await expect(post()).rejects.toThrow();
    expect(await ended(doomed)).toBe('SIGKILL');
    expect(await analysesOf(fieldId)).toEqual([]);
    const { rows: jobs } = await api.ctx.database.executeSql("select id from pgboss.job where name = 'analysis-health'");
    expect(jobs).toEqual([]);

    const restarted = await start('serve', 'is ready at', { PORT: String(port) });
    const run = await post();
    expect(run.status).toBe(202);
    const { id } = ((await run.json()) as { data: { id: string } }).data;
    const done = await waitUntil(
      'the analysis to finish',
      () => analysesOf(fieldId),
      (rows) => rows.every((row) => row.status !== 'queued' && row.status !== 'running'),
      90_000,
      250,
    );
    expect(done).toMatchObject([{ id, status: 'completed', attempts: 1 }]);
    restarted.kill('SIGTERM');
    await ended(restarted);
  }, 180_000);

  it('an analysis whose worker is killed on its last try ends failed with a message, and a new run is accepted', async () => {
    const fieldId = await newField();
    const doomed = await start('worker', 'worker is running', { TESTING_CRASH_AT: 'analysis-claimed' });
    const run = await as(farmer, api.app, { method: 'POST', url: `/api/analysis/${fieldId}/health-analysis/run`, payload: {} });
    expect(run.statusCode).toBe(202);
    const { id, job_id: jobId } = run.json().data;
    expect(await ended(doomed)).toBe('SIGKILL');
    expect(await analysesOf(fieldId)).toMatchObject([{ id, status: 'running', attempts: 1 }]);

    // Another worker: the queue's maintenance fails the expired job (no retries left), and the recovery that
    // follows fails the analysis. No new run is asked for until then, so the stale-row guard plays no part.
    await start('worker', 'worker is running');
    const [stopped] = await waitUntil(
      'the analysis to leave "running"',
      () => analysesOf(fieldId),
      (rows) => rows[0]!.status !== 'running',
      60_000,
      250,
    );
    expect(stopped).toMatchObject({ id, status: 'failed', error: STOPPED_UNEXPECTEDLY, attempts: 1 });
    expect(await api.ctx.queue.getJobState('analysis-health', jobId)).toBe('failed');

    const again = await as(farmer, api.app, { method: 'POST', url: `/api/analysis/${fieldId}/health-analysis/run`, payload: {} });
    expect(again.statusCode).toBe(202);
    const rows = await waitUntil(
      'the new run to finish',
      () => analysesOf(fieldId),
      (all) => all.length === 2 && all[1]!.status !== 'queued' && all[1]!.status !== 'running',
      90_000,
      250,
    );
    expect(rows[1]).toMatchObject({ id: again.json().data.id, status: 'completed', attempts: 1 });
    // The killed try ran once and was never run again.
    expect((await analysesOf(fieldId))[0]).toMatchObject({ id, status: 'failed', attempts: 1 });
  }, 180_000);
});
