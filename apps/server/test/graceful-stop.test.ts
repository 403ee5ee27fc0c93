import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../src/integrations/open-meteo/testing/fake-open-meteo.ts';
import { as, postgresUrl, registerAccount, squareBoundary, startTestApp, type TestApp } from './harness.ts';
import { ended, freePort, oneFieldCatalog, sharedDatabaseEnv, startCommand, stopProcesses, waitUntil } from './processes.ts';

// A server stopped with SIGTERM (a deploy, a scale-down) while a person waits for an answer and an analysis runs: the
// answer arrives whole, the process exits 0, and the analysis completes once, in that process or after the restart.
// Processes share one PostgreSQL (the embedded database is one process's).
const today = isoDay(new Date());
const plantingDate = addDays(today, -60);
const boundary = squareBoundary(4) as FieldBoundary;

let catalog: string;
let openMeteo: FakeOpenMeteo;
let api: TestApp;
let env: Record<string, string>;
const children: ChildProcess[] = [];

describe.runIf(postgresUrl)('a server stopped with SIGTERM (PostgreSQL)', () => {
  beforeAll(async () => {
    catalog = await oneFieldCatalog('murimi-sigterm-imagery-', { boundary, plantingDate, today });
    openMeteo = await startFakeOpenMeteo();
    const settings = {
      IMAGERY_SOURCE: 'demo',
      DEMO_IMAGERY_DIR: catalog,
      WEATHER_SOURCE: 'open-meteo',
      OPEN_METEO_FORECAST_URL: openMeteo.forecastUrl,
      OPEN_METEO_ARCHIVE_URL: openMeteo.archiveUrl,
      ANALYSIS_TIMEOUT_SECONDS: '30',
      JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
      ANALYSIS_RETRIES: '2',
      ANALYSIS_AUTOSTART: 'false',
    };
    api = await startTestApp({ work: false, env: settings });
    env = await sharedDatabaseEnv(api, settings, 'murimi-sigterm-data-');
  }, 60_000);

  afterAll(async () => {
    await stopProcesses(children, 'SIGKILL');
    await api?.close();
    await openMeteo?.close();
    await rm(catalog, { recursive: true, force: true });
  });

  it('answers the request under way, exits 0, and the analysis under way completes exactly once', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const serve = () =>
      startCommand('serve', 'is ready at', { ...env, PORT: String(port), HOST: '127.0.0.1' }).then((child) => {
        children.push(child);
        return child;
      });
    const farmer = await registerAccount(api.app);
    const farmId = (await as(farmer, api.app, { method: 'POST', url: '/api/farms', payload: { name: 'Farm' } })).json().data.id;
    const fieldId = (
      await as(farmer, api.app, {
        method: 'POST',
        url: '/api/fields',
        payload: { name: 'Block', farmId, boundary, cropType: 'maize-grain', plantingDate, irrigated: false },
      })
    ).json().data.id;
    const analysisRow = (id: string) =>
      api.ctx.database.db.selectFrom('analyses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    const first = await serve();
    const run = await fetch(`${url}/api/analysis/${fieldId}/health-analysis/run`, {
      method: 'POST',
      headers: { ...farmer.headers, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(run.status).toBe(202);
    const { id, job_id: jobId } = ((await run.json()) as { data: { id: string; job_id: string } }).data;
    await waitUntil(
      'the server to take the analysis',
      () => analysisRow(id),
      (row) => row.status === 'running',
      30_000,
    );

    // A weather request the outside service answers slowly: in flight when the server is told to stop.
    // (The analysis may ask Open-Meteo too, so the next few answers are all slow.)
    for (let next = 0; next < 3; next++) openMeteo.delayNext(2_000);
    const asked = openMeteo.requests.length;
    const weather = fetch(`${url}/api/weather/${fieldId}`, { headers: farmer.headers });
    await waitUntil(
      'the weather request to reach Open-Meteo',
      async () => openMeteo.requests.length,
      (count) => count > asked,
      10_000,
    );
    const stoppedAt = Date.now();
    first.kill('SIGTERM');
    const answer = await weather;
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { data: unknown }).data).toBeTruthy();
    expect(await ended(first)).toBe('0');
    // Promptly: a client's idle keep-alive connection does not hold the stop (Fastify keeps one open for 72 s).
    expect(Date.now() - stoppedAt).toBeLessThan(30_000);

    await serve();
    const done = await waitUntil(
      'the analysis to complete',
      () => analysisRow(id),
      (row) => row.status !== 'running' && row.status !== 'queued',
      90_000,
      250,
    );
    expect(done.status).toBe('completed');
    expect(done.summary).toMatch(/^Crop health/);
    expect(await api.ctx.queue.getJobState('analysis-health', jobId)).toBe('completed');
    const history = (await as(farmer, api.app, { method: 'GET', url: `/api/analysis/${fieldId}/history?type=health` })).json();
    expect(history.data).toHaveLength(1);
  }, 180_000);
});
