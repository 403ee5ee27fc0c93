import { addDays, isoDay } from '@murimi/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  registerAccount,
  squareBoundary,
  startTestApp,
  UNREACHABLE_SERVICES_ENV,
  waitFor,
  type TestAccount,
  type TestApp,
} from '../../../test/harness.ts';

const METRICS_TOKEN = 'metrics-token-of-24-characters-or-more';

/** The value of one series in a Prometheus text exposition, or undefined when it is not there. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('observing the server', () => {
  let test: TestApp;
  let farmer: TestAccount;
  let fieldId: string;
  const scrape = async () =>
    (await test.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).body;

  beforeAll(async () => {
    test = await startTestApp({ work: true, env: { ...UNREACHABLE_SERVICES_ENV, METRICS_TOKEN } });
    farmer = await registerAccount(test.app);
    const farm = await as(farmer, test.app, { method: 'POST', url: '/api/farms', payload: { name: 'Chikomo Farm' } });
    const field = await as(farmer, test.app, {
      method: 'POST',
      url: '/api/fields',
      payload: {
        name: 'Vlei Block',
        farmId: farm.json().data.id,
        boundary: squareBoundary(4),
        cropType: 'maize-grain',
        plantingDate: addDays(isoDay(new Date()), -70),
      },
    });
    fieldId = field.json().data.id;
  });
  afterAll(async () => {
    await test?.close();
  });

  it('shows requests by route, jobs by queue, outside calls by service, caches and the event loop after a small mixed load', async () => {
    for (let read = 0; read < 3; read++) expect((await as(farmer, test.app, { method: 'GET', url: '/api/fields' })).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/api/no-such-route' })).statusCode).toBe(404);
    const run = await as(farmer, test.app, { method: 'POST', url: `/api/analysis/${fieldId}/health-analysis/run`, payload: {} });
    expect(run.statusCode).toBe(202);
    // The imagery catalogue is out of reach: the job runs, its request fails, and both are counted.
    const text = await waitFor('the analysis job and its outside call counted', async () => {
      const scraped = await scrape();
      const failedCalls = seriesValue(scraped, 'murimi_outside_requests_total{outcome="failed",service="127.0.0.1:9"}') ?? 0;
      return failedCalls > 0 && /murimi_jobs\{queue="analysis-health",state="(completed|failed)"\} [1-9]/.test(scraped)
        ? scraped
        : undefined;
    });
    expect(seriesValue(text, 'murimi_http_request_duration_seconds_count{method="GET",route="/api/fields",status="200"}')).toBe(3);
    expect(seriesValue(text, 'murimi_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}')).toBeGreaterThan(0);
    expect(seriesValue(text, 'murimi_cache_lookups_total{cache="token-standing",result="hit"}')).toBeGreaterThan(0);
    expect(text).toMatch(/^murimi_job_seconds_last_hour_count\{queue="analysis-health",state="(completed|failed)"\} [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^murimi_sms_code_caps_reached_total 0$/m);
    expect(text).toContain('# TYPE murimi_http_request_duration_seconds histogram');
  }, 90_000);

  it('gives every answer a request id, the one a proxy sent when it looks like one', async () => {
    const answers = [
      await test.app.inject({ method: 'GET', url: '/api/health' }),
      await test.app.inject({ method: 'GET', url: '/api/fields' }),
      await test.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ];
    const ids = answers.map((answer) => answer.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(ids).size).toBe(3);
    const proxied = await test.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'proxy-4f2a9c01' } });
    expect(proxied.headers['x-request-id']).toBe('proxy-4f2a9c01');
    const odd = await test.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'a b\n<script>' } });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers liveness from the process alone and readiness from the database and queue', async () => {
    expect((await test.app.inject({ method: 'GET', url: '/api/health/live' })).json()).toEqual({ status: 'ok' });
    expect((await test.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    const reachable = test.ctx.database.isReachable;
    test.ctx.database.isReachable = async () => false;
    try {
      const ready = await test.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'degraded', database: { reachable: false } });
      expect((await test.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expect((await test.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      test.ctx.database.isReachable = reachable;
    }
  });
});
