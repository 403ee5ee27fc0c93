import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { addDays, isoDay, MAX_FIELD_HECTARES, type FieldBoundary } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestApp } from './harness.ts';
import { startHealthChecker } from './health-checker.ts';
import { oneFieldCatalog } from './processes.ts';

// The largest field the product takes, analysed by the serving process itself (`npm start` runs the jobs in-process):
// its pixels are measured on the CPU worker threads, so the server keeps answering everyone else meanwhile.
const today = isoDay(new Date());
const plantingDate = addDays(today, -60);
const boundary = squareBoundary(MAX_FIELD_HECTARES * 0.99) as FieldBoundary;
/** Every request answered within this, but for 1 in 100 (spec: the health check is what load balancers poll). */
const HEALTH_P99_GOAL_MS = 200;

let catalog: string;
let api: TestApp;

describe('an analysis of the largest allowed field, run in the serving process', () => {
  beforeAll(async () => {
    catalog = await oneFieldCatalog('murimi-largest-field-', { boundary, plantingDate, today });
    api = await startTestApp({ work: true, env: { IMAGERY_SOURCE: 'demo', DEMO_IMAGERY_DIR: catalog, ANALYSIS_TIMEOUT_SECONDS: '300' } });
    await api.app.listen({ port: 0, host: '127.0.0.1' });
  }, 180_000);

  afterAll(async () => {
    await api?.close();
    await rm(catalog, { recursive: true, force: true });
  });

  it(`keeps /api/health answering within ${HEALTH_P99_GOAL_MS} ms (p99) while it runs, and completes`, async () => {
    const farmer = await registerAccount(api.app);
    const farmId = (await as(farmer, api.app, { method: 'POST', url: '/api/farms', payload: { name: 'Estate' } })).json().data.id;
    const created = await as(farmer, api.app, {
      method: 'POST',
      url: '/api/fields',
      payload: { name: 'Whole estate', farmId, boundary, cropType: 'maize-grain', plantingDate, irrigated: false },
    });
    expect(created.statusCode).toBe(201);
    const fieldId = created.json().data.id;
    const { port } = api.app.server.address() as AddressInfo;

    const run = await as(farmer, api.app, { method: 'POST', url: `/api/analysis/${fieldId}/health-analysis/run`, payload: {} });
    expect(run.statusCode).toBe(202);
    const analysisId = run.json().data.id;
    const status = async () =>
      (await api.ctx.database.db.selectFrom('analyses').select(['status', 'error']).where('id', '=', analysisId).executeTakeFirstOrThrow())
        .status;

    // The health checks come from a thread of their own, every 10 ms whether or not the last was answered (as a load
    // balancer's do): a stall of the server's event loop delays every check that arrives during it.
    const checker = startHealthChecker(`http://127.0.0.1:${port}/api/health`, 10);
    let last = await status();
    for (const started = Date.now(); !['completed', 'failed', 'cancelled'].includes(last) && Date.now() - started < 240_000;) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      last = await status();
    }
    const latenciesMs = await checker.stop();
    expect(last).toBe('completed');
    const sorted = [...latenciesMs].sort((a, b) => a - b);
    const p99 = sorted[Math.ceil(sorted.length * 0.99) - 1]!;
    console.log(
      `largest field's health analysis: ${latenciesMs.length} health checks, p99 ${p99.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
    );
    // Enough samples to speak of a 99th percentile: the run lasts seconds.
    expect(latenciesMs.length).toBeGreaterThanOrEqual(100);
    expect(p99).toBeLessThan(HEALTH_P99_GOAL_MS);
  }, 300_000);
});
