import { addDays, isoDay } from '@murimi/core';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../integrations/open-meteo/testing/fake-open-meteo.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { fieldWeatherCell } from '../weather/weather.cells.ts';
import { openMeteoWeather } from '../weather/weather.providers.ts';
import { AnalysisCancelledError, startAnalysisProgress } from './analysis-progress.ts';
import { runAnalysis } from './run-analysis.ts';

// An irrigation analysis waiting on an Open-Meteo that has stopped answering (each attempt may take 20 s), cancelled
// through the API while it waits.
const today = isoDay(new Date());
const SLOW_ANSWER_MS = 60_000;
const log = pino({ level: 'silent' });

let fake: FakeOpenMeteo;
let api: TestApp;
let farmer: TestAccount;
let fieldId: string;
let context: JobContext;

beforeAll(async () => {
  fake = await startFakeOpenMeteo();
  api = await startTestApp({
    env: {
      WEATHER_SOURCE: 'open-meteo',
      OPEN_METEO_FORECAST_URL: fake.forecastUrl,
      OPEN_METEO_ARCHIVE_URL: fake.archiveUrl,
      OPEN_METEO_TIMEOUT_SECONDS: '20',
    },
  });
  farmer = await registerAccount(api.app);
  const farmId = (await as(farmer, api.app, { method: 'POST', url: '/api/farms', payload: { name: 'Farm' } })).json().data.id;
  const field = await as(farmer, api.app, {
    method: 'POST',
    url: '/api/fields',
    payload: {
      name: 'Furrow Block',
      farmId,
      boundary: squareBoundary(4, [30.41, -19.52]),
      cropType: 'maize-grain',
      plantingDate: addDays(today, -30),
      irrigated: true,
    },
  });
  fieldId = field.json().data.id;
  context = {
    database: api.ctx.database,
    config: api.ctx.config,
    log,
    attempt: { retryCount: 0, retryLimit: 0, isLast: true },
    queue: api.ctx.queue,
    now: () => new Date(),
  };
}, 60_000);

afterAll(async () => {
  await api?.close();
  await fake?.close();
});

beforeEach(() => fake.reset());

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 20));
}

describe('weather reads of a cancelled analysis', () => {
  it('stops waiting for a slow Open-Meteo within 5 s of the cancel, and drops the request', async () => {
    const run = await as(farmer, api.app, { method: 'POST', url: `/api/analysis/${fieldId}/irrigation-recommendation/run`, payload: {} });
    expect(run.statusCode).toBe(202);
    const { id } = run.json().data as { id: string };
    const request = await api.ctx.database.db
      .updateTable('analyses')
      .set({ status: 'running', startedAt: new Date() })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();

    fake.delayNext(SLOW_ANSWER_MS);
    const progress = startAnalysisProgress(api.ctx.database, id, log);
    try {
      const ended = runAnalysis('irrigation', request, context, progress).then(
        () => ({ at: performance.now(), error: null }),
        (error: unknown) => ({ at: performance.now(), error }),
      );
      await until(() => fake.requestsTo('/v1/forecast').length === 1);
      const cancelledAt = performance.now();
      expect((await as(farmer, api.app, { method: 'DELETE', url: `/api/analysis/${fieldId}/irrigation/${id}` })).statusCode).toBe(200);

      const { at, error } = await ended;
      expect(error).toBeInstanceOf(AnalysisCancelledError);
      expect(at - cancelledAt).toBeLessThan(5_000);
      await until(() => fake.droppedByClient === 1);
      // Nothing sent after: no retry of the dropped request, no archive read.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(fake.requests).toHaveLength(1);
    } finally {
      progress.stop();
    }
  }, 30_000);

  it('leaves the forecast request alone while another reader of the same cell still waits for it', async () => {
    const cell = fieldWeatherCell({ bboxMinLat: -19.92, bboxMaxLat: -19.9, bboxMinLng: 30.01, bboxMaxLng: 30.03 });
    const serviceContext = { config: api.ctx.config, database: api.ctx.database, now: () => new Date() };
    fake.delayNext(1_500);
    const cancelled = new AbortController();
    const staying = new AbortController();
    const first = openMeteoWeather.forecast(serviceContext, cell, log, cancelled.signal);
    const second = openMeteoWeather.forecast(serviceContext, cell, log, staying.signal);
    const firstSettled = first.catch((error: unknown) => error);
    await until(() => fake.requestsTo('/v1/forecast').length === 1);
    cancelled.abort(new Error('cancelled by its analysis'));
    expect(await firstSettled).toMatchObject({ message: 'cancelled by its analysis' });
    const forecast = await second;
    expect(forecast).toMatchObject({ source: 'open-meteo', stale: false });
    expect(fake.requestsTo('/v1/forecast')).toHaveLength(1);
    expect(fake.droppedByClient).toBe(0);
  }, 30_000);
});
