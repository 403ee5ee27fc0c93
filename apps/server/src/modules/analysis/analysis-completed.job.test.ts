import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerAccount, squareBoundary, startTestApp, type TestAccount, type TestApp } from '../../../test/harness.ts';
import { startFakeOpenMeteo, type FakeOpenMeteo } from '../../integrations/open-meteo/testing/fake-open-meteo.ts';
import type { JobContext } from '../../jobs/job-queue.ts';
import { analysisCompletedJob } from './analysis-completed.job.ts';
import { irrigationAnalysis } from './analysis-definitions.ts';
import { ANALYSIS_FAILED_MESSAGE, analysisJobs, handleAnalysis } from './analysis.jobs.ts';

// How an analysis ends, seen from what reacts to it: one `analysis-completed` job per completed analysis, none for a
// cancelled one or a second try, and a failure the user can read. No worker runs: each test runs the analysis job's
// handler itself, so it decides which try it is and what happens while it runs. The weather comes from a fake
// Open-Meteo, whose answers a test can hold back to act while the analysis waits.
/** Long enough for a test to cancel the analysis while its weather request waits; under the client's 10 s timeout. */
const HELD_WEATHER_ANSWER_MS = 1_500;

let openMeteo: FakeOpenMeteo;
let app: TestApp;
let farmer: TestAccount;
const logLines: string[] = [];
const log = pino({ level: 'debug' }, { write: (line: string) => void logLines.push(line) });

/** Each test's field sits in its own 0.1° weather cell, so no test is answered from another's kept forecast. */
async function newField(centre: [number, number]): Promise<string> {
  const farm = await as(farmer, app.app, { method: 'POST', url: '/api/farms', payload: { name: 'Nyamandhlovu Farm' } });
  const field = await as(farmer, app.app, {
    method: 'POST',
    url: '/api/fields',
    payload: {
      name: 'Borehole Block',
      farmId: farm.json().data.id,
      boundary: squareBoundary(4, centre) as FieldBoundary,
      cropType: 'maize-grain',
      plantingDate: addDays(isoDay(new Date()), -70),
      irrigated: true,
    },
  });
  expect(field.statusCode).toBe(201);
  return field.json().data.id;
}

async function requestIrrigation(fieldId: string): Promise<string> {
  const run = await as(farmer, app.app, { method: 'POST', url: `/api/analysis/${fieldId}/irrigation-recommendation/run`, payload: {} });
  expect(run.statusCode).toBe(202);
  return run.json().data.id;
}

/** A job's context as a worker gives it, on the given try and clock. */
function jobContext(attempt = { retryCount: 0, retryLimit: 0, isLast: true }, now = app.ctx.now): JobContext {
  return { database: app.ctx.database, config: app.ctx.config, log, attempt, queue: app.ctx.queue, now };
}

/** Runs the irrigation job's handler as a worker would on the given try. */
function runIrrigationJob(analysisId: string, attempt = { retryCount: 0, retryLimit: 0, isLast: true }) {
  return analysisJobs.irrigation.handle({ analysisId }, jobContext(attempt));
}

const rowOf = (id: string) => app.ctx.database.db.selectFrom('analyses').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** The `analysis-completed` jobs queued for one analysis (no worker runs, so they stay queued). */
async function completionEvents(analysisId: string): Promise<unknown[]> {
  const { rows } = await app.ctx.database.executeSql(`select data from pgboss.job where name = $1 and data->>'analysisId' = $2`, [
    analysisCompletedJob.name,
    analysisId,
  ]);
  return (rows as { data: unknown }[]).map((row) => row.data);
}

beforeAll(async () => {
  openMeteo = await startFakeOpenMeteo();
  app = await startTestApp({
    work: false,
    env: { WEATHER_SOURCE: 'open-meteo', OPEN_METEO_FORECAST_URL: openMeteo.forecastUrl, OPEN_METEO_ARCHIVE_URL: openMeteo.archiveUrl },
  });
  farmer = await registerAccount(app.app);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await openMeteo?.close();
});

describe('the analysis-completed event', () => {
  it('is sent once when an analysis completes, naming the analysis, field, organisation and type', async () => {
    const fieldId = await newField([31.05, -17.83]);
    const id = await requestIrrigation(fieldId);
    await runIrrigationJob(id);
    expect(await rowOf(id)).toMatchObject({ status: 'completed', error: null });
    expect(await completionEvents(id)).toEqual([{ analysisId: id, fieldId, orgId: farmer.orgId, type: 'irrigation' }]);

    // The same job delivered again after the analysis completed (a retry after a lost acknowledgement).
    await runIrrigationJob(id, { retryCount: 1, retryLimit: 2, isLast: false });
    expect(await completionEvents(id)).toHaveLength(1);
  }, 30_000);

  it('is sent once when two tries of the job run the same analysis at the same time', async () => {
    const fieldId = await newField([30.55, -18.33]);
    const id = await requestIrrigation(fieldId);
    // Both claim the row (a try whose worker was thought dead, and its retry); only one completes it.
    await Promise.all([
      runIrrigationJob(id, { retryCount: 0, retryLimit: 2, isLast: false }),
      runIrrigationJob(id, { retryCount: 1, retryLimit: 2, isLast: false }),
    ]);
    expect((await rowOf(id)).status).toBe('completed');
    expect(await completionEvents(id)).toHaveLength(1);
  }, 30_000);

  it('is not sent for an analysis cancelled while its job runs, and the result is not stored', async () => {
    const fieldId = await newField([29.55, -19.33]);
    const id = await requestIrrigation(fieldId);
    openMeteo.delayNext(HELD_WEATHER_ANSWER_MS);
    const running = runIrrigationJob(id);
    while ((await rowOf(id)).status !== 'running') await new Promise((resolve) => setTimeout(resolve, 20));
    const cancel = await as(farmer, app.app, { method: 'DELETE', url: `/api/analysis/${fieldId}/irrigation/${id}` });
    expect(cancel.statusCode).toBe(200);
    // The job stops at its next step (its progress finds the row cancelled), ends without an error, stores nothing.
    await expect(running).resolves.toBeUndefined();
    expect(await rowOf(id)).toMatchObject({ status: 'cancelled', result: null, summary: null });
    expect(await completionEvents(id)).toEqual([]);
  }, 30_000);
});

describe('the alert evaluation after analyses', () => {
  it('takes the completions of a batch together: each field once, a yield estimate for none', async () => {
    const [first, second] = [await newField([28.6, -20.1]), await newField([28.9, -20.4])];
    const { orgId } = farmer;
    const completed = (fieldId: string, type: 'health' | 'irrigation' | 'yield') => ({
      analysisId: crypto.randomUUID(),
      fieldId,
      orgId,
      type,
    });
    const evaluated = () =>
      logLines
        .map((line) => JSON.parse(line) as { msg: string; analyses?: number; fields?: number })
        .filter((line) => line.msg === 'alerts evaluated after analyses');

    await analysisCompletedJob.batch.handle([completed(second, 'yield')], jobContext());
    expect(evaluated()).toEqual([]);

    await analysisCompletedJob.batch.handle(
      [completed(first, 'health'), completed(first, 'irrigation'), completed(second, 'irrigation'), completed(second, 'yield')],
      jobContext(),
    );
    expect(evaluated()).toEqual([expect.objectContaining({ analyses: 4, fields: 2 })]);
    // One at a time, as a worker of a queue without batches would hand it over, is the same evaluation.
    await analysisCompletedJob.handle(completed(first, 'health'), jobContext());
    expect(evaluated().at(-1)).toMatchObject({ analyses: 1, fields: 1 });
  });
});

describe('a failure the user reads', () => {
  it('is the product text for an unexpected exception, whose detail goes to the log with the analysis, type and try', async () => {
    const fieldId = await newField([28.55, -20.33]);
    // A soil texture the product does not know (written past the API, as an older version or a hand edit could):
    // FAO-56 Table 19 has no row for it, and the water balance throws a TypeError reading that row.
    await app.ctx.database.db.updateTable('fields').set({ soilTexture: 'peat-bog' }).where('id', '=', fieldId).execute();
    const id = await requestIrrigation(fieldId);

    // An earlier try stores nothing: the next may succeed.
    await expect(runIrrigationJob(id, { retryCount: 0, retryLimit: 1, isLast: false })).rejects.toBeInstanceOf(TypeError);
    expect(await rowOf(id)).toMatchObject({ status: 'running', error: null });

    logLines.length = 0;
    const failure = await runIrrigationJob(id, { retryCount: 1, retryLimit: 1, isLast: true }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', error: ANALYSIS_FAILED_MESSAGE });
    expect(row.error).not.toContain((failure as TypeError).message);
    expect(await completionEvents(id)).toEqual([]);

    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.analysisId === id && entry.level === 50);
    expect(logged).toMatchObject({
      type: 'irrigation',
      attempt: { retryCount: 1, isLast: true },
      err: { type: 'TypeError', message: (failure as TypeError).message },
      storedMessage: ANALYSIS_FAILED_MESSAGE,
    });
  }, 30_000);

  it('is the product text for a result that fails its schema, at once (another try would repeat it), with the issues logged', async () => {
    const fieldId = await newField([27.55, -21.33]);
    const id = await requestIrrigation(fieldId);
    // The irrigation analysis as it would be with a bug that loses the water balance from its result.
    const losesWaterBalance: typeof irrigationAnalysis = {
      ...irrigationAnalysis,
      async run(inputs, progress) {
        const outcome = await irrigationAnalysis.run(inputs, progress);
        const { waterBalance: _lost, ...rest } = outcome.result as Record<string, unknown>;
        return { ...outcome, result: rest };
      },
    };
    logLines.length = 0;
    // Not the last try, and still failed for good: the handler returns, so the queue does not try again.
    await handleAnalysis(losesWaterBalance, { analysisId: id }, jobContext({ retryCount: 0, retryLimit: 2, isLast: false }));
    expect(await rowOf(id)).toMatchObject({ status: 'failed', error: ANALYSIS_FAILED_MESSAGE, result: null, summary: null });
    expect(await completionEvents(id)).toEqual([]);
    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.analysisId === id && entry.level === 50);
    expect(logged).toMatchObject({ type: 'irrigation', storedMessage: ANALYSIS_FAILED_MESSAGE });
    // Neither the advice nor the "needs field details" answer: the advice's own issue names what is missing.
    const [adviceIssues] = logged.issues[0].errors;
    expect(adviceIssues).toEqual([expect.objectContaining({ path: ['waterBalance'], code: 'invalid_type' })]);

    // The analysis itself, unchanged, passes its schema on the same field.
    const again = await requestIrrigation(fieldId);
    await handleAnalysis(irrigationAnalysis, { analysisId: again }, jobContext());
    expect(await rowOf(again)).toMatchObject({ status: 'completed', error: null });
  }, 30_000);
});

describe('the clock of an analysis job', () => {
  it('is the job context’s: start, finish and the day the advice speaks for', async () => {
    const fieldId = await newField([26.55, -22.33]);
    const id = await requestIrrigation(fieldId);
    const clock = new Date(Date.now() - 90_000);
    await handleAnalysis(
      irrigationAnalysis,
      { analysisId: id },
      jobContext(undefined, () => clock),
    );
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'completed', startedAt: clock, finishedAt: clock, analysisDate: isoDay(clock) });
  }, 30_000);
});
