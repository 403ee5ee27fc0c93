import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFarmWithFields, newId } from '../../test/factories.ts';
import { as, registerAccount, startTestApp, type TestAccount, type TestApp } from '../../test/harness.ts';
import { MAX_BATCH_ITEMS } from './crud-routes.ts';

/** Many creates in one request, as a phone sends its offline queue: each item answered as its single create would be. */
let t: TestApp;
let farmer: TestAccount;
let fieldId: string;
beforeAll(async () => {
  t = await startTestApp();
  farmer = await registerAccount(t.app);
  [fieldId] = (await createFarmWithFields(t.app, farmer, ['North'])).fieldIds as [string];
  // Water is counted from planting: the field needs its planting date before irrigations and rain are logged.
  await as(farmer, t.app, {
    method: 'PUT',
    url: `/api/fields/${fieldId}`,
    payload: { cropType: 'maize-grain', plantingDate: '2026-11-01' },
  });
});
afterAll(() => t.close());

const batch = (path: string, items: unknown[], account = farmer) =>
  as(account, t.app, { method: 'POST', url: `/api/${path}/batch`, payload: { items } });
const soilTest = (overrides: Record<string, unknown> = {}) => ({
  id: newId(),
  fieldId,
  nitrogen: 14,
  unit: 'ppm',
  sampleDate: '2026-10-01',
  ...overrides,
});

describe('batch creates', () => {
  it('creates each item once, answers 201 for new ones and 200 with the stored row for a replayed id', async () => {
    const first = soilTest({ notes: 'first' });
    const second = soilTest({ notes: 'second' });
    const response = await batch('soil-tests', [first, second]);
    expect(response.statusCode).toBe(200);
    const { results } = response.json();
    expect(results.map((result: { id: string; status: number }) => [result.id, result.status])).toEqual([
      [first.id, 201],
      [second.id, 201],
    ]);
    expect(results[0].data).toMatchObject({ id: first.id, fieldId, nitrogen: 14, notes: 'first', lastModified: expect.any(String) });

    // The answer was lost and the phone sends it again, with a value changed since: the stored row comes back, unchanged.
    const replay = await batch('soil-tests', [{ ...first, notes: 'edited later' }]);
    expect(replay.json().results).toEqual([{ id: first.id, status: 200, data: results[0].data }]);
    const stored = (await as(farmer, t.app, { method: 'GET', url: `/api/soil-tests?fieldId=${fieldId}` })).json().data;
    expect(stored.filter((test: { id: string }) => test.id === first.id)).toHaveLength(1);
  });

  it('refuses one item without refusing the others, with the reason the single create gives', async () => {
    const fine = soilTest();
    const future = soilTest({ sampleDate: '2099-01-01' });
    const noReading = soilTest({ nitrogen: undefined });
    const noId = { ...soilTest(), id: undefined };
    const otherField = soilTest({ fieldId: newId() });
    const { results } = (await batch('soil-tests', [fine, future, noReading, noId, otherField])).json();
    expect(results.map((result: { status: number }) => result.status)).toEqual([201, 400, 400, 400, 404]);
    expect(results[1].error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'The sample date cannot be in the future.' });
    expect(results[2].error.message).toBe('Enter at least one reading: N, P, K, pH, organic matter or EC.');
    expect(results[3]).toMatchObject({ id: null, error: { message: expect.stringContaining('client id') } });
    expect(results[4]).toMatchObject({ id: otherField.id, error: { code: 'NOT_FOUND', message: 'Field not found.' } });
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/soil-tests/${future.id}` })).statusCode).toBe(404);
  });

  it('creates fertilizer applications, irrigations and rain readings through their own rules', async () => {
    const application = {
      id: newId(),
      fieldId,
      product: 'Urea',
      nitrogenPct: 46,
      phosphatePct: 0,
      potashPct: 0,
      rateKgPerHa: 100,
      applicationDate: '2026-12-01',
      method: 'top-dress',
    };
    const irrigation = { id: newId(), fieldId, irrigationDate: '2026-11-21', depthMm: 25, method: 'drip' };
    const tooDeep = { id: newId(), fieldId, irrigationDate: '2026-11-22', depthMm: 5000, method: 'drip' };
    const rain = { id: newId(), fieldId, readingDate: '2026-11-22', rainMm: 8 };
    expect((await batch('fertilizer-applications', [application])).json().results[0]).toMatchObject({ status: 201 });
    const irrigations = (await batch('irrigation-events', [irrigation, tooDeep])).json().results;
    expect(
      irrigations.map((result: { status: number }) => result.status),
      JSON.stringify(irrigations),
    ).toEqual([201, 400]);
    expect(irrigations[0].data).toMatchObject({ depthMm: 25, netDepthMm: expect.any(Number) });
    // A second reading of the same day in the same batch is refused alone; the first stays stored.
    const sameDay = { ...rain, id: newId(), rainMm: 9 };
    const readings = (await batch('rain-readings', [rain, sameDay])).json().results;
    expect(readings.map((result: { status: number }) => result.status)).toEqual([201, 409]);
    expect(readings[0]).toMatchObject({ data: { rainMm: 8 } });
    expect((await as(farmer, t.app, { method: 'GET', url: `/api/rain-readings/${rain.id}` })).json().data).toMatchObject({ rainMm: 8 });
  });

  it(`takes at most ${MAX_BATCH_ITEMS} items, and refuses a body that is no batch with a message`, async () => {
    const tooMany = await batch(
      'soil-tests',
      Array.from({ length: MAX_BATCH_ITEMS + 1 }, () => soilTest()),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.message).toBe(`Send at most ${MAX_BATCH_ITEMS} items at once.`);
    expect((await batch('soil-tests', [])).statusCode).toBe(400);
    const notABatch = await as(farmer, t.app, { method: 'POST', url: '/api/soil-tests/batch', payload: soilTest() });
    expect(notABatch.statusCode).toBe(400);
  });
});
