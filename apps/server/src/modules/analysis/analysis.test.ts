import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { addDays, isoDay, type FieldBoundary } from '@murimi/core';
import { writeDemoCatalog } from '@murimi/earth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  registerAccount,
  squareBoundary,
  startTestApp,
  UNREACHABLE_SERVICES_ENV,
  type TestAccount,
  type TestApp,
} from '../../../test/harness.ts';

// The analysis API end to end: the server stores the request and queues a job, a worker (in the same process here)
// runs the analysis on demo imagery read through the STAC and COG path, and the latest summaries show the result.
const today = isoDay(new Date());
const plantingDate = addDays(today, -70);
const boundary = squareBoundary(4) as FieldBoundary;

let catalog: string;
let server: TestApp;
let idle: TestApp;
let farmer: TestAccount;
let neighbour: TestAccount;
let fieldId: string;

async function createField(app: TestApp, account: TestAccount): Promise<string> {
  const farm = await as(account, app.app, { method: 'POST', url: '/api/farms', payload: { name: 'Chikomo Farm' } });
  const field = await as(account, app.app, {
    method: 'POST',
    url: '/api/fields',
    payload: { name: 'Vlei Block', farmId: farm.json().data.id, boundary, cropType: 'maize-grain', plantingDate, irrigated: false },
  });
  return field.json().data.id;
}

async function waitForSummary(app: TestApp, account: TestAccount, field: string, type: string, id: string) {
  for (let waited = 0; waited < 60_000; waited += 250) {
    const summaries = (await as(account, app.app, { method: 'GET', url: `/api/analysis/${field}/latest-summaries` })).json();
    if (summaries.data[type]?.id === id) return summaries;
    const history = (await as(account, app.app, { method: 'GET', url: `/api/analysis/${field}/history` })).json();
    const failed = history.data.find((analysis: { id: string; status: string }) => analysis.id === id && analysis.status === 'failed');
    if (failed) throw new Error(`analysis failed: ${failed.error}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${type} summary with id ${id} within 60 s`);
}

beforeAll(async () => {
  catalog = await mkdtemp(path.join(tmpdir(), 'murimi-analysis-imagery-'));
  await writeDemoCatalog({
    fields: [{ id: 'vlei', name: 'Vlei Block', crop: 'maize', plantingDate, boundary }],
    from: addDays(today, -90),
    to: today,
    directory: catalog,
  });
  const env = { IMAGERY_SOURCE: 'demo', DEMO_IMAGERY_DIR: catalog, WEATHER_SOURCE: 'simulated' };
  server = await startTestApp({ work: true, env });
  idle = await startTestApp({ work: false, env });
  farmer = await registerAccount(server.app);
  neighbour = await registerAccount(server.app);
  fieldId = await createField(server, farmer);
  await as(farmer, server.app, {
    method: 'POST',
    url: '/api/soil-tests',
    payload: { fieldId, nitrogen: 18, phosphorus: 12, potassium: 140, unit: 'ppm', ph: 5.6, sampleDate: plantingDate },
  });
  await as(farmer, server.app, {
    method: 'POST',
    url: '/api/fertilizer-applications',
    payload: {
      fieldId,
      product: 'Compound D',
      nitrogenPct: 7,
      phosphatePct: 14,
      potashPct: 7,
      rateKgPerHa: 300,
      applicationDate: plantingDate,
      method: 'banded',
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  await idle?.close();
  await rm(catalog, { recursive: true, force: true });
});

describe('a health analysis from request to summary', () => {
  it('answers 202 with the job, refuses a second run of the type while the first is pending, and completes', async () => {
    const run = await as(farmer, server.app, {
      method: 'POST',
      url: `/api/analysis/${fieldId}/health-analysis/run`,
      payload: { field_id: fieldId },
    });
    expect(run.statusCode).toBe(202);
    const { id, job_id: jobId } = run.json().data;
    expect(jobId).toEqual(expect.any(String));

    const again = await as(farmer, server.app, {
      method: 'POST',
      url: `/api/analysis/${fieldId}/health-analysis/run`,
      payload: { field_id: fieldId },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/already running/);

    const summaries = await waitForSummary(server, farmer, fieldId, 'health', id);
    expect(summaries.status).toBe('success');
    expect(summaries.data.health).toMatchObject({ id, status: 'completed', simulated: true });
    expect(summaries.data.health.analysis_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(summaries.data.health.summary).toMatch(
      /^Crop health (healthy|moderate|bare or stressed): NDVI 0\.\d\d on .*\(Simulated imagery\.\)$/,
    );
    expect(summaries.data.yield).toBeNull();

    const detail = (await as(farmer, server.app, { method: 'GET', url: `/api/analysis/${fieldId}/health/${id}` })).json().data;
    expect(detail.result.source).toBe('simulated');
    // The last step the run reported, for the progress card.
    expect(detail).toMatchObject({ stage: 'computing', stage_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(detail.result.latest.ndvi.mean).toBeGreaterThan(0.3); // maize ten weeks after planting
    expect(detail.result.latest.ndwi).not.toBeNull();
    expect(detail.result.latest.lai.method).toMatch(/^Empirical/);
    expect(detail.result.trend.dates.length).toBeGreaterThanOrEqual(2);
    expect(detail.result.lastClearImage.ageDays).toBeGreaterThanOrEqual(0);
    // The demo field's stressed patch (about a fifth of its 4 ha) is found, with where it lies.
    const [patch] = detail.result.problemZones;
    expect(patch.areaHa).toBeGreaterThan(0.3);
    expect(patch.areaHa).toBeLessThan(1.5);
    expect(patch.meanNdvi).toBeLessThan(detail.result.latest.ndvi.mean - 0.1);
    expect(patch.polygon.type).toBe('Polygon');
    expect(summaries.data.health.summary).toContain('well below the rest');
    expect(detail.inputs.sceneIds.length).toBeGreaterThan(5);

    // Once finished, the type can run again.
    const next = await as(farmer, server.app, { method: 'POST', url: `/api/analysis/${fieldId}/health-analysis/run`, payload: {} });
    expect(next.statusCode).toBe(202);
    await waitForSummary(server, farmer, fieldId, 'health', next.json().data.id);
  }, 90_000);

  it('names an unknown analysis type', async () => {
    const response = await as(farmer, server.app, { method: 'POST', url: `/api/analysis/${fieldId}/pest-analysis/run`, payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Invalid analysis type: pest-analysis');
  });

  it('refuses a field_id in the body that is not the field in the path', async () => {
    const response = await as(farmer, server.app, {
      method: 'POST',
      url: `/api/analysis/${fieldId}/health-analysis/run`,
      payload: { field_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('every analysis type from request to summary', () => {
  async function runToSummary(slug: string, type: string, payload: object = {}) {
    const run = await as(farmer, server.app, { method: 'POST', url: `/api/analysis/${fieldId}/${slug}/run`, payload });
    expect(run.statusCode).toBe(202);
    const { id } = run.json().data;
    const summaries = await waitForSummary(server, farmer, fieldId, type, id);
    const detail = (await as(farmer, server.app, { method: 'GET', url: `/api/analysis/${fieldId}/${type}/${id}` })).json().data;
    return { summary: summaries.data[type], detail };
  }

  it('irrigation: a rain-fed field gets a water-stress report from its season’s water balance, on simulated weather', async () => {
    const { summary, detail } = await runToSummary('irrigation-recommendation', 'irrigation');
    expect(summary.simulated).toBe(true);
    expect(summary.summary).toMatch(/\(Simulated weather\.\)$/);
    expect(detail.result.advice.kind).toBe('water-stress-report');
    expect(detail.result.advice.projection).toHaveLength(7);
    expect(detail.result.waterBalance.totalAvailableWaterMm).toBeGreaterThan(0);
    expect(detail.result.waterBalance.rootZoneDepletionMm).toBeGreaterThanOrEqual(0);
    expect(detail.inputs.weatherWindow.from).toBe(plantingDate);
  }, 90_000);

  it('yield: a range in t/ha and tonnes for the field, with its method', async () => {
    const { summary, detail } = await runToSummary('unified-yield-analysis', 'yield');
    expect(detail.result.available).toBe(true);
    const { lowTPerHa, expectedTPerHa, highTPerHa, expectedTonnes } = detail.result.range;
    expect(lowTPerHa).toBeLessThan(expectedTPerHa);
    expect(expectedTPerHa).toBeLessThan(highTPerHa);
    expect(expectedTonnes).toBeCloseTo(expectedTPerHa * 4, 0);
    expect(detail.result.method).toEqual(expect.any(String));
    // The sentence gives grain at 12.5 % moisture, its source and uncertainty in plain words, without markers.
    expect(summary.summary).toMatch(/^Expected yield about \d+\.\d t\/ha of grain at 12\.5 % moisture, likely between \d+\.\d t\/ha and/);
    expect(summary.summary).toMatch(/light-use efficiency and FAO AquaCrop water productivity/);
    expect(summary.summary).not.toMatch(/✖|rule of thumb/);
    expect(detail.result.rangeAtStandardMoisture.expectedTPerHa).toBeCloseTo(expectedTPerHa / 0.875, 9);
    expect(detail.inputs.sceneIds.length).toBeGreaterThan(5);
  }, 90_000);

  it('yield: a harvest recorded for the season is set beside the estimate, in the result and the sentence', async () => {
    const harvest = await as(farmer, server.app, {
      method: 'POST',
      url: '/api/harvests',
      payload: { fieldId, plantingDate, harvestedTPerHa: 3.2, moisturePct: 15, harvestDate: today },
    });
    expect(harvest.statusCode).toBe(201);
    const { summary, detail } = await runToSummary('unified-yield-analysis', 'yield');
    expect(detail.result.harvest).toMatchObject({ harvestId: harvest.json().data.id, harvestedTPerHa: 3.2, moisturePct: 15 });
    expect(detail.result.harvest.harvestedTPerHaAtStandardMoisture).toBeCloseTo((3.2 * 0.85) / 0.875, 9);
    expect(summary.summary).toMatch(/You recorded a harvest of 3\.2 t\/ha at 15 % moisture \(3\.1 t\/ha at 12\.5 %\)/);
    // The harvest record now shows this estimate beside it.
    const record = (await as(farmer, server.app, { method: 'GET', url: `/api/harvests/${harvest.json().data.id}` })).json().data;
    expect(record.estimate.analysisId).toBe(detail.id);
    await as(farmer, server.app, { method: 'DELETE', url: `/api/harvests/${harvest.json().data.id}` });
  }, 90_000);

  it('fertilizer: what is still needed after the logged compound D, in the products asked for', async () => {
    const { summary, detail } = await runToSummary('fertilizer-recommendation', 'fertilizer', { products: ['urea'] });
    expect(detail.result.status).toBe('recommendation');
    expect(detail.result.nutrients).not.toBeNull();
    expect(detail.result.productsChosen).toBe('by the farmer');
    expect(detail.inputs.soilTestId).toEqual(expect.any(String));
    expect(detail.inputs.applications).toBe(1);
    expect(detail.inputs.options).toEqual({ products: ['urea'] });
    expect(summary.summary).toBe(`${detail.result.headline} (Simulated imagery or weather.)`);
  }, 90_000);

  it('fertilizer: in a product of the farmer’s own grade', async () => {
    const blend = { name: 'Local straight N 40-0-0', nitrogenPct: 40, phosphatePct: 0, potashPct: 0 };
    const { detail } = await runToSummary('fertilizer-recommendation', 'fertilizer', { products: [blend] });
    expect(detail.inputs.options).toEqual({ products: [blend] });
    expect(JSON.stringify(detail.result.events)).toContain('Local straight N 40-0-0');
    const noGrade = await as(farmer, server.app, {
      method: 'POST',
      url: `/api/analysis/${fieldId}/fertilizer-recommendation/run`,
      payload: { products: [{ ...blend, nitrogenPct: 0, phosphatePct: 0, potashPct: 0 }] },
    });
    expect(noGrade.statusCode).toBe(400);
  }, 90_000);

  it('refuses products for an analysis other than fertilizer, and an unknown product', async () => {
    const url = `/api/analysis/${fieldId}/health-analysis/run`;
    expect((await as(farmer, server.app, { method: 'POST', url, payload: { products: ['urea'] } })).statusCode).toBe(400);
    const unknown = await as(farmer, server.app, {
      method: 'POST',
      url: `/api/analysis/${fieldId}/fertilizer-recommendation/run`,
      payload: { products: ['guano'] },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the latest summaries with results, for the first view of a screen in one request', () => {
  it("sends the named types' newest analyses whole beside the summaries, the same as their own reads", async () => {
    const url = `/api/analysis/${fieldId}/latest-summaries`;
    const plain = (await as(farmer, server.app, { method: 'GET', url })).json();
    const health = plain.data.health;
    expect(health).toMatchObject({ status: 'completed' });
    expect(plain.results).toBeUndefined();

    const withResults = await as(farmer, server.app, { method: 'GET', url: `${url}?results=health,yield,irrigation,fertilizer` });
    expect(withResults.statusCode).toBe(200);
    const body = withResults.json();
    const own = (await as(farmer, server.app, { method: 'GET', url: `/api/analysis/${fieldId}/health/${health.id}` })).json().data;
    expect(body.results.health).toEqual(own);
    expect(body.results.health.result.latest.ndvi.mean).toEqual(expect.any(Number));
    // Each type as its summary says: the analysis it names, or null where none has completed.
    for (const type of ['health', 'yield', 'irrigation', 'fertilizer'])
      expect(body.results[type]?.id ?? null, type).toBe(body.data[type]?.id ?? null);
    const newcomer = await registerAccount(idle.app);
    const unanalysed = await createField(idle, newcomer);
    const none = await as(newcomer, idle.app, { method: 'GET', url: `/api/analysis/${unanalysed}/latest-summaries?results=health` });
    expect(none.json().results).toEqual({ health: null });
    const justOne = (await as(farmer, server.app, { method: 'GET', url: `${url}?results=health` })).json();
    expect(Object.keys(justOne.results)).toEqual(['health']);

    const unknown = await as(farmer, server.app, { method: 'GET', url: `${url}?results=health,weather` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toMatch(/results names analysis types.*\(not "weather"\)/);
    expect((await as(neighbour, server.app, { method: 'GET', url: `${url}?results=health` })).statusCode).toBe(404);
  });
});

describe('another organisation', () => {
  it('cannot start, read or cancel analyses of a field that is not theirs: 404', async () => {
    const run = await as(neighbour, server.app, { method: 'POST', url: `/api/analysis/${fieldId}/health-analysis/run`, payload: {} });
    expect(run.statusCode).toBe(404);
    expect((await as(neighbour, server.app, { method: 'GET', url: `/api/analysis/${fieldId}/latest-summaries` })).statusCode).toBe(404);
    expect((await as(neighbour, server.app, { method: 'GET', url: `/api/analysis/${fieldId}/history` })).statusCode).toBe(404);
    const [mine] = (await as(farmer, server.app, { method: 'GET', url: `/api/analysis/${fieldId}/history` })).json().data;
    expect(mine).toBeDefined();
    expect((await as(neighbour, server.app, { method: 'GET', url: `/api/analysis/${fieldId}/health/${mine.id}` })).statusCode).toBe(404);
    expect((await as(neighbour, server.app, { method: 'DELETE', url: `/api/analysis/${fieldId}/health/${mine.id}` })).statusCode).toBe(404);
  });
});

describe('an outside service down', () => {
  let down: TestApp;
  let account: TestAccount;
  let field: string;
  beforeAll(async () => {
    down = await startTestApp({ work: true, env: UNREACHABLE_SERVICES_ENV });
    account = await registerAccount(down.app);
    field = await createField(down, account);
  });
  afterAll(async () => {
    await down?.close();
  });

  async function failureOf(slug: string, type: string) {
    const { id } = (await as(account, down.app, { method: 'POST', url: `/api/analysis/${field}/${slug}/run`, payload: {} })).json().data;
    for (let waited = 0; waited < 60_000; waited += 250) {
      const detail = (await as(account, down.app, { method: 'GET', url: `/api/analysis/${field}/${type}/${id}` })).json().data;
      if (detail.status === 'failed') return detail;
      expect(detail.status).not.toBe('completed');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`${type} did not fail within 60 s`);
  }

  it('stores a clear error when the imagery catalog cannot be reached, and shows no summary', async () => {
    const failed = await failureOf('health-analysis', 'health');
    expect(failed.error).toMatch(/^Satellite imagery is unavailable right now; please try again later\. \(.+\)$/);
    expect(failed.finished_at).toEqual(expect.any(String));
    const summaries = (await as(account, down.app, { method: 'GET', url: `/api/analysis/${field}/latest-summaries` })).json();
    expect(summaries.data.health).toBeNull();
  }, 90_000);

  it('stores the weather message when Open-Meteo cannot be reached', async () => {
    const failed = await failureOf('irrigation-recommendation', 'irrigation');
    expect(failed.error).toBe(
      'Weather is unavailable right now: the weather service could not be reached. Please try again in a few minutes.',
    );
  }, 90_000);
});

describe('cancelling', () => {
  it('cancels a queued analysis once, then says it is not found or already completed', async () => {
    const account = await registerAccount(idle.app);
    const field = await createField(idle, account);
    const run = await as(account, idle.app, { method: 'POST', url: `/api/analysis/${field}/health-analysis/run`, payload: {} });
    const { id } = run.json().data;
    const cancel = await as(account, idle.app, { method: 'DELETE', url: `/api/analysis/${field}/health/${id}` });
    expect([cancel.statusCode, cancel.json().message]).toEqual([200, 'Analysis cancelled successfully']);
    const again = await as(account, idle.app, { method: 'DELETE', url: `/api/analysis/${field}/health/${id}` });
    expect([again.statusCode, again.json().error.message]).toEqual([404, 'Analysis not found or already completed']);
    const [analysis] = (await as(account, idle.app, { method: 'GET', url: `/api/analysis/${field}/history?type=health` })).json().data;
    expect(analysis).toMatchObject({ id, status: 'cancelled' });
    // With the cancelled one out of the way, the type can be asked for again.
    expect(
      (await as(account, idle.app, { method: 'POST', url: `/api/analysis/${field}/health-analysis/run`, payload: {} })).statusCode,
    ).toBe(202);
  });
});
